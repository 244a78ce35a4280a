/**
 * The fuzz suite of the reading policy (issue 32, docs/READING.md): OpenRPC documents built at
 * random from the schema vocabulary, hostile names, the flaws real documents bring and several file
 * layouts (./arbitraries.ts), each checked for what `--lenient` promises:
 *
 * - reading never throws (no stack trace), strict or lenient; under --lenient only fatal rules
 *   refuse, and these documents have none;
 * - the package of all of them compiles under strict tsc (one program for every document) and
 *   its public types hold no `any`;
 * - the mock answers every method of every document through the typed client, the answer valid
 *   by the document (the client's strict validation) and the wire as the document declares.
 *
 * FUZZ_RUNS documents (default 120) from FUZZ_SEED (default fixed, so CI is repeatable); a failure
 * names the seed and the case, and `FUZZ_SEED=<seed> FUZZ_ONLY=<case>` runs that one alone. A
 * failing case is kept as a fixture under test/fixtures/fuzz/ (./fixtures.test.ts reads them).
 */
import fc from "fast-check";
import { readdir, readFile, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatePackage, type PackageResult } from "../../generator/commands/pipeline.js";
import { loadModel } from "../../generator/load/load-model.js";
import { startMockServer } from "../../generator/mock/server.js";
import { writeOutput } from "../../generator/write/write.js";
import { callEveryMethod } from "../helpers/call-methods.js";
import { strictTsc } from "../helpers/strict-tsc.js";
import { caseArbitrary, type Case } from "./arbitraries.js";
import { writeCase } from "./write.js";
import ts from "typescript";

/** Whether the file's code names the type `any` anywhere (a property called `any` is not the type). */
function hasAny(node: ts.Node): boolean {
  return node.kind === ts.SyntaxKind.AnyKeyword || (ts.forEachChild(node, hasAny) ?? false);
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_129);
const ONLY = process.env.FUZZ_ONLY === undefined ? undefined : Number(process.env.FUZZ_ONLY);

let dir = "";
let cases: { index: number; c: Case; entry: string }[] = [];
let generated: PackageResult | undefined;
const PACKAGE = "fuzz";

/** Where a failure came from, and how to run it alone. */
const label = (index: number, c: Case): string =>
  `case ${index} of seed ${SEED} (${c.layout}; flaws: ${c.flaws.join(", ") || "none"}; FUZZ_SEED=${SEED} FUZZ_ONLY=${index})`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "fuzz-"));
  const sampled = fc.sample(caseArbitrary, { seed: SEED, numRuns: RUNS });
  const chosen = sampled.map((c, index) => ({ c, index })).filter(({ index }) => ONLY === undefined || index === ONLY);
  cases = [];
  for (const { c, index } of chosen) {
    const name = `fuzz-${String(index).padStart(4, "0")}`;
    cases.push({ index, c, entry: await writeCase(dir, `docs/${name}`, name, c) });
  }
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("random documents under --lenient", () => {
  it("are read without a throw, strict or lenient; leniently, none is refused", async () => {
    const failures: string[] = [];
    for (const { index, c, entry } of cases) {
      for (const lenient of [false, true]) {
        const result = await loadModel({ specs: [entry], cwd: dir, lenient }).catch((e: unknown) => e);
        if (result instanceof Error) {
          failures.push(`${label(index, c)}: loadModel threw (lenient ${lenient}): ${result.stack ?? result.message}`);
          continue;
        }
        const errors = (result as Awaited<ReturnType<typeof loadModel>>).problems.filter((p) => p.severity === "error");
        if (lenient && errors.length > 0)
          failures.push(
            `${label(index, c)}: refused: ${errors.map((e) => `${e.file}#${e.pointer}: ${e.message}`).join(" | ")}`,
          );
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it("generate one package that compiles under strict tsc, with no any in its public types", async () => {
    const specs = cases.map((x) => x.entry);
    generated = await generatePackage({ specs, packageName: PACKAGE, cwd: dir, lenient: true });
    await writeOutput(PACKAGE, generated.files, { cwd: dir });
    const output = await strictTsc(dir, [PACKAGE], 300_000);
    // tsc names the files: each error is put with its case.
    const bySubpath = new Map(generated.documents.map((d, i) => [d.subpath, cases[i]!]));
    const errors = output
      .split("\n")
      .filter((line) => /error TS/.test(line))
      .map((line) => {
        const subpath = /fuzz\/src\/([^/]+)\//.exec(line)?.[1];
        const owner = subpath ? bySubpath.get(subpath) : undefined;
        return owner ? `${label(owner.index, owner.c)}: ${line}` : line;
      });
    expect(errors.slice(0, 20)).toEqual([]);
    const anys: string[] = [];
    for (const doc of generated.documents) {
      const folder = path.join(dir, PACKAGE, "src", doc.subpath);
      for (const file of await readdir(folder)) {
        const text = await readFile(path.join(folder, file), "utf8");
        if (hasAny(ts.createSourceFile(file, text, ts.ScriptTarget.ES2022))) anys.push(`${doc.subpath}/${file}`);
      }
    }
    expect(anys).toEqual([]);
  }, 600_000);

  it("are answered by the mock, every method through its typed member, valid by the document", async () => {
    expect(generated, "the package was generated by the test before").toBeDefined();
    const failures: string[] = [];
    for (const [i, doc] of generated!.documents.entries()) {
      const { index, c, entry } = cases[i]!;
      const started = await startMockServer({ specs: [entry], cwd: dir, port: 0, lenient: true }).catch((e: unknown) =>
        e instanceof Error ? e : new Error(String(e)),
      );
      if (started instanceof Error) {
        failures.push(`${label(index, c)}: the mock refused: ${started.message.slice(0, 800)}`);
        continue;
      }
      const mock = started;
      try {
        const found = await callEveryMethod(doc, path.join(dir, PACKAGE), mock.url);
        failures.push(...found.map((f) => `${label(index, c)}: ${f}`));
      } finally {
        await mock.close();
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
