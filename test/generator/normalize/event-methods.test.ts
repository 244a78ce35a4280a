/**
 * Events without a subscription id, end to end on one fixture (test/fixtures/openrpc/event-methods.openrpc.json):
 * `x-notification` methods, a Minecraft-style `<ns>:notification/…`, a document-level
 * `x-notifications` list and Firebolt-style event methods become subscription members
 * (generator/normalize/event-conventions.ts); the package compiles under strict tsc with a user's
 * code that relies on the member types; the project's mock pushes every one of them over a real
 * WebSocket and the client takes them under strict validation; the item validators refuse an item
 * that breaks its schema; the look-alike `Device.onboard` stays a call the mock answers; the generated
 * test kit's mockTransport answers a listen method's `listen: true`/`false` calls and pushes the
 * handler's items as its events.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import type { PackageResult } from "../../../generator/commands/pipeline.js";
import { startMockServer } from "../../../generator/mock/server.js";
import { generateInto, take, typecheck, wsClientOf, type Member, type Sub } from "../../helpers/generated-package.js";

const FIXTURE = "test/fixtures/openrpc/event-methods.openrpc.json";

let out = "";
let result: PackageResult;
let checked: Promise<string>;
beforeAll(async () => {
  out = await mkdtemp(path.join(os.tmpdir(), "event-methods-"));
  result = await generateInto(out, "events", [FIXTURE]);
  const model = result.documents[0]!;
  await writeFile(
    path.join(out, "events", "use.ts"),
    [
      `import { ${model.factory}, type CapabilityInfo, type Player, type RoomEvent, type RoomPairItem } from "./src/${model.subpath}/index.js";`,
      `import type { Subscription } from "./src/runtime/index.js";`,
      `declare const client: ReturnType<typeof ${model.factory}>;`,
      "export async function use(): Promise<unknown[]> {",
      "  const rooms: Subscription<RoomEvent> = await client.roomEvent({ bufferSize: 10 });",
      "  const texts: string[] = [];",
      "  for await (const e of rooms) texts.push(e.room, e.text);",
      "  const players: Subscription<Player> = await client.gameNotificationPlayersJoined();",
      "  const pairs: Subscription<RoomPairItem> = await client.roomPair();",
      "  for await (const p of pairs) texts.push(String(p.count), p.label ?? '');",
      "  const ticks: Subscription<null> = await client.roomTick();",
      "  const names: Subscription<string> = await client.deviceOnNameChanged();",
      "  const caps: Subscription<CapabilityInfo> = await client.capabilitiesOnAvailable({ capability: 'xrn:cap' });",
      "  const power = await client.deviceOnPowerChanged();",
      "  for await (const state of power) texts.push(state satisfies 'on' | 'standby');",
      "  // @ts-expect-error a pushed notification's member takes no params: nothing is sent",
      "  await client.roomEvent({ payload: { room: 'r', text: 't' } }, {});",
      "  // @ts-expect-error the listen param is the member's own",
      "  await client.capabilitiesOnAvailable({ capability: 'xrn:cap', listen: true });",
      "  // @ts-expect-error the context param is required",
      "  await client.capabilitiesOnAvailable();",
      "  const onboard: boolean = await client.deviceOnboard({ listen: true });",
      "  return [texts, players, ticks, names, caps, onboard];",
      "}",
      "",
    ].join("\n"),
  );
  checked = typecheck(out, ["events/src", "events/use.ts"]);
}, 120_000);
afterAll(async () => {
  await checked;
  if (out) await rm(out, { recursive: true, force: true });
}, 240_000);

describe("the fixture's events in the model", () => {
  it("gives each its mode, and the look-alike Device.onboard none", () => {
    const model = result.documents[0]!;
    expect(model.methods.map((m) => [m.rpcName, m.subscription?.mode ?? "call", m.subscription?.itemType])).toEqual([
      ["Device.name", "call", undefined],
      ["Device.onNameChanged", "listen", "DeviceOnNameChangedItem"],
      ["Capabilities.onAvailable", "listen", "CapabilityInfo"],
      ["Device.onRebooted", "listen", "DeviceOnRebootedItem"],
      ["Device.onboard", "call", undefined],
      ["room.event", "events", "RoomEvent"],
      ["room.tick", "events", "RoomTickItem"],
      ["room.pair", "events", "RoomPairItem"],
      ["game:notification/players/joined", "events", "Player"],
      ["__proto__", "events", "Proto2Item"],
      ["Device.onPowerChanged", "events", "DeviceOnPowerChangedItem"],
    ]);
    const warnings = model.warnings.filter((w) => w.rule === "event-convention");
    expect(warnings).toHaveLength(9);
    expect(warnings.find((w) => w.pointer === "/methods/3")!.message).toContain("so they are typed unknown");
  });

  it("the package and a user's code type-check under strict tsc", async () => {
    expect(await checked).toBe("");
  }, 240_000);
});

describe("over a real WebSocket", () => {
  it("the mock pushes every event member's items, which the client takes under strict validation", async () => {
    const mock = await startMockServer({ specs: [FIXTURE], port: 0, limits: { wsNotifyIntervalMs: 10 } });
    const model = result.documents[0]!;
    const client = await wsClientOf(out, "events", result, mock.url.replace(/^http/, "ws"));
    try {
      const taken = new Map<string, unknown[]>();
      for (const m of model.methods.filter((x) => x.subscription)) {
        const member = client[m.clientName] as (...args: unknown[]) => Promise<Sub>;
        const args = m.rpcName === "Capabilities.onAvailable" ? [{ capability: "xrn:cap" }] : [];
        taken.set(m.rpcName, await take(await member(...args), 2));
      }
      expect([...taken.values()].map((items) => items.length)).toEqual(Array(9).fill(2));
      expect(taken.get("room.tick")).toEqual([null, null]);
      for (const state of taken.get("Device.onPowerChanged")!) expect(["on", "standby"]).toContain(state);
      for (const name of taken.get("Device.onNameChanged")!) expect(typeof name).toBe("string");
      for (const info of taken.get("Capabilities.onAvailable")!)
        expect(Object.keys(info as object).sort()).toEqual(["available", "capability"]);
      for (const n of taken.get("__proto__")!) expect(typeof n).toBe("number");
      // The look-alike is a call, answered as the spec says.
      expect(typeof (await (client[model.methods[4]!.clientName] as Member)({ listen: true }))).toBe("boolean");
    } finally {
      client.close();
      await mock.close();
    }
  }, 60_000);

  it("an item that breaks its schema ends the subscription with the ValidationError (strict), the item not yielded", async () => {
    const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
    wss.on("connection", (socket) => {
      socket.send(JSON.stringify({ jsonrpc: "2.0", method: "room.event", params: { room: 5 } }));
    });
    const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
    const client = await wsClientOf(out, "events", result, url);
    try {
      const it = (await (client.roomEvent as () => Promise<Sub>)())[Symbol.asyncIterator]();
      // The check (its validators load on first use) ends the subscription before the item is taken.
      await new Promise((r) => setTimeout(r, 200));
      await expect(it.next()).rejects.toThrow(
        /Invalid item of room\.event: item\.text is required .*; item\.room must be a string/,
      );
      await expect(it.next()).resolves.toEqual({ value: undefined, done: true });
    } finally {
      client.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    }
  });
});

describe("the test kit", () => {
  it("mockTransport answers a listen call and pushes the handler's items; leaving sends listen: false", async () => {
    const model = result.documents[0]!;
    const src = path.join(out, "events", "src", model.subpath);
    const testing = (await import(pathToFileURL(path.join(src, "testing.ts")).href)) as {
      mockTransport: (handlers: object) => { calls: { method: string; params: unknown }[] };
    };
    const factory = ((await import(pathToFileURL(path.join(src, "client.ts")).href)) as Record<string, unknown>)[
      model.factory
    ] as (options: object) => Record<string, unknown>;
    const transport = testing.mockTransport({
      "Device.onNameChanged": async function* () {
        yield "Kitchen";
        yield "Hall";
      },
      "Capabilities.onAvailable": async function* (params: { capability: string }) {
        yield { capability: params.capability, available: true };
      },
    });
    const client = factory({ transport, validateResponses: "strict" });
    expect(await take(await (client.deviceOnNameChanged as () => Promise<Sub>)(), 2)).toEqual(["Kitchen", "Hall"]);
    const caps = await (client.capabilitiesOnAvailable as (p: object) => Promise<Sub>)({ capability: "xrn:cap" });
    expect(await take(caps, 1)).toEqual([{ capability: "xrn:cap", available: true }]);
    expect(transport.calls.map((c) => [c.method, c.params])).toEqual([
      ["Device.onNameChanged", { listen: true }],
      ["Device.onNameChanged", { listen: false }],
      ["Capabilities.onAvailable", { capability: "xrn:cap", listen: true }],
      ["Capabilities.onAvailable", { capability: "xrn:cap", listen: false }],
    ]);
  });
});
