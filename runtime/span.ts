/**
 * OpenTelemetry spans of calls, by the JSON-RPC semantic conventions (a CLIENT span named by the
 * method; `rpc.system` `jsonrpc`, `rpc.method`, `rpc.jsonrpc.version`, `rpc.jsonrpc.request_id`,
 * `server.address` (the host alone) and `server.port`; on failure `error.type`, the JSON-RPC error's
 * `rpc.jsonrpc.error_code` and `rpc.jsonrpc.error_message`, an `exception` event without a stack, and
 * status ERROR; a `retry` event per retry). Made through the `tracer` option's structural type
 * (options.ts): no dependency on `@opentelemetry/api`. Every call into the tracer is guarded, so a
 * tracer that throws or answers garbage costs its spans, never a call. Strings that could carry a
 * secret (a method name, an error message) have the transport's secrets hidden first.
 */
import type { SpanAttributeValue, SpanLike, TracerLike } from "./options.js";
import { hideSecrets } from "./secrets.js";

/** `SpanKind.CLIENT` and `SpanStatusCode.ERROR` of @opentelemetry/api. */
const CLIENT = 2;
const ERROR = 2;

type Attributes = Record<string, SpanAttributeValue>;

/** What a span and a log line say of an error: never its stack, never a secret. */
export interface ErrorFacts {
  /** `error.type`: the JSON-RPC error code as text, else the error's class name. */
  readonly type: string;
  readonly name: string;
  /** The message without the method and host (secrets hidden, at most 500 characters). */
  readonly message: string;
  /** A JSON-RPC error's code. */
  readonly code?: number;
  /** An HTTP error's status. */
  readonly status?: number;
}

/** Reads `key` of `value`, or undefined (a getter that throws, a proxy). */
function read(value: unknown, key: string): unknown {
  try {
    return value !== null && (typeof value === "object" || typeof value === "function")
      ? (value as Record<string, unknown>)[key]
      : undefined;
  } catch {
    return undefined;
  }
}

/** The facts of what a call failed with (one of this package's errors, or whatever a custom transport threw). */
export function errorFacts(error: unknown, secrets: readonly string[]): ErrorFacts {
  const rawName = read(error, "name");
  const name = typeof rawName === "string" && rawName !== "" ? rawName.slice(0, 100) : typeof error;
  const short = read(error, "shortMessage") ?? read(error, "message");
  const message = hideSecrets(typeof short === "string" ? short : String(typeof error), secrets).slice(0, 500);
  const code = read(error, "code");
  const status = read(error, "status");
  const rpcCode = name === "JsonRpcError" && Number.isInteger(code) ? (code as number) : undefined;
  return {
    type: rpcCode !== undefined ? String(rpcCode) : hideSecrets(name, secrets),
    name: hideSecrets(name, secrets),
    message,
    ...(rpcCode !== undefined && { code: rpcCode }),
    ...(name === "HttpError" && Number.isInteger(status) && { status: status as number }),
  };
}

/**
 * `server.address` and `server.port` of a host (`host`, `host:port`, `[::1]:8545`); `fallbackPort` when
 * the host names no port (the URL's scheme default, when the client knows its URL).
 */
export function serverOf(host: string, fallbackPort?: number): { address: string; port?: number } {
  const m = /^(?:\[([^\]]*)\]|([^:]*))(?::(\d{1,5}))?$/.exec(host);
  if (!m) return { address: host };
  const port = m[3] === undefined ? fallbackPort : Number(m[3]);
  return { address: m[1] ?? m[2] ?? host, ...(port !== undefined && port <= 65535 && { port }) };
}

/**
 * The port of a client's shorthand URL (`url` or `proxyUrl`) when it names none: 443 for https, 80 for
 * http. Only the scheme and port are read (the path may hold a key). A transport given as a value does
 * not show its URL: then only a port the host names is known.
 */
export function defaultPort(url: unknown): number | undefined {
  try {
    const { protocol, port } = new URL(String(url));
    return port !== ""
      ? Number(port)
      : protocol === "https:" || protocol === "wss:"
        ? 443
        : protocol === "http:" || protocol === "ws:"
          ? 80
          : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The key under which an OpenTelemetry context holds its span: `createContextKey` of @opentelemetry/api
 * is `Symbol.for(description)`, the same in every copy and version of it, so that a context made here is
 * read by any SDK as one made by the API.
 */
const SPAN_KEY = Symbol.for("OpenTelemetry Context Key SPAN");

/** An OpenTelemetry `Context` (getValue, setValue, deleteValue) that holds only `span`: a batch's calls are started in it. */
function contextOf(span: SpanLike): unknown {
  const make = (values: ReadonlyMap<symbol, unknown>): object => ({
    getValue: (key: symbol) => values.get(key),
    setValue: (key: symbol, value: unknown) => make(new Map(values).set(key, value)),
    deleteValue: (key: symbol) => {
      const next = new Map(values);
      next.delete(key);
      return make(next);
    },
  });
  return make(new Map([[SPAN_KEY, span]]));
}

/** The span of one call (or of one batch). */
export interface CallSpan {
  /** A context holding this span, to start its children in. */
  readonly context: unknown;
  /** Its request went out with this id (the latest attempt's). */
  sent(id: number | undefined): void;
  /** A retry, after `error`; `id` is the new attempt's request id. */
  retry(id: number | undefined, error: ErrorFacts | undefined): void;
  /** Ends the span: failed with `error`, or not. */
  end(error?: ErrorFacts): void;
}

/** Spans of one client. */
export interface Trace {
  /**
   * A call's span, started at `start` (ms since the epoch), in the active context or (a call in a batch)
   * as a child of `parent`; undefined when the tracer made none.
   */
  call(method: string, start: number, parent?: CallSpan): CallSpan | undefined;
  /** A batch's span, the parent of its calls' spans. */
  batch(start: number): CallSpan | undefined;
}

/** Runs `f`, ignoring what it throws. */
function safe(f: () => unknown): void {
  try {
    f();
  } catch {
    // A tracer's failure is never the call's.
  }
}

/** Whether `span` has the methods a span needs. */
const isSpan = (span: unknown): span is SpanLike =>
  ["setAttribute", "addEvent", "setStatus", "end"].every((m) => typeof read(span, m) === "function");

function callSpan(span: SpanLike, jsonrpc: boolean): CallSpan {
  let retries = 0;
  let ended = false;
  return {
    context: contextOf(span),
    sent(id) {
      if (jsonrpc && id !== undefined) safe(() => span.setAttribute("rpc.jsonrpc.request_id", String(id)));
    },
    retry(id, error) {
      const attributes: Attributes = { "retry.attempt": ++retries };
      if (jsonrpc && id !== undefined) attributes["rpc.jsonrpc.request_id"] = String(id);
      if (error) attributes["error.type"] = error.type;
      safe(() => span.addEvent("retry", attributes));
    },
    end(error) {
      if (ended) return;
      ended = true;
      if (error) {
        const attributes: Attributes = { "error.type": error.type };
        if (error.code !== undefined) {
          attributes["rpc.jsonrpc.error_code"] = error.code;
          attributes["rpc.jsonrpc.error_message"] = error.message;
        }
        if (error.status !== undefined) attributes["http.response.status_code"] = error.status;
        for (const [key, value] of Object.entries(attributes)) safe(() => span.setAttribute(key, value));
        safe(() => span.addEvent("exception", { "exception.type": error.name, "exception.message": error.message }));
        safe(() => span.setStatus({ code: ERROR, message: error.message }));
      }
      safe(() => span.end());
    },
  };
}

/** The spans of a client whose transport's host is `server`, sent in the JSON-RPC envelope (`jsonrpc`) or not. */
export function traceOf(
  tracer: TracerLike,
  server: { address: string; port?: number },
  jsonrpc: boolean,
  secrets: readonly string[],
): Trace {
  const common: Attributes = { "rpc.system": "jsonrpc", "server.address": server.address };
  if (server.port !== undefined) common["server.port"] = server.port;
  if (jsonrpc) common["rpc.jsonrpc.version"] = "2.0";
  const start = (name: string, attributes: Attributes, startTime: number, parent?: CallSpan): SpanLike | undefined => {
    let made: unknown;
    safe(() => {
      const options = { kind: CLIENT, attributes, startTime };
      made = parent ? tracer.startSpan(name, options, parent.context) : tracer.startSpan(name, options);
    });
    return isSpan(made) ? made : undefined;
  };
  return {
    call(method, startTime, parent) {
      const name = hideSecrets(method, secrets).slice(0, 200);
      const span = start(name, { ...common, "rpc.method": name }, startTime, parent);
      return span && callSpan(span, jsonrpc);
    },
    batch(startTime) {
      const span = start("batch", { ...common }, startTime);
      return span && callSpan(span, false);
    },
  };
}
