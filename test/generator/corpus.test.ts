/**
 * Any valid OpenRPC 1.x document: every document of @open-rpc/examples and one small document
 * per feature (test/fixtures/openrpc/) is generated into its own package, and all of them are
 * type-checked under `tsc --strict` in one run. Then the features are checked one by one.
 */
import { readdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePackage } from "../../generator/commands/pipeline.js";
import { ROOT } from "../../generator/root.js";
import { GeneratorError } from "../../generator/problems.js";
import { writeOutput } from "../../generator/write/write.js";
import { strictTsc } from "../helpers/strict-tsc.js";

const examplesDir = "node_modules/@open-rpc/examples/build/service-descriptions";
const fixturesDir = "test/fixtures/openrpc";
const metamask = "node_modules/@metamask/api-specs/dist/build/openrpc.json";
const corpus = [
  metamask,
  ...readdirSync(path.join(ROOT, examplesDir))
    .filter((f) => f.endsWith(".json"))
    .map((f) => `${examplesDir}/${f}`),
  ...readdirSync(path.join(ROOT, fixturesDir))
    .filter((f) => f.endsWith(".openrpc.json"))
    .map((f) => `${fixturesDir}/${f}`),
].sort();
const out = await mkdtemp(path.join(os.tmpdir(), "corpus-"));
const texts = new Map<string, Map<string, string>>();
const metamaskWarnings: string[] = [];
const documents = new Map<string, import("../../generator/model/document.js").DocumentModel>();

beforeAll(async () => {
  for (const spec of corpus) {
    const name = spec === metamask ? "metamask" : path.basename(spec).replace(/\.(openrpc\.)?json$/, "");
    // MetaMask's document is valid OpenRPC, but some of its examples contradict its schemas.
    const result = await generatePackage({
      specs: [spec],
      packageName: `corpus-${name}`,
      cwd: ROOT,
      examples: spec === metamask ? "warn" : "error",
    });
    if (spec === metamask) metamaskWarnings.push(...result.warnings.map((w) => `${w.pointer}: ${w.message}`));
    await writeOutput(path.join(out, name), result.files);
    texts.set(name, result.files);
    documents.set(name, result.documents[0]!);
  }
}, 120_000);
afterAll(() => rm(out, { recursive: true, force: true }));

const file = (doc: string, name: string): string => {
  const files = texts.get(doc)!;
  const key = [...files.keys()].find((k) => k.endsWith(`/${name}`) || k === name);
  return files.get(key!)!;
};

describe("the corpus", () => {
  it("includes a large real-world document (MetaMask, 270 KB), whose wrong examples are warnings", () => {
    expect(texts.get("metamask")!.get("src/openrpc/client.ts")).toContain("eth_getBlockByNumber(");
    expect(metamaskWarnings).toContainEqual(
      expect.stringContaining(
        '/methods/0/examples/0/result: example "wallet_addEthereumChain example" of wallet_addEthereumChain has an invalid result: (result) must be null, found "null".',
      ),
    );
  });

  it("covers every @open-rpc/examples document and every feature fixture", () => {
    expect(corpus.filter((c) => c.startsWith(examplesDir)).length).toBeGreaterThanOrEqual(6);
    expect(texts.size).toBe(corpus.length);
  });

  it("type-checks under tsc --strict, all packages in one run", async () => {
    const result = await strictTsc(out, [...texts.keys()], 120_000);
    expect(result).toBe("");
  }, 120_000);

  it("never emits `any` and never hashes a name", () => {
    for (const [doc, files] of texts) {
      for (const [name, text] of files) {
        if (!name.endsWith(".ts") || name.includes("/runtime/")) continue;
        expect(text, `${doc}/${name}`).not.toMatch(/:\s*any\b|<any>|as any\b/);
      }
      // Every type is named after a component key or a method name (+ Params/Result/variant, or a subscription's Item),
      // with at most a numeric suffix for a collision: no hashes.
      const model = documents.get(doc)!;
      const bases = [
        ...model.schemas.filter((s) => s.role === "component").map((s) => s.name.replace(/\d+$/, "")),
        ...model.methods.map((m) => m.typeBase),
      ];
      // Names keep Unicode letters (`UniРакетаParams`).
      const declared = [
        ...file(doc, "types.ts").matchAll(
          /^export (?:type|interface) ([\p{L}\p{Nl}$_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}$_]*)/gmu,
        ),
      ].map((m) => m[1]!);
      for (const name of declared) {
        const derived = bases.some((b) =>
          new RegExp(
            `^${b}\\d*((Call)?(Params|Result)\\d*(\\p{Lu}[\\p{L}\\p{Nd}_]*)?|(\\p{Lu}[\\p{L}\\p{Nd}_]*)?Item\\d*)?$`,
            "u",
          ).test(name),
        );
        expect(derived, `${doc}: ${name} is not named from the spec`).toBe(true);
      }
    }
  });
});

describe("features", () => {
  it("refs: internal, external, to content descriptors, examples and errors", () => {
    const types = file("refs", "types.ts");
    expect(types).toContain("export type UserId = number;");
    expect(types).toMatch(/export interface Address \{[^}]*city\?: City;/s);
    expect(types).toContain("export type GetUserResult = User;");
    const client = file("refs", "client.ts");
    expect(client).toContain("export const RefsErrors = { NotFound: 404, RateLimited: 429 } as const;");
    // No paramStructure ("either") and no x-endpoint: by position, the JSON-RPC convention of node APIs.
    expect(client).toContain("const result = await refs.get_user(1);");
    expect(client).toContain(
      'get_user: (id: UserId, callOptions?: CallOptions) => call("get_user", [id], callOptions)',
    );
  });

  it("recursion stays a reference, in types and validators", () => {
    expect(file("recursive", "types.ts")).toMatch(/children\?: Node\[\];\s+parent\?: Node \| null;/);
    expect(file("recursive", "types.ts")).toMatch(
      /export type Expr =\s+\| number\s+\| \{\s+op: "\+" \| "-";\s+args: Expr\[\];/,
    );
    // A definition is built on first use, so a recursive one refers to itself by name inside its thunk.
    expect(file("recursive", "validators.ts")).toMatch(
      /const Node\$: Validator = \/\* @__PURE__ \*\/ v\.lazy\(\(\) =>[^;]*\bNode\$/,
    );
  });

  it("oneOf/anyOf/allOf", () => {
    const types = file("combinators", "types.ts");
    expect(types).toContain("export type Shape = Circle | Square;");
    expect(types).toMatch(/export type ShapeResult = Named & \{\s+area\?: number;/);
    expect(types).toMatch(
      /export interface EitherParams \{\s+v:\s+\| string\s+\| number\[\]\s+\| \{\s+inline\?: boolean;/,
    );
    expect(file("combinators", "validators.ts")).toContain('kind: v.literal(["circle"])');
  });

  it("type arrays with null, enum, const, additionalProperties, tuples, true/false", () => {
    const types = file("shapes", "types.ts");
    for (const expected of [
      "maybe?: string | null;",
      "multi?: number | string | null;",
      'level?: "low" | "mid" | "high";',
      'mixed?: 1 | "two" | null | true;',
      'fixed?: "v1";',
      "[k: string]: unknown;",
      "[k: string]: number;",
      "pair?: [string, number];",
      "anything?: unknown;",
      "empty?: unknown;",
      "never?: never;",
    ])
      expect(types).toContain(expected);
  });

  it("names that are not identifiers, and collisions, get predictable names", () => {
    const client = file("names", "client.ts");
    expect(client).toContain('fooBar(\n    class_: FooBarParams["class"],\n    ethCall?: FooBarParams["eth-call"],');
    expect(client).toContain('ethCall(default_?: EthCallParams["default"], options?: CallOptions)');
    expect(client).toContain("class(options?: CallOptions)");
    expect(client).toContain("fooBar2(");
    expect(client).toContain("request2(");
    expect(client).toContain('call("foo.bar", [class_, ethCall], callOptions)');
    const types = file("names", "types.ts");
    expect(types).toContain('"a.b"?: string;');
    expect(types).toContain("export type FooBarResult2 = string;");
  });

  it("paramStructure, notifications, typed errors and deprecation", () => {
    const client = file("methods", "client.ts");
    expect(client).toContain("by_name(params: ByNameParams, options?: CallOptions): Promise<ByNameResult>;");
    expect(client).toContain(
      'by_position(a: ByPositionParams["a"], b?: ByPositionParams["b"], options?: CallOptions): Promise<ByPositionResult>;',
    );
    expect(client).toContain('notify(message: NotifyParams["message"], options?: CallOptions): Promise<void>;');
    expect(client).toContain("failing: { params: []; result: FailingResult };");
    expect(client).toMatch(/@throws \{JsonRpcError\} code -32001: .*\n.*@throws \{JsonRpcError\} code -32002/);
    expect(client).toMatch(/@deprecated\s+\*\/\s+old_way\(/);
    expect(file("methods", "types.ts")).toMatch(/\/\*\*\s+\* @deprecated\s+\*\/\s+x\?: string;/);
    expect(file("methods", "api.ts")).toContain('notify: { params: ["message"], notification: true }');
  });
});

describe("documents the generator cannot handle get a clear error, never a crash or a hang", () => {
  const bad = (methods: unknown[], schemas: Record<string, unknown> = {}) => ({
    openrpc: "1.3.2",
    info: { title: "Bad", version: "1" },
    methods,
    components: { schemas },
  });
  it.each([
    [
      "a cycle of bare $refs",
      bad([{ name: "m", params: [], result: { name: "r", schema: { $ref: "#/components/schemas/A" } } }], {
        A: { $ref: "#/components/schemas/B" },
        B: { $ref: "#/components/schemas/A" },
      }),
      "/components/schemas/A",
      "starts a cycle of references",
    ],
    [
      "a remote $ref",
      bad([{ name: "m", params: [], result: { name: "r", schema: { $ref: "https://example.org/schema.json" } } }]),
      "/methods/0/result/schema",
      "is a remote reference",
    ],
    ["not OpenRPC at all", { hello: "world" }, "", "is not an OpenRPC document"],
  ])("%s", async (_name, document, pointer, message) => {
    const dir = await mkdtemp(path.join(out, "bad-"));
    await writeFile(path.join(dir, "bad.json"), JSON.stringify(document));
    const error = await generatePackage({ specs: [path.join(dir, "bad.json")], packageName: "bad", cwd: ROOT }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).problems).toContainEqual(
      expect.objectContaining({ pointer, message: expect.stringContaining(message) }),
    );
  });
});
