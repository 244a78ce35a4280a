/**
 * Solana's subscription convention without `x-subscription` (generator/normalize/conventions.ts):
 * `<x>Subscribe` + `<x>Unsubscribe` (taking the id) is a subscription with `<x>Notification`
 * notifications `{ subscription, result }`. A described `<x>Notification` (no result) types the
 * items and is not generated as a call; without it the items are unknown, with a warning. The
 * package compiles under strict tsc, and its client receives what the mock pushes over a real
 * WebSocket. Look-alikes that break the convention stay plain calls, warned where they look meant.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PackageResult } from "../../../generator/commands/pipeline.js";
import { startMockServer, type MockServer } from "../../../generator/mock/server.js";
import { normalizedMethods } from "../../helpers/spec.js";
import { generateInto, take, typecheck, wsClientOf, type Sub } from "../../helpers/generated-package.js";

const FIXTURE = "test/fixtures/openrpc/solana-convention.openrpc.json";

let out = "";
let result: PackageResult;
let checked: Promise<string>;
beforeAll(async () => {
  out = await mkdtemp(path.join(os.tmpdir(), "solana-convention-"));
  result = await generateInto(out, "solana", [FIXTURE]);
  const model = result.documents[0]!;
  await writeFile(
    path.join(out, "solana", "use.ts"),
    [
      `import { ${model.factory}, type SlotInfo } from "./src/${model.subpath}/index.js";`,
      `declare const client: ReturnType<typeof ${model.factory}>;`,
      "export async function slots(onSlot: (slot: SlotInfo) => void): Promise<unknown[]> {",
      "  for await (const slot of await client.slotSubscribe()) onSlot(slot);",
      "  const roots: unknown[] = [];",
      "  for await (const root of await client.rootSubscribe()) roots.push(root);",
      "  // @ts-expect-error the described notification is pushed by the server, not called",
      "  void client.slotNotification;",
      "  return [...roots, await client.getSlot(), await client.slotUnsubscribe(1)];",
      "}",
      "",
    ].join("\n"),
  );
  checked = typecheck(out, ["solana/src", "solana/use.ts"]);
}, 120_000);
afterAll(async () => {
  await checked;
  if (out) await rm(out, { recursive: true, force: true });
}, 240_000);

const id = { name: "subscription", required: true, schema: { type: "integer" } };
const answer = { name: "r", schema: { type: "integer" } };

describe("the <x>Subscribe / <x>Unsubscribe / <x>Notification convention", () => {
  it("types slotSubscribe's items from slotNotification's result param, and leaves rootSubscribe's unknown", () => {
    const model = result.documents[0]!;
    const subs = Object.fromEntries(
      model.methods.filter((m) => m.subscription).map((m) => [m.rpcName, m.subscription]),
    );
    expect(subs).toEqual({
      slotSubscribe: expect.objectContaining({
        notification: "slotNotification",
        unsubscribe: "slotUnsubscribe",
        itemType: "SlotInfo",
      }),
      rootSubscribe: expect.objectContaining({
        notification: "rootNotification",
        unsubscribe: "rootUnsubscribe",
        item: {},
      }),
    });
    // `{ subscription, result }` is what the runtime reads anyway: no names to pass on.
    expect(subs.slotSubscribe).not.toHaveProperty("notificationParams");
    expect(model.methods.map((m) => m.rpcName)).toEqual([
      "getSlot",
      "slotSubscribe",
      "slotUnsubscribe",
      "rootSubscribe",
      "rootUnsubscribe",
    ]);
    const warnings = model.warnings.filter((w) => w.rule === "subscription-convention");
    expect(warnings.map((w) => [w.pointer, w.message.split("; ")[1]])).toEqual([
      ["/methods/1", '"slotNotification" is not generated as a call.'],
      ["/methods/4", "the document does not describe the pushed items, so they are typed unknown."],
    ]);
  });

  it.each([
    [
      "a notification that is a real method",
      [
        { name: "fooSubscribe", result: answer },
        { name: "fooUnsubscribe", params: [id], result: answer },
        { name: "fooNotification", params: [id], result: answer },
      ],
      '"fooNotification", the name of its notifications, is a method with a result',
    ],
    [
      "an unsubscribe without params",
      [
        { name: "fooSubscribe", result: answer },
        { name: "fooUnsubscribe", result: answer },
      ],
      '"fooUnsubscribe" takes no params',
    ],
    [
      "a described notification without its params",
      [
        { name: "fooSubscribe", result: answer },
        { name: "fooUnsubscribe", params: [id], result: answer },
        { name: "fooNotification" },
      ],
      "whose params are not the two",
    ],
    [
      "a subscribe without a result",
      [{ name: "fooSubscribe" }, { name: "fooUnsubscribe", params: [id], result: answer }],
      "no result (the subscription id)",
    ],
  ])("is not recognized, with a warning at fooSubscribe, with %s", (_what, methods, reason) => {
    const model = normalizedMethods(methods);
    expect(model.methods.filter((m) => m.subscription)).toEqual([]);
    expect(model.methods.map((m) => m.rpcName)).toEqual(methods.map((m) => m.name));
    expect(model.warnings.filter((w) => w.rule === "subscription-convention")).toEqual([
      expect.objectContaining({ pointer: "/methods/0", message: expect.stringContaining(reason) }),
    ]);
  });

  it("is silent where the names only look alike (no <x>Unsubscribe, or not camelCase)", () => {
    const model = normalizedMethods([
      { name: "fooSubscribe", result: answer },
      { name: "Bar_Subscribe", result: answer },
      { name: "Bar_Unsubscribe", params: [id], result: answer },
    ]);
    expect(model.methods.filter((m) => m.subscription)).toEqual([]);
    expect(model.warnings).toEqual([]);
  });

  it("the package and a user's code type-check under strict tsc", async () => {
    expect(await checked).toBe("");
  }, 240_000);
});

describe("the generated client receives what the mock pushes over a real WebSocket", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ specs: [FIXTURE], port: 0, limits: { wsNotifyIntervalMs: 20 } });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it("slotSubscribe yields SlotInfo items; rootSubscribe yields its (unknown) items; both end", async () => {
    const client = await wsClientOf(out, "solana", result, mock.url.replace(/^http/, "ws"));
    try {
      const slots = await take(await (client.slotSubscribe as () => Promise<Sub>)(), 2);
      for (const slot of slots) expect(Object.keys(slot as object).sort()).toEqual(["parent", "root", "slot"]);
      const roots = await take(await (client.rootSubscribe as () => Promise<Sub>)(), 2);
      expect(roots).toHaveLength(2);
    } finally {
      client.close();
    }
  });
});
