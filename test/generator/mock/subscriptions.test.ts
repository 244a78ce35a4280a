/**
 * The mock server's WebSocket subscriptions on the real specs: subscribe answers an id, the
 * notifications carry items that fit the variant's documented item schema, unsubscribe stops
 * them, invalid params get -32602, and plain calls work over the same socket.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { DocumentModel } from "../../../generator/model/document.js";
import { startMockServer, type MockServer } from "../../../generator/mock/server.js";
import { loadModels, schemaChecker, SPECS } from "./fixtures.js";

let mock: MockServer;
let models: Record<string, DocumentModel>;

beforeAll(async () => {
  [mock, models] = await Promise.all([
    startMockServer({ specs: SPECS, port: 0, limits: { wsNotifyIntervalMs: 20 } }),
    loadModels(),
  ]);
});
afterAll(async () => {
  await mock?.close();
});

/** A socket that records every message it receives. */
async function connect(path: string): Promise<{
  ws: WebSocket;
  messages: Record<string, unknown>[];
  send(value: unknown): void;
  reply(id: number): Promise<Record<string, unknown>>;
  close(): void;
}> {
  const ws = new WebSocket(`${mock.url.replace("http", "ws")}${path}`);
  const messages: Record<string, unknown>[] = [];
  ws.on("message", (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  const until = async (check: () => boolean): Promise<void> => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  };
  return {
    ws,
    messages,
    send: (value) => ws.send(JSON.stringify(value)),
    reply: async (id) => {
      await until(() => messages.some((m) => m.id === id));
      return messages.find((m) => m.id === id)!;
    },
    close: () => ws.close(),
  };
}

const wait = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe("mock subscriptions", () => {
  it.each([
    { kind: "newHeads", params: ["newHeads"], type: "Head" },
    { kind: "logs", params: ["logs", { address: "0x" + "ab".repeat(20) }], type: "Log" },
    { kind: "newPendingTransactions", params: ["newPendingTransactions"], type: "Hash32" },
  ])("eth_subscribe $kind pushes items that fit $type until eth_unsubscribe", async ({ params, type }) => {
    const c = await connect("/eth/key");
    c.send({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params });
    const id = (await c.reply(1)).result;
    expect(id).toMatch(/^0x[0-9a-f]+$/);
    await wait(120);
    const items = c.messages
      .filter((m) => m.method === "eth_subscription")
      .map((m) => m.params as { subscription: unknown; result: unknown });
    expect(items.length).toBeGreaterThanOrEqual(2);
    const check = schemaChecker(models.eth!);
    for (const item of items) {
      expect(item.subscription).toBe(id);
      expect(check(type, item.result)).toEqual([]);
    }
    c.send({ jsonrpc: "2.0", id: 2, method: "eth_unsubscribe", params: [id] });
    expect((await c.reply(2)).result).toBe(true);
    const count = c.messages.filter((m) => m.method === "eth_subscription").length;
    await wait(100);
    expect(c.messages.filter((m) => m.method === "eth_subscription").length).toBe(count);
    c.send({ jsonrpc: "2.0", id: 3, method: "eth_unsubscribe", params: [id] });
    expect((await c.reply(3)).result).toBe(false);
    c.close();
  });

  it("gives every subscription its own id and answers plain calls on the same socket", async () => {
    const c = await connect("/solana/key");
    c.send({
      jsonrpc: "2.0",
      id: 1,
      method: "accountSubscribe",
      params: ["CM78CPUeXjn8o3yroDHxUtKsZZgoy4GPkPPXfouKNH12", { encoding: "base58" }],
    });
    c.send({ jsonrpc: "2.0", id: 2, method: "slotSubscribe", params: [] });
    c.send({ jsonrpc: "2.0", id: 3, method: "getBlockHeight", params: [] });
    const [a, s, h] = [await c.reply(1), await c.reply(2), await c.reply(3)];
    expect(typeof a.result).toBe("number");
    expect(typeof s.result).toBe("number");
    expect(a.result).not.toBe(s.result);
    expect(typeof h.result).toBe("number");
    await wait(100);
    const check = schemaChecker(models.solana!);
    const account = c.messages.filter((m) => m.method === "accountNotification");
    const slots = c.messages.filter((m) => m.method === "slotNotification");
    expect(account.length).toBeGreaterThan(0);
    expect(slots.length).toBeGreaterThan(0);
    for (const m of account) expect(check("AccountNotification", (m.params as { result: unknown }).result)).toEqual([]);
    for (const m of slots) expect(check("SlotInfo", (m.params as { result: unknown }).result)).toEqual([]);
    c.close();
  });

  it("refuses invalid subscribe params with -32602 and starts nothing", async () => {
    const c = await connect("/eth/key");
    c.send({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newBlocks"] });
    expect(((await c.reply(1)).error as { code: number }).code).toBe(-32602);
    await wait(80);
    expect(c.messages.filter((m) => m.method === "eth_subscription")).toEqual([]);
    c.close();
  });

  it("refuses an interval that is not a whole number of milliseconds", async () => {
    await expect(startMockServer({ specs: SPECS, port: 0, limits: { wsNotifyIntervalMs: 0 } })).rejects.toThrow(
      "The limit wsNotifyIntervalMs (--ws-notify-interval-ms) must be a whole number from 1 to 2147483647, not 0.",
    );
    await expect(startMockServer({ specs: SPECS, port: 0, limits: { wsMaxSubscriptions: 1.5 } })).rejects.toThrow(
      "The limit wsMaxSubscriptions (--ws-max-subscriptions) must be a whole number from 1 to 2147483647, not 1.5.",
    );
  });

  it("starts a subscription's notifications only after the answer with its id, also in a batch", async () => {
    const c = await connect("/eth/key");
    c.send([1, 2, 3].map((id) => ({ jsonrpc: "2.0", id, method: "eth_subscribe", params: ["newHeads"] })));
    await wait(120);
    const first = c.messages.findIndex((m) => m.method === "eth_subscription");
    expect(first).toBeGreaterThan(0);
    expect(Array.isArray(c.messages[0])).toBe(true);
    const ids = (c.messages[0] as unknown as { result: string }[]).map((a) => a.result);
    expect(new Set(ids).size).toBe(3);
    const seen = new Set(c.messages.slice(1).map((m) => (m.params as { subscription: string }).subscription));
    expect([...seen].sort()).toEqual([...ids].sort());
    c.close();
  });
});
