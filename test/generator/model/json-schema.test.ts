/**
 * Schema nodes → self-contained JSON Schema (generator/model/json-schema.ts), as tables of
 * [name, { given, want }]: the JSON Schema of a document's component, normalized by the real
 * normalize stage, written back. Every output must compile in ajv's draft-07 class (as the MCP SDK's
 * client builds it) and its 2020-12 class in strict mode, and hold no `$ref` out of itself; the
 * cases with values check that both dialects accept and refuse the same ones.
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { nodeDefinitions } from "../../../generator/model/definitions.js";
import {
  U64_COMMENT,
  U64_PATTERN,
  selfContainedSchema,
  type JsonSchemaObject,
  type JsonSchemaOptions,
} from "../../../generator/model/json-schema.js";
import { U64_COMMENT as RUNTIME_U64_COMMENT } from "../../../runtime/mcp-values.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { doc, loaded } from "../../helpers/spec.js";

/** Component `Root` (or `root`) of `schemas`, normalized, written back (documented, or `lenient` with the deviations applied). */
function written(
  schemas: Record<string, unknown>,
  options: JsonSchemaOptions & { lenient?: boolean; root?: string } = {},
): JsonSchemaObject {
  const model = normalizeDocument(loaded(doc([], schemas)));
  const definitions = nodeDefinitions(model.schemas, options.lenient === true);
  const root = definitions.get(options.root ?? "Root");
  if (!root) throw new Error(`no component ${options.root ?? "Root"} in the model`);
  return selfContainedSchema(root, definitions, options);
}

const ajv07 = new AjvJsonSchemaValidator();
/**
 * Strict: unknown keywords and type mistakes throw. `strictTuples` and `strictRequired` are ajv's style
 * rules, not validity (a tuple may be shorter than its prefix; `required` may name a property without a
 * schema), so they stay off.
 */
const ajv2020 = new Ajv2020({ strict: true, strictTuples: false, strictRequired: false, allErrors: true });

/** Whether `value` passes `schema` in both dialects (and they agree). */
function passes(schema: JsonSchemaObject, value: unknown): boolean {
  const draft07 = ajv07.getValidator(schema)(value).valid;
  const draft2020 = ajv2020.validate(schema, value);
  expect(draft07, `draft-07 and 2020-12 disagree on ${JSON.stringify(value)}`).toBe(draft2020);
  return draft07;
}

type Row = [
  string,
  { given: Record<string, unknown>; want: JsonSchemaObject; options?: JsonSchemaOptions & { lenient?: boolean } },
];

const ROWS: Row[] = [
  [
    "a string: pattern and lengths kept, format said in the description",
    {
      given: {
        Root: {
          type: "string",
          pattern: "^0x[0-9a-f]*$",
          minLength: 2,
          maxLength: 66,
          format: "hex",
          description: "Bytes.",
        },
      },
      want: {
        description: "Bytes.\n\nFormat: hex.",
        type: "string",
        pattern: "^0x[0-9a-f]*$",
        minLength: 2,
        maxLength: 66,
      },
    },
  ],
  [
    "a pattern that compiles only without the u flag: said, not kept",
    {
      given: { Root: { type: "string", pattern: "^a\\-b$" } },
      want: { description: "Pattern: ^a\\-b$", type: "string" },
    },
  ],
  [
    "a u64: a decimal string, marked, its bounds in words",
    {
      given: { Root: { type: "integer", format: "uint64", minimum: 1, maximum: 1000, examples: [5], default: 7 } },
      want: {
        description:
          "An unsigned 64-bit integer written as a decimal string (exact beyond 2^53), at least 1 and at most 1000.",
        default: "7",
        examples: ["5"],
        type: "string",
        pattern: U64_PATTERN,
        $comment: U64_COMMENT,
      },
    },
  ],
  [
    "a u64 written as an integer when asked",
    {
      given: { Root: { type: "integer", format: "uint64" } },
      want: { type: "integer", minimum: 0 },
      options: { u64: "integer" },
    },
  ],
  [
    "nullable scalars: one type list",
    { given: { Root: { type: ["string", "null"] } }, want: { type: ["string", "null"] } },
  ],
  [
    "a reference or null: the one use written in place",
    {
      given: {
        Root: { anyOf: [{ $ref: "#/components/schemas/Hash" }, { type: "null" }] },
        Hash: { type: "string", pattern: "^0x" },
      },
      want: { anyOf: [{ type: "string", pattern: "^0x" }, { type: "null" }] },
    },
  ],
  [
    "oneOf is written as anyOf (two members may admit one decimal string)",
    {
      given: { Root: { oneOf: [{ type: "string" }, { type: "integer", format: "uint64" }] } },
      want: {
        anyOf: [
          { type: "string" },
          {
            description: "An unsigned 64-bit integer written as a decimal string (exact beyond 2^53).",
            type: "string",
            pattern: U64_PATTERN,
            $comment: U64_COMMENT,
          },
        ],
      },
    },
  ],
  [
    "a closed tuple: prefixItems and its length",
    {
      given: { Root: { type: "array", items: [{ type: "string" }, { type: "boolean" }], additionalItems: false } },
      want: { type: "array", prefixItems: [{ type: "string" }, { type: "boolean" }], maxItems: 2 },
    },
  ],
  [
    "allOf, not, enum, const, any value, no value",
    {
      given: {
        Root: {
          type: "object",
          properties: {
            both: { allOf: [{ type: "string" }, { minLength: 1 }] },
            other: { not: { type: "string" } },
            colour: { enum: ["red", "blue"] },
            one: { const: 1 },
            any: {},
            none: false,
          },
        },
      },
      want: {
        type: "object",
        properties: {
          both: { allOf: [{ type: "string" }, { type: "string", minLength: 1 }] },
          other: { not: { type: "string" } },
          colour: { enum: ["red", "blue"] },
          one: { const: 1 },
          any: {},
          none: { not: {} },
        },
      },
    },
  ],
  [
    "an object: required (also without a property schema), additional and pattern properties, counts",
    {
      given: {
        Root: {
          type: "object",
          properties: { a: { type: "string" } },
          required: ["a", "b"],
          patternProperties: { "^x-": { type: "number" } },
          additionalProperties: { type: "boolean" },
          minProperties: 1,
          maxProperties: 5,
        },
      },
      want: {
        type: "object",
        properties: { a: { type: "string" } },
        required: ["a", "b"],
        patternProperties: { "^x-": { type: "number" } },
        additionalProperties: { type: "boolean" },
        minProperties: 1,
        maxProperties: 5,
      },
    },
  ],
  [
    "x-response-deviations: the lenient view drops an omitted field from required",
    {
      given: {
        Root: {
          type: "object",
          properties: { blockchain: { type: "string" }, address: { type: "string" } },
          required: ["blockchain", "address"],
          "x-response-deviations": { omitted: ["blockchain"], nullable: ["address"] },
        },
      },
      want: {
        type: "object",
        properties: { blockchain: { type: "string" }, address: { type: ["string", "null"] } },
        required: ["address"],
      },
      options: { lenient: true },
    },
  ],
];

describe("one node kind at a time", () => {
  it.each(ROWS)("%s", (_name, { given, want, options }) => {
    const schema = written(given, options);
    expect(schema).toEqual(want);
    expect(() => ajv2020.compile(schema)).not.toThrow();
  });
});

describe("references", () => {
  it("recursion: the root in place, the recursive node in $defs; both dialects check nested values", () => {
    const schema = written(
      {
        Node: {
          type: "object",
          properties: {
            value: { type: "integer", format: "uint64" },
            children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
          },
          required: ["value"],
        },
      },
      { root: "Node" },
    );
    expect(schema.$defs).toHaveProperty("Node");
    expect(JSON.stringify(schema)).not.toMatch(/"\$ref":"(?!#\/\$defs\/)/);
    expect(passes(schema, { value: "1", children: [{ value: "2", children: [{ value: "3" }] }] })).toBe(true);
    expect(passes(schema, { value: "1", children: [{ value: "2", children: [{ value: 3 }] }] })).toBe(false);
    expect(passes(schema, { value: "1", children: [{ children: [] }] })).toBe(false);
  });

  it("mutual recursion (A ↔ B): both in $defs, finite", () => {
    const schema = written({
      Root: { type: "object", properties: { a: { $ref: "#/components/schemas/A" } } },
      A: { type: "object", properties: { b: { $ref: "#/components/schemas/B" } } },
      B: { type: "object", properties: { a: { $ref: "#/components/schemas/A" }, leaf: { type: "string" } } },
    });
    expect(Object.keys(schema.$defs as object).sort()).toEqual(["A", "B"]);
    expect(passes(schema, { a: { b: { a: { b: { leaf: "x" } } } } })).toBe(true);
    expect(passes(schema, { a: { b: { a: { b: { leaf: 1 } } } } })).toBe(false);
  });

  it("a name used twice goes to $defs once; a name used once is written in place", () => {
    const schema = written({
      Root: {
        type: "object",
        properties: {
          from: { $ref: "#/components/schemas/Hash" },
          to: { $ref: "#/components/schemas/Hash" },
          amount: { $ref: "#/components/schemas/Amount" },
        },
      },
      Hash: { type: "string", pattern: "^0x" },
      Amount: { type: "integer", minimum: 0 },
    });
    expect(schema).toEqual({
      type: "object",
      properties: {
        from: { $ref: "#/$defs/Hash" },
        to: { $ref: "#/$defs/Hash" },
        amount: { type: "integer", minimum: 0 },
      },
      $defs: { Hash: { type: "string", pattern: "^0x" } },
    });
  });
});

describe("hostile names", () => {
  it("properties named __proto__, constructor, with dots and spaces stay own properties, checked by name", () => {
    const schema = written({
      Root: JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"integer"},"a.b":{"type":"boolean"},"with space":{"type":"null"}},"required":["__proto__","a.b"]}',
      ) as Record<string, unknown>,
    });
    const properties = schema.properties as Record<string, unknown>;
    expect(Object.keys(properties)).toEqual(["__proto__", "constructor", "a.b", "with space"]);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(properties, "__proto__")?.value).toEqual({ type: "string" });
    expect(schema.required).toEqual(["__proto__", "a.b"]);
    // As JSON text (what an MCP client reads), the names are plain keys.
    expect(JSON.parse(JSON.stringify(schema))).toEqual(JSON.parse(JSON.stringify(schema)));
    expect(JSON.stringify(schema)).toContain('"__proto__":{"type":"string"}');
    // ajv reads a required `__proto__` through the prototype (always "present"), so values test the others.
    expect(passes(schema, JSON.parse('{"__proto__":"x","a.b":true,"constructor":1}'))).toBe(true);
    expect(passes(schema, JSON.parse('{"__proto__":"x","a.b":"yes"}'))).toBe(false);
    expect(passes(schema, JSON.parse('{"__proto__":"x","with space":1,"a.b":true}'))).toBe(false);
  });
});

it("the u64 mark is the same text in the generator and in the runtime that reads it", () => {
  expect(RUNTIME_U64_COMMENT).toBe(U64_COMMENT);
});
