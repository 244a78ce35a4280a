/**
 * The page's pure helpers, run in Node: the client-call arguments and snippet, deep links, the
 * re-indented wire body (long integers keep every digit), the error fields and result variant.
 */
import { describe, expect, it } from "vitest";
import { JsonRpcError, ValidationError } from "../../generated/src/runtime/errors.js";
import { errorFields, selectedVariant, validationProblems } from "../../generator/site/browser/describe.js";
import { linkFor, parseLink, type Link } from "../../generator/site/browser/link.js";
import { indentJson } from "../../generator/site/browser/send.js";
import { callArguments, snippet } from "../../generator/site/browser/snippet.js";
import type { SiteApi, SiteMethod } from "../../generator/site/types.js";

const param = (name: string, required = false): SiteMethod["params"][number] => ({
  name,
  required,
  deprecated: false,
  description: "",
  field: { kind: "string" },
});
const method = (signature: "object" | "positional", params: SiteMethod["params"]): SiteMethod => ({
  rpcName: "x_call",
  clientName: "call",
  summary: "",
  description: "",
  deprecated: false,
  signature,
  params,
  examples: [],
  errors: [],
  limits: [],
  resultFields: [],
  resultType: "string",
  variants: [{ name: "Full", condition: "full is true", when: { param: "full", equals: true } }],
});
const api: SiteApi = {
  subpath: "x",
  title: "X",
  version: "1",
  description: "",
  factory: "createXClient",
  clientVar: "x",
  hasProxy: true,
  endpoints: [],
  methods: [],
};

describe("callArguments", () => {
  it.each<[string, SiteMethod, Record<string, unknown>, unknown[]]>([
    ["object, some set", method("object", [param("a"), param("b")]), { b: 1 }, [{ b: 1 }]],
    ["object, nothing set, nothing required: no argument", method("object", [param("a")]), {}, []],
    ["object, nothing set, something required: {}", method("object", [param("a", true)]), {}, [{}]],
    [
      "positional: a gap is undefined, the tail is dropped",
      method("positional", [param("a"), param("b"), param("c"), param("d")]),
      { a: 1, c: 3 },
      [1, undefined, 3],
    ],
    ["positional, nothing set", method("positional", [param("a")]), {}, []],
  ])("%s", (_name, m, named, want) => {
    expect(callArguments(m, named)).toEqual(want);
  });
});

describe("snippet", () => {
  it("imports the factory, builds the client with the endpoint options and calls the method with exact values", () => {
    const m = method("positional", [param("a"), param("b"), param("c")]);
    expect(
      snippet(
        "@p/clients",
        api,
        m,
        '{ proxyUrl: "http://127.0.0.1:1/mock/" }',
        callArguments(m, { a: 18446744073709551615n, c: JSON.parse('{"__proto__":"x","k-y":null}') as unknown }),
      ),
    ).toBe(
      [
        'import { createXClient } from "@p/clients/x";',
        "",
        'const x = createXClient({ proxyUrl: "http://127.0.0.1:1/mock/" });',
        'const result = await x.call(18446744073709551615n, undefined, { ["__proto__"]: "x", "k-y": null });',
      ].join("\n"),
    );
  });
});

describe("deep links", () => {
  it.each<[Link, string]>([
    [{ method: "adv_getLogs" }, "#adv_getLogs"],
    [
      { method: "adv_getLogs", params: { pageSize: 2 }, endpoint: "mock" },
      "#adv_getLogs?params=%7B%22pageSize%22%3A2%7D&endpoint=mock",
    ],
    [{ method: "a b", params: {}, endpoint: "custom" }, "#a%20b"],
  ])("%j", (link, want) => {
    expect(linkFor(link)).toBe(want);
    const back = parseLink(want);
    expect(back.method).toBe(link.method);
    expect(back.endpoint).toBe(link.endpoint === "custom" ? undefined : link.endpoint);
  });

  it("integers beyond 2^53 come back exact, as bigint", () => {
    const link: Link = {
      method: "getBalance",
      params: { lamports: 18446744073709551615n, small: 1, list: [9007199254740993n] },
    };
    expect(parseLink(linkFor(link)).params).toEqual(link.params);
  });

  it("a link nested deeper than the form can walk opens the method with an empty form", () => {
    const deep = `${"[".repeat(100)}${"]".repeat(100)}`;
    expect(parseLink(`#m?params=${encodeURIComponent(`{"a":${deep}}`)}`)).toEqual({ method: "m" });
  });

  it("a broken params value opens the method with an empty form", () => {
    expect(parseLink("#m?params=%7Bnot")).toEqual({ method: "m" });
  });
});

describe("indentJson", () => {
  it("re-indents without re-serializing numbers", () => {
    expect(indentJson('{"a":[18446744073709551615,{}],"b":"x,\\"y"}')).toBe(
      '{\n  "a": [\n    18446744073709551615,\n    {}\n  ],\n  "b": "x,\\"y"\n}',
    );
  });
});

describe("describe", () => {
  it("names the issues of a ValidationError by param path, and the fields of a JsonRpcError", () => {
    const issue = { path: "params.pageSize", rule: "maximum", message: "must be at most 10000", received: "integer" };
    expect(validationProblems(new ValidationError("params for x", [issue], {}))).toEqual([
      { path: "pageSize", rule: "maximum", message: "must be at most 10000" },
    ]);
    expect(validationProblems(new Error("x"))).toBeUndefined();
    expect(errorFields(new JsonRpcError(-32602, "Invalid params", { at: "a" }, { method: "m", host: "h" }))).toEqual({
      name: "JsonRpcError",
      message: "JSON-RPC error -32602: Invalid params (method m, host h)",
      code: -32602,
      data: { at: "a" },
    });
  });

  it("says which result variant the params select", () => {
    const m = method("object", [param("full")]);
    expect(selectedVariant(m, { full: true })).toBe("Full (full is true)");
    expect(selectedVariant(m, {})).toBe("the default result (no variant's condition holds)");
    expect(selectedVariant({ ...m, variants: [] }, {})).toBeUndefined();
  });
});
