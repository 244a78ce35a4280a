/**
 * The log lines of calls (the `logger` and `logLevel` options): each call once at `debug` (method,
 * host, duration, attempts, and the error when it failed); a retry and a call refused or answered
 * with an error (a ValidationError, a JsonRpcError) also at `warn`; any other failure (network, HTTP,
 * timeout, a malformed answer) also at `error`. An aborted call is the caller's own doing: `debug`
 * only. A line is a sentence and an object of fields, as `console` and pino take them. Never the API
 * key (the error facts hide the transport's secrets: span.ts), never params or results. A logger that
 * throws is ignored.
 */
import type { ClientOptions, Logger, LogLevel } from "./options.js";
import type { ErrorFacts } from "./span.js";

/** The levels of `logLevel`, lowest first. */
export const LOG_LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "off"];

/** The lines a client writes. */
export interface LogLines {
  /** A call ended (failed with `error`, or not). */
  call(method: string, durationMs: number, attempts: number, error: ErrorFacts | undefined): void;
  /** A call (or a batch: `method` "batch") is tried again, after `error`. */
  retry(method: string, retry: number, error: ErrorFacts | undefined): void;
}

/** The fields of a line about an error. */
const errorFields = (e: ErrorFacts): Record<string, unknown> => ({
  type: e.type,
  name: e.name,
  message: e.message,
  ...(e.code !== undefined && { code: e.code }),
  ...(e.status !== undefined && { status: e.status }),
});

/** The level of a failure's second line (besides `debug`), or none. */
function failureLevel(error: ErrorFacts): "warn" | "error" | undefined {
  if (error.name === "AbortError") return undefined;
  return error.name === "ValidationError" || error.name === "JsonRpcError" ? "warn" : "error";
}

/** The lines of a client whose transport's host is `host`, by its `logger` and `logLevel` options (checked already). */
export function logLines(options: Pick<ClientOptions, "logger" | "logLevel">, host: string): LogLines {
  const logger: Logger = options.logger ?? console;
  const lowest = LOG_LEVELS.indexOf(options.logLevel ?? "warn");
  const write = (level: Exclude<LogLevel, "off">, message: string, fields: Record<string, unknown>): void => {
    if (LOG_LEVELS.indexOf(level) < lowest) return;
    try {
      logger[level](message, fields);
    } catch {
      // A logger's failure is never the call's.
    }
  };
  return {
    call(method, durationMs, attempts, error) {
      const ms = Math.round(durationMs);
      const tries = `${attempts} attempt${attempts === 1 ? "" : "s"}`;
      const fields = { method, host, durationMs: ms, attempts, ...(error && { error: errorFields(error) }) };
      if (!error) return write("debug", `${method} on ${host}: ok in ${ms} ms (${tries})`, fields);
      const line = `${method} on ${host}: failed in ${ms} ms (${tries}): ${error.name}: ${error.message}`;
      write("debug", line, fields);
      const level = failureLevel(error);
      if (level) write(level, line, fields);
    },
    retry(method, retry, error) {
      const why = error ? ` after ${error.name}: ${error.message}` : "";
      write("warn", `${method} on ${host}: retry ${retry}${why}`, {
        method,
        host,
        retry,
        ...(error && { error: errorFields(error) }),
      });
    },
  };
}
