/**
 * Notifications described as methods (generator/normalize/notification-methods.ts), the convention
 * of Starknet's WebSocket API: `<ns>_subscribe<X>` + `<ns>_subscription<X>` (no result, params
 * `[subscription_id, result]`) + `<ns>_unsubscribe`. The subscribe methods become subscriptions
 * typed by the notification's `result` param, the notification methods are not generated as calls,
 * the generated package compiles under strict tsc, and its client receives the items the project's
 * mock pushes over a real WebSocket on 127.0.0.1. The hostile probes (a notification without
 * params, a `result` param that is `false`, a notification that is a real method, an unsubscribe
 * without params, an ambiguous pairing) each give a warning at the subscribe method and output that
 * compiles.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import type { PackageResult } from "../../../generator/commands/pipeline.js";
import { startMockServer, type MockServer } from "../../../generator/mock/server.js";
import type { DocumentModel } from "../../../generator/model/document.js";
import { generateInto, take, typecheck, wsClientOf, type Sub } from "../../helpers/generated-package.js";

const FIXTURE = "test/fixtures/openrpc/notification-methods.openrpc.json";

const id = { name: "subscription_id", required: true, schema: { type: "string" } };
const item = { name: "result", required: true, schema: { type: "integer" } };
const idResult = { name: "subscription_id", schema: { type: "string" } };
/** One namespace per probe; each breaks the convention in one way. */
const PROBES = {
  openrpc: "1.3.2",
  info: { title: "Notification Probes", version: "1.0.0" },
  methods: [
    // A notification method with no params.
    { name: "a_subscribeX", params: [], result: idResult },
    { name: "a_subscriptionX", params: [] },
    { name: "a_unsubscribe", params: [id], result: { name: "ok", schema: { type: "boolean" } } },
    // A result param whose schema is `false`.
    { name: "b_subscribeX", params: [], result: idResult },
    { name: "b_subscriptionX", params: [id, { ...item, schema: false }] },
    { name: "b_unsubscribe", params: [id], result: { name: "ok", schema: { type: "boolean" } } },
    // The notification's name is a real method (it has a result).
    { name: "c_subscribeX", params: [], result: idResult },
    { name: "c_subscriptionX", params: [id, item], result: { name: "n", schema: { type: "integer" } } },
    { name: "c_unsubscribe", params: [id], result: { name: "ok", schema: { type: "boolean" } } },
    // An unsubscribe that takes no params.
    { name: "d_subscribeX", params: [], result: idResult },
    { name: "d_subscriptionX", params: [id, item] },
    { name: "d_unsubscribe", params: [], result: { name: "ok", schema: { type: "boolean" } } },
    // Two notifications close to the subscribe name, neither exact.
    { name: "f_subscribeNewThings", params: [], result: idResult },
    { name: "f_subscriptionNewThing", params: [id, item] },
    { name: "f_subscriptionNew", params: [id, item] },
    { name: "f_unsubscribe", params: [id], result: { name: "ok", schema: { type: "boolean" } } },
    // Two subscribe methods close to one notification name.
    { name: "g_subscribeThings", params: [], result: idResult },
    { name: "g_subscribeThingz", params: [], result: idResult },
    { name: "g_subscriptionThing", params: [id, item] },
    { name: "g_unsubscribe", params: [id], result: { name: "ok", schema: { type: "boolean" } } },
    // The eth_subscribe convention with an unsubscribe that takes no params.
    { name: "e_subscribe", params: [], result: idResult },
    { name: "e_unsubscribe", params: [], result: { name: "ok", schema: { type: "boolean" } } },
  ],
};

let out = "";
let fixture: PackageResult;
let probes: PackageResult;
let checked: Promise<string>;
const modelOf = (result: PackageResult): DocumentModel => result.documents[0]!;

beforeAll(async () => {
  out = await mkdtemp(path.join(os.tmpdir(), "notification-methods-"));
  await writeFile(path.join(out, "probes.openrpc.json"), JSON.stringify(PROBES));
  fixture = await generateInto(out, "notifications", [FIXTURE]);
  probes = await generateInto(out, "probes", [path.join(out, "probes.openrpc.json")]);
  const sub = modelOf(fixture).subpath;
  // What a user writes: the subscription's items are typed, and the notification methods are no members.
  await writeFile(
    path.join(out, "notifications", "use.ts"),
    [
      `import { ${modelOf(fixture).factory}, type Head } from "./src/${sub}/index.js";`,
      `declare const client: ReturnType<typeof ${modelOf(fixture).factory}>;`,
      "export async function heads(onHead: (head: Head) => void): Promise<number[]> {",
      "  const numbers: number[] = [];",
      "  const sub = await client.chain_subscribeNewHeads(7);",
      "  for await (const head of sub) onHead(head);",
      "  const txs = await client.chain_subscribeNewTransactions();",
      "  for await (const tx of txs) numbers.push(tx.hash.length + tx.sender.length);",
      "  // @ts-expect-error a notification method is pushed by the server, not called",
      "  void client.chain_subscriptionNewHeads;",
      "  // @ts-expect-error Reorg belongs to no single subscription and is not a call either",
      "  void client.chain_subscriptionReorg;",
      "  return [...numbers, await client.chain_blockNumber()];",
      "}",
      "",
    ].join("\n"),
  );
  checked = typecheck(out, ["notifications/src", "notifications/use.ts", "probes/src"]);
}, 120_000);
afterAll(async () => {
  await checked;
  if (out) await rm(out, { recursive: true, force: true });
}, 240_000);

describe("notification methods (the <ns>_subscribe<X> convention)", () => {
  it("pairs each subscribe method with its notification, exact or the one close name, typed by its result param", () => {
    const model = modelOf(fixture);
    const subs = Object.fromEntries(
      model.methods.filter((m) => m.subscription).map((m) => [m.rpcName, m.subscription]),
    );
    expect(subs).toEqual({
      chain_subscribeNewHeads: expect.objectContaining({
        notification: "chain_subscriptionNewHeads",
        unsubscribe: "chain_unsubscribe",
        notificationParams: ["subscription_id", "result"],
        itemType: "Head",
      }),
      chain_subscribeNewTransactions: expect.objectContaining({
        notification: "chain_subscriptionNewTransaction",
        itemType: "ChainSubscribeNewTransactionsItem",
        itemPointer: "#/methods/4/params/1/schema",
        item: expect.objectContaining({ required: ["hash", "sender"] }),
      }),
    });
  });

  it("generates no call for a notification method, and warns that Reorg is delivered to no subscription", () => {
    const model = modelOf(fixture);
    expect(model.methods.map((m) => m.rpcName)).toEqual([
      "chain_blockNumber",
      "chain_subscribeNewHeads",
      "chain_subscribeNewTransactions",
      "chain_unsubscribe",
    ]);
    const warnings = model.warnings.filter((w) => w.rule === "subscription-convention");
    expect(warnings.map((w) => [w.pointer, w.message.split(" (")[0]])).toEqual([
      ["/methods/1", 'method "chain_subscribeNewHeads" is taken as a subscription'],
      ["/methods/3", 'method "chain_subscribeNewTransactions" is taken as a subscription'],
      [
        "/methods/5",
        'method "chain_subscriptionReorg" is a notification of the chain_subscribe… convention that belongs to no single subscribe method; it is not generated as a call, and the generated client does not deliver it to any subscription.',
      ],
    ]);
    const client = [...fixture.files].find(([name]) => name.endsWith("/client.ts") && !name.includes("runtime"))![1];
    expect(client).toContain("Promise<Subscription<Head>>");
    expect(client).not.toMatch(/chain_subscription(NewHeads|NewTransaction|Reorg)\(/);
  });

  it.each([
    ["a_subscribeX", "/methods/0", "whose params are not the two the a_subscribe… convention needs"],
    ["b_subscribeX", "/methods/3", "schema is `false`, which no item fits, so the items are typed unknown"],
    ["c_subscribeX", "/methods/6", '"c_subscriptionX" is a method with a result (a call), not a notification'],
    ["d_subscribeX", "/methods/9", '"d_unsubscribe" takes no params'],
    ["f_subscribeNewThings", "/methods/12", "could pair with several notification methods"],
    ["g_subscribeThings", "/methods/16", 'which "g_subscribeThings" and "g_subscribeThingz" would pair with too'],
    ["g_subscribeThingz", "/methods/17", 'which "g_subscribeThings" and "g_subscribeThingz" would pair with too'],
    ["e_subscribe", "/methods/20", '"e_unsubscribe" takes no params'],
  ])("warns at %s (%s) when it breaks the convention", (name, pointer, reason) => {
    const model = modelOf(probes);
    const warning = model.warnings.find((w) => w.rule === "subscription-convention" && w.pointer === pointer);
    expect(warning?.message).toContain(`method "${name}"`);
    expect(warning?.message).toContain(reason);
    expect(warning?.hint).toBeTruthy();
    const method = model.methods.find((m) => m.rpcName === name)!;
    expect(method.subscription !== undefined).toBe(name === "b_subscribeX");
  });

  it("keeps the broken look-alikes as plain calls and drops only the recognized notification", () => {
    const names = modelOf(probes).methods.map((m) => m.rpcName);
    expect(names).not.toContain("b_subscriptionX");
    for (const kept of [
      "a_subscriptionX",
      "c_subscriptionX",
      "d_subscriptionX",
      "f_subscriptionNew",
      "g_subscriptionThing",
    ])
      expect(names).toContain(kept);
  });

  it("the generated packages and a user's code type-check under strict tsc", async () => {
    expect(await checked).toBe("");
  }, 240_000);
});

describe("the generated client receives the pushed items over a real WebSocket", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ specs: [FIXTURE], port: 0, limits: { wsNotifyIntervalMs: 20 } });
  });
  afterAll(async () => {
    await mock?.close();
  });

  const clientOver = (url: string) => wsClientOf(out, "notifications", fixture, url);

  it("chain_subscribeNewHeads yields Head items from chain_subscriptionNewHeads { subscription_id, result }", async () => {
    const client = await clientOver(mock.url.replace(/^http/, "ws"));
    try {
      const subscribe = client.chain_subscribeNewHeads as (...args: unknown[]) => Promise<Sub>;
      const heads = await take(await subscribe(), 2);
      expect(heads).toEqual([
        expect.objectContaining({ number: expect.any(Number), hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) }),
        expect.objectContaining({ number: expect.any(Number) }),
      ]);
      const transactions = client.chain_subscribeNewTransactions as (...args: unknown[]) => Promise<Sub>;
      const [tx] = await take(await transactions(), 1);
      expect(Object.keys(tx as object).sort()).toEqual(["hash", "sender"]);
    } finally {
      client.close();
    }
  });

  it("a notification refused for its depth, under subscription_id, ends its subscription with the error", async () => {
    const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise((resolve) => wss.once("listening", resolve));
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    wss.on("connection", (socket) =>
      socket.on("message", (data) => {
        const request = JSON.parse(String(data)) as { id: number; method: string };
        socket.send(
          JSON.stringify({ jsonrpc: "2.0", id: request.id, result: request.method === "chain_unsubscribe" || "0x2" }),
        );
        if (request.method !== "chain_subscribeNewHeads") return;
        const head = { number: 1, hash: `0x${"ab".repeat(32)}` };
        socket.send(
          JSON.stringify({
            jsonrpc: "2.0",
            method: "chain_subscriptionNewHeads",
            params: { subscription_id: "0x2", result: head },
          }),
        );
        socket.send(
          `{"jsonrpc":"2.0","method":"chain_subscriptionNewHeads","params":{"subscription_id":"0x2","result":${deep}}}`,
        );
      }),
    );
    const client = await clientOver(`ws://127.0.0.1:${(wss.address() as { port: number }).port}`);
    const seen: unknown[] = [];
    try {
      const sub = await (client.chain_subscribeNewHeads as (...args: unknown[]) => Promise<Sub>)();
      const ended = await (async () => {
        for await (const head of sub) seen.push(head);
      })().then(
        () => "ended without an error",
        (error: Error) => error.message,
      );
      expect(seen).toHaveLength(1);
      expect(ended).toContain("was refused");
    } finally {
      client.close();
      for (const socket of wss.clients) socket.terminate();
      await new Promise((resolve) => wss.close(resolve));
    }
  });

  it("reads the id and item by position too, and the id under `subscription` (jsonrpsee's name)", async () => {
    const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise((resolve) => wss.once("listening", resolve));
    const forms = [
      (sid: string, n: number) => [sid, { number: n, hash: `0x${"ab".repeat(32)}` }],
      (sid: string, n: number) => ({ subscription: sid, result: { number: n, hash: `0x${"cd".repeat(32)}` } }),
      // Another subscription's item: not delivered.
      (_sid: string, n: number) => ({ subscription_id: "0xdead", result: { number: n, hash: `0x${"ef".repeat(32)}` } }),
      (sid: string, n: number) => ({ subscription_id: sid, result: { number: n, hash: `0x${"01".repeat(32)}` } }),
    ];
    wss.on("connection", (socket) =>
      socket.on("message", (data) => {
        const request = JSON.parse(String(data)) as { id: number; method: string };
        socket.send(
          JSON.stringify({
            jsonrpc: "2.0",
            id: request.id,
            result: request.method === "chain_unsubscribe" ? true : "0x1",
          }),
        );
        if (request.method !== "chain_subscribeNewHeads") return;
        forms.forEach((form, n) =>
          socket.send(JSON.stringify({ jsonrpc: "2.0", method: "chain_subscriptionNewHeads", params: form("0x1", n) })),
        );
      }),
    );
    const port = (wss.address() as { port: number }).port;
    const client = await clientOver(`ws://127.0.0.1:${port}`);
    try {
      const subscribe = client.chain_subscribeNewHeads as (...args: unknown[]) => Promise<Sub>;
      const heads = (await take(await subscribe(), 3)) as { number: number }[];
      expect(heads.map((h) => h.number)).toEqual([0, 1, 3]);
    } finally {
      client.close();
      for (const socket of wss.clients) socket.terminate();
      await new Promise((resolve) => wss.close(resolve));
    }
  });
});
