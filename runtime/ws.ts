/**
 * The WebSocket transport, `webSocket(url, { apiKey, … })`, in the package's `./ws` subpath (an
 * HTTP-only app never bundles it): one socket, calls multiplexed by id, a timeout per call, messages
 * over `maxResponseBytes` refused (`maxPayload`), reconnect with backoff up to a limit, pending calls
 * rejected with `SocketClosedError` when the socket closes, server notifications (messages without an
 * id) passed to listeners, and `close()` for a clean shutdown. Uses the global `WebSocket` (browsers,
 * Node ≥ 22) or the `ws` package on older Node.
 */
import {
  AbortError,
  MalformedResponseError,
  NetworkError,
  ResponseTooLargeError,
  SocketClosedError,
  TimeoutError,
  ValidationError,
  type ErrorContext,
} from "./errors.js";
import { parseReply, replyId } from "./wire.js";
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_RECONNECT,
  MAX_RETRIES,
  MAX_TIMER_MS,
  STABLE_SOCKET_MS,
  type ReconnectPolicy,
} from "./defaults.js";
import { issue } from "./issue.js";
import { checkTarget, secretsOf } from "./endpoint.js";
import type { WebSocketConstructor, WebSocketLike } from "./options.js";
import { redact } from "./secrets.js";
import {
  sealTransport,
  type ConnectionEvent,
  type Reply,
  type SendOptions,
  type ServerNotification,
  type Transport,
  type TransportRequest,
} from "./transport.js";
import { describe, type Finding } from "./option-text.js";

/** Options of `webSocket(url, options)`. */
export interface WebSocketTransportOptions {
  /** Project API key, sent as the last path segment: `<url>/<apiKey>`. Never appears in errors. */
  apiKey?: string;
  /** WebSocket implementation. Default: the global `WebSocket`, else the `ws` package (Node 20). */
  WebSocket?: WebSocketConstructor;
  /** Reconnection: attempts in a row and base delay (doubled each time). Default 5 attempts from 500 ms. */
  reconnect?: Partial<ReconnectPolicy>;
  /** Largest message accepted, in bytes. Default 64 MiB. */
  maxResponseBytes?: number;
  /** A keyed transport refuses to run in a browser (the key would ship to users) unless this is `true`. */
  dangerouslyAllowBrowser?: boolean;
}

interface WsTransportConfig {
  /** The full URL (it may hold the key: never put in an error). */
  url: string;
  host: string;
  secrets: readonly string[];
  reconnect: ReconnectPolicy;
  maxResponseBytes: number;
  WebSocket: WebSocketConstructor | undefined;
}

interface Pending {
  resolve(reply: Reply): void;
  reject(error: Error): void;
  context: ErrorContext;
  cleanup(): void;
}

const OPEN = 1;
/** RFC 6455 close code "message too big". */
const TOO_BIG = 1009;

/**
 * A WebSocket transport for any client factory's `transport` option: requests, batches and
 * subscriptions over one socket.
 *
 * @example
 * ```ts
 * import { webSocket } from "@blockchain-rpc/clients/ws";
 * const eth = createEthNodeClient({ transport: webSocket("wss://host/eth/ws", { apiKey: process.env.API_KEY }) });
 * ```
 */
export function webSocket(url: string, options: WebSocketTransportOptions = {}): Transport {
  const issues: Finding[] = [];
  if (options === null || typeof options !== "object") issue(issues, "options", "type", "object", options);
  const o = issues.length > 0 ? {} : options;
  const number = (path: string, value: unknown, min: number, max: number, integer: boolean): void => {
    if (value === undefined) return;
    if (typeof value !== "number" || Number.isNaN(value) || value < min)
      issue(issues, path, "minimum", "atLeast", value, min);
    else if (value > max) issue(issues, path, "maximum", "atMost", value, max);
    else if (integer && !Number.isInteger(value)) issue(issues, path, "integer", "whole", value);
  };
  number("options.maxResponseBytes", o.maxResponseBytes, 1, Number.MAX_SAFE_INTEGER, true);
  number("options.reconnect.attempts", o.reconnect?.attempts, 1, MAX_RETRIES, true);
  number("options.reconnect.delay", o.reconnect?.delay, 0, MAX_TIMER_MS, false);
  if (o.WebSocket !== undefined && typeof o.WebSocket !== "function")
    issue(issues, "options.WebSocket", "type", "webSocketClass", o.WebSocket);
  const target = checkTarget(
    url,
    o.apiKey,
    { url: "url", apiKey: "options.apiKey" },
    true,
    o.dangerouslyAllowBrowser,
    issues,
  );
  if (issues.length > 0 || !target) throw new ValidationError("webSocket transport", describe(issues), {});
  const secrets = secretsOf(o.apiKey);
  return createWsTransport({
    url: target.url,
    host: target.host,
    secrets,
    reconnect: { ...DEFAULT_RECONNECT, ...o.reconnect },
    maxResponseBytes: o.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    WebSocket: o.WebSocket,
  });
}

function createWsTransport(config: WsTransportConfig): Transport {
  const { host, secrets, reconnect, maxResponseBytes: limit } = config;
  const pending = new Map<string, Pending>();
  const listeners = new Set<(notification: ServerNotification) => void>();
  const watchers = new Set<(event: ConnectionEvent) => void>();
  let socket: WebSocketLike | undefined;
  let opening: Promise<WebSocketLike> | undefined;
  let opened = false;
  let closed = false;
  /** Sockets in a row that dropped before STABLE_SOCKET_MS: bounds the reconnects after drops. */
  let drops = 0;
  /** Sockets closed because a message was over the limit: their pending calls get ResponseTooLargeError. */
  const tooBig = new WeakSet<WebSocketLike>();

  const emit = (event: ConnectionEvent): void => {
    for (const watcher of [...watchers]) watcher(event);
  };
  const settle = (key: string, outcome: Reply | Error): void => {
    const p = pending.get(key);
    if (!p) return;
    pending.delete(key);
    p.cleanup();
    if (outcome instanceof Error) p.reject(outcome);
    else p.resolve(outcome);
  };
  const rejectAll = (error: (p: Pending) => Error): void => {
    for (const [key, p] of pending) settle(key, error(p));
  };

  /**
   * A notification the parser refused (nested too deep): its listeners get the error with the
   * subscription id read from the top level, so the subscription it belongs to ends with it instead
   * of missing an item without a word.
   */
  const notifyRefused = (message: unknown, why: string, size: number): void => {
    if (message === null || typeof message !== "object" || !Object.hasOwn(message, "method")) return;
    const method = (message as { method: unknown }).method;
    if (typeof method !== "string") return;
    const params = (message as { params?: unknown }).params;
    // Only the top level's strings and numbers: the id, under whatever name or position the subscription reads it.
    const ids =
      params !== null && typeof params === "object"
        ? Object.entries(params).map(([k, v]) => [k, typeof v === "string" || typeof v === "number" ? v : undefined])
        : [];
    const error = new MalformedResponseError(`a notification (${method.slice(0, 60)}) was refused: ${why}`, "", {
      host,
    });
    const top = Array.isArray(params) ? ids.map(([, v]) => v) : Object.fromEntries(ids);
    for (const listener of [...listeners]) listener({ method, params: top, size, error });
  };

  const onMessage = (ws: WebSocketLike, data: unknown): void => {
    const raw = typeof data === "string" ? data : new TextDecoder().decode(data as ArrayBuffer);
    // A runtime whose WebSocket takes no maxPayload: refuse the message here (UTF-16 length ≤ bytes).
    if (raw.length > limit || (raw.length * 3 > limit && new TextEncoder().encode(raw).byteLength > limit)) {
      tooBig.add(ws);
      // 4009, not 1009: the browser's WebSocket (and Node's) only lets a client send 1000 or 3000–4999.
      ws.close(4009, "message too big");
      return;
    }
    let reply: Reply;
    try {
      reply = parseReply(raw, { host }, secrets);
    } catch (error) {
      // Valid JSON refused (nested too deep): fail the calls it answers. Not JSON: nothing to match; the timeout reports it.
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        return;
      }
      const refused = (error as MalformedResponseError).shortMessage.replace(/^Malformed response: /, "");
      for (const item of Array.isArray(value) ? value : [value]) {
        const key = replyId(item);
        if (key === undefined) {
          notifyRefused(item, refused, raw.length);
          continue;
        }
        const p = pending.get(key);
        if (p) settle(key, new MalformedResponseError(refused, "", p.context));
      }
      return;
    }
    const messages: unknown[] = Array.isArray(reply.message) ? reply.message : [reply.message];
    const ids = messages.map(replyId);
    const seen = new Set<string>();
    const duplicates = new Set<string>();
    for (const id of ids) if (id !== undefined) (seen.has(id) ? duplicates : seen).add(id);
    messages.forEach((message, i) => {
      const key = ids[i];
      if (key !== undefined) {
        const p = pending.get(key);
        if (p && duplicates.has(key))
          settle(
            key,
            new MalformedResponseError(
              `the batch answer holds two responses for id ${key.slice(0, 40)}`,
              "",
              p.context,
            ),
          );
        else settle(key, { message, marked: reply.marked, raw });
        return;
      }
      const method =
        message !== null && typeof message === "object" && Object.hasOwn(message, "method")
          ? (message as { method: unknown }).method
          : undefined;
      if (typeof method === "string") {
        const params = Object.hasOwn(message as object, "params") ? (message as { params: unknown }).params : undefined;
        for (const listener of [...listeners]) listener({ method, params, size: raw.length });
      }
    });
  };

  async function open(): Promise<WebSocketLike> {
    const Ctor = config.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket ?? (await loadWs());
    let lastError: unknown;
    for (let attempt = 0; attempt < Math.max(1, reconnect.attempts); attempt++) {
      if (closed) throw new SocketClosedError(1000, { host });
      if (attempt > 0) await new Promise((r) => setTimeout(r, backoff(reconnect.delay, attempt)));
      try {
        return await connectOnce(Ctor);
      } catch (error) {
        lastError = error;
      }
    }
    const error = new NetworkError(`Could not open the WebSocket after ${reconnect.attempts} attempts`, {
      host,
      cause: redact(lastError, secrets),
    });
    emit({ type: "closed", error });
    throw error;
  }

  function connectOnce(Ctor: WebSocketConstructor): Promise<WebSocketLike> {
    return new Promise((resolve, reject) => {
      let ws: WebSocketLike;
      try {
        ws = new Ctor(config.url, undefined, { maxPayload: limit });
      } catch (error) {
        reject(redact(error, secrets));
        return;
      }
      let isOpen = false;
      let openedAt = 0;
      ws.addEventListener("open", () => {
        isOpen = true;
        openedAt = Date.now();
        if (closed) {
          // close() ran while this socket was connecting: do not keep it.
          ws.close(1000, "client closed");
          reject(new SocketClosedError(1000, { host }));
          return;
        }
        socket = ws;
        resolve(ws);
        if (opened) emit({ type: "reconnected" });
        opened = true;
      });
      ws.addEventListener("error", (event) => {
        if (!isOpen) reject(new Error("WebSocket connection failed"));
        // The `ws` package refusing a message over maxPayload (it then closes the socket).
        else if (/max payload/i.test(String(event.message))) tooBig.add(ws);
      });
      ws.addEventListener("message", (event) => onMessage(ws, event.data));
      ws.addEventListener("close", (event) => {
        if (!isOpen) return reject(new Error(`WebSocket closed while connecting (code ${event.code})`));
        if (socket !== ws) return;
        socket = undefined;
        rejectAll((p) =>
          event.code === TOO_BIG || tooBig.has(ws)
            ? new ResponseTooLargeError(limit, p.context)
            : new SocketClosedError(event.code, p.context),
        );
        // Someone waits for server notifications: reconnect now (after the first drop; later ones back
        // off), not on the next call — unless sockets keep dropping: then it is closed for good.
        if (closed || (listeners.size === 0 && watchers.size === 0)) return;
        drops = Date.now() - openedAt >= STABLE_SOCKET_MS ? 1 : drops + 1;
        if (drops > reconnect.attempts) {
          emit({ type: "closed", error: new SocketClosedError(event.code, { host }) });
          return;
        }
        const reopen = (): void => void (closed || connection().catch(() => undefined));
        if (drops === 1) reopen();
        else setTimeout(reopen, backoff(reconnect.delay, drops - 1));
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

  /** Registers the ids, sends `text` once the socket is open, and settles each id with its reply or error. */
  function exchange(text: string, messages: readonly TransportRequest[], options: SendOptions): Promise<Reply>[] {
    const { timeout, signal, context } = options;
    const promises = messages.map(
      (m) =>
        new Promise<Reply>((resolve, reject) => {
          const ctx = messages.length > 1 ? { ...context, method: m.method } : context;
          if (signal?.aborted) return reject(new AbortError(ctx));
          const key = String(m.id);
          const onAbort = (): void => settle(key, new AbortError(ctx));
          const timer =
            timeout > 0 && Number.isFinite(timeout)
              ? setTimeout(() => settle(key, new TimeoutError(timeout, ctx)), timeout)
              : undefined;
          pending.set(key, {
            resolve,
            reject,
            context: ctx,
            cleanup: () => {
              if (timer !== undefined) clearTimeout(timer);
              signal?.removeEventListener("abort", onAbort);
            },
          });
          signal?.addEventListener("abort", onAbort, { once: true });
        }),
    );
    connection().then(
      (ws) => {
        if (messages.some((m) => pending.has(String(m.id)))) ws.send(text);
      },
      (error: unknown) => {
        for (const m of messages) {
          const p = pending.get(String(m.id));
          if (p) settle(String(m.id), forCall(error, p.context));
        }
      },
    );
    return promises;
  }

  return sealTransport(
    {
      type: "webSocket",
      host,
      enforcesTimeouts: true,
      reconnects: true,
      request(message, options) {
        return exchange(message.body, [message], options)[0]!;
      },
      batch(messages, body, options) {
        const replies = exchange(body, messages, options);
        return Promise.all(replies.map((p) => p.catch((error: Error) => error)));
      },
      async notify(message, options) {
        try {
          (await connection()).send(message.body);
        } catch (error) {
          throw forCall(error, options.context);
        }
      },
      async connect() {
        try {
          await connection();
        } catch (error) {
          throw forCall(error, { host });
        }
      },
      listen(listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      onConnection(listener) {
        watchers.add(listener);
        return () => void watchers.delete(listener);
      },
      async close() {
        if (closed) return;
        closed = true;
        rejectAll((p) => new SocketClosedError(1000, p.context));
        socket?.close(1000, "client closed");
        socket = undefined;
        emit({ type: "closed", error: new SocketClosedError(1000, { host }) });
        listeners.clear();
        watchers.clear();
      },
    },
    secrets,
  );
}

/** Wait before try `n` (n ≥ 1): `delay · 2^(n-1)`, capped where timers still work. */
function backoff(delay: number, n: number): number {
  return Math.min(MAX_TIMER_MS, delay * 2 ** (n - 1));
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
