/**
 * The x-subscription convention (spec/README.md "Subscriptions") on small documents: valid
 * shapes pass and are normalized into named item types and emitted as typed overloads; hostile
 * or inconsistent shapes are problems with a pointer and a hint, never a crash or odd output.
 */
import { describe, expect, it } from "vitest";
import { emitApi } from "../../../generator/plugins/client/api.js";
import { emitClient } from "../../../generator/plugins/client/client.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { validateSpec } from "../../../generator/validate/spec.js";
import { doc, loaded, type MiniMethod } from "../../helpers/spec.js";

const str = { type: "string" };
const head = { type: "object", properties: { number: { type: "string" } } };
const unsubscribe: MiniMethod = {
  name: "x_unsubscribe",
  params: [{ name: "id", required: true, schema: str }],
  result: { name: "ok", schema: { type: "boolean" } },
};
const subscribe = (extension: unknown, extra: Partial<MiniMethod> = {}): MiniMethod => ({
  name: "x_subscribe",
  paramStructure: "by-position",
  params: [
    { name: "kind", required: true, schema: { enum: ["heads", "logs"] } },
    { name: "filter", schema: { type: "object" } },
  ],
  result: { name: "id", schema: str },
  "x-subscription": extension,
  ...extra,
});
const valid = {
  notification: "x_subscription",
  unsubscribe: "x_unsubscribe",
  item: { anyOf: [{ $ref: "#/components/schemas/Head" }, str] },
  variants: [
    {
      name: "Heads",
      when: { param: "kind", equals: "heads" },
      params: ["kind"],
      item: { $ref: "#/components/schemas/Head" },
      backfill: "blocks",
    },
    {
      name: "Logs",
      when: { param: "kind", equals: "logs" },
      item: { type: "object", properties: { logIndex: { type: "integer", format: "uint64" } } },
    },
  ],
};
const check = (methods: MiniMethod[]) => validateSpec(loaded(doc(methods, { Head: head }))).problems;

describe("x-subscription", () => {
  it("accepts the documented shape and names the item types", () => {
    expect(check([subscribe(valid), unsubscribe])).toEqual([]);
    const model = normalizeDocument(loaded(doc([subscribe(valid), unsubscribe], { Head: head })));
    const sub = model.methods[0]!.subscription!;
    expect([sub.itemType, ...sub.variants.map((v) => [v.itemType, v.paramCount, v.backfill])]).toEqual([
      "XSubscribeItem",
      ["Head", 1, "blocks"],
      ["XSubscribeLogsItem", 2, undefined],
    ]);
    expect(model.schemas.filter((s) => s.role === "item").map((s) => s.name)).toEqual([
      "XSubscribeItem",
      "XSubscribeLogsItem",
    ]);
  });

  it("emits one overload per variant, then the general one, outside the plain calls", () => {
    const model = normalizeDocument(loaded(doc([subscribe(valid), unsubscribe], { Head: head })));
    const client = emitClient(model, "");
    expect(client).toContain(
      'x_subscribe(kind: "heads", options?: SubscribeOptions<Head> & { backfill?: boolean }): Promise<Subscription<Head>>;',
    );
    // Past 120 columns the params go one per line (prettier's layout, written by the emitter).
    expect(client).toContain(
      '  x_subscribe(\n    kind: "logs",\n    filter?: XSubscribeParams["filter"],\n    options?: SubscribeOptions<XSubscribeLogsItem>,\n  ): Promise<Subscription<XSubscribeLogsItem>>;',
    );
    expect(client).toContain(
      "    options?: SubscribeOptions<XSubscribeItem>,\n  ): Promise<Subscription<XSubscribeItem>>;",
    );
    expect(client).toContain('x_subscribe: (...args: unknown[]) => subscribe("x_subscribe", args) as Promise<never>,');
    expect(client).toMatch(/interface TestClient extends TestCalls, TestSubscriptions/);
    expect(client).not.toMatch(/x_subscribe: \(kind/); // not among the plain calls
    const api = emitApi(model, "");
    const entry = [
      "      subscription: {",
      '        notification: "x_subscription",',
      '        unsubscribe: "x_unsubscribe",',
      "        variants: [",
      '          { when: { param: "kind", equals: "heads" }, params: 1, backfill: "blocks" },',
      '          { when: { param: "kind", equals: "logs" }, params: 2, u64: { logIndex: true } },',
      "        ],",
      "      },",
    ];
    expect(api).toContain(entry.join("\n"));
  });

  it("passes notificationParams on to the runtime's table, and nothing without them", () => {
    const named = { ...valid, notificationParams: ["subscription_id", "result"] };
    expect(check([subscribe(named), unsubscribe])).toEqual([]);
    const model = normalizeDocument(loaded(doc([subscribe(named), unsubscribe], { Head: head })));
    expect(model.methods[0]!.subscription!.notificationParams).toEqual(["subscription_id", "result"]);
    expect(emitApi(model, "")).toContain('notificationParams: ["subscription_id", "result"],');
    const plain = normalizeDocument(loaded(doc([subscribe(valid), unsubscribe], { Head: head })));
    expect(emitApi(plain, "")).not.toContain("notificationParams");
  });

  it("keeps hostile names inert in the generated code", () => {
    const hostile = { ...valid, notification: '*/ process.exit(1); /* "\u2028' };
    const model = normalizeDocument(loaded(doc([subscribe(hostile), unsubscribe], { Head: head })));
    const api = emitApi(model, "");
    // One string literal (single-quoted, as prettier prefers for a text with a double quote), U+2028 escaped.
    expect(api).toContain(`notification: '*/ process.exit(1); /* "\\u2028',`);
    const client = emitClient(model, "");
    expect(client).not.toContain("*/ process.exit");
  });

  it.each([
    {
      name: "a string instead of an object",
      ext: "eth_subscription",
      pointer: "/methods/0/x-subscription",
      message: "must be object",
    },
    {
      name: "no item",
      ext: { notification: "n", unsubscribe: "x_unsubscribe" },
      pointer: "/methods/0/x-subscription",
      message: 'is missing required property "item"',
    },
    {
      name: "an unknown field",
      ext: { ...valid, callback: "eval" },
      pointer: "/methods/0/x-subscription",
      message: 'has unknown property "callback"',
    },
    {
      name: "an empty notification name",
      ext: { ...valid, notification: "" },
      pointer: "/methods/0/x-subscription/notification",
      message: "must NOT have fewer than 1 characters",
    },
    {
      name: "a variant name that is not an identifier",
      ext: { ...valid, variants: [{ ...valid.variants[0], name: "Heads */ x" }] },
      pointer: "/methods/0/x-subscription/variants/0/name",
      message: "must match pattern",
    },
    {
      name: "an unknown backfill",
      ext: { ...valid, variants: [{ ...valid.variants[0], backfill: "txs" }] },
      pointer: "/methods/0/x-subscription/variants/0/backfill",
      message: "must be one of",
    },
    {
      name: "a non-primitive condition",
      ext: { ...valid, variants: [{ ...valid.variants[0], when: { param: "kind", equals: { $ref: "#" } } }] },
      pointer: "/methods/0/x-subscription/variants/0/when/equals",
      message: "must be string,number,boolean,null",
    },
    {
      name: "notificationParams with one name",
      ext: { ...valid, notificationParams: ["subscription_id"] },
      pointer: "/methods/0/x-subscription/notificationParams",
      message: "must NOT have fewer than 2 items",
    },
    {
      name: "notificationParams naming the id and the item alike",
      ext: { ...valid, notificationParams: ["r", "r"] },
      pointer: "/methods/0/x-subscription/notificationParams",
      message: "must NOT have duplicate items",
    },
    {
      name: "a numeric item",
      ext: { ...valid, item: 7 },
      pointer: "/methods/0/x-subscription/item",
      message: "must be object,boolean",
    },
    {
      name: "an unsubscribe method the document lacks",
      ext: { ...valid, unsubscribe: "gone" },
      pointer: "/methods/0/x-subscription/unsubscribe",
      message: 'names method "gone"',
    },
    {
      name: "a notification that is also a method",
      ext: { ...valid, notification: "x_unsubscribe" },
      pointer: "/methods/0/x-subscription/notification",
      message: "is also a method",
    },
    {
      name: "a condition on an unknown param",
      ext: { ...valid, variants: [{ ...valid.variants[1], when: { param: "type", equals: "logs" } }] },
      pointer: "/methods/0/x-subscription/variants/0/when/param",
      message: 'names param "type"',
    },
    {
      name: "variant params out of order",
      ext: { ...valid, variants: [{ ...valid.variants[0], params: ["filter", "kind"] }] },
      pointer: "/methods/0/x-subscription/variants/0/params/0",
      message: "takes the first params of the method",
    },
    {
      name: "variant params without the selecting one",
      ext: {
        ...valid,
        variants: [{ name: "F", when: { param: "filter", absent: true }, params: ["kind"], item: str }],
      },
      pointer: "/methods/0/x-subscription/variants/0/params",
      message: "does not list it",
    },
    {
      name: "a variant name used twice",
      ext: { ...valid, variants: [valid.variants[0], valid.variants[0]] },
      pointer: "/methods/0/x-subscription/variants/1/name",
      message: "is used twice",
    },
  ])("reports $name", ({ ext, pointer, message }) => {
    const problems = check([subscribe(ext), unsubscribe]);
    expect(problems.map((p) => p.pointer)).toContain(pointer);
    const p = problems.find((x) => x.pointer === pointer)!;
    expect(p.message).toContain(message);
    expect(p.hint).toBeTruthy();
  });

  it("reports a subscribe method without a result and an unsubscribe method without params", () => {
    const problems = check([subscribe(valid, { result: undefined }), { ...unsubscribe, params: [] }]);
    expect(problems.map((p) => p.message)).toEqual([
      expect.stringContaining("has x-subscription but no result"),
      expect.stringContaining("takes no params"),
    ]);
  });
});
