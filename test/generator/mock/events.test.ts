/**
 * The mock server's subscriptions without an id (generator/mock/events.ts), over raw WebSocket
 * clients on 127.0.0.1 against test/fixtures/openrpc/event-methods.openrpc.json: pushed
 * notifications from the moment a socket opens, laid out as each method takes its params; listen
 * calls that start (once per method and params) and stop the pushes; the limit per connection; and
 * hostile calls (params that break the spec, a `__proto__` key) answered with errors, no timer left.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startMockServer, type MockServer } from "../../../generator/mock/server.js";

const FIXTURE = "test/fixtures/openrpc/event-methods.openrpc.json";
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({
    specs: [FIXTURE],
    port: 0,
    limits: { wsNotifyIntervalMs: 10, wsMaxSubscriptions: 2 },
  });
});
afterAll(async () => {
  await mock?.close();
});

interface Message {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

async function connect(): Promise<{
  messages: Message[];
  of(method: string): Message[];
  call(id: number, method: string, params: unknown): Promise<Message>;
  close(): void;
}> {
  const ws = new WebSocket(mock.url.replace("http", "ws"));
  const messages: Message[] = [];
  ws.on("message", (data) => messages.push(JSON.parse(data.toString()) as Message));
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  return {
    messages,
    of: (method) => messages.filter((m) => m.method === method && m.id === undefined),
    call: async (id, method, params) => {
      ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
      await until(() => messages.some((m) => m.id === id));
      return messages.find((m) => m.id === id)!;
    },
    close: () => ws.close(),
  };
}
const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};
const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe("pushed notifications (events)", () => {
  it("start when the socket opens, without any request, each laid out as its method takes params", async () => {
    const c = await connect();
    await until(() => c.of("game:notification/players/joined").length >= 2 && c.of("room.pair").length >= 2);
    const room = c.of("room.event")[0]!;
    expect(Object.keys(room.params as object)).toEqual(["payload"]); // by name
    expect(Object.keys((room.params as { payload: object }).payload).sort()).toEqual(["room", "text"]);
    expect(c.of("room.tick")[0]).toEqual({ jsonrpc: "2.0", method: "room.tick" }); // no params at all
    expect(typeof (c.of("room.pair")[0]!.params as { count: unknown }).count).toBe("number"); // the fields by name
    const joined = c.of("game:notification/players/joined")[0]!.params as unknown[];
    expect(Array.isArray(joined) && joined.length).toBe(1); // by position
    expect(c.of("__proto__")[0]!.params).toEqual([expect.any(Number)]); // by position: the method leaves it open
    expect(c.of("Device.onPowerChanged")[0]!.params).toEqual([expect.stringMatching(/^(on|standby)$/)]);
    c.close();
  });

  it("does not push Firebolt's event methods until they are listened to", async () => {
    const c = await connect();
    await until(() => c.of("room.event").length >= 3);
    expect(c.of("Device.onNameChanged")).toEqual([]);
    c.close();
  });
});

describe("listen methods", () => {
  it("listen: true answers as the spec does and pushes (a value as { value }, an object as itself) until listen: false", async () => {
    const c = await connect();
    const answer = await c.call(1, "Device.onNameChanged", { listen: true });
    expect(answer.error).toBeUndefined();
    await c.call(2, "Capabilities.onAvailable", { capability: "xrn:cap", listen: true });
    await until(() => c.of("Device.onNameChanged").length >= 2 && c.of("Capabilities.onAvailable").length >= 2);
    expect(Object.keys(c.of("Device.onNameChanged")[0]!.params as object)).toEqual(["value"]);
    expect(Object.keys(c.of("Capabilities.onAvailable")[0]!.params as object).sort()).toEqual([
      "available",
      "capability",
    ]);
    await c.call(3, "Device.onNameChanged", { listen: false });
    await wait(30);
    const count = c.of("Device.onNameChanged").length;
    await wait(60);
    expect(c.of("Device.onNameChanged").length).toBe(count);
    expect(c.of("Capabilities.onAvailable").length).toBeGreaterThan(2); // the other one goes on
    c.close();
  });

  it("one timer per method and params however often listen: true comes; at most wsMaxSubscriptions", async () => {
    const c = await connect();
    await c.call(1, "Device.onNameChanged", { listen: true });
    await c.call(2, "Device.onNameChanged", { listen: true });
    await wait(100);
    // About one per 10 ms, not two: the second listen: true started nothing.
    expect(c.of("Device.onNameChanged").length).toBeLessThan(15);
    expect((await c.call(3, "Capabilities.onAvailable", { capability: "a", listen: true })).error).toBeUndefined();
    const over = await c.call(4, "Capabilities.onAvailable", { capability: "b", listen: true });
    expect(over.error?.code).toBe(-32005);
    expect(over.error?.message).toMatch(/wsMaxSubscriptions/);
    c.close();
  });

  it("refuses params that break the spec (-32602), a __proto__ key included, and starts nothing", async () => {
    const c = await connect();
    const wrong = await c.call(1, "Device.onNameChanged", { listen: "yes" });
    expect(wrong.error?.code).toBe(-32602);
    const proto = await c.call(
      2,
      "Capabilities.onAvailable",
      JSON.parse('{"__proto__":{"x":1},"listen":true,"capability":"c"}'),
    );
    expect(proto.error?.code).toBe(-32602);
    await wait(60);
    expect([c.of("Device.onNameChanged"), c.of("Capabilities.onAvailable")]).toEqual([[], []]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    c.close();
  });
});
