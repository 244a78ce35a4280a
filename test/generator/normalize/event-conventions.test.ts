/**
 * The event conventions, each taught once in normalize (generator/normalize/event-conventions.ts):
 * a table of small documents, each recognized as its mode (`events`, `listen`) with the model fields
 * the runtime, the client plugin and the mock read, and the look-alikes that stay plain calls, with
 * or without a warning (rule event-convention, or subscription-convention for subscribe methods
 * that name no notification). A method that has its own x-subscription keeps it.
 */
import { describe, expect, it } from "vitest";
import type { DocumentModel, MethodModel } from "../../../generator/model/document.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";

const boolean = { type: "boolean" };
const listenParam = { name: "listen", required: true, schema: boolean };
const listenResponse = {
  type: "object",
  required: ["event", "listening"],
  properties: { event: { type: "string" }, listening: boolean },
};
const eventResult = (event: unknown) => ({
  name: "r",
  schema: { anyOf: [{ $ref: "#/components/schemas/ListenResponse" }, event] },
});

function model(methods: unknown[], extra: Record<string, unknown> = {}): DocumentModel {
  const doc = {
    openrpc: "1.3.2",
    info: { title: "T", version: "1" },
    methods,
    components: { schemas: { ListenResponse: listenResponse } },
    ...extra,
  };
  return normalizeDocument({ entry: "doc.json", files: new Map([["doc.json", doc]]) });
}
const only = (m: DocumentModel): MethodModel => m.methods[0]!;
const conventionWarnings = (m: DocumentModel): string[] =>
  m.warnings.filter((w) => w.rule === "event-convention" || w.rule === "subscription-convention").map((w) => w.message);

describe("recognized: each convention's mode and fields", () => {
  it.each<[string, unknown, Partial<NonNullable<MethodModel["subscription"]>>]>([
    [
      "x-notification with one param: its value",
      { name: "room.event", "x-notification": true, params: [{ name: "payload", schema: { type: "string" } }] },
      {
        mode: "events",
        notification: "room.event",
        unsubscribe: "",
        eventParams: ["payload"],
        item: { type: "string" },
      },
    ],
    [
      "x-notification without params: null",
      { name: "tick", "x-notification": true, params: [] },
      { mode: "events", eventParams: [], item: { type: "null" } },
    ],
    [
      "x-notification with two params: the object by name",
      {
        name: "pair",
        "x-notification": true,
        params: [
          { name: "a", required: true, schema: { type: "integer" } },
          { name: "b", description: "B.", schema: { type: "string" } },
        ],
      },
      {
        mode: "events",
        eventParams: ["a", "b"],
        item: {
          type: "object",
          properties: { a: { type: "integer" }, b: { type: "string", description: "B." } },
          required: ["a"],
        },
      },
    ],
    [
      "Minecraft's <ns>:notification/… without a result",
      { name: "minecraft:notification/players/joined", params: [{ name: "player", schema: { type: "string" } }] },
      { mode: "events", notification: "minecraft:notification/players/joined", eventParams: ["player"] },
    ],
    [
      "Firebolt: tagged event, on<Name>, listen: the event type without ListenResponse, the notifier as alias",
      {
        name: "Device.onNameChanged",
        tags: [{ name: "event" }],
        params: [listenParam],
        result: eventResult({ type: "string" }),
      },
      {
        mode: "listen",
        notification: "Device.onNameChanged",
        notificationAliases: ["Device.nameChanged"],
        unsubscribe: "Device.onNameChanged",
        listenParam: "listen",
        item: { type: "string" },
      },
    ],
    [
      "Firebolt without the tag: on<Name> with a boolean listen",
      { name: "Device.onRebooted", params: [listenParam], result: eventResult({ type: "integer" }) },
      { mode: "listen", notificationAliases: ["Device.rebooted"], item: { type: "integer" } },
    ],
    [
      "Firebolt: the event tag's x-notifier names the notifier",
      {
        name: "Capabilities.onAvailable",
        tags: [{ name: "event", "x-notifier": "Capabilities.available" }],
        params: [{ name: "capability", schema: { type: "string" } }, listenParam],
        result: eventResult({ type: "boolean" }),
      },
      { mode: "listen", notificationAliases: ["Capabilities.available"], item: { type: "boolean" } },
    ],
    [
      "Firebolt tagged event without an on… name",
      {
        name: "Device.changed",
        tags: [{ name: "event" }],
        params: [listenParam],
        result: eventResult({ type: "string" }),
      },
      { mode: "listen", item: { type: "string" } },
    ],
    [
      "Firebolt with a result that is only the listen response: unknown items",
      {
        name: "M.onX",
        params: [listenParam],
        result: { name: "r", schema: { $ref: "#/components/schemas/ListenResponse" } },
      },
      { mode: "listen", item: {} },
    ],
    [
      "Firebolt with a result that is no union: the result",
      { name: "M.onY", params: [listenParam], result: { name: "r", schema: { type: "number" } } },
      { mode: "listen", item: { type: "number" } },
    ],
  ])("%s", (_what, method, want) => {
    const m = only(model([method]));
    expect(m.subscription).toMatchObject(want);
    expect(conventionWarnings(model([method]))).toHaveLength(1);
  });

  it("an events method is called with nothing and has no result; a listen method keeps its params, by name when the document leaves it open", () => {
    const events = only(
      model([
        {
          name: "e",
          "x-notification": true,
          params: [{ name: "p", schema: boolean }],
          result: { name: "r", schema: { type: "null" } },
        },
      ]),
    );
    expect([events.params, events.result]).toEqual([[], undefined]);
    const listen = only(model([{ name: "M.onZ", params: [listenParam], result: eventResult(boolean) }]));
    expect([listen.params.map((p) => p.name), listen.paramStructure, listen.signature]).toEqual([
      ["listen"],
      "by-name",
      "object",
    ]);
    const positional = only(
      model([{ name: "M.onZ", paramStructure: "by-position", params: [listenParam], result: eventResult(boolean) }]),
    );
    expect(positional.paramStructure).toBe("by-position");
  });

  it("a document-level x-notifications list adds a member per entry; the map form, odd entries and taken names get warnings", () => {
    const m = model([{ name: "taken", params: [], result: { name: "r", schema: boolean } }], {
      "x-notifications": [
        { name: "Device.onPowerChanged", params: [{ name: "state", schema: { enum: ["on", "off"] } }] },
        { name: "bare" },
        { name: "taken", params: [] },
        { name: "bare", params: [] },
        { params: [] },
        { name: "x", params: [3] },
        null,
      ],
    });
    expect(m.methods.map((x) => [x.rpcName, x.subscription?.mode])).toEqual([
      ["taken", undefined],
      ["Device.onPowerChanged", "events"],
      ["bare", "events"],
    ]);
    expect(m.methods[1]!.subscription!.eventParams).toEqual(["state"]);
    const listed = m.warnings.filter((w) => w.pointer.startsWith("/x-notifications") && w.rule === "event-convention");
    // The refused entries (a taken name, a second "bare", no name, a param that is no object, null), then the two taken.
    expect(listed.map((w) => w.pointer)).toEqual([
      "/x-notifications/2",
      "/x-notifications/3",
      "/x-notifications/4",
      "/x-notifications/5",
      "/x-notifications/6",
      "/x-notifications/0",
      "/x-notifications/1",
    ]);
    expect(listed[0]!.message).toContain('is named "taken" like a method of the document');
    const map = model([], { "x-notifications": { "a/changed": {}, "b/changed": {} } });
    expect(conventionWarnings(map)).toEqual([expect.stringContaining('as a map ("a/changed", "b/changed")')]);
    expect(map.methods).toEqual([]);
  });

  it("a method with its own x-subscription keeps it, whatever else it has", () => {
    const m = model([
      {
        name: "x_subscribe",
        "x-notification": true,
        params: [],
        result: { name: "id", schema: { type: "string" } },
        "x-subscription": { notification: "x_subscription", unsubscribe: "x_unsubscribe", item: boolean },
      },
      {
        name: "x_unsubscribe",
        params: [{ name: "id", schema: { type: "string" } }],
        result: { name: "ok", schema: boolean },
      },
    ]);
    expect(only(m).subscription).toMatchObject({ mode: "id", notification: "x_subscription" });
  });
});

describe("look-alikes stay plain calls", () => {
  it.each<[string, unknown, string | undefined]>([
    ["x-notification that is not true", { name: "e", "x-notification": "yes", params: [] }, undefined],
    ["x-notification false", { name: "e", "x-notification": false, params: [] }, undefined],
    [
      "<ns>:notification/… with a result",
      { name: "mc:notification/x", params: [], result: { name: "r", schema: boolean } },
      "has a result, so it is a call",
    ],
    ["notification/… without a namespace", { name: "notification/x", params: [] }, undefined],
    ["<ns>:notifications/… (plural)", { name: "mc:notifications/x", params: [] }, undefined],
    [
      "on<lowercase>: not an event name",
      { name: "Device.onboard", params: [listenParam], result: eventResult(boolean) },
      undefined,
    ],
    [
      "tagged event without a listen param",
      { name: "Device.onX", tags: [{ name: "event" }], params: [], result: eventResult(boolean) },
      'takes no "listen" param',
    ],
    [
      "a listen param that is not a boolean",
      { name: "Device.onX", params: [{ name: "listen", schema: { type: "string" } }], result: eventResult(boolean) },
      'its "listen" param is not a boolean',
    ],
    [
      "an event method without a result",
      { name: "Device.onX", tags: [{ name: "event" }], params: [listenParam] },
      "has no result",
    ],
    [
      "a subscribe method tagged PubSub that names no notification (Sui, IOTA)",
      { name: "suix_subscribeEvent", tags: [{ name: "PubSub" }], params: [], result: { name: "e", schema: boolean } },
      'tagged "PubSub"',
    ],
  ])("%s", (_what, method, warned) => {
    const m = model([method]);
    expect(only(m).subscription).toBeUndefined();
    const warnings = conventionWarnings(m);
    if (warned === undefined) expect(warnings).toEqual([]);
    else expect(warnings).toEqual([expect.stringContaining(warned)]);
  });

  it("<ns>.subscribe beside <ns>.unsubscribe without a named notification (mobile-next's devices.changed)", () => {
    const ok = { name: "status", schema: boolean };
    const m = model([
      { name: "devices.subscribe", params: [], result: ok },
      { name: "devices.unsubscribe", params: [], result: ok },
      { name: "devices.changed", params: [{ name: "added", schema: { type: "array" } }], result: ok },
    ]);
    expect(m.methods.filter((x) => x.subscription)).toEqual([]);
    expect(conventionWarnings(m)).toEqual([expect.stringContaining('beside "devices.unsubscribe"')]);
  });
});
