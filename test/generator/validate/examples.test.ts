import { describe, expect, it } from "vitest";
import { validateExamples } from "../../../generator/validate/examples.js";
import { validateSpec } from "../../../generator/validate/spec.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { doc, loaded } from "../../helpers/spec.js";

const method = (examples: unknown[]) => ({
  name: "get",
  params: [{ name: "n", required: true, schema: { type: "integer", maximum: 5 } }],
  result: { name: "r", schema: { $ref: "#/components/schemas/Thing" } },
  examples,
});
const schemas = {
  Thing: {
    type: "object",
    required: ["id", "chain"],
    properties: { id: { type: "string" }, chain: { type: "string" } },
    "x-response-deviations": { omitted: ["chain"] },
  },
};
const check = (examples: unknown[]) => validateExamples(normalizeDocument(loaded(doc([method(examples)], schemas))));

/** The problems for one example of `get(n)`, whose param `n` has `schema`. */
const paramProblems = async (schema: unknown, value: unknown, files: Record<string, unknown> = {}) => {
  const spec = loaded(
    doc([
      {
        name: "get",
        params: [{ name: "n", required: true, schema }],
        examples: [{ name: "ex", params: [{ name: "n", value }], result: { name: "r", value: "ok" } }],
      },
    ]),
    files,
  );
  return (await validateExamples(normalizeDocument(spec))).map((p) => `${p.file}#${p.pointer}: ${p.message}`);
};

describe("validateExamples", () => {
  it("accepts valid examples, with the result checked after x-response-deviations", async () => {
    expect(
      await check([{ name: "ok", params: [{ name: "n", value: 3 }], result: { name: "r", value: { id: "a" } } }]),
    ).toEqual([]);
  });

  it.each([
    [
      "params over the maximum",
      { name: "big", params: [{ name: "n", value: 9 }], result: { name: "r", value: { id: "a" } } },
      "/methods/0/examples/0/params",
      'example "big" of get has invalid params: /n must be <= 5, found 9.',
    ],
    [
      "a result missing a documented field that has no deviation",
      { name: "noid", params: [{ name: "n", value: 1 }], result: { name: "r", value: { chain: "x" } } },
      "/methods/0/examples/0/result",
      'example "noid" of get has an invalid result: (result) is missing required property "id".',
    ],
  ])("reports %s", async (_name, example, pointer, message) => {
    const problems = await check([example]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.pointer).toBe(pointer);
    expect(problems[0]!.message).toBe(message);
    expect(problems[0]!.rule).toBe("example");
    expect(problems[0]!.hint).toMatch(/^Fix the example/);
  });

  // [case, schema of n, value of n, the problems: where, what was expected, what was found]
  it.each<[string, unknown, unknown, string[]]>([
    ["a fitting value", { type: "string", pattern: "^0x" }, "0x1", []],
    [
      "a value of the wrong type",
      { type: "integer" },
      "12",
      [
        'spec/test.openrpc.json#/methods/0/examples/0/params: example "ex" of get has invalid params: /n must be integer, found "12".',
      ],
    ],
    [
      "an enum, with the allowed values",
      { enum: ["latest", "safe"] },
      "pending",
      [
        'spec/test.openrpc.json#/methods/0/examples/0/params: example "ex" of get has invalid params: /n must be one of "latest", "safe", found "pending".',
      ],
    ],
    [
      "an unknown member, by name",
      { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
      { a: "x", colour: 1 },
      [
        'spec/test.openrpc.json#/methods/0/examples/0/params: example "ex" of get has invalid params: /n has unknown property "colour".',
      ],
    ],
    [
      "too few items, counted",
      { type: "array", minItems: 2 },
      [1],
      [
        'spec/test.openrpc.json#/methods/0/examples/0/params: example "ex" of get has invalid params: /n must NOT have fewer than 2 items, found 1 item.',
      ],
    ],
    [
      "every error of the example (ajv's allErrors), each with its own place",
      {
        type: "object",
        properties: { "a/b~c": { type: "integer" }, d: { type: "string", maxLength: 2 } },
        required: ["e"],
      },
      { "a/b~c": 1.5, d: "long" },
      [
        'spec/test.openrpc.json#/methods/0/examples/0/params: example "ex" of get has invalid params: /n is missing required property "e".',
        'spec/test.openrpc.json#/methods/0/examples/0/params: example "ex" of get has invalid params: /n/a~1b~0c must be integer, found 1.5.',
        'spec/test.openrpc.json#/methods/0/examples/0/params: example "ex" of get has invalid params: /n/d must NOT have more than 2 characters, found "long".',
      ],
    ],
    [
      "a long value, shortened",
      { type: "integer" },
      "x".repeat(500),
      [
        `spec/test.openrpc.json#/methods/0/examples/0/params: example "ex" of get has invalid params: /n must be integer, found "${"x".repeat(46)}… (500 characters).`,
      ],
    ],
    [
      "a large object, described",
      { type: "string" },
      Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i])),
      [
        'spec/test.openrpc.json#/methods/0/examples/0/params: example "ex" of get has invalid params: /n must be string, found an object with 30 properties.',
      ],
    ],
    [
      "a pattern valid only without the u flag, compiled as the generated validators do",
      { type: "string", pattern: "^a\\-b$" },
      "a-c",
      [
        'spec/test.openrpc.json#/methods/0/examples/0/params: example "ex" of get has invalid params: /n must match pattern "^a\\-b$", found "a-c".',
      ],
    ],
    [
      "prototype-named members in the value (plain data, never the prototype)",
      { type: "object", properties: { constructor: { type: "string" } }, additionalProperties: false },
      JSON.parse('{"constructor": 1, "__proto__": 2}'),
      [
        'spec/test.openrpc.json#/methods/0/examples/0/params: example "ex" of get has invalid params: /n has unknown property "__proto__".',
        'spec/test.openrpc.json#/methods/0/examples/0/params: example "ex" of get has invalid params: /n/constructor must be string, found 1.',
      ],
    ],
  ])("%s", async (_name, schema, value, expected) => {
    expect(await paramProblems(schema, value)).toEqual(expected);
  });

  it("points at an example written inside a schema where it is written, with its file", async () => {
    const external = { type: "object", properties: { "a/b": { type: "integer", examples: [1, 1.5] } } };
    const spec = loaded(
      doc(
        [
          {
            name: "get",
            params: [{ name: "p", schema: { type: "string", examples: ["ok", 7] } }],
            result: { name: "r", schema: { $ref: "other.json#/Thing" } },
          },
        ],
        { Local: { type: "integer", minimum: 0, examples: [-1] } },
      ),
      { "spec/other.json": { Thing: external } },
    );
    const problems = (await validateExamples(normalizeDocument(spec))).map(
      (p) => `${p.file}#${p.pointer}: ${p.message}`,
    );
    expect(problems.sort()).toEqual([
      "spec/other.json#/Thing/properties/a~1b/examples/1: example 1 of schema Thing does not fit its schema: (value) must be integer, found 1.5.",
      "spec/test.openrpc.json#/components/schemas/Local/examples/0: example 0 of schema Local does not fit its schema: (value) must be >= 0, found -1.",
      "spec/test.openrpc.json#/methods/0/params/0/schema/examples/1: example 1 of schema GetParams does not fit its schema: (value) must be string, found 7.",
    ]);
  });

  it("reports a schema ajv cannot compile once, as a sentence, where no earlier check looked (an external file)", async () => {
    const files = { "spec/kinds.json": { Kind: { type: "string", enum: [] } } };
    const schema = { $ref: "kinds.json#/Kind" };
    const spec = loaded(
      doc([
        {
          name: "get",
          params: [{ name: "n", required: true, schema }],
          examples: [
            { name: "a", params: [{ name: "n", value: "x" }] },
            { name: "b", params: [{ name: "n", value: "y" }] },
          ],
        },
      ]),
      files,
    );
    expect(validateSpec(spec).problems).toEqual([]);
    const problems = await validateExamples(normalizeDocument(spec));
    expect(problems.map((p) => `${p.pointer}: ${p.message}`)).toEqual([
      "/methods/0/params: the examples of GetParams cannot be checked: ajv cannot compile its schema (enum must have non-empty array).",
    ]);
    expect(problems[0]!.hint).toMatch(/valid JSON Schema/);
  });

  it("checks nothing, and needs no ajv, for a document without examples", async () => {
    expect(await validateExamples(normalizeDocument(loaded(doc([{ name: "m" }], schemas))))).toEqual([]);
  });
});
