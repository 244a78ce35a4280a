/**
 * runtime/mock-json.ts `setOwn`: keys come from requests and specs, so a key the object inherits
 * (`__proto__`, `toString`, a setter a polluted prototype gained) is defined as an own data
 * property, never assigned through the prototype; any other key is assigned.
 */
import { describe, expect, it } from "vitest";
import { getOwn, setOwn, toPlain } from "../../runtime/mock-json.js";

describe("setOwn", () => {
  it("makes __proto__ an own, enumerable property and leaves the prototype alone", () => {
    const out: Record<string, unknown> = {};
    setOwn(out, "__proto__", { polluted: true });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(["__proto__"]);
    expect(getOwn(out, "__proto__")).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("defines a key a prototype holds as a setter without calling it", () => {
    let called = 0;
    const proto = {
      set trap(_v: unknown) {
        called++;
      },
    };
    const out = Object.create(proto) as Record<string, unknown>;
    setOwn(out, "trap", 1);
    expect(called).toBe(0);
    expect(Object.getOwnPropertyDescriptor(out, "trap")).toMatchObject({ value: 1, enumerable: true });
  });

  it("shadows inherited methods and sets plain keys, in order", () => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of [
      ["toString", "x"],
      ["a", 1],
      ["constructor", 2],
      ["a", 3],
    ] as const)
      setOwn(out, k, v);
    expect(Object.entries(out)).toEqual([
      ["toString", "x"],
      ["a", 3],
      ["constructor", 2],
    ]);
    const plain = toPlain(JSON.parse('{"__proto__": {"x": 1}, "b": 2}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(plain)).toBe(Object.prototype);
    expect(Object.keys(plain)).toEqual(["__proto__", "b"]);
    expect(getOwn(plain, "__proto__")).toEqual({ x: 1 });
  });
});
