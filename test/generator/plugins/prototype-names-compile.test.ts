/**
 * Every name Object.prototype gives an object (`Object.getOwnPropertyNames(Object.prototype)`,
 * `__proto__` among them) used everywhere a document can put a name: methods, params (by name
 * and by position), result fields, component names, properties (required and optional), enum
 * values, errors. The package generated from it, every plugin's files (types, validators,
 * client, api, methods, test kit, schemas, TanStack Query, MCP), compiles under strict tsc.
 * The document is built here from the live list, so a name a later Node adds is covered too.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PackageResult } from "../../../generator/commands/pipeline.js";
import { generateInto, typecheck } from "../../helpers/generated-package.js";

const NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), "__proto__"])].sort();

/** An object with `entries` as own properties (an object literal would set the prototype for `__proto__`). */
function own(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries)
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** One document: a method per name (params named after every name), a component per name, an enum of the names. */
function documentOf(structure: "by-name" | "by-position"): unknown {
  const params = NAMES.map((name, i) => ({
    name,
    required: structure === "by-position" ? i === 0 : i % 2 === 0,
    schema: i % 3 === 0 ? { $ref: "#/components/schemas/Names" } : { $ref: `#/components/schemas/${name}` },
  }));
  const components = own([
    ["Names", { type: "string", enum: NAMES }],
    // A union tagged by a property named `constructor`, whose tags are prototype names.
    [
      "Tagged",
      {
        oneOf: ["toString", "valueOf", "__proto__"].map((tag) => ({
          type: "object",
          properties: own([
            ["constructor", { const: tag }],
            [tag, { type: "string" }],
          ]),
          required: ["constructor"],
        })),
      },
    ],
    [
      "Dict",
      {
        type: "object",
        properties: own([["toString", { type: "integer" }]]),
        additionalProperties: { $ref: "#/components/schemas/Names" },
      },
    ],
    [
      "Every",
      {
        type: "object",
        properties: own(
          NAMES.map((n, i) => [n, i % 2 === 0 ? { type: "string" } : { $ref: "#/components/schemas/Names" }]),
        ),
        required: NAMES.filter((_, i) => i % 2 === 0),
      },
    ],
    ...NAMES.map((name): [string, unknown] => [
      name,
      {
        title: name,
        type: "object",
        properties: own([
          [name, { type: "integer" }],
          ["kind", { type: "string", enum: [name, "other"] }],
        ]),
        required: [name],
      },
    ]),
  ]);
  return {
    openrpc: "1.3.2",
    info: { title: `Prototype ${structure}`, version: "1.0.0" },
    methods: [
      ...NAMES.map((name) => ({
        name,
        summary: `The method ${name}.`,
        paramStructure: structure,
        params,
        result: {
          name,
          schema: { anyOf: [{ $ref: "#/components/schemas/Every" }, { $ref: "#/components/schemas/Tagged" }] },
        },
        errors: [{ code: 1, message: name }],
        examples: [
          {
            name,
            params: params.map((p, i) => ({
              name: p.name,
              value:
                i % 3 === 0
                  ? name
                  : own([
                      [p.name, i],
                      ["kind", p.name],
                    ]),
            })),
            result: { name, value: own(NAMES.map((n, i) => [n, i % 2 === 0 ? n : "valueOf"])) },
          },
        ],
        "x-idempotent": true,
        // Overloads keyed on the first param (an enum of the names) by prototype names.
        "x-result-variants": ["toString", "constructor"].map((equals) => ({
          name: equals,
          when: { param: NAMES[0], equals },
          schema: { $ref: "#/components/schemas/Tagged" },
        })),
      })),
    ],
    components: { schemas: components },
  };
}

/** A subscription whose subscribe, unsubscribe and notification methods are prototype names. */
function eventsDocument(): unknown {
  const names = documentOf("by-position") as { components: unknown };
  return {
    openrpc: "1.3.2",
    info: { title: "Prototype events", version: "1.0.0" },
    methods: [
      {
        name: "toString",
        paramStructure: "by-position",
        params: [{ name: "constructor", required: true, schema: { $ref: "#/components/schemas/Names" } }],
        result: { name: "id", schema: { type: "string" } },
        "x-subscription": {
          notification: "__proto__",
          unsubscribe: "valueOf",
          item: { $ref: "#/components/schemas/Dict" },
          variants: ["toString", "valueOf"].map((equals) => ({
            name: equals,
            when: { param: "constructor", equals },
            params: ["constructor"],
            item: { $ref: "#/components/schemas/Tagged" },
          })),
        },
      },
      {
        name: "valueOf",
        paramStructure: "by-position",
        params: [{ name: "id", required: true, schema: { type: "string" } }],
        result: { name: "ok", schema: { type: "boolean" } },
      },
    ],
    components: names.components,
  };
}

let dir: string;
let result: PackageResult;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "prototype-names-"));
  const specs: string[] = [];
  for (const [name, doc] of [
    ["by-name", documentOf("by-name")],
    ["by-position", documentOf("by-position")],
    ["events", eventsDocument()],
  ] as const) {
    const file = path.join(dir, `${name}.openrpc.json`);
    await writeFile(file, JSON.stringify(doc, null, 1));
    specs.push(file);
  }
  result = await generateInto(dir, "pkg", specs);
}, 240_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("names that are members of Object.prototype", () => {
  it("the document uses every one of them, and every plugin writes files for it", () => {
    expect(NAMES).toEqual(
      expect.arrayContaining(["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]),
    );
    const model = result.documents[0]!;
    expect(
      model.methods
        .map((m) => m.rpcName)
        .filter((n) => NAMES.includes(n))
        .sort(),
    ).toEqual(NAMES);
    expect(model.methods.find((m) => m.rpcName === "toString")?.variants).toHaveLength(2);
    expect(result.documents[2]!.methods.find((m) => m.rpcName === "toString")?.subscription).toBeDefined();
    const files = [...result.files.keys()];
    for (const file of [
      "types.ts",
      "validators.ts",
      "client.ts",
      "api.ts",
      "methods.ts",
      "schemas.ts",
      "query.ts",
      "testing.ts",
    ])
      expect(files.filter((f) => f.endsWith(`/${file}`)).length, file).toBeGreaterThanOrEqual(2);
    expect(files.some((f) => f.startsWith("src/mcp/"))).toBe(true);
  });

  it("the whole package compiles under strict tsc", async () => {
    expect(await typecheck(dir, ["pkg/src"])).toBe("");
  }, 240_000);
});
