/**
 * Firebolt-style event methods (`on<Name>`, tagged `event` or taking a `listen` param): recognized
 * but not delivered, since their events carry no subscription id (generator/normalize/conventions.ts,
 * docs/DECISIONS.md). Each gets a warning at the method; the method stays a plain call that
 * compiles under strict tsc and that the mock answers over a real WebSocket. A document-level
 * `x-notifications` (server notifications without a subscribe method) gets a warning too.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PackageResult } from "../../../generator/commands/pipeline.js";
import { startMockServer } from "../../../generator/mock/server.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { generateInto, typecheck, wsClientOf, type Member } from "../../helpers/generated-package.js";

const FIXTURE = "test/fixtures/openrpc/event-methods.openrpc.json";

let out = "";
let result: PackageResult;
let checked: Promise<string>;
beforeAll(async () => {
  out = await mkdtemp(path.join(os.tmpdir(), "event-methods-"));
  result = await generateInto(out, "events", [FIXTURE]);
  checked = typecheck(out, ["events/src"]);
}, 120_000);
afterAll(async () => {
  await checked;
  if (out) await rm(out, { recursive: true, force: true });
}, 240_000);

describe("event methods in the style of Firebolt, and x-notifications", () => {
  it("warn at each event method (by tag, or by on<Name> with a listen param) and not at a look-alike", () => {
    const model = result.documents[0]!;
    const warnings = model.warnings.filter((w) => w.rule === "event-convention");
    expect(warnings.map((w) => [w.pointer, w.message.split(" (")[0]])).toEqual([
      ["/methods/1", 'method "Device.onNameChanged" is an event method'],
      ["/methods/2", 'method "Device.onRebooted" is an event method'],
      ["/x-notifications", 'the document lists server notifications in "x-notifications"'],
    ]);
    expect(warnings[2]!.message).toContain('("Device.onPowerChanged"); they belong to no subscribe method');
    expect(warnings[0]!.message).toContain('tagged "event"');
    expect(warnings[1]!.message).toContain('an on… name with a "listen" param');
    for (const w of warnings.slice(0, 2))
      expect(w.message).toContain("generated as a plain call that only turns the listener");
    expect(model.methods.filter((m) => m.subscription)).toEqual([]);
    expect(model.methods.map((m) => m.rpcName)).toEqual([
      "Device.name",
      "Device.onNameChanged",
      "Device.onRebooted",
      "Device.onboard",
    ]);
  });

  it.each([
    ["a list of odd entries", [1, null, { name: 5 }, { name: "a.b" }], '("a.b")'],
    ["a list without names", [{ params: [] }], "(none named)"],
    ["a map of names", { "x/changed": {}, "y/changed": {} }, '("x/changed", "y/changed")'],
  ])("x-notifications as %s gets one warning naming what it lists", (_what, value, named) => {
    const doc = { openrpc: "1.3.2", info: { title: "T", version: "1" }, methods: [], "x-notifications": value };
    const model = normalizeDocument({ entry: "doc.json", files: new Map([["doc.json", doc]]) });
    expect(model.warnings.map((w) => [w.pointer, w.message.includes(named)])).toEqual([["/x-notifications", true]]);
  });

  it("an empty x-notifications, or one that is not a list or map, gets no warning", () => {
    for (const value of [[], {}, "yes", 3]) {
      const doc = { openrpc: "1.3.2", info: { title: "T", version: "1" }, methods: [], "x-notifications": value };
      expect(normalizeDocument({ entry: "doc.json", files: new Map([["doc.json", doc]]) }).warnings).toEqual([]);
    }
  });

  it("the package type-checks under strict tsc", async () => {
    expect(await checked).toBe("");
  }, 240_000);

  it("the plain call turns the listener on, answered by the mock over a real WebSocket", async () => {
    const mock = await startMockServer({ specs: [FIXTURE], port: 0 });
    const model = result.documents[0]!;
    const client = await wsClientOf(out, "events", result, mock.url.replace(/^http/, "ws"));
    try {
      const on = model.methods.find((m) => m.rpcName === "Device.onNameChanged")!;
      const answer = await (client[on.clientName] as Member)({ listen: true });
      // The result is `ListenResponse | string`, checked by the client's strict validation too.
      if (typeof answer !== "string") expect(Object.keys(answer as object).sort()).toEqual(["event", "listening"]);
    } finally {
      client.close();
      await mock.close();
    }
  });
});
