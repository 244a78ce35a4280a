/**
 * The Transport contract (runtime/transport.ts) as runtime modules see it through `transportOf`:
 * HTTP refuses server notifications at once, WebSocket passes them to listeners, reconnects on its
 * own while someone listens (telling `onConnection`), reports the end, and the hooks wrap both once.
 * Real servers on 127.0.0.1 only.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer, type WebSocket as ServerSocket } from "ws";
import {
  NetworkError,
  SocketClosedError,
  ValidationError,
  createRpcClient,
  type ApiSpec,
  type RequestEvent,
  type RpcClient,
} from "../../runtime/index.js";
import { transportOf, type ConnectionEvent, type ServerNotification } from "../../runtime/transport.js";

const api: ApiSpec = {
  name: "Test",
  methods: { ping: { params: [] }, eth_subscribe: { params: ["kind"] } },
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

const make = (url: string, options: object = {}): RpcClient => {
  const client = createRpcClient(api, { url, apiKey: KEY, retryCount: 0, ...options });
  clients.push(client);
  return client;
};
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
  it.each(["listen", "onConnection"] as const)(
    "%s throws at once a ValidationError asking for a ws(s):// URL; nothing is sent",
    async (name) => {
      const transport = await transportOf(make(`http://127.0.0.1:${httpPort}/rpc`));
      expect(transport.kind).toBe("http");
      const before = httpRequests;
      let error: unknown;
      try {
        transport[name](() => undefined);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as Error).message).toContain("options.url must be a ws:// or wss:// URL");
      expect((error as Error).message).not.toContain(KEY);
      expect(httpRequests).toBe(before);
    },
  );

  it("request goes through the hooks once and returns the reply unmatched", async () => {
    const events: RequestEvent[] = [];
    const transport = await transportOf(
      make(`http://127.0.0.1:${httpPort}/rpc`, { onRequest: (e: RequestEvent) => events.push(e) }),
    );
    const reply = await transport.request({ id: 1, method: "ping", params: [] }, { timeout: 1_000, context: {} });
    expect(reply.message).toEqual({ jsonrpc: "2.0", id: 1, result: "pong" });
    expect(events.map((e) => e.methods)).toEqual([["ping"]]);
  });

  it("transportOf refuses an object that is not a client", () => {
    expect(() => transportOf({})).toThrow(TypeError);
  });
});

describe("WebSocket transport", () => {
  it("passes every message without an id to the listeners until they unlisten", async () => {
    const client = make(`ws://127.0.0.1:${wsPort}/eth`);
    const transport = await transportOf(client);
    expect(transport.kind).toBe("ws");
    const seen: ServerNotification[] = [];
    const unlisten = transport.listen((n) => seen.push(n));
    expect(await client.call("eth_subscribe", ["newHeads"])).toBe("0x1");
    sockets[0]!.send(notification(1));
    sockets[0]!.send(`[${notification(2)},{"jsonrpc":"2.0","id":999,"result":0}]`);
    await waitFor(() => seen.length === 2);
    expect(seen).toEqual([
      { method: "eth_subscription", params: { subscription: "0x1", result: 1 } },
      { method: "eth_subscription", params: { subscription: "0x1", result: 2 } },
    ]);
    unlisten();
    sockets[0]!.send(notification(3));
    await client.call("ping", []);
    expect(seen).toHaveLength(2);
  });

  it("reconnects by itself when the socket drops while someone listens, and says so", async () => {
    const client = make(`ws://127.0.0.1:${wsPort}/eth`, { reconnect: { attempts: 3, delay: 10 } });
    const transport = await transportOf(client);
    const events: ConnectionEvent[] = [];
    const seen: unknown[] = [];
    transport.onConnection((e) => events.push(e));
    transport.listen((n) => seen.push(n.params));
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
    const client = make(`ws://127.0.0.1:${port}/eth`, { reconnect: { attempts: 2, delay: 10 } });
    const transport = await transportOf(client);
    const events: ConnectionEvent[] = [];
    transport.onConnection((e) => events.push(e));
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
    const client = make(`ws://127.0.0.1:${wsPort}/eth`);
    const transport = await transportOf(client);
    const events: ConnectionEvent[] = [];
    transport.onConnection((e) => events.push(e));
    await client.call("ping", []);
    await transport.close();
    await transport.close();
    expect(events).toHaveLength(1);
    expect((events[0] as { error: Error }).error).toBeInstanceOf(SocketClosedError);
  });
});
