import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../../generator/model/document.js";
import { quickErrors, surelyValid } from "../../../generator/validate/quick-check.js";
import { ANNOTATIONS, RULE_GROUPS, RULES } from "../../../generator/validate/quick-ajv.js";

const definitions = new Map<string, JsonSchema>([
  ["Hex", { type: "string", pattern: "^0x[0-9a-f]*$" }],
  [
    "Block",
    {
      type: "object",
      required: ["number"],
      properties: { number: { $ref: "#/definitions/Hex" }, tags: { type: "array", items: { enum: ["a", "b"] } } },
      additionalProperties: false,
    },
  ],
]);

/** ajv as examples.ts makes it. */
const ajvErrors = (schema: JsonSchema, value: unknown): { instancePath: string; message: string }[] => {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, inlineRefs: false });
  const check = ajv.compile(
    typeof schema === "boolean" ? schema : { $id: "case", definitions: Object.fromEntries(definitions), ...schema },
  );
  if (check(value)) return [];
  return (check.errors ?? []).map((e) => ({ instancePath: e.instancePath, message: e.message ?? "" }));
};

/**
 * [schema, value, whether quick-check answers]: every answer is compared with ajv's errors
 * (instancePath and message, in ajv's order); `false` means quick-check leaves it to ajv.
 */
const cases: [string, JsonSchema, unknown, boolean][] = [
  ["type fits", { type: "integer" }, 3, true],
  ["type does not", { type: "integer" }, 3.5, true],
  ["type list", { type: ["string", "null"] }, 1, true],
  [
    "a single type with its group's keywords is checked in the group's turn, after enum",
    { type: "string", pattern: "^a", enum: ["b"] },
    5,
    true,
  ],
  [
    "integer is checked first, and the number keywords still run",
    { type: "integer", minimum: 5, maximum: 1 },
    3.5,
    true,
  ],
  ["a format puts the type check in the string group's turn", { type: "string", format: "date", const: "x" }, 1, true],
  [
    "number keywords of another type than the declared one apply",
    { type: "string", pattern: "x", minimum: 3 },
    1,
    true,
  ],
  ["ref fits", { $ref: "#/definitions/Block" }, { number: "0x1", tags: ["a"] }, true],
  ["ref, pattern fails", { $ref: "#/definitions/Block" }, { number: "1" }, true],
  [
    "additionalProperties before properties, extra members in the value's order",
    { $ref: "#/definitions/Block" },
    { z: 1, number: "x", tags: ["c", "a", "d"], extra: 1 },
    true,
  ],
  ["required missing, in the schema's order", { type: "object", required: ["b", "a", "c"] }, { c: 1 }, true],
  [
    "ref with sibling keywords: every keyword counts",
    { $ref: "#/definitions/Hex", type: "string", maxLength: 2, enum: ["0x123"] },
    "0x12",
    true,
  ],
  ["enum deep", { enum: [{ a: [1] }] }, { a: [1] }, true],
  ["enum fails", { enum: [{ a: [1] }, "x"] }, { a: [2] }, true],
  ["const", { const: "x" }, "y", true],
  [
    "tuple, additionalItems false before the items",
    { type: "array", items: [{ type: "string" }], additionalItems: false },
    [1, 1],
    true,
  ],
  [
    "tuple, additionalItems schema",
    { type: "array", items: [{ type: "string" }], additionalItems: { type: "string" } },
    [1, 2, "c", 4],
    true,
  ],
  ["tuple fits", { type: "array", items: [{ type: "string" }, { type: "number" }] }, ["a", 1, true], true],
  [
    "patternProperties",
    { type: "object", patternProperties: { "^x": { type: "number" } }, additionalProperties: false },
    { x1: 1 },
    true,
  ],
  [
    "patternProperties fails",
    {
      type: "object",
      patternProperties: { "^x": { type: "number" }, "1$": { type: "string" } },
      additionalProperties: false,
    },
    { y: 1, x1: 1, "a/b~": 2 },
    true,
  ],
  [
    "additionalProperties schema, pointer escaped",
    { type: "object", properties: { a: {} }, additionalProperties: { type: "string" } },
    { a: 1, "b/c~d": 2 },
    true,
  ],
  ["string length counts code points", { type: "string", maxLength: 1 }, "😀", true],
  ["lengths", { type: "string", minLength: 3, maxLength: 1 }, "ab", true],
  ["pattern wording", { type: "string", pattern: "^\\d+(\\.\\d+)?$" }, "1.", true],
  [
    "bounds, maximum before minimum",
    { type: "number", minimum: 3, maximum: 1, exclusiveMinimum: 4, exclusiveMaximum: 0.5 },
    2,
    true,
  ],
  ["bounds with big and small numbers", { minimum: 1e21, maximum: 1e-7 }, 2, true],
  ["multipleOf", { type: "number", multipleOf: 0.5 }, 1.25, true],
  ["multipleOf fits", { type: "integer", multipleOf: 3 }, 9, true],
  ["multipleOf of a big quotient", { multipleOf: 1e-21 }, 3, true],
  [
    "items, object and array counts",
    { type: "array", minItems: 4, maxItems: 1, items: { type: "object", minProperties: 2, maxProperties: 0 } },
    [{ a: 1 }, 2],
    true,
  ],
  ["oneOf with one fit", { oneOf: [{ type: "string" }, { type: "number" }] }, 1, true],
  [
    "oneOf with two fits: ajv stops at the second",
    { oneOf: [{ type: "string" }, { type: "number" }, { type: "integer" }, { type: "boolean" }] },
    1,
    true,
  ],
  ["oneOf with none", { oneOf: [{ type: "string" }, { type: "boolean" }] }, 1, true],
  ["anyOf", { anyOf: [{ type: "string" }, { $ref: "#/definitions/Hex" }] }, "0x", true],
  [
    "anyOf fails: every branch's errors, then anyOf's",
    { anyOf: [{ type: "string" }, { $ref: "#/definitions/Hex" }, { type: "object", required: ["a"] }] },
    {},
    true,
  ],
  ["anyOf with an always-valid branch", { anyOf: [{ type: "string" }, { description: "anything" }] }, 1, true],
  ["allOf", { allOf: [{ type: "string" }, { minLength: 2 }, { maxLength: 0 }] }, "a", true],
  ["not fits", { not: { type: "string" } }, 1, true],
  ["not fails", { not: { type: "string" } }, "a", true],
  ["not of anything", { not: {} }, 1, true],
  [
    "if/then fails then",
    { if: { type: "object", required: ["a"] }, then: { required: ["b"] }, else: { required: ["c"] } },
    { a: 1 },
    true,
  ],
  [
    "if/else fails else",
    { if: { type: "object", required: ["a"] }, then: { required: ["b"] }, else: { required: ["c"] } },
    {},
    true,
  ],
  ["if without then", { if: { required: ["a"] }, else: { maxProperties: 0 } }, { a: 1 }, true],
  [
    "uniqueItems, scalar item type: ajv's pass keyed by value",
    { type: "array", items: { type: "integer" }, uniqueItems: true },
    [1, 2, 1, 2],
    true,
  ],
  [
    "uniqueItems, mixed scalar types",
    { type: "array", items: { type: ["string", "number"] }, uniqueItems: true },
    ["1", 1, true, 1],
    true,
  ],
  ["uniqueItems, no item type: pairwise", { type: "array", uniqueItems: true }, [1, { a: 1 }, 2, { a: 1 }, 1], true],
  ["uniqueItems fits", { type: "array", uniqueItems: true }, [1, "1", [1]], true],
  [
    "contains fails: every item's errors, then contains'",
    { type: "array", contains: { type: "string" } },
    [1, true],
    true,
  ],
  ["contains fits", { type: "array", contains: { type: "string" } }, [1, "a"], true],
  ["contains on an empty array", { contains: {} }, [], true],
  [
    "propertyNames",
    { type: "object", propertyNames: { pattern: "^[a-z]+$", maxLength: 3 } },
    { ab: 1, Abcd: 2, c1: 3 },
    true,
  ],
  [
    "dependencies, properties then schemas",
    { dependencies: { a: ["b", "c"], d: ["e"], f: { required: ["g"] } } },
    { a: 1, f: 2, d: 3 },
    true,
  ],
  ["false schemas", { type: "object", properties: { a: false }, items: false }, { a: 1 }, true],
  ["boolean false items", { type: "array", items: false }, [1, 2], true],
  [
    "nested paths",
    {
      type: "object",
      properties: { list: { type: "array", items: { type: "object", properties: { n: { type: "number" } } } } },
    },
    { list: [{ n: "x" }, { n: 1 }, { n: null }] },
    true,
  ],
  [
    "unknown keywords are ignored, as ajv ignores them",
    { type: "object", unevaluatedProperties: false, name: "x", summary: "y" },
    { a: 1 },
    true,
  ],
  ["annotations only", { description: "d", examples: [1], format: "date" }, "x", true],
  [
    "x- extensions are ignored, as ajv ignores them",
    { type: "object", "x-response-deviations": { omitted: ["a"] }, required: ["b"] },
    { b: 1 },
    true,
  ],
  [
    "x- extensions do not hide a failure",
    { type: "object", "x-anything": { required: ["a"] }, required: ["b"] },
    {},
    true,
  ],
  ["unknown reference: ask ajv", { anyOf: [{ $ref: "#/definitions/Missing" }, { type: "string" }] }, 1, false],
  ["a property inherited from Object.prototype: ask ajv", { type: "object", required: ["constructor"] }, {}, false],
  ["nullable: ask ajv", { type: "string", nullable: true }, null, false],
  ["$id: ask ajv", { $id: "x", type: "string" }, 1, false],
  ["a keyword with a value of the wrong kind: ask ajv", { type: "array", uniqueItems: "yes" }, [1, 1], false],
  ["a value the meta-schema refuses: ask ajv", { multipleOf: 0 }, 1, false],
  ["a type named after an Object.prototype member: ask ajv", { type: "constructor" }, 1, false],
  [
    "keys named after Object.prototype members are unknown keywords",
    { toString: 1, not: { constructor: 2 }, anyOf: [{ type: "string" }, { hasOwnProperty: 3 }] },
    1,
    true,
  ],
  [
    "oneOf with an undecided branch: ask ajv",
    { oneOf: [{ $ref: "#/definitions/Missing" }, { type: "number" }] },
    1,
    false,
  ],
];

describe("quick-check (examples' first pass)", () => {
  it.each(cases)("%s", (_name, schema, value, answers) => {
    const errors = quickErrors(schema, value, definitions);
    if (!answers) {
      expect(errors).toBeUndefined();
      expect(surelyValid(schema, value, definitions)).toBeUndefined();
      return;
    }
    expect(errors).toEqual(ajvErrors(schema, value));
    expect(surelyValid(schema, value, definitions)).toBe(errors!.length === 0);
  });

  it("has ajv's keyword order and lists (an ajv upgrade that changes them fails here)", () => {
    const ajv = new Ajv({ strict: false }) as unknown as {
      RULES: { rules: { type?: string; rules: { keyword: string }[] }[]; all: object; keywords: object };
    };
    const groups = Object.fromEntries(ajv.RULES.rules.map((g) => [g.type ?? "any", g.rules.map((r) => r.keyword)]));
    expect(groups).toEqual(RULE_GROUPS);
    expect([...RULES].sort()).toEqual(Object.keys(ajv.RULES.all).sort());
    expect([...new Set([...RULES, ...ANNOTATIONS, "$async", "$id"])].sort()).toEqual(
      Object.keys(ajv.RULES.keywords).sort(),
    );
  });
});
