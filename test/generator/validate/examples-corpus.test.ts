/**
 * The examples check over every document we have — our specs, MetaMask's two documents, the
 * third-party fixtures and test/fixtures/openrpc: how many problems each has (a change here is a
 * change of behaviour to look at), every problem points at an example that is in the document
 * and says what was expected and what was found; and the costs that keep the check cheap: ajv
 * is loaded once, on first need, and each schema is compiled once per document.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { loadSpec } from "../../../generator/load/load.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { ajvUse, validateExamples, type Checker } from "../../../generator/validate/examples.js";
import { doc, loaded } from "../../helpers/spec.js";

const within = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith(".openrpc.json"))
    .map((f) => `${dir}/${f}`);
/** Problems per document; every other document of the folders above has none. */
const EXPECTED: Record<string, number> = {
  "node_modules/@metamask/api-specs/dist/build/openrpc.json": 92,
  "test/fixtures/third-party/urbit-roller-api.openrpc.json": 362,
};
const documents = [
  ...within("spec"),
  "node_modules/@metamask/api-specs/dist/build/openrpc.json",
  "node_modules/@metamask/api-specs/dist/build/multichain-openrpc.json",
  ...within("test/fixtures/third-party"),
  ...within("test/fixtures/openrpc"),
];

/** The value at a JSON pointer, or undefined. */
function at(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointer.split("/").slice(1)) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

describe("validateExamples over the corpus", () => {
  it("covers the documents it names", () => {
    expect(documents.length).toBeGreaterThanOrEqual(14);
    for (const file of Object.keys(EXPECTED)) expect(documents).toContain(file);
  });

  it.each(documents)("%s", async (file) => {
    const spec = await loadSpec(file, ROOT);
    const problems = await validateExamples(normalizeDocument(spec));
    expect(problems.length).toBe(EXPECTED[file] ?? 0);
    for (const p of problems) {
      expect(p.rule).toBe("example");
      // Where: an example pairing's params or result, or an `examples` entry, that the file holds.
      expect(p.pointer).toMatch(/\/examples\/\d+(\/params|\/result)?$/);
      expect(at(spec.files.get(p.file), p.pointer.replace(/\/params$/, "")), p.pointer).toBeDefined();
      // What was expected (ajv's words) at which place of the value, and what was found there.
      expect(p.message).toMatch(/: (\/.+|\((params|result|value)\)) (must|is missing|has unknown) .+\.$/);
      if (/ must /.test(p.message) && !/ must have propert/.test(p.message)) expect(p.message).toMatch(/, found .+\.$/);
    }
  });
});

describe("what the examples check costs", () => {
  it("loads ajv only for a document with examples, and once", async () => {
    vi.resetModules();
    const fresh = await import("../../../generator/validate/examples.js");
    const without = normalizeDocument(loaded(doc([{ name: "m" }], { Thing: { type: "string" } })));
    expect(await fresh.validateExamples(without)).toEqual([]);
    expect(fresh.ajvUse.loads).toBe(0);
    const withExample = normalizeDocument(
      loaded(doc([{ name: "m", examples: [{ name: "e", params: [], result: { name: "r", value: 1 } }] }])),
    );
    expect(await fresh.validateExamples(withExample)).toHaveLength(1);
    expect(await fresh.validateExamples(withExample)).toHaveLength(1);
    expect(fresh.ajvUse.loads).toBe(1);
  });

  it.each([
    ["the same schema for params and results", {}, 7],
    // Deviations make the results' schemas differ: Big is compiled once for each.
    ["results that differ by x-response-deviations", { "x-response-deviations": { omitted: ["id"] } }, 8],
  ])("compiles each schema once per document: %s", async (_name, deviation, functions) => {
    const Big = {
      type: "object",
      required: ["id"],
      properties: { id: { type: "string" }, n: { type: "integer" } },
      ...deviation,
    };
    const example = (i: number) => ({
      name: `e${i}`,
      params: [{ name: "b", value: { id: "x" } }],
      result: { name: "r", value: { id: String(i) } },
    });
    const methods = ["a", "b", "c"].map((name) => ({
      name,
      params: [{ name: "b", required: true, schema: { $ref: "#/components/schemas/Big" } }],
      result: { name: "r", schema: { $ref: "#/components/schemas/Big" } },
      examples: [example(1), example(2)],
    }));
    const before = ajvUse.compiled;
    expect(await validateExamples(normalizeDocument(loaded(doc(methods, { Big }))))).toEqual([]);
    // Three XParams, three XResult and Big: twelve checks, each schema compiled once.
    expect(ajvUse.compiled - before).toBe(functions);
  });

  it("with a cache, compiles nothing again for a document whose schemas did not change", async () => {
    const cache = new Map<string, Checker>();
    const version = (summary: string, type: string, value: unknown) =>
      normalizeDocument(
        loaded(
          doc(
            [
              {
                name: "m",
                summary,
                params: [{ name: "t", required: true, schema: { $ref: "#/components/schemas/Thing" } }],
                result: { name: "r", schema: { $ref: "#/components/schemas/Thing" } },
                examples: [{ name: "e", params: [{ name: "t", value }], result: { name: "r", value } }],
              },
            ],
            { Thing: { type } },
          ),
        ),
      );
    const first = ajvUse.compiled;
    expect(await validateExamples(version("One.", "string", "a"), cache)).toEqual([]);
    const compiled = ajvUse.compiled - first;
    expect(compiled).toBeGreaterThan(0);
    // A new summary and a new (wrong) example value: same schemas, nothing compiled, the same verdicts as uncached.
    const edited = version("Two.", "string", 1);
    const before = ajvUse.compiled;
    const cached = await validateExamples(edited, cache);
    expect(ajvUse.compiled - before).toBe(0);
    expect(cached).toHaveLength(2);
    expect(cached).toEqual(await validateExamples(edited));
    // A changed schema is a new key: compiled again, checked against the new schema.
    const retyped = ajvUse.compiled;
    expect(await validateExamples(version("Two.", "integer", 1), cache)).toEqual([]);
    expect(ajvUse.compiled - retyped).toBe(compiled);
    expect(cache.size).toBe(2);
  });
});
