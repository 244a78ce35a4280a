/**
 * The examples check beside the generation (generator/load/examples-beside.ts): `npm run gen`
 * checks a document's examples in a worker thread while it emits the package. What a user sees must
 * not change: the same problems in the same order, the same model, the same files, the same exit code.
 * Compared here against the check in the main thread: in this process (the load's contract), and as
 * the CLI runs it, bundled (the worker) against the sources through tsx (`OPENRPC_TS_BUNDLE=off`:
 * no worker).
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { loadModel, type LoadResult } from "../../../generator/load/load-model.js";
import { cliProcess } from "../../helpers/cli.js";

const run = promisify(execFile);
const dir = await mkdtemp(path.join(os.tmpdir(), "examples-beside-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const method = (name: string, examples: unknown[] = [], extra: Record<string, unknown> = {}): unknown => ({
  name,
  paramStructure: "by-position",
  params: [{ name: "limit", schema: { type: "integer", minimum: 1 } }],
  result: { name: "count", schema: { type: "integer" } },
  examples,
  ...extra,
});
const document = (title: string, methods: unknown[], subpath?: string): unknown => ({
  openrpc: "1.3.2",
  info: { title, version: "1.0.0" },
  ...(subpath ? { "x-client": { subpath } } : {}),
  methods,
});
const badExample = { name: "bad", params: [{ name: "limit", value: 0 }], result: { name: "r", value: "many" } };
const goodExample = { name: "good", params: [{ name: "limit", value: 2 }], result: { name: "r", value: 2 } };

/** Specs that each fail or warn at a different stage, and one that shares another's subpath once it loads. */
const SPECS: Record<string, unknown> = {
  "a-lint.openrpc.json": document("A", [method("a_one"), method("a_one")]),
  "b-examples.openrpc.json": document("B", [method("b_count", [badExample, goodExample])]),
  "c-fine.openrpc.json": document("C", [method("c_count", [goodExample])], "shared"),
  "d-examples-subpath.openrpc.json": document("D", [method("d_count", [badExample])], "shared"),
  "e-fine.openrpc.json": document("E", [method("e_count", [goodExample])]),
  // Found by the backtracking analysis (beside): a pattern that backtracks exponentially (an error), one polynomially (a warning).
  "f-exponential.openrpc.json": document("F", [
    method("f_find", [goodExample], { params: [{ name: "limit", schema: { type: "string", pattern: "^(a+)+$" } }] }),
  ]),
  // A refused pattern runs nowhere, not even on an example (51 characters would take minutes): this never ends if it does.
  "h-hostile-example.openrpc.json": document("H", [
    method(
      "h_find",
      [{ name: "slow", params: [{ name: "q", value: `${"a".repeat(50)}!` }], result: { name: "r", value: 1 } }],
      { params: [{ name: "q", schema: { type: "string", pattern: "^(a+)+$" } }] },
    ),
  ]),
  "g-polynomial.openrpc.json": document("G", [
    method("g_find", [], { params: [{ name: "q", schema: { type: "string", pattern: "^a*a*b$" } }] }),
  ]),
};

async function writeSpecs(into: string): Promise<void> {
  await mkdir(into, { recursive: true });
  for (const [name, doc] of Object.entries(SPECS)) await writeFile(path.join(into, name), JSON.stringify(doc));
}

/** What a load gave, as a user would tell two apart. */
const summary = (r: LoadResult): unknown => ({
  problems: r.problems,
  model: r.model?.documents.map((d) => d.source),
  inputs: [...r.inputs.keys()],
});

describe("loadModel with the examples beside", () => {
  it.each<[string, string[], "error" | "warn"]>([
    ["every stage's problems, several specs", Object.keys(SPECS), "error"],
    ["example problems as warnings", Object.keys(SPECS), "warn"],
    ["documents without a problem", ["c-fine.openrpc.json", "e-fine.openrpc.json"], "error"],
    ["an example error only", ["e-fine.openrpc.json", "b-examples.openrpc.json"], "error"],
    [
      "a backtracking error (and an example that does not fit)",
      ["f-exponential.openrpc.json", "e-fine.openrpc.json"],
      "warn",
    ],
    ["a refused pattern with an example it would hang on", ["h-hostile-example.openrpc.json"], "warn"],
    ["a backtracking warning", ["g-polynomial.openrpc.json", "c-fine.openrpc.json"], "error"],
    [
      "a subpath taken twice only once the examples pass",
      ["c-fine.openrpc.json", "d-examples-subpath.openrpc.json"],
      "warn",
    ],
  ])("%s: the complete result is the plain load's", async (_name, specs, examples) => {
    const cwd = path.join(dir, "load");
    await writeSpecs(cwd);
    const plain = await loadModel({ specs, cwd, examples });
    const beside = await loadModel({ specs, cwd, examples, examplesBeside: true });
    expect(beside.complete).toBeDefined();
    expect(summary(await beside.complete!)).toEqual(summary(plain));
    // Before the examples are in, no example problem (the verdict is the complete result's).
    expect(beside.problems.filter((p) => p.rule === "example")).toEqual([]);
  });
});

/** `npm run gen` in `cwd`, bundled (the worker) or from the sources (`OPENRPC_TS_BUNDLE=off`, no worker). */
async function gen(
  args: string[],
  cwd: string,
  bundle: boolean,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, OPENRPC_TS_CACHE: "off", ...(bundle ? {} : { OPENRPC_TS_BUNDLE: "off" }) };
  try {
    const { stdout, stderr } = await run(...cliProcess("gen", args), { cwd, env, timeout: 110_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe("npm run gen: the worker's answer is the main thread's", () => {
  it.each<[string, string[], "error" | "warn"]>([
    ["refused for its examples (and the others' problems)", Object.keys(SPECS), "error"],
    [
      "examples as warnings: the same warnings and the same files",
      ["b-examples.openrpc.json", "e-fine.openrpc.json", "g-polynomial.openrpc.json"],
      "warn",
    ],
  ])(
    "%s",
    async (_name, specs, examples) => {
      const outputs: Record<string, { code: number; stdout: string; stderr: string; files: Record<string, string> }> =
        {};
      for (const bundle of [true, false]) {
        const cwd = path.join(dir, `cli-${examples}-${bundle ? "bundle" : "sources"}`);
        await writeSpecs(cwd);
        const result = await gen(
          [...specs.flatMap((s) => ["--spec", s]), "--out", "out", "--examples", examples],
          cwd,
          bundle,
        );
        const names = (await readdir(cwd, { recursive: true })).filter((f) => f.startsWith("out/") || f === "out");
        const files: Record<string, string> = {};
        for (const name of names.filter((n) => /\.(ts|json|md)$/.test(n)))
          files[name] = await readFile(path.join(cwd, name), "utf8");
        outputs[bundle ? "worker" : "main thread"] = { ...result, files };
      }
      const worker = outputs.worker!;
      const main = outputs["main thread"]!;
      expect(worker.code).toBe(examples === "error" ? 1 : 0);
      expect(worker.stderr).toContain("b-examples.openrpc.json#/methods/0/examples/0/params");
      expect(worker).toEqual(main);
      if (examples === "error") expect(Object.keys(worker.files)).toEqual([]);
      else expect(Object.keys(worker.files).length).toBeGreaterThan(5);
    },
    120_000,
  );
});
