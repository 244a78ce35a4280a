/**
 * The fuzz suite of the reading policy (issue 32, docs/READING.md): OpenRPC documents built at
 * random from the schema vocabulary, hostile names, the flaws real documents bring and several file
 * layouts (./arbitraries.ts), each checked for what `--lenient` promises (./checks.ts):
 *
 * - reading never throws (no stack trace), strict or lenient; under --lenient only fatal rules
 *   refuse, and these documents have none;
 * - the package of all of them compiles under strict tsc (one program for every document) and
 *   its public types hold no `any`;
 * - the mock answers every method of every document through the typed client, the answer valid
 *   by the document (the client's strict validation) and the wire as the document declares.
 *
 * FUZZ_RUNS documents (default 200) from FUZZ_SEED (default fixed, so CI is repeatable); a failure
 * names the seed and the case, and `FUZZ_SEED=<seed> FUZZ_ONLY=<case>` runs that one alone. A
 * failing case is kept as a fixture under test/fixtures/fuzz/<seed>-<case>/ (`FUZZ_KEEP=test/fixtures/fuzz`
 * writes the sampled cases there), and the fixtures are checked beside the random documents on every
 * run (one generation, one tsc program), so a class of document fixed once stays fixed whatever the
 * random run samples. `FUZZ_ONLY` leaves the fixtures out.
 */
import fc from "fast-check";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PackageResult } from "../../generator/commands/pipeline.js";
import { ROOT } from "../../generator/root.js";
import { caseArbitrary, type Case } from "./arbitraries.js";
import { mockFailures, packageFailures, readingFailures, suiteCache, type Entry } from "./checks.js";
import { writeCase } from "./write.js";

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_129);
const ONLY = process.env.FUZZ_ONLY === undefined ? undefined : Number(process.env.FUZZ_ONLY);
const KEEP = process.env.FUZZ_KEEP;
const PACKAGE = "fuzz";
const FIXTURES = path.join(ROOT, "test", "fixtures", "fuzz");
let fixtures = 0;

let dir = "";
let entries: Entry[] = [];
let generated: PackageResult | undefined;
/** Each document read and checked once, by the reading test; the generation and the mock take it from there (./checks.ts). */
const cache = suiteCache();

/** Where a failure came from, and how to run it alone. */
const label = (index: number, c: Case): string =>
  `case ${index} of seed ${SEED} (${c.layout}; flaws: ${c.flaws.join(", ") || "none"}; FUZZ_SEED=${SEED} FUZZ_ONLY=${index})`;

beforeAll(async () => {
  if (ONLY !== undefined && !(ONLY >= 0 && ONLY < RUNS))
    throw new Error(
      `FUZZ_ONLY=${ONLY} is not a case of this run: set FUZZ_RUNS above it (FUZZ_RUNS=${RUNS} samples cases 0 to ${RUNS - 1}).`,
    );
  dir = await mkdtemp(path.join(os.tmpdir(), "fuzz-"));
  const sampled = fc.sample(caseArbitrary, { seed: SEED, numRuns: RUNS });
  entries = [];
  for (const [index, c] of sampled.entries()) {
    if (ONLY !== undefined && index !== ONLY) continue;
    const name = `fuzz-${String(index).padStart(4, "0")}`;
    entries.push({ entry: await writeCase(dir, `docs/${name}`, name, c), label: label(index, c) });
    // Kept on request (a failing case becomes a fixture): written where the caller names, never deleted here.
    if (KEEP) await writeCase(KEEP, `${SEED}-${index}`, `seed-${SEED}-case-${index}`, c);
  }
  if (ONLY !== undefined) return;
  // A copy: the package is written beside the documents.
  await cp(FIXTURES, path.join(dir, "fixtures"), { recursive: true });
  for (const folder of (await readdir(path.join(dir, "fixtures"))).sort()) {
    const entry = (await readdir(path.join(dir, "fixtures", folder))).find((f) => /\.openrpc\.(json|ya?ml)$/.test(f));
    if (!entry) continue;
    entries.push({ entry: path.join("fixtures", folder, entry), label: `fixture test/fixtures/fuzz/${folder}` });
    fixtures++;
  }
}, 120_000);
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("random documents and the fixtures they once failed on, under --lenient", () => {
  it("include every fixture kept so far (none when FUZZ_ONLY runs one case)", () => {
    expect(fixtures).toBeGreaterThanOrEqual(ONLY === undefined ? 19 : 0);
  });

  it("are read without a throw, strict or lenient; leniently, none is refused", async () => {
    expect(await readingFailures(dir, entries, cache)).toEqual([]);
  }, 300_000);

  it("generate one package that compiles under strict tsc, with no any in its public types", async () => {
    const result = await packageFailures(dir, PACKAGE, entries, cache);
    generated = result.generated;
    expect(result.failures).toEqual([]);
  }, 600_000);

  it("are answered by the mock, every method through its typed member, valid by the document", async () => {
    expect(generated, "the package was generated by the test before").toBeDefined();
    expect(await mockFailures(dir, PACKAGE, entries, generated!, cache)).toEqual([]);
  }, 600_000);
});
