/**
 * The schema normalizer (generator/normalize/schema.ts) and its document-wide passes
 * (schema-checks.ts): JSON Schema in, model nodes out, as `[name, { given, want }]` rows; hostile
 * schemas (self-reference, deep nesting, prototype names, huge enums) included.
 */
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatePackage } from "../../../generator/commands/pipeline.js";
import { startMockServer } from "../../../generator/mock/server.js";
import type { JsonSchema } from "../../../generator/model/document.js";
import type { SchemaNode } from "../../../generator/model/schema.js";
import { jsonTypes, reachableNames, resolveNode, visit, withoutNull } from "../../../generator/model/schema.js";
import { MAX_SCHEMA_DEPTH, SchemaNormalizer } from "../../../generator/normalize/schema.js";
import { markDiscriminators, selfReferences } from "../../../generator/normalize/schema-checks.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { GeneratorError } from "../../../generator/problems.js";
import { doc, loaded } from "../../helpers/spec.js";

const P = "#/s";
const normalize = (schema: JsonSchema): SchemaNode => new SchemaNormalizer().normalize(schema, P);
const ref = (name: string, pointer = P): SchemaNode => ({ kind: "ref", name, pointer });

const rows: [string, { given: JsonSchema; want: SchemaNode }][] = [
  ["true is unknown", { given: true, want: { kind: "unknown", pointer: P } }],
  ["false is never", { given: false, want: { kind: "never", pointer: P } }],
  ["{} is unknown", { given: {}, want: { kind: "unknown", pointer: P } }],
  [
    "annotations only: unknown with its annotations",
    {
      given: { description: "Any.", title: "T", examples: [1], example: 2, default: null, deprecated: true },
      want: {
        kind: "unknown",
        pointer: P,
        description: "Any.",
        title: "T",
        examples: [1, 2],
        default: null,
        hasDefault: true,
        deprecated: true,
      },
    },
  ],
  ["a $ref is a reference", { given: { $ref: "#/definitions/Block" }, want: ref("Block") }],
  [
    "a $ref keeps its annotations",
    {
      given: { $ref: "#/definitions/Block", description: "The block." },
      want: { ...ref("Block"), description: "The block." },
    },
  ],
  [
    "keywords beside a $ref narrow it: an allOf",
    {
      given: { $ref: "#/definitions/Status", enum: ["VALID"] },
      want: {
        kind: "allOf",
        pointer: P,
        members: [ref("Status"), { kind: "enum", rule: "enum", values: ["VALID"], pointer: P }],
      },
    },
  ],
  [
    "string with format, pattern and lengths",
    {
      given: { type: "string", format: "uri", pattern: "^h", minLength: 1, maxLength: 9 },
      want: { kind: "string", format: "uri", pattern: "^h", minLength: 1, maxLength: 9, pointer: P },
    },
  ],
  [
    "integer with bounds and multipleOf",
    {
      given: { type: "integer", minimum: 1, maximum: 10000, multipleOf: 2 },
      want: { kind: "integer", minimum: 1, maximum: 10000, multipleOf: 2, pointer: P },
    },
  ],
  [
    "draft-04 boolean exclusive bounds become number bounds",
    {
      given: { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: false },
      want: { kind: "number", exclusiveMinimum: 0, maximum: 1, pointer: P },
    },
  ],
  [
    "non-finite and negative limits are dropped",
    {
      given: { type: "array", minItems: -1, maxItems: 1.5, items: { type: "number", minimum: "1" } },
      want: { kind: "array", items: { kind: "number", pointer: `${P}/items` }, pointer: P },
    },
  ],
  [
    "format uint64 is an exact u64 integer when the type is a number",
    {
      given: { type: "integer", format: "uint64", minimum: 0 },
      want: { kind: "integer", u64: true, minimum: 0, pointer: P },
    },
  ],
  [
    "a string of format uint64 stays a string: the document sends it as a JSON string (found by the fuzz suite)",
    {
      given: { type: "string", format: "uint64" },
      want: { kind: "string", format: "uint64", pointer: P },
    },
  ],
  [
    "a type list is a union in the order written",
    {
      given: { type: ["integer", "null"], format: "uint64", description: "Space." },
      want: {
        kind: "union",
        rule: "type",
        description: "Space.",
        members: [
          { kind: "integer", u64: true, pointer: P },
          { kind: "null", pointer: P },
        ],
        pointer: P,
      },
    },
  ],
  ["a one-type list is that type", { given: { type: ["boolean"] }, want: { kind: "boolean", pointer: P } }],
  [
    "const is an enum of one value",
    { given: { const: "latest" }, want: { kind: "enum", rule: "const", values: ["latest"], pointer: P } },
  ],
  [
    "enum values that do not fit the type are dropped; null stays when the type admits it",
    {
      given: { type: ["string", "null"], enum: ["a", 1, null] },
      // `positions`: where the kept values are in the written enum; `types`: the type written beside them.
      want: {
        kind: "enum",
        rule: "enum",
        values: ["a", null],
        positions: [0, 2],
        types: ["string", "null"],
        pointer: P,
      },
    },
  ],
  [
    "implied types: properties make an object",
    {
      given: { properties: { a: { type: "string" } }, required: ["a", "b"] },
      want: {
        kind: "object",
        properties: [{ name: "a", required: true, node: { kind: "string", pointer: `${P}/properties/a` } }],
        requiredOnly: ["b"],
        patterns: [],
        pointer: P,
      },
    },
  ],
  [
    "implied types: pattern makes a string, minimum a number, items an array",
    {
      given: { anyOf: [{ pattern: "^0x" }, { minimum: 0 }, { items: true }] },
      want: {
        kind: "union",
        rule: "anyOf",
        members: [
          { kind: "string", pattern: "^0x", pointer: `${P}/anyOf/0` },
          { kind: "number", minimum: 0, pointer: `${P}/anyOf/1` },
          { kind: "array", items: { kind: "unknown", pointer: `${P}/anyOf/2/items` }, pointer: `${P}/anyOf/2` },
        ],
        pointer: P,
      },
    },
  ],
  [
    "objects: additionalProperties, patternProperties, draft-03 required, property counts",
    {
      given: {
        type: "object",
        properties: { x: { type: "string", required: true } },
        patternProperties: { "^0x": { type: "integer" } },
        additionalProperties: false,
        minProperties: 1,
      },
      want: {
        kind: "object",
        properties: [{ name: "x", required: true, node: { kind: "string", pointer: `${P}/properties/x` } }],
        requiredOnly: [],
        patterns: [{ pattern: "^0x", node: { kind: "integer", pointer: `${P}/patternProperties/^0x` } }],
        additional: { kind: "never", pointer: `${P}/additionalProperties` },
        minProperties: 1,
        pointer: P,
      },
    },
  ],
  [
    "tuples: items as a list, additionalItems as the rest",
    {
      given: { type: "array", items: [{ type: "string" }], additionalItems: false, minItems: 1, uniqueItems: true },
      want: {
        kind: "tuple",
        items: [{ kind: "string", pointer: `${P}/items/0` }],
        rest: { kind: "never", pointer: `${P}/additionalItems` },
        minItems: 1,
        uniqueItems: true,
        pointer: P,
      },
    },
  ],
  [
    "several aspects are an allOf: allOf branches, anyOf, oneOf, the own part, not",
    {
      given: {
        type: "object",
        description: "Both.",
        oneOf: [{ $ref: "#/definitions/A" }],
        allOf: [{ $ref: "#/definitions/B" }],
        not: { type: "null" },
      },
      want: {
        kind: "allOf",
        description: "Both.",
        members: [
          ref("B", `${P}/allOf/0`),
          { kind: "union", rule: "oneOf", members: [ref("A", `${P}/oneOf/0`)], pointer: `${P}/oneOf` },
          { kind: "object", properties: [], requiredOnly: [], patterns: [], pointer: P },
          { kind: "not", node: { kind: "null", pointer: `${P}/not` }, pointer: P },
        ],
        pointer: P,
      },
    },
  ],
  [
    "keywords the model does not hold are kept as unmodelled",
    {
      given: { type: "string", if: { const: "a" }, then: { minLength: 2 }, "x-vendor": 1 },
      want: { kind: "string", unmodelled: { if: { const: "a" }, then: { minLength: 2 } }, pointer: P },
    },
  ],
  [
    "__proto__ and constructor are property names like any other",
    {
      given: JSON.parse(
        '{"type":"object","required":["__proto__"],"properties":{"__proto__":{"type":"string"},"constructor":{"type":"integer"}}}',
      ) as JsonSchema,
      want: {
        kind: "object",
        properties: [
          { name: "__proto__", required: true, node: { kind: "string", pointer: `${P}/properties/__proto__` } },
          { name: "constructor", required: false, node: { kind: "integer", pointer: `${P}/properties/constructor` } },
        ],
        requiredOnly: [],
        patterns: [],
        pointer: P,
      },
    },
  ],
  [
    "property names with / and ~ are escaped in pointers",
    {
      given: { properties: { "a/b~c": true } },
      want: {
        kind: "object",
        properties: [{ name: "a/b~c", required: false, node: { kind: "unknown", pointer: `${P}/properties/a~1b~0c` } }],
        requiredOnly: [],
        patterns: [],
        pointer: P,
      },
    },
  ],
];

describe("SchemaNormalizer", () => {
  it.each(rows)("%s", (_name, { given, want }) => {
    expect(normalize(given)).toEqual(want);
  });

  it("keeps a huge enum whole, in order", () => {
    const values = Array.from({ length: 50_000 }, (_, i) => `v${i}`);
    const node = normalize({ type: "string", enum: values });
    expect(node.kind === "enum" && node.values).toEqual(values);
  });

  it("reads schemas nested deeper than MAX_SCHEMA_DEPTH as unknown, with one problem at the place (rule schema-too-deep)", () => {
    let schema: JsonSchema = { type: "string" };
    for (let i = 0; i < MAX_SCHEMA_DEPTH + 50; i++) schema = { type: "array", items: schema };
    const normalizer = new SchemaNormalizer();
    normalizer.normalize(schema, "#/components/schemas/Deep");
    expect(normalizer.problems).toHaveLength(1);
    expect(normalizer.problems[0]!.pointer).toBe(`/components/schemas/Deep${"/items".repeat(MAX_SCHEMA_DEPTH + 1)}`);
    expect(normalizer.problems[0]!.message).toBe(
      `nests schemas more than ${MAX_SCHEMA_DEPTH} levels deep; the deeper schema is read as any value.`,
    );
    expect(normalizer.problems[0]!.rule).toBe("schema-too-deep");
  });

  it("never sets a prototype from spec text", () => {
    const node = normalize(JSON.parse('{"properties":{"__proto__":{"type":"string"}}}') as JsonSchema);
    expect(Object.getPrototypeOf(node)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });
});

describe("the model's helpers", () => {
  const defs = new Map<string, SchemaNode>([
    ["Tag", { kind: "enum", rule: "enum", values: ["a", "b"], pointer: "#/T" }],
    ["Loop", { kind: "ref", name: "Loop", pointer: "#/L" }],
  ]);

  it("visit calls the function of the node's kind", () => {
    const kinds = [normalize(true), normalize({ type: "string" }), normalize({ $ref: "#/definitions/Tag" })].map((n) =>
      visit(n, {
        ref: (r) => `ref ${r.name}`,
        object: () => "object",
        array: () => "array",
        tuple: () => "tuple",
        union: () => "union",
        allOf: () => "allOf",
        not: () => "not",
        enum: () => "enum",
        string: (s) => `string${s.pattern ?? ""}`,
        integer: () => "integer",
        number: () => "number",
        boolean: () => "boolean",
        null: () => "null",
        unknown: () => "unknown",
        never: () => "never",
      }),
    );
    expect(kinds).toEqual(["unknown", "string", "ref Tag"]);
  });

  it("withoutNull splits the null member off a union", () => {
    const split = withoutNull(normalize({ anyOf: [{ $ref: "#/definitions/Tag" }, { type: "null" }] }));
    expect(split).toEqual({ node: ref("Tag", `${P}/anyOf/0`), nullable: true });
    expect(withoutNull(normalize({ type: "string" })).nullable).toBe(false);
  });

  it("resolveNode follows references and stops at a loop", () => {
    expect(resolveNode(ref("Tag"), defs).kind).toBe("enum");
    expect(resolveNode(ref("Loop"), defs).kind).toBe("unknown");
    expect(resolveNode(ref("Missing"), defs).kind).toBe("unknown");
  });

  it("jsonTypes and reachableNames", () => {
    expect(jsonTypes(normalize({ type: ["integer", "null"], format: "uint64" }), defs)).toEqual([
      "integer",
      "bigint",
      "null",
    ]);
    expect(jsonTypes(ref("Tag"), defs)).toEqual(["string"]);
    expect([...reachableNames([normalize({ items: { $ref: "#/definitions/Loop" } })], defs)]).toEqual(["Loop"]);
  });
});

describe("self-referencing schemas", () => {
  const named = (schemas: Record<string, JsonSchema>) =>
    new Map(
      Object.entries(schemas).map(([name, s]) => [
        name,
        new SchemaNormalizer().normalize(s, `#/components/schemas/${name}`),
      ]),
    );

  const cases: [string, { given: Record<string, JsonSchema>; want: string[] }][] = [
    [
      "allOf of itself",
      { given: { A: { allOf: [{ $ref: "#/definitions/A" }] } }, want: ["/components/schemas/A/allOf/0: A → A"] },
    ],
    [
      "anyOf of itself or null",
      {
        given: { A: { anyOf: [{ $ref: "#/definitions/A" }, { type: "null" }] } },
        want: ["/components/schemas/A/anyOf/0: A → A"],
      },
    ],
    [
      "a cycle through two names is reported once",
      {
        given: { A: { oneOf: [{ $ref: "#/definitions/B" }] }, B: { allOf: [{ $ref: "#/definitions/A" }] } },
        want: ["/components/schemas/B/allOf/0: A → B → A"],
      },
    ],
    [
      "recursion through a property or an array item is fine",
      {
        given: {
          Node: { type: "object", properties: { next: { anyOf: [{ $ref: "#/definitions/Node" }, { type: "null" }] } } },
          List: { anyOf: [{ type: "array", items: { $ref: "#/definitions/List" } }, { type: "string" }] },
        },
        want: [],
      },
    ],
  ];

  it.each(cases)("%s", (_name, { given, want }) => {
    const problems = selfReferences(named(given));
    expect(problems.map((p) => `${p.pointer}: ${/\(([^)]*)\)/.exec(p.message)![1]}`)).toEqual(want);
    for (const p of problems) expect(p.message).toMatch(/^schema \w+ is defined in terms of itself .*\.$/);
  });

  it("normalizeDocument reads the closing reference as unknown, with a problem naming the place (a net: validate finds them first)", () => {
    const spec = loaded(
      doc([{ name: "m", params: [], result: { name: "r", schema: { $ref: "#/components/schemas/A" } } }], {
        A: { allOf: [{ $ref: "#/components/schemas/A" }] },
      }),
    );
    const document = normalizeDocument(spec);
    expect(document.warnings).toEqual([
      expect.objectContaining({
        pointer: "/components/schemas/A/allOf/0",
        message: expect.stringContaining("type A = A") as string,
        rule: "self-reference",
      }),
    ]);
    const a = document.schemas.find((s) => s.name === "A")!;
    expect(a.node.kind === "allOf" ? a.node.members.map((m) => m.kind) : a.node.kind).toEqual(["unknown"]);
  });
});

describe("discriminators", () => {
  it("marks a union whose members a required constant property tells apart", () => {
    const normalizer = new SchemaNormalizer();
    const defs = new Map(
      Object.entries({
        Circle: { type: "object", required: ["kind"], properties: { kind: { const: "circle" } } },
        Square: { type: "object", required: ["kind"], properties: { kind: { enum: ["square"] } } },
        Shape: { oneOf: [{ $ref: "#/definitions/Circle" }, { $ref: "#/definitions/Square" }] },
        Loose: { anyOf: [{ $ref: "#/definitions/Circle" }, { type: "object", properties: { kind: { const: "x" } } }] },
      } satisfies Record<string, JsonSchema>).map(([name, s]) => [name, normalizer.normalize(s, `#/${name}`)]),
    );
    markDiscriminators(normalizer.unions, defs);
    const shape = defs.get("Shape")!;
    expect(shape.kind === "union" && shape.discriminator).toEqual({ property: "kind", values: ["circle", "square"] });
    const loose = defs.get("Loose")!;
    expect(loose.kind === "union" && loose.discriminator).toBeUndefined();
  });
});

describe("a self-referencing schema end to end: one clear error from gen and from the mock, nothing written; generated with --lenient", () => {
  const cases: [string, Record<string, unknown>][] = [
    ["allOf of itself", { A: { allOf: [{ $ref: "#/components/schemas/A" }] } }],
    ["anyOf of itself or null", { A: { anyOf: [{ $ref: "#/components/schemas/A" }, { type: "null" }] } }],
    [
      "a cycle through two names",
      { A: { oneOf: [{ $ref: "#/components/schemas/B" }] }, B: { allOf: [{ $ref: "#/components/schemas/A" }] } },
    ],
  ];

  it.each(cases)("%s", async (_name, schemas) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "self-ref-"));
    try {
      const document = doc(
        [{ name: "get", params: [], result: { name: "r", schema: { $ref: "#/components/schemas/A" } } }],
        schemas,
      );
      await writeFile(path.join(dir, "self.openrpc.json"), JSON.stringify(document));
      const gen = await generatePackage({ specs: ["self.openrpc.json"], packageName: "self", cwd: dir }).catch(
        (e: unknown) => e,
      );
      expect(gen).toBeInstanceOf(GeneratorError);
      expect((gen as GeneratorError).message).toMatch(
        /self\.openrpc\.json#\/components\/schemas\/[AB]\/(allOf|anyOf|oneOf)\/0: \$ref "#\/components\/schemas\/[AB]" makes a schema defined in terms of itself/,
      );
      const mock = await startMockServer({ specs: ["self.openrpc.json"], cwd: dir, port: 0 }).catch((e: unknown) => e);
      expect(mock).toBeInstanceOf(Error);
      expect((mock as Error).message).toContain("defined in terms of itself");
      expect((mock as Error).message).not.toMatch(/call stack/i);
      expect(await readdir(dir)).toEqual(["self.openrpc.json"]);
      // Under --lenient the closing $ref is left out: the package generates, and the mock serves it.
      const lenient = await generatePackage({
        specs: ["self.openrpc.json"],
        packageName: "self",
        cwd: dir,
        lenient: true,
      });
      expect(lenient.warnings.map((w) => w.rule)).toContain("self-reference");
      const served = await startMockServer({ specs: ["self.openrpc.json"], cwd: dir, port: 0, lenient: true });
      try {
        const answer = await fetch(served.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "get", params: [] }),
        });
        expect(((await answer.json()) as { result?: unknown }).result).not.toBeUndefined();
      } finally {
        await served.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
