/**
 * How the item of a notification without a subscription id is read from its params
 * (runtime/event-item.ts): every form servers send, and the look-alikes that must stay whole.
 */
import { describe, expect, it } from "vitest";
import { eventItem } from "../../runtime/event-item.js";
import { parseJson } from "../../runtime/json.js";
import type { SubscriptionSpec } from "../../runtime/subscribe-args.js";

const events = (eventParams: string[], itemKeys?: string[]): SubscriptionSpec => ({
  mode: "events",
  notification: "n",
  unsubscribe: "",
  eventParams,
  ...(itemKeys ? { itemKeys } : {}),
});
const listen = (itemKeys?: string[]): SubscriptionSpec => ({
  mode: "listen",
  notification: "M.onX",
  unsubscribe: "M.onX",
  listen: "listen",
  ...(itemKeys ? { itemKeys } : {}),
});
const room = { room: "lobby", text: "hi" };

describe("eventItem", () => {
  it.each<[string, SubscriptionSpec, unknown, unknown]>([
    ["no params: null", events([]), undefined, null],
    ["no params, whatever is sent: null", events([]), { a: 1 }, null],
    ["one param by position", events(["payload"], ["room", "text"]), [room], room],
    ["one param by name", events(["payload"], ["room", "text"]), { payload: room }, room],
    ["one param: the params object is the payload (soulseek-rs)", events(["payload"], ["room", "text"]), room, room],
    [
      "one param, a one-key payload that the item type declares stays whole",
      events(["p"], ["room"]),
      { room: "x" },
      { room: "x" },
    ],
    [
      "one param named like a key the item declares stays whole",
      events(["room"], ["room"]),
      { room: "x" },
      { room: "x" },
    ],
    ["one param, an empty array: null", events(["p"]), [], null],
    ["one param, absent params: null", events(["p"]), undefined, null],
    ["one param, a primitive is the value", events(["p"]), 7, 7],
    ["two params by name: the object", events(["a", "b"]), { a: 1, b: "x" }, { a: 1, b: "x" }],
    ["two params by position: named", events(["a", "b"]), [1, "x"], { a: 1, b: "x" }],
    ["two params, fewer sent by position", events(["a", "b"]), [1], { a: 1 }],
    ["listen: { value }", listen(), { value: "Living Room" }, "Living Room"],
    [
      "listen: any one key the item does not declare",
      listen(["enabled"]),
      { settings: { enabled: true } },
      { enabled: true },
    ],
    [
      "listen: the event object itself",
      listen(["enabled", "rate"]),
      { enabled: true, rate: 1 },
      { enabled: true, rate: 1 },
    ],
    ["listen: a one-key event the item declares", listen(["enabled"]), { enabled: true }, { enabled: true }],
    [
      "listen: an array's last value (data after context)",
      listen(),
      ["xrn:cap", { available: true }],
      { available: true },
    ],
    ["listen: a primitive", listen(), true, true],
  ])("%s", (_what, spec, params, want) => {
    expect(eventItem(params, spec, [])).toEqual(want);
  });

  it("listen: the method's own params beside the event are context, left out before unwrapping", () => {
    const spec = listen(["available", "capability"]);
    const info = { capability: "xrn:cap", available: true };
    expect(eventItem({ capability: "xrn:cap", info }, spec, ["capability"])).toEqual(info);
    // The event itself, whose own `capability` is the context's name: kept whole.
    expect(eventItem(info, spec, ["capability"])).toEqual(info);
  });

  it("reads __proto__ as data: an own key, unwrapped or named, never a prototype", () => {
    const { value } = parseJson('{"__proto__":{"polluted":true}}');
    const item = eventItem(value, events(["__proto__"]), []);
    expect(item).toEqual({ polluted: true });
    const named = eventItem([1, 2], events(["__proto__", "b"]), []) as Record<string, unknown>;
    expect(Object.hasOwn(named, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(named)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
