/**
 * Property test of quick-check.ts over every document we have: for each example of our specs,
 * MetaMask's two documents, the third-party fixtures and test/fixtures/openrpc, the problems
 * validateExamples reports are identical (same examples, same wording, same order) whether
 * quick-check.ts answers or ajv checks everything.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/generate.js";
import { loadSpec } from "../../../generator/load.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { ajvUse, validateExamples } from "../../../generator/validate/examples.js";

const METAMASK = "node_modules/@metamask/api-specs/dist/build/openrpc.json";
const within = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith(".openrpc.json"))
    .map((f) => `${dir}/${f}`);
const documents = [...within("spec"), METAMASK, "node_modules/@metamask/api-specs/dist/build/multichain-openrpc.json", ...within("test/fixtures/third-party"), ...within("test/fixtures/openrpc")];

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
    expect({ loads: ajvUse.loads - before.loads, checks: ajvUse.checks - before.checks }).toEqual({ loads: 0, checks: 0 });
  });

  it("counts the checks it leaves to ajv", async () => {
    const doc = await model(METAMASK);
    const before = { ...ajvUse };
    validateExamples(doc, { ajvOnly: true });
    expect(ajvUse.loads - before.loads).toBe(1);
    expect(ajvUse.checks - before.checks).toBeGreaterThan(92);
  });
});
