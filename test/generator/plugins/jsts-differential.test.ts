/**
 * Differential test against json-schema-to-typescript (docs/DECISIONS.md, "json-schema-to-typescript"):
 * every named schema of spec/, of the third-party documents and of ../shared/openrpc-corpus, through
 * our types plugin and through jsts, compared by name and by structure (test/helpers/jsts-diff.ts).
 * Every difference must be of a known class (JSTS_CLASSES); an unclassified one fails, with the
 * first few shown. The corpus is read at run time; without it, its documents are skipped with one
 * line (with CI=true they must run). Not included: starknet's write, trace and ws documents, whose
 * `$ref`s resolve from the repository root rather than from the referring file (corpus README).
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSpec } from "../../../generator/load/load.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { ROOT } from "../../../generator/root.js";
import { compareWithJsts, JSTS_CLASSES, type JstsClass } from "../../helpers/jsts-diff.js";

const CORPUS = path.resolve(ROOT, "..", "shared", "openrpc-corpus");
const hasCorpus = existsSync(CORPUS);
if (!hasCorpus) {
  if (process.env.CI === "true") throw new Error(`${CORPUS} is missing; with CI=true the corpus tests must run.`);
  console.log("jsts differential: ../shared/openrpc-corpus is absent; its documents are skipped.");
}

const within = (dir: string, suffix: string): [string, string][] =>
  readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith(suffix))
    .map((f) => [`${dir}/${f}`, ROOT]);
/** [document, the folder it is loaded from]. */
const documents: [string, string][] = [
  ...within("spec", ".openrpc.json"),
  ...within("test/fixtures/third-party", ".openrpc.json"),
  ["node_modules/@metamask/api-specs/dist/build/openrpc.json", ROOT],
  ["node_modules/@metamask/api-specs/dist/build/multichain-openrpc.json", ROOT],
  ...(hasCorpus
    ? [
        ...readdirSync(CORPUS)
          .filter((f) => f.endsWith(".json"))
          .map((f): [string, string] => [f, CORPUS]),
        ["api/starknet_api_openrpc.json", path.join(CORPUS, "starknet")] as [string, string],
      ]
    : []),
];

/** How often each class was seen, over all documents. */
const seen = new Map<JstsClass, number>();

describe("our types and json-schema-to-typescript's", () => {
  it("compare every document they are meant to", () => {
    expect(documents.length).toBeGreaterThanOrEqual(hasCorpus ? 18 : 9);
  });

  it.each(documents)(
    "%s: every difference is of a known class",
    async (file, cwd) => {
      const doc = normalizeDocument(await loadSpec(file, cwd));
      const differences = await compareWithJsts(doc);
      for (const d of differences) if (d.class) seen.set(d.class, (seen.get(d.class) ?? 0) + 1);
      const unclassified = differences.filter((d) => d.class === undefined);
      expect(
        unclassified.slice(0, 5).map((d) => `${d.name}${d.path}: ours ${d.ours}; jsts ${d.jsts}`),
        `${unclassified.length} differences of no known class (test/helpers/jsts-diff.ts, JSTS_CLASSES)`,
      ).toEqual([]);
    },
    120_000,
  );

  it.runIf(hasCorpus)("see every class they know (a class no document shows any more is removed)", () => {
    expect(Object.keys(JSTS_CLASSES).filter((c) => !seen.has(c as JstsClass))).toEqual([]);
  });

  afterAll(() => {
    // No class is a defect of ours today (`u64 | null` losing its null was one, fixed by the schema model).
    const ours = [...seen].filter(([c]) => (JSTS_CLASSES[c].wrong as string) === "ours");
    for (const [c, n] of ours) console.log(`jsts differential: ${n} × ${c} — ${JSTS_CLASSES[c].says}`);
  });
});
