/**
 * The mock's WebSocket endpoint (`ws://127.0.0.1:<port>/<path>/<key>`, the `ws` package): each text
 * message is a JSON-RPC request or batch, answered by the server's `dispatch`. Untrusted clients
 * are bounded: `wsMaxPayloadBytes` per message (ws closes with 1009), `wsMaxMessagesPerSecond`
 * (past it an error, past twice it close 1008), `wsMaxBufferedBytes` of unsent answers (a client
 * that does not read is dropped), a ping every `wsHeartbeatMs` (no pong by the next: dropped).
 * Invalid frames and invalid UTF-8 close the socket (ws: 1002, 1007); nothing reaches the console.
 * Compression (permessage-deflate) is off: no inflation bombs.
 */
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import type { MockLimits } from "./limits.js";
import { INTERNAL_ERROR, INVALID_REQUEST, type LocalMethod, type Target } from "./rpc.js";

/** JSON-RPC "limit exceeded" (the code Ethereum nodes use for rate limits). */
export const LIMIT_EXCEEDED = -32005;

/** One WebSocket connection, as the code that answers its messages sees it. */
export interface WsSession {
  /** Where the socket was opened: the first path segment picks the document, as over HTTP. */
  readonly target: Target;
  /** Methods only this connection serves (subscriptions), looked up before the spec's. */
  methods: ReadonlyMap<string, LocalMethod>;
  /** Sends a JSON message (an answer or a notification); does nothing once the socket is closed. */
  send(text: string): void;
  /** Runs `listener` once when the connection closes (subscriptions stop here). */
  onClose(listener: () => void): void;
}

export interface WsEndpointOptions {
  limits: MockLimits;
  /** Why an upgrade request is refused (a foreign Host or Origin: hosts.ts), or undefined to take it. */
  refuse?(request: IncomingMessage): string | undefined;
  /** Where a socket opened at `url` goes. */
  targetOf(url: URL): Target;
  /** Called once per connection, before its first message: the session's own methods. */
  methodsFor(session: WsSession): ReadonlyMap<string, LocalMethod>;
  /** Answers one text message of a session; `undefined` sends nothing (notifications). */
  dispatch(session: WsSession, text: string): Promise<string | undefined>;
}

/** Serves WebSocket upgrades on `server`; `close()` drops every socket and stops the heartbeat. */
export function attachWebSocket(server: Server, options: WsEndpointOptions): { close(): void } {
  const { limits } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.wsMaxPayloadBytes, perMessageDeflate: false });
  const alive = new WeakSet<WebSocket>();
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    const refused = options.refuse?.(request);
    if (refused !== undefined) {
      const body = `${refused}\n`;
      return void socket.end(
        `HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        () => socket.destroy(),
      );
    }
    wss.handleUpgrade(request, socket, head, (ws) => open(ws, request));
  });

  function open(ws: WebSocket, request: IncomingMessage): void {
    alive.add(ws);
    ws.on("error", () => ws.terminate());
    ws.on("pong", () => alive.add(ws));
    const closers: (() => void)[] = [];
    const session: WsSession = {
      target: options.targetOf(new URL(request.url ?? "/", "http://127.0.0.1")),
      methods: new Map(),
      send: (text) => {
        if (ws.readyState !== ws.OPEN) return;
        ws.send(text);
        if (ws.bufferedAmount > limits.wsMaxBufferedBytes) ws.terminate();
      },
      onClose: (listener) => void closers.push(listener),
    };
    session.methods = options.methodsFor(session);
    ws.once("close", () => {
      for (const listener of closers.splice(0)) {
        try {
          listener();
        } catch {
          // A listener's failure must not stop the others or reach the console.
        }
      }
    });
    const rate = rateCounter(limits.wsMaxMessagesPerSecond);
    // Messages of one connection are answered one after the other, in order.
    let queue = Promise.resolve();
    ws.on("message", (data: RawData, isBinary: boolean) => {
      const over = rate();
      if (over === "close")
        return ws.close(1008, `More than ${2 * limits.wsMaxMessagesPerSecond} messages per second.`);
      if (over === "error")
        return session.send(
          errorText(
            LIMIT_EXCEEDED,
            `Limit exceeded: more than ${limits.wsMaxMessagesPerSecond} messages per second on this connection (wsMaxMessagesPerSecond); slow down.`,
          ),
        );
      if (isBinary)
        return session.send(
          errorText(INVALID_REQUEST, "Invalid Request: send JSON-RPC requests as text messages, not binary ones."),
        );
      const text = rawText(data);
      queue = queue
        .then(() => (ws.readyState === ws.OPEN ? options.dispatch(session, text) : undefined))
        .then((answer) => void (answer !== undefined && session.send(answer)))
        .catch(() =>
          session.send(
            errorText(INTERNAL_ERROR, "Internal error: the mock server failed while answering this message."),
          ),
        );
    });
  }

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, limits.wsHeartbeatMs);
  heartbeat.unref();

  return {
    close() {
      clearInterval(heartbeat);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}

/** Counts messages per one-second window: "ok", "error" past the limit, "close" past twice it. */
function rateCounter(perSecond: number): () => "ok" | "error" | "close" {
  let windowStart = 0;
  let count = 0;
  return () => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      count = 0;
    }
    count++;
    return count <= perSecond ? "ok" : count <= 2 * perSecond ? "error" : "close";
  };
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return (data instanceof ArrayBuffer ? Buffer.from(data) : data).toString("utf8");
}

function errorText(code: number, message: string): string {
  return JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } });
}
