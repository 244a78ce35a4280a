import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../../generator/model.js";
import { surelyValid } from "../../../generator/validate/quick-check.js";

const definitions = new Map<string, JsonSchema>([
  ["Hex", { type: "string", pattern: "^0x[0-9a-f]*$" }],
  ["Block", { type: "object", required: ["number"], properties: { number: { $ref: "#/definitions/Hex" }, tags: { type: "array", items: { enum: ["a", "b"] } } }, additionalProperties: false }],
]);

/** [schema, value, what quick-check answers]; ajv's verdict is checked against every `true`. */
const cases: [string, JsonSchema, unknown, boolean | undefined][] = [
  ["type fits", { type: "integer" }, 3, true],
  ["type does not", { type: "integer" }, 3.5, false],
  ["type list", { type: ["string", "null"] }, null, true],
  ["ref fits", { $ref: "#/definitions/Block" }, { number: "0x1", tags: ["a"] }, true],
  ["ref, pattern fails", { $ref: "#/definitions/Block" }, { number: "1" }, false],
  ["additional property", { $ref: "#/definitions/Block" }, { number: "0x1", extra: 1 }, false],
  ["required missing", { $ref: "#/definitions/Block" }, {}, false],
  ["enum deep", { enum: [{ a: [1] }] }, { a: [1] }, true],
  ["const", { const: "x" }, "y", false],
  ["tuple and additionalItems", { type: "array", items: [{ type: "string" }], additionalItems: false }, ["a", 1], false],
  ["tuple fits", { type: "array", items: [{ type: "string" }, { type: "number" }] }, ["a", 1, true], true],
  ["patternProperties", { type: "object", patternProperties: { "^x": { type: "number" } }, additionalProperties: false }, { x1: 1 }, true],
  ["patternProperties fails", { type: "object", patternProperties: { "^x": { type: "number" } }, additionalProperties: false }, { y: 1 }, false],
  ["string length counts code points", { type: "string", maxLength: 1 }, "😀", true],
  ["bounds", { type: "number", minimum: 1, exclusiveMaximum: 2 }, 2, false],
  ["oneOf with one fit", { oneOf: [{ type: "string" }, { type: "number" }] }, 1, true],
  ["oneOf with two fits: ask ajv", { oneOf: [{ type: "number" }, { type: "integer" }] }, 1, undefined],
  ["anyOf", { anyOf: [{ type: "string" }, { $ref: "#/definitions/Hex" }] }, "0x", true],
  ["allOf", { allOf: [{ type: "string" }, { minLength: 2 }] }, "a", false],
  ["unknown keyword: ask ajv", { type: "array", uniqueItems: true }, [1, 1], undefined],
  ["unknown reference: ask ajv", { $ref: "#/definitions/Missing" }, 1, undefined],
  ["annotations only", { description: "d", examples: [1], format: "date" }, "x", true],
  ["x- extensions are ignored, as ajv ignores them", { type: "object", "x-response-deviations": { omitted: ["a"] }, required: ["b"] }, { b: 1 }, true],
  ["x- extensions do not hide a failure", { type: "object", "x-anything": { required: ["a"] }, required: ["b"] }, {}, false],
];

describe("quick-check (examples' first pass)", () => {
  it.each(cases)("%s", (_name, schema, value, expected) => {
    expect(surelyValid(schema, value, definitions)).toBe(expected);
    if (expected === undefined) return;
    const ajv = new Ajv({ strict: false, validateFormats: false });
    const valid = ajv.validate({ $id: "case", definitions: Object.fromEntries(definitions), ...(schema as object) }, value);
    // `true` must always agree with ajv; a `false` always does here too (ajv words the errors).
    expect(valid).toBe(expected);
  });
});
