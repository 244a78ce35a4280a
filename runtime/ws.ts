/**
 * WebSocket transport for `ws://` / `wss://` URLs: one socket, calls multiplexed by id, a
 * timeout per call, reconnect with backoff up to a limit, pending calls rejected with
 * `SocketClosedError` when the socket closes, and `close()` for a clean shutdown. Uses the
 * global `WebSocket` (browsers, Node ≥ 22) or the `ws` package on older Node.
 */
import { AbortError, NetworkError, SocketClosedError, TimeoutError, redact, type ErrorContext } from "./errors.js";
import { parseJson } from "./json.js";

/** The part of the WebSocket API this transport uses (browser `WebSocket` and `ws` both have it). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(
    type: "open" | "close" | "error" | "message",
    listener: (event: { data?: unknown; code?: number }) => void,
  ): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface ReconnectPolicy {
  /** Connection attempts in a row before calls fail (default 5). */
  attempts: number;
  /** Base delay between attempts in ms, doubled each time (default 500). */
  delay: number;
}

export interface Reply {
  /** The parsed JSON-RPC response object (or array, for a batch answer). */
  message: unknown;
  /** Whether integers too long for a `number` were kept as marked strings. */
  marked: boolean;
  /** The raw text, for error excerpts. */
  raw: string;
}

interface Pending {
  resolve(reply: Reply): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout> | undefined;
  context: ErrorContext;
  cleanup(): void;
}

export interface WsTransport {
  /** Sends one message with the given ids and resolves each id with its reply. */
  send(
    text: string,
    ids: readonly (number | string)[],
    timeout: number,
    signal: AbortSignal | undefined,
    context: ErrorContext,
  ): Promise<Reply>[];
  /** Sends a message that gets no answer (a notification), once the socket is open. */
  notify(text: string, context: ErrorContext): Promise<void>;
  close(): void;
}

const OPEN = 1;

export function createWsTransport(
  url: string,
  host: string,
  secrets: readonly string[],
  reconnect: ReconnectPolicy,
  impl: WebSocketConstructor | undefined,
): WsTransport {
  const pending = new Map<string, Pending>();
  let socket: WebSocketLike | undefined;
  let opening: Promise<WebSocketLike> | undefined;
  let closed = false;

  const rejectAll = (error: (p: Pending) => Error): void => {
    for (const [id, p] of pending) {
      pending.delete(id);
      p.cleanup();
      p.reject(error(p));
    }
  };

  const onMessage = (data: unknown): void => {
    const raw = typeof data === "string" ? data : new TextDecoder().decode(data as ArrayBuffer);
    let parsed: { value: unknown; marked: boolean };
    try {
      parsed = parseJson(raw);
    } catch {
      return; // Not JSON: nothing can be matched to a call; the call's timeout reports it.
    }
    const messages = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
    for (const message of messages) {
      const id = (message as { id?: unknown } | null)?.id;
      const p = id === undefined || id === null ? undefined : pending.get(String(id));
      if (!p) continue;
      pending.delete(String(id));
      p.cleanup();
      p.resolve({ message, marked: parsed.marked, raw });
    }
  };

  async function open(): Promise<WebSocketLike> {
    const Ctor = impl ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket ?? (await loadWs());
    let lastError: unknown;
    for (let attempt = 0; attempt < Math.max(1, reconnect.attempts); attempt++) {
      if (closed) throw new SocketClosedError(undefined, { host });
      if (attempt > 0) await new Promise((r) => setTimeout(r, reconnect.delay * 2 ** (attempt - 1)));
      try {
        return await connectOnce(Ctor);
      } catch (error) {
        lastError = error;
      }
    }
    throw new NetworkError(`Could not open the WebSocket after ${reconnect.attempts} attempts`, {
      host,
      cause: redact(lastError, secrets),
    });
  }

  function connectOnce(Ctor: WebSocketConstructor): Promise<WebSocketLike> {
    return new Promise((resolve, reject) => {
      let ws: WebSocketLike;
      try {
        ws = new Ctor(url);
      } catch (error) {
        reject(redact(error, secrets));
        return;
      }
      let isOpen = false;
      ws.addEventListener("open", () => {
        isOpen = true;
        if (closed) {
          // close() ran while this socket was connecting: do not keep it.
          ws.close(1000, "client closed");
          reject(new SocketClosedError(1000, { host }));
          return;
        }
        socket = ws;
        resolve(ws);
      });
      ws.addEventListener("error", () => {
        if (!isOpen) reject(new Error("WebSocket connection failed"));
      });
      ws.addEventListener("message", (event) => onMessage(event.data));
      ws.addEventListener("close", (event) => {
        if (!isOpen) return reject(new Error(`WebSocket closed while connecting (code ${event.code})`));
        if (socket === ws) socket = undefined;
        rejectAll((p) => new SocketClosedError(event.code, p.context));
      });
    });
  }

  function connection(): Promise<WebSocketLike> {
    if (socket && socket.readyState === OPEN) return Promise.resolve(socket);
    opening ??= open().finally(() => {
      opening = undefined;
    });
    return opening;
  }

  return {
    send(text, ids, timeout, signal, context) {
      const promises = ids.map(
        (id) =>
          new Promise<Reply>((resolve, reject) => {
            if (signal?.aborted) return reject(new AbortError(context));
            const key = String(id);
            const onAbort = (): void => {
              pending.delete(key);
              entry.cleanup();
              reject(new AbortError(context));
            };
            const entry: Pending = {
              resolve,
              reject,
              context,
              timer:
                timeout > 0 && Number.isFinite(timeout)
                  ? setTimeout(() => {
                      pending.delete(key);
                      entry.cleanup();
                      reject(new TimeoutError(timeout, context));
                    }, timeout)
                  : undefined,
              cleanup: () => {
                if (entry.timer !== undefined) clearTimeout(entry.timer);
                signal?.removeEventListener("abort", onAbort);
              },
            };
            signal?.addEventListener("abort", onAbort, { once: true });
            pending.set(key, entry);
          }),
      );
      connection().then(
        (ws) => {
          if (ids.some((id) => pending.has(String(id)))) ws.send(text);
        },
        (error: unknown) => {
          for (const id of ids) {
            const p = pending.get(String(id));
            if (!p) continue;
            pending.delete(String(id));
            p.cleanup();
            p.reject(forCall(error, p.context));
          }
        },
      );
      return promises;
    },
    async notify(text, context) {
      try {
        (await connection()).send(text);
      } catch (error) {
        throw forCall(error, context);
      }
    },
    close() {
      closed = true;
      rejectAll((p) => new SocketClosedError(1000, p.context));
      socket?.close(1000, "client closed");
      socket = undefined;
    },
  };
}

/** The connection error, rebuilt for one call so that it names that call's method. */
function forCall(error: unknown, context: ErrorContext): Error {
  if (error instanceof SocketClosedError) return new SocketClosedError(error.code, context);
  if (error instanceof NetworkError) return new NetworkError(error.shortMessage, { ...context, cause: error.cause });
  return new NetworkError(error instanceof Error ? error.message : String(error), context);
}

/** Loads `ws` on Node versions without a global WebSocket; the name is hidden from bundlers. */
async function loadWs(): Promise<WebSocketConstructor> {
  const name = "ws";
  try {
    const mod = (await import(/* @vite-ignore */ name)) as {
      default?: WebSocketConstructor;
      WebSocket?: WebSocketConstructor;
    };
    const Ctor = mod.WebSocket ?? mod.default;
    if (Ctor) return Ctor;
  } catch {
    // fall through
  }
  throw new NetworkError(
    "No WebSocket implementation: this runtime has no global WebSocket; install the `ws` package or pass the `WebSocket` option",
    {},
  );
}
