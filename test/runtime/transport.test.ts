/**
 * The Transport contract (runtime/transport.ts) as the transport values `http(url)` and `webSocket(url)`
 * keep it: HTTP has no "subscriptions" capability, WebSocket passes server notifications to listeners,
 * reconnects on its own while someone listens (telling `onConnection`), reports the end, and the
 * client's hooks wrap any transport once.
 * Real servers on 127.0.0.1 only.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer, type WebSocket as ServerSocket } from "ws";
import {
  NetworkError,
  SocketClosedError,
  SubscriptionError,
  ValidationError,
  createRpcClient,
  type ApiSpec,
  type RequestEvent,
  type RpcClient,
} from "../../runtime/index.js";
import { http as httpTransport } from "../../runtime/factories.js";
import type { ConnectionEvent, ServerNotification, Transport } from "../../runtime/transport.js";
import { webSocket } from "../../runtime/ws.js";

const api: ApiSpec = {
  name: "Test",
  methods: {
    ping: { params: [] },
    eth_subscribe: {
      params: ["kind"],
      subscription: { notification: "eth_subscription", unsubscribe: "eth_unsubscribe" },
    },
  },
  keyed: { paramStructure: "by-position", envelope: "jsonrpc", methodIn: "body" },
};
const KEY = "k3y-SECRET";

let wss: WebSocketServer;
let wsPort: number;
let httpServer: http.Server;
let httpPort: number;
let httpRequests = 0;
const sockets: ServerSocket[] = [];
const clients: RpcClient[] = [];

beforeAll(async () => {
  wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  wsPort = (wss.address() as AddressInfo).port;
  wss.on("connection", (socket) => {
    sockets.push(socket);
    socket.on("error", () => undefined);
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { id: number; method: string };
      socket.send(
        JSON.stringify({ jsonrpc: "2.0", id: message.id, result: message.method === "eth_subscribe" ? "0x1" : "pong" }),
      );
    });
  });
  httpServer = http.createServer((req, res) => {
    httpRequests++;
    res.end('{"jsonrpc":"2.0","id":1,"result":"pong"}');
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", () => resolve()));
  httpPort = (httpServer.address() as AddressInfo).port;
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  for (const s of wss.clients) s.terminate();
  sockets.length = 0;
});
afterAll(async () => {
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  await new Promise<void>((resolve) => httpServer.close(() => resolve()));
});

const make = (transport: Transport, options: object = {}): RpcClient => {
  const client = createRpcClient(api, { transport, retryCount: 0, ...options });
  clients.push(client);
  return client;
};
const wsTransport = (url: string, options: object = {}): Transport => webSocket(url, { apiKey: KEY, ...options });
const notification = (result: number): string =>
  JSON.stringify({ jsonrpc: "2.0", method: "eth_subscription", params: { subscription: "0x1", result } });
async function waitFor(condition: () => boolean, ms = 3_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error("waitFor: condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("HTTP transport", () => {
  it("says what it can do: requests and batches, no subscriptions (no listen, no onConnection)", () => {
    const transport = httpTransport(`http://127.0.0.1:${httpPort}/rpc`, { apiKey: KEY });
    expect(transport.type).toBe("http");
    expect(transport.host).toBe(`127.0.0.1:${httpPort}`);
    expect(transport.capabilities).toEqual({ batch: true, subscriptions: false });
    expect(transport.listen).toBeUndefined();
    expect(transport.onConnection).toBeUndefined();
    // The proxy form takes one call per request.
    expect(httpTransport(`http://127.0.0.1:${httpPort}/p`, { proxy: true }).capabilities.batch).toBe(false);
  });

  it("never shows its key: not in an enumerable property, util.inspect or JSON", async () => {
    const transport = httpTransport(`http://127.0.0.1:${httpPort}/rpc`, { apiKey: KEY });
    const { inspect } = await import("node:util");
    expect(inspect(transport, { depth: 5 })).not.toContain(KEY);
    expect(JSON.stringify(transport)).not.toContain(KEY);
    expect(Object.values(transport).join(" ")).not.toContain(KEY);
  });

  it("a subscription over it is refused at once, naming the capability; nothing is sent", async () => {
    const client = make(httpTransport(`http://127.0.0.1:${httpPort}/rpc`, { apiKey: KEY }));
    const before = httpRequests;
    const error = await client.subscribe("eth_subscribe", ["newHeads"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SubscriptionError);
    expect((error as Error).message).toContain('needs a transport with the "subscriptions" capability');
    expect((error as Error).message).not.toContain(KEY);
    expect(httpRequests).toBe(before);
  });

  it("request goes through the client's hooks once and answers the text", async () => {
    const events: RequestEvent[] = [];
    const client = make(httpTransport(`http://127.0.0.1:${httpPort}/rpc`, { apiKey: KEY }), {
      onRequest: (e: RequestEvent) => events.push(e),
    });
    expect(await client.call("ping", [])).toBe("pong");
    expect(events.map((e) => e.methods)).toEqual([["ping"]]);
    expect(events[0]!.body).toBe('{"jsonrpc":"2.0","id":1,"method":"ping","params":[]}');
    const answer = await client.transport.request(
      { id: 1, method: "ping", params: [], body: events[0]!.body },
      { timeout: 1_000, context: {} },
    );
    expect(answer).toBe('{"jsonrpc":"2.0","id":1,"result":"pong"}');
  });

  it.each<{ name: string; url: unknown; options: object; path: string }>([
    { name: "a ws:// URL", url: "ws://127.0.0.1/x", options: {}, path: "url" },
    { name: "a relative URL", url: "/x", options: {}, path: "url" },
    { name: "a key with a slash", url: "https://h.example/x", options: { apiKey: "a/b" }, path: "options.apiKey" },
    {
      name: "a key with the proxy form",
      url: "https://h.example/x",
      options: { proxy: true, apiKey: "k" },
      path: "options.apiKey",
    },
    {
      name: "a zero size limit",
      url: "https://h.example/x",
      options: { maxResponseBytes: 0 },
      path: "options.maxResponseBytes",
    },
    {
      name: "options that are not an object",
      url: "https://h.example/x",
      options: 5 as unknown as object,
      path: "options",
    },
  ])("http() refuses $name with a ValidationError naming $path", ({ url, options, path }) => {
    let error: unknown;
    try {
      httpTransport(url as string, options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([path]);
  });
});

describe("WebSocket transport", () => {
  it("passes every message without an id to the listeners until they unlisten", async () => {
    const transport = wsTransport(`ws://127.0.0.1:${wsPort}/eth`);
    const client = make(transport);
    expect(transport.type).toBe("webSocket");
    expect(transport.capabilities).toEqual({ batch: true, subscriptions: true });
    const seen: ServerNotification[] = [];
    const unlisten = transport.listen!((n) => seen.push(n));
    expect(await client.call("eth_subscribe", ["newHeads"])).toBe("0x1");
    sockets[0]!.send(notification(1));
    sockets[0]!.send(`[${notification(2)},{"jsonrpc":"2.0","id":999,"result":0}]`);
    await waitFor(() => seen.length === 2);
    // Each carries the size of the message it came in (subscriptions bound their buffers by it).
    expect(seen).toEqual([
      { method: "eth_subscription", params: { subscription: "0x1", result: 1 }, size: notification(1).length },
      {
        method: "eth_subscription",
        params: { subscription: "0x1", result: 2 },
        size: `[${notification(2)},{"jsonrpc":"2.0","id":999,"result":0}]`.length,
      },
    ]);
    unlisten();
    sockets[0]!.send(notification(3));
    await client.call("ping", []);
    expect(seen).toHaveLength(2);
  });

  it("reconnects by itself when the socket drops while someone listens, and says so", async () => {
    const transport = wsTransport(`ws://127.0.0.1:${wsPort}/eth`, { reconnect: { attempts: 3, delay: 10 } });
    const client = make(transport);
    const events: ConnectionEvent[] = [];
    const seen: unknown[] = [];
    transport.onConnection!((e) => events.push(e));
    transport.listen!((n) => seen.push(n.params));
    await client.call("eth_subscribe", ["newHeads"]);
    sockets[0]!.terminate();
    await waitFor(() => events.length === 1 && sockets.length === 2);
    expect(events).toEqual([{ type: "reconnected" }]);
    sockets[1]!.send(notification(7));
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([{ subscription: "0x1", result: 7 }]);
  });

  it("reports { type: 'closed' } with a NetworkError when the reconnect attempts are used up", async () => {
    const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const port = (server.address() as AddressInfo).port;
    server.on("connection", (socket) =>
      socket.on("message", (data) =>
        socket.send(JSON.stringify({ jsonrpc: "2.0", id: JSON.parse(String(data)).id, result: 1 })),
      ),
    );
    const transport = wsTransport(`ws://127.0.0.1:${port}/eth`, { reconnect: { attempts: 2, delay: 10 } });
    const client = make(transport);
    const events: ConnectionEvent[] = [];
    transport.onConnection!((e) => events.push(e));
    await client.call("ping", []);
    for (const s of server.clients) s.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await waitFor(() => events.length === 1);
    expect(events[0]!.type).toBe("closed");
    const error = (events[0] as { error: Error }).error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain("after 2 attempts");
    expect(error.message).not.toContain(KEY);
  });

  it("close() tells the connection listeners with a SocketClosedError, once", async () => {
    const transport = wsTransport(`ws://127.0.0.1:${wsPort}/eth`);
    const client = make(transport);
    const events: ConnectionEvent[] = [];
    transport.onConnection!((e) => events.push(e));
    await client.call("ping", []);
    await transport.close!();
    await transport.close!();
    expect(events).toHaveLength(1);
    expect((events[0] as { error: Error }).error).toBeInstanceOf(SocketClosedError);
  });
});
