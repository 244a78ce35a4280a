/**
 * One broken document, every command: `npm run gen` (and `--check`), `--watch`, the mock server,
 * the docs site, the playground and spec:diff all start from `loadModel`, so each reports the same
 * problems for it, and none of them writes or serves anything. Everything happens in a temp folder.
 */
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatePackage } from "../../../generator/commands/pipeline.js";
import { watchSpecs } from "../../../generator/commands/watch.js";
import { loadModel, errorsOf } from "../../../generator/load/load-model.js";
import { startMockServer } from "../../../generator/mock/server.js";
import type { Problem } from "../../../generator/model/document.js";
import { GeneratorError } from "../../../generator/problems.js";
import { startPlayground } from "../../../generator/site/serve.js";
import { buildSite } from "../../../generator/site/site.js";
import { loadFromDisk } from "../../../generator/spec-diff/sources.js";

const dir = await mkdtemp(path.join(os.tmpdir(), "same-problems-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const method = (name: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name,
  paramStructure: "by-position",
  params: [{ name: "limit", schema: { type: "integer", minimum: 1 } }],
  result: { name: "count", schema: { type: "integer" } },
  ...extra,
});

/** Documents that `npm run gen` refuses, each for a different stage's reasons. */
const BROKEN: [string, unknown][] = [
  [
    "lint rules: a duplicate method, a required param after an optional one, a $ref to nothing",
    {
      openrpc: "1.3.2",
      info: { title: "Broken", version: "1.0.0" },
      methods: [
        method("pets_count", {
          params: [
            { name: "limit", schema: { type: "integer" } },
            { name: "offset", required: true, schema: { type: "integer" } },
          ],
        }),
        method("pets_count", { result: { name: "r", schema: { $ref: "#/components/schemas/Nope" } } }),
      ],
    },
  ],
  [
    "an example whose result does not fit its schema",
    {
      openrpc: "1.3.2",
      info: { title: "Broken", version: "1.0.0" },
      methods: [
        method("pets_count", {
          examples: [{ name: "one", params: [{ name: "limit", value: 1 }], result: { name: "r", value: "many" } }],
        }),
      ],
    },
  ],
  ["not an OpenRPC document", { openrpc: "1.3.2", info: { title: "Broken" }, methods: "none" }],
];

/** A problem as the user sees it, without the fields a command may add for itself. */
const shown = (p: Problem): string => `${p.file}#${p.pointer}: ${p.message} (${p.hint ?? ""})`;
const problemsOf = (error: unknown): string[] => {
  if (!(error instanceof GeneratorError)) throw error;
  return error.problems.map(shown).sort();
};
const refused = (promise: Promise<unknown>): Promise<string[]> =>
  promise.then(
    () => {
      throw new Error("the command went on past a broken document");
    },
    (error: unknown) => problemsOf(error),
  );

let count = 0;
describe.each(BROKEN)("a document with %s", (_name, document) => {
  it("gives the same problems from every command, and none writes or serves", async () => {
    const cwd = path.join(dir, `case-${count++}`);
    await import("node:fs/promises").then((fs) => fs.mkdir(cwd));
    await writeFile(path.join(cwd, "broken.openrpc.json"), JSON.stringify(document, null, 2));
    const specs = ["broken.openrpc.json"];

    const loaded = await loadModel({ specs, cwd });
    expect(loaded.model).toBeUndefined();
    const expected = errorsOf(loaded).map(shown).sort();
    expect(expected.length).toBeGreaterThan(0);

    const byCommand: Record<string, string[]> = {
      gen: await refused(generatePackage({ specs, packageName: "broken", cwd })),
      // npm run gen's own road: the examples checked beside the generation (in this thread under vitest).
      "gen, examples beside": await refused(
        generatePackage({ specs, packageName: "broken", cwd, examplesBeside: true }),
      ),
      mock: await refused(startMockServer({ specs, cwd })),
      docs: await refused(buildSite({ specs, cwd })),
      playground: await refused(startPlayground({ files: new Map(), specs, cwd })),
      "spec:diff": await refused(
        loadFromDisk(specs[0]!, cwd).then((side) => {
          if (side?.model) return side;
          throw new GeneratorError(errorsOf(side!), "Reading the specs");
        }),
      ),
    };
    for (const [command, problems] of Object.entries(byCommand)) expect(problems, command).toEqual(expected);

    // --watch reports the first problem (in the order the CLI sorts them) and how many more, and keeps watching.
    const lines: string[] = [];
    const stop = new AbortController();
    const watching = watchSpecs({
      specs,
      packageName: "broken",
      cwd,
      out: "out",
      log: (l) => lines.push(l),
      signal: stop.signal,
    });
    await expect.poll(() => lines.length).toBeGreaterThanOrEqual(2);
    stop.abort();
    await watching;
    const firstSorted = [...errorsOf(loaded)].sort((a, b) =>
      `${a.file}#${a.pointer}`.localeCompare(`${b.file}#${b.pointer}`),
    )[0]!;
    const more = expected.length - 1;
    expect(lines[0]).toContain(`✗ ${firstSorted.file}#${firstSorted.pointer}: ${firstSorted.message}`);
    expect(lines[0]).toContain(more > 0 ? `and ${more} more problem` : "still watching");

    expect(await readdir(cwd)).toEqual(["broken.openrpc.json"]);
  }, 60_000);
});
