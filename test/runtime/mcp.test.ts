/**
 * The MCP runtime's pure parts, as tables: the bin's command line (runtime/mcp-args.ts) and the
 * values between an MCP client and the client core (runtime/mcp-values.ts): u64 places found
 * through the tool's own schema ($defs, anyOf, allOf, items, prefixItems, pattern and additional
 * properties), bigints as decimal strings, secrets hidden, `__proto__` kept as an own key.
 */
import { describe, expect, it } from "vitest";
import { planBin, type BinSpec } from "../../runtime/mcp-args.js";
import {
  U64_COMMENT,
  argumentsToParams,
  hasU64,
  resultToStructured,
  type ToolSchema,
} from "../../runtime/mcp-values.js";

const SPEC: BinSpec = {
  bin: "x-mcp",
  keyVariable: "X_API_KEY",
  apis: { advanced: "https://adv.example/multi", eth: "https://node.example/eth", bare: undefined },
};

describe("the bin's command line", () => {
  it.each([
    [["--api", "advanced"], {}, { apis: ["advanced"], url: { advanced: "https://adv.example/multi" } }],
    [
      ["--api=advanced,eth", "--url", "http://127.0.0.1:9/all"],
      { X_API_KEY: "k1" },
      {
        apis: ["advanced", "eth"],
        url: { advanced: "http://127.0.0.1:9/all", eth: "http://127.0.0.1:9/all" },
        apiKey: "k1",
      },
    ],
    [
      ["--api", "eth", "--api", "bare", "--url", "bare=http://127.0.0.1:9/b"],
      { X_API_KEY: "" },
      { apis: ["eth", "bare"], url: { eth: "https://node.example/eth", bare: "http://127.0.0.1:9/b" } },
    ],
    [
      ["--url", "http://h.example/q?x=1", "--url", "eth=https://e.example/"],
      {},
      {
        apis: ["advanced", "eth", "bare"],
        url: { advanced: "http://h.example/q?x=1", eth: "https://e.example/", bare: "http://h.example/q?x=1" },
      },
    ],
  ])("%j with env %j serves %j", (argv, env, want) => {
    expect(planBin(argv, env, SPEC)).toEqual({ kind: "serve", ...want });
  });

  it.each([
    [["--key", "secret-123"], /read only from the environment variable X_API_KEY/],
    [["--api-key=secret-123"], /read only from the environment variable X_API_KEY/],
    [["--api", "nope"], /Unknown API "nope" in --api; this package has advanced, eth, bare\./],
    [["--api"], /--api needs an API's name\./],
    [["--url"], /--url needs a value/],
    [["--url", "ftp://x.example/"], /not an absolute http\(s\) URL/],
    [["--url", "https://user:secret-123@x.example/"], /without credentials/],
    [["--url", "https://a.example/", "--url", "https://b.example/"], /--url <url> is given twice/],
    [["--url", "nope=https://a.example/"], /Unknown API "nope" in --url nope=…/],
    [["--url", "eth=https://a.example/", "--url", "eth=https://b.example/"], /--url eth=… is given twice/],
    [["--api", "advanced", "--url", "eth=https://a.example/"], /names an API that --api did not choose/],
    [["--api", "bare"], /The spec of API "bare" gives no endpoint: pass --url <url> or --url bare=<url>\./],
    [["serve"], /Unexpected argument "serve"/],
    [["--verbose"], /Unknown option "--verbose"/],
  ])("%j: one sentence, the usage hint, no secret", (argv, message) => {
    const plan = planBin(argv, {}, SPEC);
    expect(plan.kind).toBe("error");
    const text = (plan as { message: string }).message;
    expect(text).toMatch(message);
    expect(text).toMatch(/Run x-mcp --help for usage\.$/);
    expect(text).not.toContain("secret-123");
    expect(text).not.toContain("a.example");
  });

  it.each([["a/b"], ["a b"], ["a?b"], ["a#b"], [".."]])("a key %j is refused, without being repeated", (key) => {
    const plan = planBin([], { X_API_KEY: key }, { ...SPEC, apis: { eth: "https://node.example/eth" } });
    expect(plan.kind).toBe("error");
    expect((plan as { message: string }).message).toMatch(/X_API_KEY holds a character an API key cannot/);
    if (key.length > 2) expect((plan as { message: string }).message).not.toContain(key);
  });

  it("--help gives the usage, naming the key's variable", () => {
    const plan = planBin(["--url", "x", "--help"], {}, SPEC);
    expect(plan).toEqual({ kind: "help", text: expect.stringContaining("environment variable X_API_KEY") });
  });
});

const U64: ToolSchema = { type: "string", pattern: "^[0-9]{1,20}$", $comment: U64_COMMENT };

/** A schema that reaches u64 places every way the tool schemas can. */
const SCHEMA: ToolSchema = {
  type: "object",
  properties: {
    slot: U64,
    maybe: { anyOf: [U64, { type: "null" }] },
    list: { type: "array", items: U64 },
    pair: { type: "array", prefixItems: [{ type: "string" }, U64] },
    map: { type: "object", patternProperties: { "^n-": U64 }, additionalProperties: { type: "integer" } },
    both: {
      allOf: [
        { type: "object", properties: { a: U64 } },
        { type: "object", properties: { b: U64 } },
      ],
    },
    tree: { $ref: "#/$defs/Node" },
    text: { type: "string" },
  },
  $defs: {
    Node: { type: "object", properties: { value: U64, children: { type: "array", items: { $ref: "#/$defs/Node" } } } },
  },
};

describe("values at u64 places", () => {
  it("results: numbers there and every bigint become decimal strings; other numbers and strings stay", () => {
    const result = {
      slot: 18446744073709551615n,
      maybe: 5,
      list: [1, 2n],
      pair: [7, 8],
      map: { "n-1": 9, other: 10 },
      both: { a: 11, b: 12, c: 13 },
      tree: { value: 1, children: [{ value: 2, children: [{ value: 3n }] }] },
      text: "42",
      extra: 99n,
    };
    expect(resultToStructured(result, SCHEMA, (t) => t)).toEqual({
      slot: "18446744073709551615",
      maybe: "5",
      list: ["1", "2"],
      pair: [7, "8"],
      map: { "n-1": "9", other: 10 },
      both: { a: "11", b: "12", c: 13 },
      tree: { value: "1", children: [{ value: "2", children: [{ value: "3" }] }] },
      text: "42",
      extra: "99",
    });
  });

  it("arguments: decimal strings there become bigints; anything else is left for the validators", () => {
    const params = argumentsToParams(
      {
        slot: "18446744073709551615",
        maybe: null,
        list: ["1", "x", "18446744073709551616", "-1", 3],
        tree: { value: "1", children: [{ value: "2" }] },
        text: "42",
      },
      SCHEMA,
    );
    expect(params).toEqual({
      slot: 18446744073709551615n,
      maybe: null,
      list: [1n, "x", "18446744073709551616", "-1", 3],
      tree: { value: 1n, children: [{ value: 2n }] },
      text: "42",
    });
  });

  it("a $ref loop without a value in between ends", () => {
    const loop: ToolSchema = { $ref: "#/$defs/A", $defs: { A: { anyOf: [{ $ref: "#/$defs/A" }, U64] } } };
    expect(resultToStructured(5, loop, (t) => t)).toBe("5");
  });

  it("__proto__ stays an own key, and no prototype is touched", () => {
    const value = JSON.parse('{"__proto__": {"polluted": 1}, "slot": 1}') as Record<string, unknown>;
    const out = resultToStructured(value, SCHEMA, (t) => t) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toEqual({ polluted: 1 });
    expect(JSON.stringify(out)).toBe('{"__proto__":{"polluted":1},"slot":"1"}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const params = argumentsToParams(value, SCHEMA);
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.hasOwn(params, "__proto__")).toBe(true);
  });

  it("secrets are hidden in every string and key of a result", () => {
    const hide = (t: string): string => t.replaceAll("KEY1", "***");
    expect(resultToStructured({ text: "a KEY1 b", KEY1: "KEY1" }, SCHEMA, hide)).toEqual({
      text: "a *** b",
      "***": "***",
    });
  });

  it("hasU64 says whether a walk is needed", () => {
    expect(hasU64(SCHEMA)).toBe(true);
    expect(hasU64({ type: "object", properties: { a: { type: "string" } } })).toBe(false);
  });
});
