/** Params of a mock call (generator/mock/params.ts): structure, positional → named, schema and x-limits problems. */
import { describe, expect, it } from "vitest";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { invalidParamsMessage, readParams, checkParams, type ParamIssue } from "../../../generator/mock/params.js";
import { buildRegistry, findMethod, type MockMethod } from "../../../generator/mock/registry.js";
import { doc, loaded, type MiniMethod } from "../../helpers/spec.js";

const methods: MiniMethod[] = [
  {
    name: "list",
    paramStructure: "either",
    params: [
      { name: "chain", required: true, schema: { enum: ["eth", "bsc"] } },
      { name: "owner", schema: { type: "string", pattern: "^0x[0-9a-fA-F]{40}$" } },
      { name: "pageSize", schema: { type: "integer", minimum: 1, maximum: 100 } },
      {
        name: "filter",
        schema: {
          type: "object",
          properties: { tags: { type: "array", items: { type: "string" } } },
          additionalProperties: false,
        },
      },
    ],
  },
  { name: "byName", paramStructure: "by-name", params: [{ name: "a", schema: { type: "string" } }] },
  {
    name: "byPosition",
    paramStructure: "by-position",
    params: [
      { name: "block", required: true, schema: { anyOf: [{ type: "integer" }, { enum: ["latest"] }] } },
      { name: "full", schema: { type: "boolean" } },
    ],
  },
  {
    name: "range",
    paramStructure: "either",
    params: [
      { name: "from", schema: { type: "integer" } },
      { name: "to", schema: { type: "integer" } },
      { name: "logs", schema: { type: "boolean" } },
      { name: "txs", schema: { type: "boolean" } },
    ],
    "x-limits": [
      { rule: "maxBlockSpan", from: "from", to: "to", max: 30, description: "At most 30 blocks." },
      { rule: "requires", if: "logs", then: "txs", description: "Logs need transactions." },
    ],
  },
];
const { registry } = buildRegistry([{ model: normalizeDocument(loaded(doc(methods))), exactResults: new Map() }]);
const method = (name: string): MockMethod => findMethod(registry, name)!;

/** The issues of a call, whatever stage finds them. */
function issuesOf(name: string, params: unknown): ParamIssue[] {
  const read = readParams(method(name).model, params);
  return "issues" in read ? read.issues : checkParams(method(name).model, method(name).validateParams, read.named);
}

describe("readParams", () => {
  const cases: [string, { method: string; params: unknown; named: Record<string, unknown> }][] = [
    [
      "named params are kept",
      { method: "list", params: { chain: "eth", pageSize: 5 }, named: { chain: "eth", pageSize: 5 } },
    ],
    [
      "positional params are named by the documented order",
      { method: "list", params: ["eth", "0xabc", 5], named: { chain: "eth", owner: "0xabc", pageSize: 5 } },
    ],
    [
      "null for a skipped optional param means absent",
      { method: "list", params: ["eth", null, 5], named: { chain: "eth", pageSize: 5 } },
    ],
    [
      "null for a required param is kept (and rejected later)",
      { method: "byPosition", params: [null], named: { block: null } },
    ],
    ["no params at all is an empty object", { method: "list", params: undefined, named: {} }],
  ];
  it.each(cases)("%s", (_name, { method: name, params, named }) => {
    expect(readParams(method(name).model, params)).toEqual({ named });
  });
});

describe("param problems", () => {
  const cases: [string, { method: string; params: unknown; want: ParamIssue[] }][] = [
    [
      "a by-name method given an array",
      {
        method: "byName",
        params: ["x"],
        want: [
          {
            path: "params",
            rule: "paramStructure",
            message: "must be an object keyed by param name (byName takes its params by name), not an array",
          },
        ],
      },
    ],
    [
      "a by-position method given an object",
      {
        method: "byPosition",
        params: { block: 1 },
        want: [
          {
            path: "params",
            rule: "paramStructure",
            message:
              "must be an array in the order block, full (byPosition takes its params by position), not an object",
          },
        ],
      },
    ],
    ["a by-name method given an object", { method: "byName", params: { a: "x" }, want: [] }],
    [
      "more positional params than documented",
      {
        method: "byPosition",
        params: [1, true, 3],
        want: [
          {
            path: "params",
            rule: "maxItems",
            message: "has 3 positional params, but byPosition takes at most 2 (block, full)",
          },
        ],
      },
    ],
    [
      "a missing required param",
      { method: "list", params: {}, want: [{ path: "chain", rule: "required", message: "is required" }] },
    ],
    [
      "a maximum",
      {
        method: "list",
        params: { chain: "eth", pageSize: 101 },
        want: [{ path: "pageSize", rule: "maximum", message: "must be <= 100" }],
      },
    ],
    [
      "an enum",
      {
        method: "list",
        params: { chain: "btc" },
        want: [{ path: "chain", rule: "enum", message: 'must be one of "eth", "bsc"' }],
      },
    ],
    [
      "a pattern",
      {
        method: "list",
        params: { chain: "eth", owner: "0x12" },
        want: [{ path: "owner", rule: "pattern", message: 'must match pattern "^0x[0-9a-fA-F]{40}$"' }],
      },
    ],
    [
      "a type, naming the type found",
      {
        method: "list",
        params: { chain: "eth", pageSize: "5" },
        want: [{ path: "pageSize", rule: "type", message: "must be integer, not string" }],
      },
    ],
    [
      "an unknown param",
      {
        method: "list",
        params: { chain: "eth", pagesize: 5 },
        want: [{ path: "pagesize", rule: "additionalProperties", message: "is not a param of list" }],
      },
    ],
    [
      "a nested path",
      {
        method: "list",
        params: { chain: "eth", filter: { tags: ["a", 2], x: 1 } },
        want: [
          { path: "filter.x", rule: "additionalProperties", message: "is not an allowed property" },
          { path: "filter.tags[1]", rule: "type", message: "must be string, not integer" },
        ],
      },
    ],
    [
      "anyOf folded into one issue",
      {
        method: "byPosition",
        params: ["soon"],
        want: [
          {
            path: "block",
            rule: "anyOf",
            message: 'must match one of the allowed forms: must be integer, not string | must be one of "latest"',
          },
        ],
      },
    ],
    [
      "every problem at once",
      {
        method: "list",
        params: { pageSize: 0, owner: 1 },
        want: [
          { path: "chain", rule: "required", message: "is required" },
          { path: "owner", rule: "type", message: "must be string, not integer" },
          { path: "pageSize", rule: "minimum", message: "must be >= 1" },
        ],
      },
    ],
    [
      "x-limits maxBlockSpan",
      {
        method: "range",
        params: { from: 1, to: 40 },
        want: [
          {
            path: "to",
            rule: "x-limits.maxBlockSpan",
            message: "must be at most 30 blocks after from (to − from is 39); At most 30 blocks.",
          },
        ],
      },
    ],
    [
      "x-limits requires",
      {
        method: "range",
        params: [null, null, true],
        want: [
          {
            path: "txs",
            rule: "x-limits.requires",
            message: "must be true when logs is true; Logs need transactions.",
          },
        ],
      },
    ],
    ["valid params", { method: "range", params: [1, 31, true, true], want: [] }],
  ];
  it.each(cases)("%s", (_name, { method: name, params, want }) => {
    expect(issuesOf(name, params)).toEqual(want);
  });

  it("are summed up in one message naming each param and rule", () => {
    expect(invalidParamsMessage(issuesOf("list", { chain: "eth", pageSize: 101, owner: 1 }))).toBe(
      "Invalid params: owner must be string, not integer (type); pageSize must be <= 100 (maximum)",
    );
  });
});
