/**
 * Subscriptions without an id (runtime/event-subscription.ts) through the runtime's client and its
 * WebSocket transport, against a scripted server on 127.0.0.1 (the `ws` package): pushed
 * notifications (`events`: nothing sent, the socket opened by the member) and Firebolt's listen
 * methods (`listen`: the method called with listen true, then false once the last listener stops).
 * The hostile probes: garbage params, a payload past the buffer, a flood past bufferSize, pushes
 * for a listener that stopped, `__proto__` as a method and param name, a refused listen call, a
 * dropped socket.
 */
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer, type WebSocket as ServerSocket } from "ws";
import { createRpcClient } from "../../runtime/client.js";
import { AbortError, JsonRpcError, SubscriptionError } from "../../runtime/errors.js";
import type { ApiSpec, RpcClient, Subscription } from "../../runtime/options.js";
import { webSocket } from "../../runtime/ws.js";

interface Server {
  url: string;
  requests: { method: string; params: unknown }[];
  connections: number;
  push(method: string, params?: unknown): void;
  pushText(text: string): void;
  drop(): void;
  close(): Promise<void>;
}

/** Answers listen calls `{ listening, event }` (a params `capability` of "refused" gets an error); records every request. */
async function startServer(): Promise<Server> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  const sockets = new Set<ServerSocket>();
  const server: Server = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    requests: [],
    connections: 0,
    push: (method, params) =>
      server.pushText(
        JSON.stringify(params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params }),
      ),
    pushText: (text) => sockets.forEach((s) => s.send(text)),
    drop: () => sockets.forEach((s) => s.terminate()),
    close: () => {
      server.drop();
      return new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
  wss.on("connection", (socket) => {
    server.connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("message", (data) => {
      const m = JSON.parse(String(data)) as { id: number; method: string; params: Record<string, unknown> };
      server.requests.push({ method: m.method, params: m.params });
      const answer =
        m.params?.capability === "refused"
          ? { error: { code: -32001, message: "not allowed" } }
          : { result: { listening: m.params?.listen === true, event: m.method } };
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: m.id, ...answer }));
    });
  });
  return server;
}

const API: ApiSpec = {
  name: "events",
  keyed: { paramStructure: "by-name", envelope: "jsonrpc", methodIn: "body" },
  methods: {
    "room.event": {
      params: [],
      subscription: {
        mode: "events",
        notification: "room.event",
        unsubscribe: "",
        eventParams: ["payload"],
        itemKeys: ["room", "text"],
      },
    },
    ["__proto__"]: {
      params: [],
      subscription: { mode: "events", notification: "__proto__", unsubscribe: "", eventParams: ["__proto__"] },
    },
    "Device.onNameChanged": {
      params: ["listen"],
      structure: "by-name",
      subscription: {
        mode: "listen",
        notification: "Device.onNameChanged",
        aliases: ["Device.nameChanged"],
        unsubscribe: "Device.onNameChanged",
        listen: "listen",
      },
    },
    "Capabilities.onAvailable": {
      params: ["capability", "listen"],
      structure: "by-name",
      subscription: {
        mode: "listen",
        notification: "Capabilities.onAvailable",
        unsubscribe: "Capabilities.onAvailable",
        listen: "listen",
        itemKeys: ["available", "capability"],
      },
    },
    "Positional.onTick": {
      params: ["every", "listen", "unit"],
      structure: "by-position",
      subscription: {
        mode: "listen",
        notification: "Positional.onTick",
        unsubscribe: "Positional.onTick",
        listen: "listen",
      },
    },
  },
};

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(): Promise<{ server: Server; rpc: RpcClient }> {
  const server = await startServer();
  const rpc = createRpcClient(API, {
    transport: webSocket(server.url, { WebSocket: WebSocket as never, reconnect: { attempts: 3, delay: 10 } }),
    retryCount: 0,
  });
  cleanups.push(
    () => server.close(),
    () => rpc.close(),
  );
  return { server, rpc };
}

const open = (rpc: RpcClient, method: string, ...args: unknown[]): Promise<Subscription<unknown>> =>
  rpc.subscribe(method, args);
const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
};
const next = async (sub: Subscription<unknown>): Promise<unknown> => (await sub[Symbol.asyncIterator]().next()).value;

describe("pushed notifications (mode events)", () => {
  it("opens the socket and sends nothing; yields the payload whether sent as the params, by name or by position", async () => {
    const { server, rpc } = await setup();
    const sub = await open(rpc, "room.event");
    expect(server.connections).toBe(1);
    expect(sub.id).toBe("");
    const room = { room: "lobby", text: "hi" };
    server.push("room.other", room); // another notification: not this one's
    server.push("room.event", room);
    server.push("room.event", { payload: room });
    server.push("room.event", [room]);
    const it = sub[Symbol.asyncIterator]();
    expect([(await it.next()).value, (await it.next()).value, (await it.next()).value]).toEqual([room, room, room]);
    await sub.unsubscribe();
    expect(server.requests).toEqual([]);
  });

  it("a stopped listener gets nothing more, and a later one only what comes after it", async () => {
    const { server, rpc } = await setup();
    const watch = await open(rpc, "room.event");
    const first = await open(rpc, "room.event");
    await first.unsubscribe();
    server.push("room.event", { room: "a", text: "after the first stopped" });
    expect(await next(watch)).toEqual({ room: "a", text: "after the first stopped" }); // it has arrived
    const second = await open(rpc, "room.event");
    server.push("room.event", { room: "b", text: "for the second" });
    expect(await next(second)).toEqual({ room: "b", text: "for the second" });
    expect(await first[Symbol.asyncIterator]().next()).toEqual({ value: undefined, done: true });
  });

  it("passes garbage params on as the item (the client's item validators judge it), and never throws", async () => {
    const { server, rpc } = await setup();
    const sub = await open(rpc, "room.event");
    server.pushText('{"jsonrpc":"2.0","method":"room.event","params":"garbage"}');
    server.pushText('{"jsonrpc":"2.0","method":"room.event"}');
    server.pushText('{"jsonrpc":"2.0","method":"room.event","params":[]}');
    server.pushText("not json at all");
    const it = sub[Symbol.asyncIterator]();
    expect([(await it.next()).value, (await it.next()).value, (await it.next()).value]).toEqual([
      "garbage",
      null,
      null,
    ]);
  });

  it("ends with a SubscriptionError when a payload is past bufferBytes, the unread items dropped (as an id subscription does)", async () => {
    const { server, rpc } = await setup();
    const sub = await open(rpc, "room.event", { bufferBytes: 4096 });
    server.push("room.event", { room: "small", text: "x" });
    server.push("room.event", { room: "huge", text: "x".repeat(100_000) });
    await new Promise((r) => setTimeout(r, 50));
    const it = sub[Symbol.asyncIterator]();
    await expect(it.next()).rejects.toThrow(SubscriptionError);
    await expect(it.next()).resolves.toEqual({ value: undefined, done: true });
  });

  it("takes __proto__ as a method name and a param name, as data", async () => {
    const { server, rpc } = await setup();
    const proto = await open(rpc, "__proto__");
    const room = await open(rpc, "room.event");
    server.pushText('{"jsonrpc":"2.0","method":"__proto__","params":{"__proto__":{"polluted":true}}}');
    server.push("room.event", { room: "r", text: "t" });
    expect(await next(proto)).toEqual({ polluted: true });
    expect(await next(room)).toEqual({ room: "r", text: "t" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("after a dropped socket reconnects and tells onGap; listens on", async () => {
    const { server, rpc } = await setup();
    const gaps: unknown[] = [];
    const sub = await open(rpc, "room.event", { onGap: (g: unknown) => gaps.push(g) });
    server.push("room.event", { room: "1", text: "before" });
    expect(await next(sub)).toEqual({ room: "1", text: "before" });
    server.drop();
    await until(() => gaps.length === 1, "the gap report");
    expect(gaps).toEqual([{ lastSeen: { room: "1", text: "before" }, backfilled: 0 }]);
    server.push("room.event", { room: "2", text: "after" });
    expect(await next(sub)).toEqual({ room: "2", text: "after" });
    expect(server.requests).toEqual([]);
  });

  it("over HTTP rejects at once, sending nothing", async () => {
    const rpc = createRpcClient(API, { url: "http://127.0.0.1:9/x", retryCount: 0 });
    await expect(open(rpc, "room.event")).rejects.toThrow(/needs a transport with the "subscriptions" capability/);
  });
});

describe("Firebolt's listen methods (mode listen)", () => {
  it("calls with listen: true, yields events sent as the method's or the notifier's notifications, calls with listen: false", async () => {
    const { server, rpc } = await setup();
    const sub = await open(rpc, "Device.onNameChanged");
    expect(server.requests).toEqual([{ method: "Device.onNameChanged", params: { listen: true } }]);
    server.push("Device.onNameChanged", { value: "Kitchen" });
    server.push("Device.nameChanged", { name: "Hall" });
    server.push("Device.name", { value: "not an event" });
    const it = sub[Symbol.asyncIterator]();
    expect([(await it.next()).value, (await it.next()).value]).toEqual(["Kitchen", "Hall"]);
    await sub.unsubscribe();
    expect(server.requests[1]).toEqual({ method: "Device.onNameChanged", params: { listen: false } });
    // The server keeps pushing for a listener that stopped: nothing is delivered, nothing breaks.
    server.push("Device.onNameChanged", { value: "late" });
    await expect(it.next()).resolves.toEqual({ value: undefined, done: true });
  });

  it("sends the other params by name beside listen, and reads the event beside its context or whole", async () => {
    const { server, rpc } = await setup();
    const sub = await open(rpc, "Capabilities.onAvailable", { capability: "xrn:cap", listen: false });
    expect(server.requests[0]).toEqual({
      method: "Capabilities.onAvailable",
      params: { capability: "xrn:cap", listen: true },
    });
    const info = { capability: "xrn:cap", available: true };
    server.push("Capabilities.onAvailable", { capability: "xrn:cap", info });
    server.push("Capabilities.onAvailable", info);
    const it = sub[Symbol.asyncIterator]();
    expect([(await it.next()).value, (await it.next()).value]).toEqual([info, info]);
  });

  it("puts listen at its place for by-position methods", async () => {
    const { server, rpc } = await setup();
    const sub = await open(rpc, "Positional.onTick", 5);
    await sub.unsubscribe();
    expect(server.requests).toEqual([
      { method: "Positional.onTick", params: [5, true] },
      { method: "Positional.onTick", params: [5, false] },
    ]);
  });

  it("sends listen: false only when the last listener of the same method and params stops", async () => {
    const { server, rpc } = await setup();
    const a = await open(rpc, "Device.onNameChanged");
    const b = await open(rpc, "Device.onNameChanged");
    server.push("Device.onNameChanged", { value: "both" });
    expect([await next(a), await next(b)]).toEqual(["both", "both"]);
    await a.unsubscribe();
    expect(server.requests.filter((r) => (r.params as { listen: boolean }).listen === false)).toEqual([]);
    await b.unsubscribe();
    expect(server.requests.at(-1)).toEqual({ method: "Device.onNameChanged", params: { listen: false } });
  });

  it("a refused listen call rejects with the server's error and leaves no listener counted", async () => {
    const { server, rpc } = await setup();
    await expect(open(rpc, "Capabilities.onAvailable", { capability: "refused" })).rejects.toThrow(JsonRpcError);
    const sub = await open(rpc, "Capabilities.onAvailable", { capability: "refused2" });
    await sub.unsubscribe();
    expect(server.requests.map((r) => (r.params as { listen: boolean }).listen)).toEqual([true, true, false]);
  });

  it("aborting the signal calls with listen: false and the waiting next() rejects with AbortError", async () => {
    const { server, rpc } = await setup();
    const controller = new AbortController();
    const sub = await open(rpc, "Device.onNameChanged", { signal: controller.signal });
    const waiting = sub[Symbol.asyncIterator]().next();
    controller.abort();
    await expect(waiting).rejects.toThrow(AbortError);
    await until(() => server.requests.length === 2, "the listen: false call");
    expect(server.requests[1]).toEqual({ method: "Device.onNameChanged", params: { listen: false } });
  });

  it("a server flooding past bufferSize ends it with a SubscriptionError and calls with listen: false", async () => {
    const { server, rpc } = await setup();
    const sub = await open(rpc, "Device.onNameChanged", { bufferSize: 5 });
    for (let i = 0; i < 50; i++) server.push("Device.onNameChanged", { value: `flood ${i}` });
    await until(() => server.requests.length === 2, "the listen: false call");
    expect(server.requests[1]).toEqual({ method: "Device.onNameChanged", params: { listen: false } });
    const it = sub[Symbol.asyncIterator]();
    await expect(it.next()).rejects.toThrow(/more than 5 items \(bufferSize\)/);
    await expect(it.next()).resolves.toEqual({ value: undefined, done: true });
  });

  it("after a dropped socket listens again (listen: true on the new socket) and tells onGap", async () => {
    const { server, rpc } = await setup();
    const gaps: unknown[] = [];
    const sub = await open(rpc, "Device.onNameChanged", { onGap: (g: unknown) => gaps.push(g) });
    server.drop();
    await until(() => gaps.length === 1, "the gap report");
    expect(server.requests.map((r) => r.params)).toEqual([{ listen: true }, { listen: true }]);
    server.push("Device.onNameChanged", { value: "again" });
    expect(await next(sub)).toBe("again");
  });
});
