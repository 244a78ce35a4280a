/**
 * Transports as values (as in viem): `http(url, …)` (http.ts), `webSocket(url, …)` (ws.ts, the
 * package's `./ws` subpath) and any object of the `Transport` shape carry the text of JSON-RPC
 * messages. The client core frames requests, parses and decodes answers, validates, retries and
 * runs the hooks around any transport once; it never asks which kind a transport is, only what it
 * can do (`capabilities`). `createTransport` makes a transport from its parts and is what a custom
 * one is built with.
 */
import type { ErrorContext } from "./base-error.js";
import type { Answer, Reply } from "./answer.js";
import { failed, loadModule } from "./fail.js";
import type { Finding } from "./option-text.js";
import { issue } from "./issue.js";

export type { Answer, Reply } from "./answer.js";

/** One message the client sends: its parts, and its text as it goes on the wire. */
export interface TransportRequest {
  /** The JSON-RPC id; absent for a notification. */
  readonly id?: number;
  readonly method: string;
  /** The params as sent (by name or by position). */
  readonly params: unknown;
  /** The body: the JSON-RPC envelope, or the params alone for a transport whose `endpoint` is `"proxy"`. */
  readonly body: string;
}

/** How long to wait, what aborts, and what to name in errors. */
export interface SendOptions {
  /** Milliseconds to wait for the answer; 0 for no limit. */
  readonly timeout: number;
  readonly signal?: AbortSignal | undefined;
  /** Method and host, for the errors. */
  readonly context: ErrorContext;
  /** Keep integers beyond 2^53 exact (false: the result has no u64 field, plain JSON.parse will do). */
  readonly lossless?: boolean;
}

/** A message from the server that answers no request (e.g. `eth_subscription`). */
export interface ServerNotification {
  method: string;
  params: unknown;
  /** Length of the message that carried it (UTF-16 units, about its bytes): subscriptions bound their buffers by it. */
  size?: number;
  /**
   * Set when the message was refused (nested deeper than the parser's limit): `params` then holds
   * only `subscription`, and the listener must surface the error — a refused notification is never
   * dropped silently.
   */
  error?: Error;
}

export type ConnectionEvent = { type: "reconnected" } | { type: "closed"; error: Error };

/** What a transport can do besides single requests. */
export interface TransportCapabilities {
  /** Several requests as one JSON-RPC batch (`client.batch`, the `batch` option). */
  readonly batch: boolean;
  /** Server notifications (`listen`) and connection events (`onConnection`): subscriptions need both. */
  readonly subscriptions: boolean;
}

export interface Transport {
  /** What kind it is, for messages only (`"http"`, `"webSocket"`, `"memory"`, …): the client never branches on it. */
  readonly type: string;
  /** Host (and port) to name in errors and hook events; never a path or a key. */
  readonly host: string;
  /** The endpoint form it speaks: the JSON-RPC envelope (default), or the keyless proxy form (params alone). */
  readonly endpoint?: "jsonrpc" | "proxy";
  readonly capabilities: TransportCapabilities;
  /**
   * Sends one request and resolves with its answer (a result or an error object: the client decodes
   * both). It must settle within `options.timeout` and reject when `options.signal` aborts;
   * `createTransport` adds both to a transport that does not say it handles them.
   */
  request(request: TransportRequest, options: SendOptions): Promise<Answer>;
  /**
   * Sends `requests` as one batch whose text is `body`; resolves with the whole answer (the client
   * matches its entries by id) or with one entry per request, in order (its reply, or the error for
   * it alone). Needed by `capabilities.batch`.
   */
  batch?(
    requests: readonly TransportRequest[],
    body: string,
    options: SendOptions,
  ): Promise<Answer | (Reply | Error)[]>;
  /** Sends a notification (no id, no answer); resolves once it is sent. Without it, `request` sends it and its answer is ignored. */
  notify?(request: TransportRequest, options: SendOptions): Promise<void>;
  /** Opens the connection now, for server notifications that no request precedes (events); optional. */
  connect?(): Promise<void>;
  /** Passes every server message without an id to `listener`; returns the function that stops it. Needed by `capabilities.subscriptions`. */
  listen?(listener: (notification: ServerNotification) => void): () => void;
  /** Tells `listener` of every reconnect (subscriptions subscribe again) and of the end. Needed by `capabilities.subscriptions`. */
  onConnection?(listener: (event: ConnectionEvent) => void): () => void;
  /** Releases the connection; pending calls reject. */
  close?(): Promise<void> | void;
}

/** The parts of a transport, for `createTransport`. */
export interface TransportConfig extends Omit<Transport, "capabilities" | "host"> {
  /** Host (and port) to name in errors; default: the `type`. */
  readonly host?: string;
  /** The transport enforces `timeout` and `signal` itself (http and webSocket do); otherwise `createTransport` adds both. */
  readonly enforcesTimeouts?: boolean;
  /** The transport reconnects on its own after a network failure: the client then does not retry those. */
  readonly reconnects?: boolean;
}

/** Where a transport keeps the strings it must never show (its key): a global symbol, not enumerable, never serialized. */
export const SECRETS = Symbol.for("openrpc-ts.secrets");
/** Marks a transport made by `createTransport` (the client normalizes any other object once). */
const MADE = Symbol.for("openrpc-ts.transport");
/** Marks a transport whose network failures are not retried (it reconnects on its own). */
export const RECONNECTS = Symbol.for("openrpc-ts.reconnects");

/**
 * `createTransport` without the check, for parts known to be right: the package's own transports, and
 * an object a client has checked with `shapeIssues` (whose words it loads only when something is wrong).
 */
export function sealTransport(config: TransportConfig, secrets: readonly string[] = []): Transport {
  if ((config as { [MADE]?: boolean })[MADE]) return config as unknown as Transport;
  const { enforcesTimeouts, reconnects, ...parts } = config;
  const bounded = enforcesTimeouts
    ? parts
    : {
        ...parts,
        request: (r: TransportRequest, o: SendOptions) => withDeadline(() => parts.request(r, o), o),
        ...(parts.batch && {
          batch: (r: readonly TransportRequest[], b: string, o: SendOptions) =>
            withDeadline(() => parts.batch!(r, b, o), o),
        }),
      };
  const transport: Transport = {
    ...bounded,
    host: typeof config.host === "string" && config.host !== "" ? config.host : config.type,
    capabilities: {
      batch: typeof config.batch === "function",
      subscriptions: typeof config.listen === "function" && typeof config.onConnection === "function",
    },
  };
  Object.defineProperty(transport, SECRETS, { value: secrets });
  Object.defineProperty(transport, MADE, { value: true });
  if (reconnects) Object.defineProperty(transport, RECONNECTS, { value: true });
  return Object.freeze(transport);
}

/**
 * The problems of something offered as a transport, under `path`. Optional parts of another type are
 * not errors: the capabilities come from the functions it has.
 */
export function shapeIssues(value: unknown, path: string): Finding[] {
  const t = (value ?? {}) as Record<string, unknown>;
  const issues: Finding[] = [];
  if (value === null || typeof value !== "object") issue(issues, path, "type", "transport", value);
  else {
    if (typeof t.type !== "string" || t.type === "") issue(issues, `${path}.type`, "type", "transportType", t.type);
    if (typeof t.request !== "function") issue(issues, `${path}.request`, "type", "transportRequest", t.request);
    if (t.endpoint !== undefined && t.endpoint !== "jsonrpc" && t.endpoint !== "proxy")
      issue(issues, `${path}.endpoint`, "enum", "transportEndpoint", t.endpoint);
  }
  return issues;
}

/** deadline.ts's `deadline`, once loaded (on the first call of a transport that does not enforce its own). */
let deadline: typeof import("./deadline.js").deadline | undefined;

/**
 * `send()` under the deadline and the abort of `options`. The code is loaded on first use (a chunk that
 * cannot be loaded fails the call with a NetworkError that says so); nothing is sent before it is.
 */
function withDeadline<T>(send: () => Promise<T>, options: SendOptions): Promise<T> {
  if (deadline) return deadline(send(), options, failed);
  return loadModule(() => import("./deadline.js"), options.context).then((m) =>
    (deadline = m.deadline)(send(), options, failed),
  );
}

/** The secrets a transport hides (none for a transport that declares none). */
export const secretsIn = (transport: Transport): readonly string[] =>
  (transport as { [SECRETS]?: readonly string[] })[SECRETS] ?? [];
