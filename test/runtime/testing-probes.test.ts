/**
 * What a hostile (or careless) test author tries on the test kit: handlers and options of the wrong
 * kinds (refused at once, each problem named), seeds of odd types, handlers that throw things that
 * are not errors, return nothing or a value that is no JSON, `__proto__` as a method name, a handler
 * key and a param, and `rpcError` with wrong arguments. Nothing reaches Object.prototype, and every
 * failure is a sentence naming the method.
 */
import { describe, expect, it } from "vitest";
import { createAdvancedClient } from "../../generated/src/advanced/index.js";
import { mockTransport as advancedMock } from "../../generated/src/advanced/testing.js";
import { createEthNodeClient } from "../../generated/src/eth/index.js";
import { MockRpcError, mockTransport, rpcError } from "../../generated/src/eth/testing.js";
import { ValidationError, isJsonRpcError } from "../../generated/src/runtime/index.js";
import { guardUnhandledRejections, rejectionOf } from "../helpers/error-checks.js";

guardUnhandledRejections();

const thrown = (make: () => unknown): Error => {
  try {
    make();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
};

describe("refused at once (ValidationError naming each problem)", () => {
  it.each<[string, unknown]>([
    ["an object", {}],
    ["an array", []],
    ["null", null],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["a bigint", 10n],
    ["a symbol", Symbol("s")],
    ["a boolean", true],
    ["a function", () => 1],
  ])("a seed that is %s", (_name, seed) => {
    const error = thrown(() => mockTransport({}, { seed } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual(["options.seed"]);
    expect(error.message).toContain("must be a string or a finite number");
  });

  it.each([0, -1.5, "", "x", 2 ** 60])("a seed of %s is taken", (seed) => {
    expect(() => mockTransport({}, { seed })).not.toThrow();
  });

  it("handlers that are no object, keys that are no method (`__proto__` too), values that are no function", () => {
    expect(thrown(() => mockTransport([] as never)).message).toContain("handlers must be an object");
    const handlers = JSON.parse('{"__proto__": 1, "eth_nope": 2, "eth_blockNumber": "0x1"}') as never;
    const error = thrown(() => mockTransport(handlers)) as ValidationError;
    expect(error.issues.map((i) => [i.path, i.rule])).toEqual([
      ['handlers["__proto__"]', "method"],
      ['handlers["eth_nope"]', "method"],
      ['handlers["eth_blockNumber"]', "type"],
    ]);
    expect(error.issues[0]!.message).toContain("must be a method of the Ethereum Node API (eth_blockNumber,");
  });

  it("options that are no object, an unknown unhandled mode, a latency that is no delay", () => {
    expect(thrown(() => mockTransport({}, "fast" as never)).message).toContain("options must be an object");
    const error = thrown(() => mockTransport({}, { unhandled: "maybe", latency: -1 } as never)) as ValidationError;
    expect(error.issues.map((i) => i.path)).toEqual(["options.unhandled", "options.latency"]);
    for (const latency of ["10", Number.POSITIVE_INFINITY, Number.NaN])
      expect(() => mockTransport({}, { latency } as never)).toThrow(ValidationError);
  });

  it("rpcError with a code that is no whole number, or a message that is no string", () => {
    expect(() => rpcError(1.5, "x")).toThrow(ValidationError);
    expect(() => rpcError("1" as never, "x")).toThrow(ValidationError);
    expect(() => rpcError(1, { message: "x" } as never)).toThrow(/message must be a string/);
    expect(rpcError(-32000, "x")).toBeInstanceOf(MockRpcError);
  });
});

describe("handlers that misbehave", () => {
  it.each<[string, unknown, RegExp]>([
    ["a string", "boom", /threw string \("boom"\), not an Error/],
    ["undefined", undefined, /threw undefined, not an Error/],
    ["null", null, /threw null, not an Error/],
    ["a number", 42, /threw integer, not an Error/],
    ["an error-like object", { code: -32000, message: "x" }, /threw object, not an Error: throw rpcError/],
  ])(
    "throwing %s fails the call with an Error naming the method (the value as its cause)",
    async (_name, value, message) => {
      const eth = createEthNodeClient({
        transport: mockTransport({
          eth_blockNumber: () => {
            throw value;
          },
        }),
        retryCount: 0,
      });
      const error = await rejectionOf(eth.eth_blockNumber());
      expect(error.message).toMatch(/^The mockTransport handler of eth_blockNumber threw/);
      expect(error.message).toMatch(message);
      expect(error.cause).toBe(value);
    },
  );

  it("throwing an Error fails the call with that very error", async () => {
    const mine = new TypeError("my bug");
    const eth = createEthNodeClient({
      transport: mockTransport({
        eth_blockNumber: () => {
          throw mine;
        },
      }),
    });
    expect(await rejectionOf(eth.eth_blockNumber())).toBe(mine);
  });

  it("returning nothing says so", async () => {
    const eth = createEthNodeClient({ transport: mockTransport({ eth_blockNumber: () => undefined as never }) });
    expect((await rejectionOf(eth.eth_blockNumber())).message).toBe(
      "The mockTransport handler of eth_blockNumber returned undefined: return a value its result schema allows, or throw rpcError(code, message).",
    );
  });

  it("a result that cannot be written as JSON (a cycle where the schema is open) fails the call", async () => {
    const cyclic: Record<string, unknown> = { currencies: [] };
    cyclic.self = cyclic;
    const adv = createAdvancedClient({ transport: advancedMock({ adv_getCurrencies: () => cyclic as never }) });
    const error = await rejectionOf(adv.getCurrencies({ blockchain: "eth" }));
    expect(error.message).toMatch(
      /adv_getCurrencies (returned a value that cannot be written as JSON|from its mockTransport handler)/,
    );
  });

  it("an rpcError whose data is no JSON fails the call with a sentence", async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const eth = createEthNodeClient({
      transport: mockTransport({
        eth_blockNumber: () => {
          throw rpcError(-32000, "x", cyclic);
        },
      }),
    });
    expect((await rejectionOf(eth.eth_blockNumber())).message).toContain("cannot be written as JSON");
  });
});

describe("`__proto__`", () => {
  it("as a method name: -32601, and the handlers' prototype is never read", async () => {
    const eth = createEthNodeClient({ transport: mockTransport() });
    const error = await rejectionOf(eth.request("__proto__" as never, [] as never));
    expect(isJsonRpcError(error, -32601)).toBe(true);
    expect(error.message).toContain("__proto__ is not a method of the Ethereum Node API");
    const inherited = await rejectionOf(eth.request("toString" as never, [] as never));
    expect(isJsonRpcError(inherited, -32601)).toBe(true);
  });

  it("as a param name: recorded as an own key, the params refused by the spec, Object.prototype untouched", async () => {
    const transport = advancedMock({ adv_getCurrencies: () => ({ currencies: [] }) });
    const adv = createAdvancedClient({ transport, validateRequests: false });
    const params = JSON.parse('{"blockchain":"eth","__proto__":{"polluted":true}}') as { blockchain: "eth" };
    const error = await rejectionOf(adv.getCurrencies(params));
    expect(isJsonRpcError(error, -32602)).toBe(true);
    const [call] = transport.calls;
    expect(Object.hasOwn(call!.params, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
