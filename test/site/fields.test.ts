/** Form fields from param schemas (generator/site/fields.ts): a table of schema → field. */
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../generator/model/document.js";
import type { SchemaNode } from "../../generator/model/schema.js";
import { SchemaNormalizer } from "../../generator/normalize/schema.js";
import { fieldFor, typeLabel } from "../../generator/site/fields.js";

/** The tables are written in JSON Schema; the fields are made from its normalized nodes. */
const node = (schema: JsonSchema, where = "#/s"): SchemaNode => new SchemaNormalizer().normalize(schema, where);
const schemas = new Map<string, JsonSchema>([
  ["Chain", { type: "string", enum: ["eth", "bsc"], description: "A chain." }],
  ["Tag", { enum: ["latest", "earliest"] }],
  ["Node", { type: "object", properties: { child: { $ref: "#/definitions/Node" } } }],
]);
const definitions = new Map([...schemas].map(([name, schema]) => [name, node(schema, `#/definitions/${name}`)]));

describe("fieldFor", () => {
  it.each<[string, JsonSchema, unknown]>([
    [
      "an enum is a select",
      { $ref: "#/definitions/Chain" },
      { kind: "enum", options: ["eth", "bsc"], description: "A chain." },
    ],
    [
      "a union of constants is one select",
      { anyOf: [{ const: "a" }, { $ref: "#/definitions/Tag" }] },
      { kind: "enum", options: ["a", "latest", "earliest"] },
    ],
    ["a boolean is a checkbox", { type: "boolean", default: false }, { kind: "boolean", default: false }],
    [
      "an integer keeps its bounds",
      { type: "integer", minimum: 1, maximum: 10000, default: 1000 },
      { kind: "integer", minimum: 1, maximum: 10000, default: 1000 },
    ],
    [
      "exclusive bounds of an integer become inclusive",
      { type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 10 },
      { kind: "integer", minimum: 1, maximum: 9 },
    ],
    ["a u64 integer is marked", { type: "integer", format: "uint64" }, { kind: "integer", uint64: true }],
    [
      "a nullable string is a string (empty means not set)",
      { type: ["string", "null"], pattern: "^0x" },
      { kind: "string", pattern: "^0x" },
    ],
    ["a oneOf with null is its other branch", { oneOf: [{ type: "boolean" }, { type: "null" }] }, { kind: "boolean" }],
    [
      "an array has its item field",
      { type: "array", items: { type: "string" }, maxItems: 3 },
      { kind: "array", items: { kind: "string" }, maxItems: 3 },
    ],
    [
      "an object has its properties, required marked",
      {
        type: "object",
        required: ["a"],
        properties: { a: { type: "integer" }, b: { type: "boolean", description: "B." } },
      },
      {
        kind: "object",
        properties: [
          { name: "a", required: true, description: "", field: { kind: "integer" } },
          { name: "b", required: false, description: "B.", field: { kind: "boolean", description: "B." } },
        ],
      },
    ],
    [
      "a union of tags and a pattern is a combo box",
      { anyOf: [{ type: "string", pattern: "^0x[0-9a-f]+$" }, { $ref: "#/definitions/Tag" }], default: "latest" },
      { kind: "combo", options: ["latest", "earliest"], patterns: ["^0x[0-9a-f]+$"], default: "latest" },
    ],
    [
      "a union of an integer, any string and tags is a combo box",
      { anyOf: [{ type: "integer", minimum: 0 }, { type: "string" }, { $ref: "#/definitions/Tag" }] },
      { kind: "combo", options: ["latest", "earliest"], patterns: [], anyString: true, integer: { minimum: 0 } },
    ],
    [
      "a union with an object is JSON",
      { anyOf: [{ type: "object", properties: { a: { type: "string" } } }, { $ref: "#/definitions/Tag" }] },
      { kind: "json", hint: "object or Tag" },
    ],
    [
      "a union of free values without a constant is JSON",
      { anyOf: [{ type: "integer" }, { type: "string" }] },
      { kind: "json", hint: "integer or string" },
    ],
    [
      "a tuple is JSON",
      { type: "array", items: [{ type: "string" }, { type: "integer" }] },
      { kind: "json", hint: "array" },
    ],
    ["true is JSON", true, { kind: "json", hint: "any JSON value" }],
  ])("%s", (_name, schema, want) => {
    expect(fieldFor(node(schema), definitions)).toEqual(want);
  });

  it("a recursive schema ends in a JSON editor instead of recursing", () => {
    const field = fieldFor(node({ $ref: "#/definitions/Node" }), definitions);
    expect(field).toEqual({
      kind: "object",
      properties: [{ name: "child", required: false, description: "", field: { kind: "json", hint: "Node" } }],
    });
  });
});

describe("typeLabel", () => {
  it.each<[string, JsonSchema, string]>([
    ["a list", { type: "array", items: { $ref: "#/definitions/Node" } }, "list of Node"],
    ["a named enum shows its values", { $ref: "#/definitions/Tag" }, '"latest" | "earliest"'],
    ["a union", { oneOf: [{ type: "integer" }, { type: "null" }] }, "integer or null"],
  ])("%s", (_name, schema, want) => {
    expect(typeLabel(node(schema), definitions)).toBe(want);
  });
});
