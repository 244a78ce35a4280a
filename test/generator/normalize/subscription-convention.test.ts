/**
 * The `eth_subscribe` convention without `x-subscription` (generator/normalize/conventions.ts):
 * `<ns>_subscribe` + `<ns>_unsubscribe` (taking the id) is a subscription with `<ns>_subscription`
 * notifications and `unknown` items, with a warning that says how to type them; the client offers
 * it as a subscribe member, and the mock pushes its notifications over a real WebSocket. Look-alikes
 * that break the convention stay plain calls (with a warning when the document has the unsubscribe
 * or the notification name, so it looks meant for the convention).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { generatePackage } from "../../../generator/commands/pipeline.js";
import { loadSpec } from "../../../generator/load/load.js";
import { startMockServer, type MockServer } from "../../../generator/mock/server.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { normalizedMethods } from "../../helpers/spec.js";
import { ROOT } from "../../../generator/root.js";

const FIXTURE = "test/fixtures/openrpc/subscribe-convention.openrpc.json";

const id = { name: "id", required: true, schema: { type: "string" } };
const result = { name: "r", schema: { type: "string" } };

describe("the eth_subscribe convention", () => {
  it("makes eth_subscribe a subscription with eth_subscription notifications and unknown items, with a warning", async () => {
    const model = normalizeDocument(await loadSpec(FIXTURE, ROOT));
    const subscribe = model.methods.find((m) => m.rpcName === "eth_subscribe")!;
    expect(subscribe.subscription).toMatchObject({
      notification: "eth_subscription",
      unsubscribe: "eth_unsubscribe",
      itemType: "EthSubscribeItem",
      variants: [],
    });
    expect(model.methods.filter((m) => m.subscription).map((m) => m.rpcName)).toEqual(["eth_subscribe"]);
    expect(model.warnings.filter((w) => w.rule === "subscription-convention")).toEqual([
      expect.objectContaining({
        pointer: "/methods/0",
        message: expect.stringContaining('method "eth_subscribe" is taken as a subscription'),
      }),
    ]);
  });

  it("generates a subscribe member (WebSocket) and no plain call for it", async () => {
    const { files } = await generatePackage({ specs: [FIXTURE], packageName: "@t/conv", cwd: ROOT });
    const client = [...files].find(([name]) => name.endsWith("/client.ts") && !name.includes("runtime"))![1];
    const subscriptions = client.slice(client.indexOf("Subscriptions {"), client.indexOf("function subscriptions("));
    expect(subscriptions).toMatch(/eth_subscribe\(\s*subscriptionType/);
    expect(subscriptions).toContain("Promise<Subscription<EthSubscribeItem>>");
    expect(client).toContain('subscribe("eth_subscribe", args)');
    expect(client).not.toContain('call("eth_subscribe"');
    expect(client).toContain('call("eth_unsubscribe"');
  });

  it.each([
    [
      "an unsubscribe that takes no params",
      [
        { name: "foo_subscribe", result },
        { name: "foo_unsubscribe", result },
      ],
      '"foo_unsubscribe" takes no params',
    ],
    [
      "a method named like the notification",
      [
        { name: "foo_subscribe", result },
        { name: "foo_unsubscribe", params: [id], result },
        { name: "foo_subscription", result },
      ],
      'the document has a method "foo_subscription"',
    ],
  ])("is not recognized, with a warning at the subscribe method, with %s", (_what, methods, reason) => {
    const model = normalizedMethods(methods);
    expect(model.methods.filter((m) => m.subscription)).toEqual([]);
    expect(model.methods.map((m) => m.rpcName)).toEqual(methods.map((m) => m.name));
    expect(model.warnings.filter((w) => w.rule === "subscription-convention")).toEqual([
      expect.objectContaining({
        pointer: "/methods/0",
        message: expect.stringMatching(new RegExp(`^method "foo_subscribe" is not taken as a subscription.*${reason}`)),
      }),
    ]);
  });

  it.each([
    ["no unsubscribe method", [{ name: "foo_subscribe", result }]],
    ["a subscribe without a result", [{ name: "foo_subscribe" }, { name: "foo_unsubscribe", params: [id], result }]],
    [
      "another namespace's unsubscribe",
      [
        { name: "foo_subscribe", result },
        { name: "bar_unsubscribe", params: [id], result },
      ],
    ],
  ])("is not recognized with %s", (_what, methods) => {
    const model = normalizedMethods(methods);
    expect(model.methods.filter((m) => m.subscription)).toEqual([]);
    expect(model.warnings.filter((w) => w.rule === "subscription-convention")).toEqual([]);
  });

  it("leaves a method's own x-subscription as it is, and works in other namespaces", () => {
    const own = {
      name: "foo_subscribe",
      result,
      "x-subscription": { notification: "foo_event", unsubscribe: "foo_unsubscribe", item: { type: "integer" } },
    };
    const model = normalizedMethods([
      own,
      { name: "foo_unsubscribe", params: [id], result },
      { name: "bar_subscribe", result },
      { name: "bar_unsubscribe", params: [id], result },
    ]);
    const subs = Object.fromEntries(model.methods.map((m) => [m.rpcName, m.subscription?.notification]));
    expect(subs).toMatchObject({ foo_subscribe: "foo_event", bar_subscribe: "bar_subscription" });
  });
});

describe("the mock serves the convention over a real WebSocket", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ specs: [FIXTURE], port: 0, limits: { wsNotifyIntervalMs: 20 } });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it("eth_subscribe answers an id, eth_subscription pushes items, eth_unsubscribe stops them", async () => {
    const ws = new WebSocket(mock.url.replace(/^http/, "ws"));
    const messages: Record<string, unknown>[] = [];
    ws.on("message", (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const reply = async (n: number) => {
      for (let i = 0; i < 200 && !messages.some((m) => m.id === n); i++) await new Promise((r) => setTimeout(r, 10));
      return messages.find((m) => m.id === n);
    };
    const pushed = () => messages.filter((m) => m.method === "eth_subscription");
    try {
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }));
      const subscription = (await reply(1))?.result;
      expect(typeof subscription).toBe("string");
      for (let i = 0; i < 200 && pushed().length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(pushed().length).toBeGreaterThanOrEqual(2);
      for (const m of pushed()) expect((m.params as { subscription: unknown }).subscription).toBe(subscription);
      ws.send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "eth_unsubscribe", params: [subscription] }));
      expect((await reply(2))?.result).toBe(true);
      const count = pushed().length;
      await new Promise((r) => setTimeout(r, 100));
      expect(pushed().length).toBe(count);
    } finally {
      ws.close();
    }
  });
});
