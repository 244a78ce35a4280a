/**
 * Names that collide with JavaScript (test/fixtures/openrpc/prototype-names.openrpc.json: methods
 * named `constructor`, `toString`, `valueOf`, `__proto__`, … with params and result fields of such
 * names). The generated client type-checks (test/generator/corpus.test.ts compiles every fixture);
 * here the mock serves them: a `__proto__` param is a param like any other, an absent `toString`
 * param is absent, a required `__proto__` result field is returned, and nothing is polluted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockServer, type MockServer } from "../../../generator/mock/server.js";
import { ROOT } from "../../../generator/root.js";

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ specs: ["test/fixtures/openrpc/prototype-names.openrpc.json"], cwd: ROOT, port: 0 });
});
afterAll(() => mock.close());

const call = async (method: string, params: unknown): Promise<{ result?: unknown; error?: { message: string } }> => {
  const response = await fetch(mock.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: `{"jsonrpc":"2.0","id":1,"method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`,
  });
  return (await response.json()) as { result?: unknown; error?: { message: string } };
};
/** JSON text with an own `__proto__` key (an object literal would set the prototype instead). */
const withProto = (value: unknown, rest = ""): unknown => JSON.parse(`{"__proto__":${JSON.stringify(value)}${rest}}`);

describe("the mock serves names that collide with JavaScript", () => {
  it.each(["constructor", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf", "__defineGetter__", "__proto__"])(
    "method %s: a positional __proto__ param, an optional constructor param left out",
    async (method) => {
      const answer = await call(method, ["x"]);
      expect(answer.error).toBeUndefined();
      const result = answer.result as Record<string, unknown>;
      expect(Object.hasOwn(result, "__proto__")).toBe(true);
      expect(typeof result.constructor).toBe("number");
      expect(typeof result.toString).toBe("boolean");
    },
  );

  it("by name: a __proto__ param is a param, validated like any other; an absent toString param is absent", async () => {
    expect((await call("byName", withProto("x"))).error).toBeUndefined();
    expect((await call("byName", withProto({ polluted: true }))).error?.message).toBe(
      "Invalid params: __proto__ must be string, not object (type)",
    );
    expect((await call("byName", withProto("x", ',"toString":5'))).error?.message).toBe(
      "Invalid params: toString must be string, not integer (type)",
    );
    expect((await call("byName", {})).error?.message).toBe("Invalid params: __proto__ is required (required)");
    expect((await call("toString", [])).error?.message).toBe("Invalid params: __proto__ is required (required)");
  });

  it("nothing reaches Object.prototype", async () => {
    await call("byName", withProto({ polluted: true }));
    await call("constructor", [{ polluted: true }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });
});
