/**
 * The observer of a client: what the `onRequest`/`onResponse` hooks, `tracer`, `logger` and `logLevel`
 * options ask for, hung on the one place every exchange passes. Loaded (with hooks.ts, watch.ts,
 * span.ts and log-lines.ts: one chunk) on the first call of a client that has one of these options, so
 * that no other app fetches any of it. It puts the hooks around the client's wire once and, with a
 * tracer or a logger, watches every call (watch.ts). This chunk imports no module of the start: a
 * module reached by the start and only some lazy chunks would make a third start chunk
 * (docs/DECISIONS.md, "One shared start chunk").
 */
import { withHooks } from "./hooks.js";
import { LOG_LEVELS, logLines, type LogLines } from "./log-lines.js";
import type { Finding } from "./option-text.js";
import type { ClientOptions } from "./options.js";
import type { Batcher } from "./queue.js";
import { defaultPort, serverOf, traceOf } from "./span.js";
import { watchCalls, type Watcher } from "./watch.js";

export type { Watch, Watcher } from "./watch.js";

/** Whether `value` is an object whose members `names` are all functions (a getter that throws says no). */
function hasMethods(value: unknown, names: readonly string[]): boolean {
  try {
    return (
      value !== null &&
      typeof value === "object" &&
      names.every((n) => typeof (value as Record<string, unknown>)[n] === "function")
    );
  } catch {
    return false;
  }
}

/** A finding as issue.ts records one (not imported from there: see above). */
const finding = (path: string, rule: string, text: Finding["text"], value: unknown): Finding => ({
  path,
  rule,
  text,
  received: value === null ? "null" : Array.isArray(value) ? "array" : typeof value,
});

/**
 * What is wrong with the options that load this module (`tracer`, `logger`, `logLevel`), with the words
 * of option-text.ts. Checked when the module loads, on the first call, not with the other options in
 * checks.ts: a client without them carries none of it. Wrong, they reject every call with the
 * ValidationError of client options, as the numeric options do.
 */
export function observerOptionIssues(options: ClientOptions): Finding[] {
  const issues: Finding[] = [];
  const { tracer, logger, logLevel } = options;
  if (tracer !== undefined && !hasMethods(tracer, ["startSpan"]))
    issues.push(finding("options.tracer", "type", "tracer", tracer));
  if (logger !== undefined && !hasMethods(logger, ["debug", "info", "warn", "error"]))
    issues.push(finding("options.logger", "type", "logger", logger));
  if (logLevel !== undefined && !(LOG_LEVELS as readonly unknown[]).includes(logLevel))
    issues.push(finding("options.logLevel", "enum", "logLevel", logLevel));
  return issues;
}

/** The lines of a client that writes none. */
const NO_LINES: LogLines = { call: () => undefined, retry: () => undefined };

/** Calls as they are, without a watch (hooks only, or `logLevel: "off"` without a tracer). */
const UNWATCHED: Watcher = { call: (run, args) => run(...args) };

/**
 * The observer of a client: its options checked (wrong ones reject every call with the ValidationError
 * of client options, made on the failure path), the hooks put around `batcher.wire` (through which the
 * client sends every exchange), and with a tracer or a logger each call watched.
 */
export async function watcher(options: ClientOptions, batcher: Batcher, jsonrpc: boolean): Promise<Watcher> {
  const issues = observerOptionIssues(options);
  if (issues.length > 0) throw (await import("./failures.js")).optionsError("client options", issues, {});
  const { host, secrets } = batcher;
  if (options.onRequest || options.onResponse) batcher.wire = withHooks(batcher.wire, options, host);
  // Lines are written with a logger or a level (console then), unless the level is "off".
  const logs = (options.logger !== undefined || options.logLevel !== undefined) && options.logLevel !== "off";
  if (!options.tracer && !logs) return UNWATCHED;
  const port = options.transport === undefined ? defaultPort(options.url ?? options.proxyUrl) : undefined;
  const trace = options.tracer && traceOf(options.tracer, serverOf(host, port), jsonrpc, secrets);
  return watchCalls(trace, logs ? logLines(options, host) : NO_LINES, secrets, batcher);
}
