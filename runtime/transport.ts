/**
 * The one interface between the client core (client.ts) and the wire: HTTP (http.ts) and
 * WebSocket (ws.ts) implement it; hooks and timing are wrapped once around it (hooks.ts).
 * Generated code never sees it; runtime modules reach a client's transport with `transportOf`.
 */
import type { ErrorContext } from "./errors.js";

/** A parsed answer: the JSON-RPC response object (or array), whether long integers were marked, the raw text. */
export interface Reply {
  /** The parsed JSON-RPC response object (or array, for a batch answer). */
  message: unknown;
  /** Whether integers too long for a `number` were kept as marked strings. */
  marked: boolean;
  /** The raw text, for error excerpts. */
  raw: string;
}

/** One request: the transport frames it (JSON-RPC envelope, or the params alone for the proxy form). */
export interface RpcRequest {
  readonly id: number | string;
  readonly method: string;
  readonly params: unknown;
}

/** A notification: no id, no reply. */
export interface RpcNotification {
  readonly method: string;
  readonly params: unknown;
}

export interface SendOptions {
  /** Milliseconds to wait for the answer; 0 for no limit. */
  timeout: number;
  signal?: AbortSignal;
  /** Method and host, for the errors. */
  context: ErrorContext;
  /** Keep integers beyond 2^53 exact (false skips the scan: the result has no u64 field). Default true. */
  lossless?: boolean;
}

/** A message from the server that answers no request (e.g. `eth_subscription`). */
export interface ServerNotification {
  method: string;
  params: unknown;
}

export type ConnectionEvent = { type: "reconnected" } | { type: "closed"; error: Error };

export interface Transport {
  readonly kind: "http" | "ws";
  /** One request → its reply (a result or an error object), size- and depth-checked, id not yet matched. */
  request(message: RpcRequest, options: SendOptions): Promise<Reply>;
  /**
   * A batch → one entry per message, in order: its reply, or the error for that message alone (no
   * answer for its id, its own timeout). Rejects when the batch as a whole failed (transport error,
   * not an array, duplicate ids).
   */
  batch(messages: readonly RpcRequest[], options: SendOptions): Promise<(Reply | Error)[]>;
  /** A notification (no id, no reply); resolves once it is sent. */
  notify(message: RpcNotification, options: SendOptions): Promise<void>;
  /**
   * WS: every server message without an id (e.g. `eth_subscription`) reaches the listener.
   * HTTP: throws at once an error saying a ws(s):// URL is needed (nothing is sent). Returns the unlisten function.
   */
  listen(listener: (notification: ServerNotification) => void): () => void;
  /**
   * WS: called after every successful reconnect (so subscriptions can subscribe again), and with an
   * error when the socket is closed for good (reconnect attempts used up, or `close()`). HTTP: throws like `listen`.
   */
  onConnection(listener: (event: ConnectionEvent) => void): () => void;
  close(): Promise<void>;
}

/** Where a client keeps its transport (a global symbol, so that two copies of the runtime agree). */
export const TRANSPORT = Symbol.for("openrpc-ts.transport");

/** The transport of a client made by `createRpcClient` (loaded on first use: the WebSocket one is lazy). */
export function transportOf(client: object): Promise<Transport> {
  const get = (client as { [TRANSPORT]?: () => Promise<Transport> })[TRANSPORT];
  if (typeof get !== "function") throw new TypeError("transportOf: not a client made by createRpcClient");
  return get();
}
