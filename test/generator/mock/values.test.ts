/** Values generated from schemas (generator/mock/values.ts) and from patterns (pattern.ts). */
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../../generator/model/document.js";
import { parsePattern, stringForPattern } from "../../../runtime/mock-pattern.js";
import { createRandom } from "../../../runtime/mock-random.js";
import { generateFitting, generateValue } from "../../../generator/mock/values.js";
import type { SchemaNode } from "../../../generator/model/schema.js";
import { SchemaNormalizer } from "../../../generator/normalize/schema.js";

const definitions = new Map<string, JsonSchema>([
  ["Hash32", { type: "string", pattern: "^0x[0-9a-fA-F]{64}$" }],
  [
    "Node",
    {
      type: "object",
      required: ["name", "next"],
      properties: {
        name: { type: "string" },
        next: { oneOf: [{ $ref: "#/definitions/Node" }, { type: "null" }] },
        children: { type: "array", items: { $ref: "#/definitions/Node" } },
      },
    },
  ],
  [
    "Frame",
    {
      type: "object",
      required: ["type"],
      properties: { type: { type: "string" }, calls: { type: "array", items: { $ref: "#/definitions/Frame" } } },
    },
  ],
  ["Loop", { $ref: "#/definitions/Loop" }],
  [
    "Base",
    {
      type: "object",
      required: ["a"],
      properties: {
        a: { type: "string" },
        list: {
          anyOf: [
            { type: "array", items: { type: "string" } },
            { type: "array", items: { type: "integer" } },
          ],
        },
      },
    },
  ],
  // Starknet's receipts, in small: a oneOf of allOfs, discriminated (`type`) inside the allOf, each
  // allOf holding a shared allOf that holds a oneOf of its own (`status`), all under one more allOf.
  [
    "Common",
    {
      allOf: [
        { type: "object", required: ["hash"], properties: { hash: { type: "string" } } },
        {
          oneOf: [
            { type: "object", required: ["status"], properties: { status: { enum: ["SUCCEEDED"] } } },
            {
              type: "object",
              required: ["status", "reason"],
              properties: { status: { enum: ["REVERTED"] }, reason: { type: "string" } },
            },
          ],
        },
      ],
    },
  ],
  [
    "InvokeReceipt",
    {
      allOf: [
        { type: "object", required: ["type"], properties: { type: { enum: ["INVOKE"] } } },
        { $ref: "#/definitions/Common" },
      ],
    },
  ],
  [
    "DeployReceipt",
    {
      allOf: [
        { $ref: "#/definitions/Common" },
        {
          type: "object",
          required: ["type", "address"],
          properties: { type: { enum: ["DEPLOY"] }, address: { type: "string" } },
        },
      ],
    },
  ],
  ["Receipt", { oneOf: [{ $ref: "#/definitions/InvokeReceipt" }, { $ref: "#/definitions/DeployReceipt" }] }],
  [
    "ReceiptWithBlock",
    {
      allOf: [
        { $ref: "#/definitions/Receipt" },
        { type: "object", required: ["block"], properties: { block: { type: "integer" } } },
      ],
    },
  ],
]);

/** The tables are written in JSON Schema; values are made from its normalized nodes. */
const nodes = new Map([...definitions].map(([name, schema]) => [name, node(schema, `#/definitions/${name}`)]));
function node(schema: JsonSchema, where = "#/s"): SchemaNode {
  return new SchemaNormalizer().normalize(schema, where);
}
const make = (schema: JsonSchema, seed: string): unknown => generateValue(node(schema), nodes, seed);

/** Checks a value against a schema that may use the definitions above. */
function fits(schema: JsonSchema, value: unknown): boolean {
  const ajv = new Ajv({ strict: false, validateFormats: false });
  return ajv.compile({ ...(typeof schema === "object" ? schema : {}), definitions: Object.fromEntries(definitions) })(
    value,
  );
}

describe("generateValue", () => {
  // Every generated value is also checked against its schema with ajv, except where `unsatisfiable`.
  const cases: [
    string,
    { schema: JsonSchema; want?: unknown; check?: (value: unknown) => boolean; unsatisfiable?: true },
  ][] = [
    ["const", { schema: { const: "exact" }, want: "exact" }],
    ["enum: the first non-null value", { schema: { enum: [null, "eth", "bsc"] }, want: "eth" }],
    [
      "nullable type prefers the non-null type",
      { schema: { type: ["null", "integer"], minimum: 5, maximum: 5 }, want: 5 },
    ],
    ["oneOf prefers the non-null branch", { schema: { oneOf: [{ type: "null" }, { const: 1 }] }, want: 1 }],
    ["anyOf takes the first branch", { schema: { anyOf: [{ const: "first" }, { const: "second" }] }, want: "first" }],
    [
      "integer within minimum/maximum",
      {
        schema: { type: "integer", minimum: 10, maximum: 12 },
        check: (v) => Number.isInteger(v) && (v as number) >= 10 && (v as number) <= 12,
      },
    ],
    [
      "uint64 is an integer",
      {
        schema: { type: "integer", minimum: 0, format: "uint64" },
        check: (v) => Number.isInteger(v) && (v as number) >= 0,
      },
    ],
    [
      "a u64 without a minimum is never negative",
      {
        schema: { type: "integer", format: "uint64", maximum: 5 },
        check: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 5,
      },
    ],
    [
      "a uint64 string stays a string on the wire, made of decimal digits",
      { schema: { type: "string", format: "uint64" }, check: (v) => typeof v === "string" && /^\d+$/.test(v) },
    ],
    [
      "a required __proto__ property is an own field, not the prototype",
      {
        schema: JSON.parse(
          '{"type":"object","required":["__proto__","constructor"],"properties":{"__proto__":{"const":1}}}',
        ) as JsonSchema,
        check: (v) =>
          Object.prototype.hasOwnProperty.call(v, "__proto__") &&
          Object.getPrototypeOf(v) === Object.prototype &&
          (v as Record<string, unknown>)["__proto__"] === 1 &&
          typeof Object.getOwnPropertyDescriptor(v, "constructor")?.value === "string",
      },
    ],
    [
      "keywords beside a $ref narrow it (one more required key)",
      {
        schema: { $ref: "#/definitions/Base", required: ["extra"] },
        check: (v) =>
          typeof (v as { extra: unknown }).extra === "string" && typeof (v as { a: unknown }).a === "string",
      },
    ],
    [
      "number within bounds",
      {
        schema: { type: "number", minimum: 0.5, maximum: 1 },
        check: (v) => typeof v === "number" && v >= 0.5 && v <= 1,
      },
    ],
    [
      "string with minLength/maxLength",
      {
        schema: { type: "string", minLength: 20, maxLength: 20 },
        check: (v) => typeof v === "string" && v.length === 20,
      },
    ],
    [
      "fixed-length hex pattern",
      { schema: { $ref: "#/definitions/Hash32" }, check: (v) => /^0x[0-9a-f]{64}$/.test(String(v)) },
    ],
    [
      "open hex pattern",
      { schema: { type: "string", pattern: "^0x[0-9a-fA-F]+$" }, check: (v) => /^0x[0-9a-fA-F]+$/.test(String(v)) },
    ],
    [
      "base58 pattern with a length range",
      {
        schema: { type: "string", pattern: "^[1-9A-HJ-NP-Za-km-z]{32,44}$" },
        check: (v) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(String(v)),
      },
    ],
    [
      "required properties are present",
      {
        schema: { type: "object", required: ["x", "y"], properties: { x: { type: "boolean" } } },
        check: (v) => typeof (v as { x: unknown }).x === "boolean" && typeof (v as { y: unknown }).y === "string",
      },
    ],
    [
      "minItems items",
      {
        schema: { type: "array", minItems: 3, items: { type: "integer" } },
        check: (v) => Array.isArray(v) && v.length === 3,
      },
    ],
    [
      "maxItems 0 gives an empty array",
      { schema: { type: "array", maxItems: 0, items: { type: "integer" } }, want: [] },
    ],
    [
      "tuple items",
      {
        schema: { type: "array", items: [{ const: "data" }, { enum: ["base58", "base64"] }], minItems: 2, maxItems: 2 },
        want: ["data", "base58"],
      },
    ],
    [
      "allOf merges properties, the later branch winning",
      {
        schema: {
          allOf: [
            { $ref: "#/definitions/Base" },
            { properties: { list: { type: "array", items: { const: 7 } } }, required: ["list"] },
          ],
        },
        check: (v) => (v as { list: unknown[] }).list[0] === 7 && typeof (v as { a: unknown }).a === "string",
      },
    ],
    [
      "a required self-reference ends in null",
      { schema: { $ref: "#/definitions/Node" }, check: (v) => (v as { next: { next: unknown } }).next.next === null },
    ],
    [
      "an optional self-reference nests once, minimally",
      {
        schema: { $ref: "#/definitions/Frame" },
        check: (v) =>
          (v as { calls: { calls?: unknown }[] }).calls.length === 1 &&
          (v as { calls: { calls?: unknown }[] }).calls[0]!.calls === undefined,
      },
    ],
    ["a $ref to itself does not loop", { schema: { $ref: "#/definitions/Loop" }, unsatisfiable: true }],
    ["an unconstrained schema gives an object", { schema: true, want: {} }],
    [
      "a pattern with groups and alternation",
      {
        schema: { type: "string", pattern: "^0x(0|[a-fA-F1-9][a-fA-F0-9]{0,62})$" },
        check: (v) => /^0x(0|[a-f1-9][a-f0-9]{0,62})$/.test(String(v)),
      },
    ],
    [
      "a pattern and length bounds together",
      {
        schema: { type: "string", pattern: "^0x[0-9a-f]*$", minLength: 6, maxLength: 6 },
        check: (v) => String(v).length === 6,
      },
    ],
    [
      "integer multipleOf within bounds",
      { schema: { type: "integer", minimum: 1, maximum: 100, multipleOf: 7 }, check: (v) => (v as number) % 7 === 0 },
    ],
    [
      "number multipleOf a fraction",
      {
        schema: { type: "number", minimum: 0, maximum: 1, multipleOf: 0.25 },
        check: (v) => ((v as number) * 4) % 1 === 0,
      },
    ],
    ["exclusive bounds (numbers)", { schema: { type: "integer", exclusiveMinimum: 5, exclusiveMaximum: 7 }, want: 6 }],
    // Draft-04 form: ajv (draft-07) refuses the schema itself, so only the value is checked.
    [
      "exclusive bounds (draft-04 booleans)",
      { schema: { type: "integer", minimum: 5, exclusiveMinimum: true, maximum: 6 }, want: 6, unsatisfiable: true },
    ],
    ["a negative maximum", { schema: { type: "integer", maximum: -10 }, check: (v) => (v as number) <= -10 }],
    [
      "formats",
      {
        schema: {
          type: "object",
          required: ["a", "b", "c", "d", "e", "f"],
          properties: {
            a: { format: "date-time" },
            b: { format: "email" },
            c: { format: "ipv4" },
            d: { format: "uuid" },
            e: { format: "uri" },
            f: { format: "date" },
          },
        },
        check: (v) =>
          /^\d{4}-\d\d-\d\dT/.test((v as { a: string }).a) &&
          (v as { b: string }).b.includes("@") &&
          /^[0-9a-f-]{36}$/.test((v as { d: string }).d),
      },
    ],
    [
      "patternProperties give required keys their schema",
      {
        schema: {
          type: "object",
          required: ["0x1"],
          patternProperties: { "^0x": { type: "integer" } },
          additionalProperties: false,
        },
        check: (v) => typeof (v as Record<string, unknown>)["0x1"] === "number",
      },
    ],
    [
      "minProperties adds keys matching patternProperties",
      {
        schema: {
          type: "object",
          minProperties: 2,
          patternProperties: { "^eip155:[0-9]+$": { type: "boolean" } },
          additionalProperties: false,
        },
        check: (v) => Object.keys(v as object).length >= 2,
      },
    ],
    [
      "uniqueItems",
      {
        schema: {
          type: "array",
          minItems: 3,
          uniqueItems: true,
          items: { type: "integer", minimum: 0, maximum: 1000 },
        },
        check: (v) => new Set(v as number[]).size === 3,
      },
    ],
    [
      "uniqueItems whose items have no schema (fuzz case 199: each made {}, deduplicated below minItems)",
      {
        schema: { type: "array", minItems: 2, maxItems: 2, uniqueItems: true, items: { description: "A value." } },
        check: (v) =>
          (v as unknown[]).length === 2 && new Set((v as unknown[]).map((x) => JSON.stringify(x))).size === 2,
      },
    ],
    [
      "a oneOf branch meets the schema's own constraints too",
      {
        schema: {
          type: "object",
          required: ["kind"],
          properties: { kind: { type: "string" } },
          oneOf: [{ properties: { kind: { const: "a" } } }, { properties: { kind: { const: "b" } } }],
        },
        want: { kind: "a" },
      },
    ],
    [
      "a oneOf of allOfs discriminated inside the allOf, under an allOf (starknet's receipts)",
      {
        schema: { $ref: "#/definitions/ReceiptWithBlock" },
        check: (v) => ["type", "hash", "status", "block"].every((k) => Object.hasOwn(v as object, k)),
      },
    ],
    [
      "the same receipts as a oneOf (the branch's shared allOf merged in whole)",
      {
        schema: { type: "array", minItems: 1, items: { $ref: "#/definitions/Receipt" } },
        check: (v) => (v as object[]).every((r) => Object.hasOwn(r, "hash") && Object.hasOwn(r, "status")),
      },
    ],
    [
      "a property in two allOf branches meets both",
      {
        schema: {
          allOf: [
            { type: "object", required: ["n"], properties: { n: { type: "integer", minimum: 10 } } },
            { properties: { n: { maximum: 10 } } },
          ],
        },
        want: { n: 10 },
      },
    ],
  ];

  it.each(cases)("%s", (_name, { schema, want, check, unsatisfiable }) => {
    const value = make(schema, "seed");
    if (want !== undefined) expect(value).toEqual(want);
    if (check) expect(check(value), JSON.stringify(value)).toBe(true);
    if (!unsatisfiable) expect(fits(schema, value), JSON.stringify(value)).toBe(true);
  });

  it("is deterministic: the same seed gives the same value, another seed another", () => {
    const schema: JsonSchema = {
      type: "object",
      required: ["a", "b"],
      properties: { a: { $ref: "#/definitions/Hash32" }, b: { type: "integer" } },
    };
    expect(make(schema, "one")).toEqual(make(schema, "one"));
    expect(make(schema, "one")).not.toEqual(make(schema, "two"));
  });
});

describe("generateFitting", () => {
  const check = (schema: JsonSchema) => (value: unknown) => fits(schema, value);

  it("tries other union branches when the first value fits two branches of a oneOf", () => {
    // Any integer is also a number: the first branch's value matches both, so it fails the oneOf.
    const schema: JsonSchema = { oneOf: [{ type: "integer" }, { type: "number", multipleOf: 0.5, minimum: 0.5 }] };
    expect(fits(schema, make(schema, "seed")), "the first value alone does not fit").toBe(false);
    const value = generateFitting(node(schema), nodes, "seed", check(schema));
    expect(fits(schema, value), JSON.stringify(value)).toBe(true);
  });

  it("keeps the first value when it fits, and gives it back when no try fits", () => {
    const schema: JsonSchema = { oneOf: [{ const: "a" }, { const: "b" }] };
    expect(generateFitting(node(schema), nodes, "seed", check(schema))).toBe("a");
    expect(generateFitting(node(schema), nodes, "seed", () => false)).toBe("a");
  });
});

describe("stringForPattern", () => {
  it("gives the issue's hex quantity pattern a short hex number", () => {
    const text = stringForPattern("^0x(0|[a-fA-F1-9][a-fA-F0-9]{0,62})$", createRandom("quantity"));
    expect(text).toMatch(/^0x(0|[a-f1-9][a-f0-9]{0,62})$/);
  });

  it.each<[string, { minLength?: number; maxLength?: number }]>([
    ["^0x[0-9a-f]*$", { minLength: 10, maxLength: 12 }],
    ["^[a-z]+$", { minLength: 30 }],
    ["^(ab|c)+$", { maxLength: 3 }],
  ])("meets length bounds as well as %s %j", (pattern, lengths) => {
    const text = stringForPattern(pattern, createRandom(pattern), lengths);
    expect(text).toBeDefined();
    expect(new RegExp(pattern, "u").test(text!)).toBe(true);
    expect(text!.length).toBeGreaterThanOrEqual(lengths.minLength ?? 0);
    expect(text!.length).toBeLessThanOrEqual(lengths.maxLength ?? Infinity);
  });

  it("gives undefined when the length bounds cannot be met", () => {
    expect(stringForPattern("^[0-9]{2}$", createRandom("x"), { minLength: 5 })).toBeUndefined();
  });

  const supported = [
    "^0x[0-9a-fA-F]{40}$",
    "^0x[0-9a-fA-F]*$",
    "^[a-z]+\\.eth$",
    "^\\d{3}-\\d{2,4}$",
    "^v?[0-9]{1,}$",
    "abc",
    // groups, alternation, anchors inside alternatives, negated classes, properties, escapes
    "^0x(0|[a-fA-F1-9][a-fA-F0-9]{0,62})$",
    "^(a|b)$",
    "^(?:latest|earliest|pending)$|^0x[0-9a-f]{1,16}$",
    "^(?<major>\\d+)\\.(?<minor>\\d+)$",
    "^[^0-9]+$",
    "^\\p{L}+$",
    "^\\p{Lu}[\\p{Ll}\\d]{2,5}$",
    "^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$",
    "^\\x41\\u0042[\\-+]?$",
    "^([0-9a-f]{2})+$",
    "^(0x)?[0-9A-F]+?$",
    "^eip155:[0-9]{1,32}$|^bip122:[0-9a-f]{32}$",
    "^[^\\s/]+/[^\\s/]+$",
    // lookarounds match nothing: written as nothing, the result checked by the real RegExp
    "^(?=a)a$",
    "^(?!0x)[a-z]{3}$",
    "^a(?<=a)b(?<!c)$",
    // portal-network's socket address: an IPv4 address or a host name (lookaheads bound its parts), and a port
    "^([0-9]{1,3}(?:\\.[0-9]{1,3}){3}|(?=[^\\/]{1,254}(?![^\\/]))(?:(?=[a-zA-Z0-9-]{1,63}\\.)(?:xn--+)?[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*\\.)+[a-zA-Z]{2,63}):([0-9]{1,5})$",
  ];
  it.each(supported)("makes a string matching %s", (pattern) => {
    const text = stringForPattern(pattern, createRandom(pattern));
    expect(text).toBeDefined();
    expect(new RegExp(pattern, "u").test(text!)).toBe(true);
  });

  it("never gives a string a lookaround refuses (a lookahead no path can meet gives undefined)", () => {
    expect(parsePattern("^(?=b)a$")).toBeDefined();
    expect(stringForPattern("^(?=b)a$", createRandom("x"))).toBeUndefined();
  });

  const unsupported = ["^(a)\\1$", "^\\bword\\b$", "^\\p{Script=Greek}$", "^a{3,1}$", "^(a$"];
  it.each(unsupported)("gives undefined for %s (not handled)", (pattern) => {
    expect(parsePattern(pattern)).toBeUndefined();
    expect(stringForPattern(pattern, createRandom(pattern))).toBeUndefined();
  });
});
