/**
 * Property test of quick-check.ts over every document we have: for each example of our specs,
 * MetaMask's two documents, the third-party fixtures and test/fixtures/openrpc, the problems
 * validateExamples reports are identical (same examples, same wording, same order) whether
 * quick-check.ts answers or ajv checks everything. And beyond the examples: values the mock makes
 * for every schema of those documents, and those values broken in many places, get from
 * quick-check.ts exactly ajv's errors whenever it answers.
 */
import { Ajv } from "ajv";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { loadSpec } from "../../../generator/load/load.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { generateValue } from "../../../generator/mock/values.js";
import type { JsonSchema } from "../../../generator/model/document.js";
import { ajvUse, validateExamples } from "../../../generator/validate/examples.js";
import { quickErrors } from "../../../generator/validate/quick-check.js";

const METAMASK = "node_modules/@metamask/api-specs/dist/build/openrpc.json";
const within = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith(".openrpc.json"))
    .map((f) => `${dir}/${f}`);
const documents = [
  ...within("spec"),
  METAMASK,
  "node_modules/@metamask/api-specs/dist/build/multichain-openrpc.json",
  ...within("test/fixtures/third-party"),
  ...within("test/fixtures/openrpc"),
];

const model = async (file: string) => normalizeDocument(await loadSpec(file, ROOT));

describe("validateExamples: quick-check.ts gives ajv's problems", () => {
  it("covers the documents it names", () => {
    expect(documents.length).toBeGreaterThanOrEqual(14);
  });

  it.each(documents)("%s", async (file) => {
    const doc = await model(file);
    expect(validateExamples(doc)).toEqual(validateExamples(doc, { ajvOnly: true }));
  });

  it("checks MetaMask's examples (92 of them do not fit) without loading ajv", async () => {
    const doc = await model(METAMASK);
    const before = { ...ajvUse };
    const problems = validateExamples(doc);
    expect(problems.length).toBe(92);
    expect({ loads: ajvUse.loads - before.loads, checks: ajvUse.checks - before.checks }).toEqual({
      loads: 0,
      checks: 0,
    });
  });

  it("counts the checks it leaves to ajv", async () => {
    const doc = await model(METAMASK);
    const before = { ...ajvUse };
    validateExamples(doc, { ajvOnly: true });
    expect(ajvUse.loads - before.loads).toBe(1);
    expect(ajvUse.checks - before.checks).toBeGreaterThan(92);
  });
});

/** `value` with one node replaced (or, in an object, a member dropped or added), at most `limit` nodes deep-first. */
function broken(value: unknown, limit = 12): unknown[] {
  const out: unknown[] = [];
  const visit = (node: unknown, replace: (v: unknown) => unknown): void => {
    if (out.length >= limit * 9) return;
    for (const other of [null, "x", 1.5, -1, true, [], {}]) out.push(replace(other));
    if (Array.isArray(node)) {
      out.push(replace([...node, node[0] ?? 0]));
      node.slice(0, 3).forEach((child, i) => visit(child, (v) => replace(node.map((c, j) => (j === i ? v : c)))));
    } else if (node !== null && typeof node === "object") {
      const entries = Object.entries(node);
      out.push(replace(Object.fromEntries(entries.slice(1))), replace({ ...node, "zz/extra~": 1 }));
      entries.slice(0, 4).forEach(([k], i) => visit(entries[i]![1], (v) => replace({ ...node, [k]: v })));
    }
  };
  visit(value, (v) => v);
  return out;
}

describe("quickErrors: ajv's errors for made-up and broken values of every schema", () => {
  it.each(documents)("%s", async (file) => {
    const doc = await model(file);
    let answered = 0;
    let asked = 0;
    for (const lenient of [false, true]) {
      const definitions = new Map<string, JsonSchema>(doc.schemas.map((s) => [s.name, lenient ? s.lenient : s.schema]));
      const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, inlineRefs: false, logger: false });
      ajv.addSchema({ $id: "doc", definitions: Object.fromEntries(definitions) });
      for (const [name, schema] of definitions) {
        const validate = ajv.getSchema(`doc#/definitions/${encodeURIComponent(name)}`)!;
        for (const value of broken(generateValue(schema, definitions, `${name} ${lenient}`))) {
          const json = JSON.parse(JSON.stringify(value)) as unknown;
          asked++;
          const quick = quickErrors(schema, json, definitions);
          if (quick === undefined) continue;
          answered++;
          const expected = validate(json)
            ? []
            : (validate.errors ?? []).map((e) => ({ instancePath: e.instancePath, message: e.message }));
          if (JSON.stringify(quick) !== JSON.stringify(expected))
            expect({ name, value: json, quick }).toEqual({ name, value: json, quick: expected });
        }
      }
    }
    // It must answer for nearly everything, or the comparison says little.
    expect(answered).toBeGreaterThanOrEqual(asked * 0.9);
  });
});
