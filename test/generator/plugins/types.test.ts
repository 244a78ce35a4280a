/**
 * The type printer (generator/plugins/types/types.ts and its type-*.ts, printed by doc.ts): a table of
 * schemas → the declarations they become, written exactly as prettier formats them; hostile
 * spec text that must stay text; and the fixed point: prettier (loaded only here) leaves every
 * types.ts of this project's specs, the third-party corpus and the test fixtures unchanged.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { emitTypes } from "../../../generator/plugins/types/types.js";
import { PRETTIER_OPTIONS } from "../../../generator/print/format.js";
import { ROOT } from "../../../generator/root.js";
import { diskSource, loadSpec } from "../../../generator/load/load.js";
import type { DocumentModel, JsonSchema, MethodModel, NamedSchema } from "../../../generator/model/document.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { SchemaNormalizer } from "../../../generator/normalize/schema.js";

function model(
  schemas: Record<string, JsonSchema>,
  role: NamedSchema["role"] = "result",
  methods: Partial<MethodModel>[] = [],
): DocumentModel {
  const nodes = new SchemaNormalizer();
  return {
    schemas: Object.entries(schemas).map(([name, schema]) => {
      const node = nodes.normalize(schema, `#/components/schemas/${name}`);
      return { name, schema, lenient: schema, node, lenientNode: node, pointer: "", role };
    }),
    methods,
  } as unknown as DocumentModel;
}

const LONG = [
  "arbitrum",
  "avalanche",
  "avalanche_fuji",
  "bsc",
  "eth",
  "eth_goerli",
  "fantom",
  "optimism",
  "polygon",
  "polygon_zkevm",
];

const rows: [string, Record<string, JsonSchema>, string, NamedSchema["role"]?][] = [
  [
    "an enum is a union of literals",
    { Tag: { enum: ["a", "b"], description: "A tag." } },
    '/**\n * A tag.\n */\nexport type Tag = "a" | "b";\n',
  ],
  [
    "a union over 120 columns breaks before each |",
    { Chain: { type: "string", enum: LONG } },
    `export type Chain =\n${LONG.map((c) => `  | "${c}"`).join("\n")};\n`,
  ],
  [
    "objects: required, optional, nested, arrays of unions, descriptions",
    {
      Obj: {
        type: "object",
        description: "An object.",
        required: ["a"],
        properties: {
          a: { type: "string", description: "First.\nSecond line." },
          b: { type: "object", properties: { c: { type: ["integer", "null"] } } },
          d: { type: "array", items: { anyOf: [{ $ref: "#/definitions/Tag" }, { type: "boolean" }] } },
        },
      },
    },
    "/**\n * An object.\n */\nexport interface Obj {\n  /**\n   * First.\n   * Second line.\n   */\n  a: string;\n  b?: {\n    c?: number | null;\n  };\n  d?: (Tag | boolean)[];\n}\n",
  ],
  [
    "tuples: open unless additionalItems is false, minItems/maxItems as tuple unions",
    {
      T: {
        type: "object",
        properties: {
          open: { type: "array", items: [{ type: "string" }, { type: "number" }], minItems: 2 },
          closed: { type: "array", items: [{ type: "string" }], additionalItems: false, minItems: 1 },
          range: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 3 },
          atLeast: { type: "array", items: { type: "string", description: "A word." }, minItems: 1 },
        },
      },
    },
    "export interface T {\n  /**\n   * @minItems 2\n   */\n  open?: [string, number, ...unknown[]];\n  /**\n   * @minItems 1\n   */\n  closed?: [string];\n  /**\n   * @minItems 1\n   * @maxItems 3\n   */\n  range?: [string] | [string, string] | [string, string, string];\n  /**\n   * @minItems 1\n   *\n   * Items: A word.\n   */\n  atLeast?: [string, ...string[]];\n}\n",
  ],
  [
    "index signatures: additionalProperties true, a schema (widened by the members), patternProperties",
    {
      M: { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "number" } },
      Open: { type: "object", additionalProperties: true },
      P: { type: "object", patternProperties: { "^0x": { type: "string" } } },
    },
    'export interface M {\n  a?: string;\n  [k: string]: number | string | undefined;\n}\nexport interface Open {\n  [k: string]: unknown;\n}\nexport interface P {\n  /**\n   * This interface was referenced by `P`\'s JSON-Schema definition\n   * via the `patternProperty` "^0x".\n   */\n  [k: string]: string;\n}\n',
  ],
  [
    "member names and literals quoted as prettier quotes them",
    {
      N: {
        type: "object",
        properties: {
          "na-me": { type: "string" },
          ["__proto__"]: { type: "string" },
          "a*/b": { type: "string" },
          'it\'s "x"': { type: "string" },
          'say "hi"': { const: 'say "hi"' },
          "sep\u2028x": { const: "a\u2028b" },
          new: { type: "string" },
        },
      },
    },
    `export interface N {\n  "na-me"?: string;\n  __proto__?: string;\n  "a*/b"?: string;\n  'it\\'s "x"'?: string;\n  'say "hi"'?: 'say "hi"';\n  "sep\\u2028x"?: "a\\u2028b";\n  new?: string;\n}\n`,
  ],
  [
    "a comment cannot be closed by a description",
    { C: { type: "string", description: "Ends */ here.\u2028Next line." } },
    "/**\n * Ends *\\/ here.\n * Next line.\n */\nexport type C = string;\n",
  ],
  [
    "u64 in params: bigint or number; arrays of them parenthesized",
    { U: { type: "integer", format: "uint64" }, L: { type: "array", items: { type: "integer", format: "uint64" } } },
    "export type U = bigint | number;\nexport type L = (bigint | number)[];\n",
    "params",
  ],
  ["u64 in results: bigint", { U: { type: "integer", format: "uint64" } }, "export type U = bigint;\n"],
  [
    "a pattern with a literal prefix is a template type",
    { H: { type: "string", pattern: "^0x[0-9a-f]*$" }, NotPrefix: { type: "string", pattern: "^0x?[0-9]" } },
    "export type H = `0x${string}`;\nexport type NotPrefix = string;\n",
  ],
  [
    "allOf overriding a property of its base omits it from the base",
    {
      Base: { type: "object", properties: { x: { type: "string" }, y: { type: "string" } } },
      Narrow: { allOf: [{ $ref: "#/definitions/Base" }, { type: "object", properties: { x: { const: "only" } } }] },
    },
    'export type Narrow = Omit<Base, "x"> & {\n  x?: "only";\n};\n\nexport interface Base {\n  x?: string;\n  y?: string;\n}\n',
  ],
  [
    "true, {} and description-only schemas are unknown, false is never",
    { Any: true, None: false, Empty: {}, Described: { description: "Anything." } },
    "export type Any = unknown;\nexport type None = never;\nexport type Empty = unknown;\n/**\n * Anything.\n */\nexport type Described = unknown;\n",
  ],
  [
    "nullable types; an object or null is hugged",
    { S: { type: ["string", "null"] }, Hug: { type: ["object", "null"], properties: { a: { type: "string" } } } },
    "export type S = string | null;\nexport type Hug = {\n  a?: string;\n} | null;\n",
  ],
  [
    "@deprecated on interfaces, members and aliases",
    {
      D: {
        type: "object",
        deprecated: true,
        properties: { old: { type: "string", deprecated: true, description: "Gone." } },
      },
      DA: { type: "string", deprecated: true },
    },
    "/**\n * @deprecated\n */\nexport type DA = string;\n\n/**\n * @deprecated\n */\nexport interface D {\n  /**\n   * @deprecated\n   * Gone.\n   */\n  old?: string;\n}\n",
  ],
  [
    "a schema of several kinds is their intersection, declared under its own name only",
    {
      X: {
        type: "object",
        properties: { a: { type: "string" } },
        oneOf: [{ required: ["a"] }, { $ref: "#/definitions/Y" }],
      },
    },
    "export type X = (\n  | {\n      [k: string]: unknown;\n    }\n  | Y\n) & {\n  a?: string;\n};\n",
  ],
  [
    "u64 or null keeps the null (it was lost before the schema model)",
    { Space: { type: ["integer", "null"], format: "uint64", minimum: 0 } },
    "export type Space = bigint | null;\n",
  ],
  [
    "a key the base leaves optional and another allOf member requires is required (Required<Pick<…>>)",
    {
      Base: { type: "object", properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "string" } } },
      Beside: {
        allOf: [
          { $ref: "#/definitions/Base" },
          { type: "object", required: ["b", "a", "own"], properties: { own: { type: "integer" } } },
        ],
      },
      Alone: { allOf: [{ $ref: "#/definitions/Base" }, { required: ["c"] }] },
    },
    'export type Beside = Base &\n  Required<Pick<Base, "a" | "b">> & {\n    own: number;\n  };\nexport type Alone = Base & Required<Pick<Base, "c">>;\n\nexport interface Base {\n  a?: string;\n  b?: string;\n  c?: string;\n}\n',
  ],
  [
    "a required key with hostile text stays a string literal in Required<Pick<…>>",
    {
      Base: { type: "object", properties: { 'a"*/b': { type: "string" } } },
      Hostile: { allOf: [{ $ref: "#/definitions/Base" }, { required: ['a"*/b'] }] },
    },
    "export type Hostile = Base & Required<Pick<Base, 'a\"*/b'>>;\n\nexport interface Base {\n  'a\"*/b'?: string;\n}\n",
  ],
  [
    "a base that is itself an allOf: its keys are seen through it (narrowed with Omit, required with Pick)",
    {
      Header: { type: "object", properties: { h: { type: "string" }, t: { type: "string" } } },
      Block: {
        allOf: [
          { $ref: "#/definitions/Header" },
          { type: "object", required: ["list"], properties: { list: { type: "array", items: { type: "string" } } } },
        ],
      },
      Narrow: {
        allOf: [
          { $ref: "#/definitions/Block" },
          {
            type: "object",
            required: ["t"],
            properties: { list: { type: "array", items: { const: "x" } } },
          },
        ],
      },
    },
    'export type Block = Header & {\n  list: string[];\n};\nexport type Narrow = Omit<Block, "list"> &\n  Required<Pick<Block, "t">> & {\n    list: "x"[];\n  };\n\nexport interface Header {\n  h?: string;\n  t?: string;\n}\n',
  ],
  [
    "keywords beside a $ref narrow it, and a key the base requires stays required",
    {
      Base: {
        type: "object",
        required: ["status"],
        properties: { status: { type: "string" }, n: { type: "integer" } },
      },
      Narrowed: {
        $ref: "#/definitions/Base",
        properties: { status: { enum: ["VALID", "INVALID"] } },
      },
    },
    'export type Narrowed = Omit<Base, "status"> & {\n  status: "VALID" | "INVALID";\n};\n\nexport interface Base {\n  status: string;\n  n?: number;\n}\n',
  ],
  [
    "a nested pattern map says which pattern its keys match",
    {
      Outer: {
        type: "object",
        properties: { map: { type: "object", patternProperties: { "^0x": { type: "string" } } } },
      },
    },
    'export interface Outer {\n  map?: {\n    /**\n     * Each key matches the `patternProperty` "^0x".\n     */\n    [k: string]: string;\n  };\n}\n',
  ],
  [
    "an allOf member TypeScript cannot express (not) adds nothing",
    { Id: { allOf: [{ $ref: "#/definitions/Tag" }, { not: { const: "pending" } }] }, Tag: { type: "string" } },
    "export type Id = Tag;\nexport type Tag = string;\n",
  ],
  [
    "keywords of one type imply it: a pattern alone is a string, minItems alone an array",
    { Hex: { pattern: "^0x[0-9a-f]+$" }, List: { minItems: 1 } },
    "export type Hex = `0x${string}`;\n/**\n * @minItems 1\n */\nexport type List = [unknown, ...unknown[]];\n",
  ],
  [
    "a nested title declares nothing",
    {
      Outer: {
        type: "object",
        properties: { inner: { title: "Inner", type: "object", properties: { a: { type: "string" } } } },
      },
    },
    "export interface Outer {\n  inner?: {\n    a?: string;\n  };\n}\n",
  ],
];

describe("emitTypes", () => {
  it.each(rows)("%s", (_title, schemas, want, role) => {
    expect(emitTypes(model(schemas, role))).toBe(want);
  });

  it("documents a $ref param on one line from the method's param", () => {
    const methods = [
      {
        paramsType: "GetParams",
        params: [{ name: "tag", description: "Which tag.", deprecated: true, refName: "Tag" }],
      },
    ] as unknown as MethodModel[];
    const text = emitTypes(
      model(
        { Tag: { enum: ["a"] }, GetParams: { type: "object", properties: { tag: { $ref: "#/definitions/Tag" } } } },
        "params",
        methods,
      ),
    );
    expect(text).toContain(
      "export interface GetParams {\n  /**\n   * Which tag.\n   * @deprecated\n   */\n  tag?: Tag;\n}\n",
    );
    const short = [
      {
        paramsType: "GetParams",
        params: [{ name: "tag", description: "Which tag.", deprecated: false, refName: "Tag" }],
      },
    ] as unknown as MethodModel[];
    expect(
      emitTypes(
        model(
          { Tag: { enum: ["a"] }, GetParams: { type: "object", properties: { tag: { $ref: "#/definitions/Tag" } } } },
          "params",
          short,
        ),
      ),
    ).toContain("  /** Which tag. */\n  tag?: Tag;\n");
  });

  it.each(rows)("%s: prettier leaves the text as it is", async (_title, schemas, _want, role) => {
    const text = emitTypes(model(schemas, role));
    expect(await prettier.format(text, { ...PRETTIER_OPTIONS, parser: "typescript" })).toBe(text);
  });
});

const INJECT = "*/ globalThis.PWNED = 1; /*";
const hostile: Record<string, JsonSchema> = {
  H: {
    type: "object",
    description: `${INJECT}\u2028globalThis.PWNED = 2;`,
    properties: {
      [`${INJECT}\n"'\`\${x}`]: { enum: [INJECT, `"'\`\${x}\u2028`, "\\", 1e21, null], description: INJECT },
      [`}; ${INJECT}`]: {
        type: "object",
        patternProperties: { [`${INJECT}*/`]: { type: "string", description: INJECT } },
      },
    },
  },
  [`T`]: { title: `X = 1; ${INJECT}`, type: "array", items: { type: "string", description: `${INJECT} @x` } },
};

describe("hostile spec text stays text", () => {
  it("declares only the named types, with no statement from the spec", async () => {
    const text = emitTypes(model(hostile));
    const source = ts.createSourceFile("types.ts", text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    const kinds = source.statements.map(
      (s) => `${ts.SyntaxKind[s.kind]} ${(s as ts.DeclarationStatement).name?.getText()}`,
    );
    expect(kinds).toEqual(["TypeAliasDeclaration T", "InterfaceDeclaration H"]);
    expect((source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
    // Every doc comment ends where the printer ends it: each of its lines is ` * …`.
    for (const block of text.match(/\/\*\*[\s\S]*?\*\//g) ?? [])
      expect(
        block
          .split("\n")
          .slice(1, -1)
          .every((l) => /^\s* \*( |$)/.test(l)),
        block,
      ).toBe(true);
    expect(await prettier.format(text, { ...PRETTIER_OPTIONS, parser: "typescript" })).toBe(text);
  });
});

interface Entry {
  name: string;
  file: string;
  refRoot?: string;
}
const manifest = JSON.parse(readFileSync(path.join(ROOT, "test/fixtures/third-party/manifest.json"), "utf8")) as {
  documents: Entry[];
};
const documents: Entry[] = [
  ...["advanced", "eth", "solana"].map((name) => ({ name, file: `spec/${name}.openrpc.json` })),
  ...manifest.documents,
  ...["combinators", "methods", "names", "recursive", "refs", "shapes"].map((name) => ({
    name,
    file: `test/fixtures/openrpc/${name}.openrpc.json`,
  })),
];

describe("prettier leaves every types.ts as it is", () => {
  it.each(documents)(
    "$name",
    async ({ file, refRoot }) => {
      const doc = normalizeDocument(
        await loadSpec(file, ROOT, diskSource(ROOT), refRoot === undefined ? {} : { refRoot }),
      );
      const text = emitTypes(doc);
      expect(text.length).toBeGreaterThan(0);
      expect(await prettier.format(text, { ...PRETTIER_OPTIONS, parser: "typescript" })).toBe(text);
    },
    60_000,
  );
});
