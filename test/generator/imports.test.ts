/**
 * The shape of the pipeline, checked on the sources: the stages between load and write
 * (validate, normalize, the model, the plugins, the printers and generate.ts) are pure — nothing
 * they import, directly or through other modules, touches the disk, the network, child processes
 * or the process's environment — and generator/, runtime/ and bench/ have no import cycle at all
 * (type-only imports count: they tangle the code as much).
 */
import { describe, expect, it } from "vitest";
import { cycles, importGraph, reachable, usesProcess } from "../helpers/import-graph.js";
import { ROOT } from "../../generator/root.js";

const graph = importGraph(ROOT, "generator");
/** Every module of the three folders in one graph, so that a cycle through two folders is found too. */
const CHECKED_FOLDERS = ["generator", "runtime", "bench"];
const whole = new Map(CHECKED_FOLDERS.flatMap((dir) => [...importGraph(ROOT, dir)]));

/** Folders (and files) that hold the pure stages. */
const PURE = [
  "generator/normalize/",
  "generator/validate/",
  "generator/model/",
  "generator/plugins/",
  "generator/print/",
];
const PURE_FILES = [
  "generator/generate.ts",
  "generator/problems.ts",
  "generator/defaults.ts",
  // `$ref` resolution over the files already in memory: the loader and the stages share it.
  "generator/load/refs.ts",
];
/** Build scripts that sit beside the stage they build for (they write its compiled tables); never imported by a stage. */
const BUILD_SCRIPTS = /-build\.ts$/;

/** Node built-ins that reach outside the process's memory. */
const IO_MODULES = [
  "fs",
  "fs/promises",
  "child_process",
  "net",
  "http",
  "https",
  "http2",
  "dgram",
  "dns",
  "tls",
  "readline",
  "worker_threads",
  "cluster",
  "os",
  "process",
];
const isIo = (target: string): boolean => IO_MODULES.includes(target.replace(/^node:/, ""));
/** The parts of generator/ that read, write or serve: a pure stage may not import them. */
const IMPURE = [
  "generator/load/",
  "generator/write/",
  "generator/commands/",
  "generator/mock/",
  "generator/site/",
  "generator/spec-diff/",
  "generator/release/",
  "generator/root.ts",
  "generator/cli.ts",
  "generator/bin.mjs",
  "generator/build.mjs",
];

const pureModules = [...graph.keys()].filter(
  (file) => (PURE.some((dir) => file.startsWith(dir)) || PURE_FILES.includes(file)) && !BUILD_SCRIPTS.test(file),
);

describe("the pure stages", () => {
  it("are found (the folders exist and hold modules)", () => {
    expect(pureModules.length).toBeGreaterThan(40);
    expect(pureModules).toContain("generator/generate.ts");
  });

  it.each(pureModules)("%s reaches no I/O module and no loader, writer or command", (file) => {
    const reached = [...reachable(graph, file)];
    expect(reached.filter(isIo)).toEqual([]);
    const impure = (m: string): boolean => !PURE_FILES.includes(m) && IMPURE.some((p) => m === p || m.startsWith(p));
    expect(reached.filter(impure)).toEqual([]);
    expect(reached.filter((m) => BUILD_SCRIPTS.test(m))).toEqual([]);
    expect(reached.filter((m) => m.startsWith("generator/") && usesProcess(ROOT, m))).toEqual([]);
  });

  it("the check sees what it looks for: the loader reaches node:fs, and the CLI's pipeline reaches the loader", () => {
    expect([...reachable(graph, "generator/load/load-model.ts")].some(isIo)).toBe(true);
    expect(reachable(graph, "generator/commands/pipeline.ts")).toContain("generator/load/load-model.ts");
    expect(usesProcess(ROOT, "generator/load/load-model.ts")).toBe(true);
  });
});

describe("the plugins (generator/plugins/<name>/)", () => {
  const pluginOf = (file: string): string | undefined => /^generator\/plugins\/([^/]+)\//.exec(file)?.[1];
  const pluginFiles = [...graph.keys()].filter((f) => pluginOf(f) !== undefined);

  it("are found: one folder per plugin, each with its plugin.ts", () => {
    const names = new Set(pluginFiles.map((f) => pluginOf(f)!));
    expect(names.size).toBeGreaterThanOrEqual(6);
    for (const name of names) expect(graph.has(`generator/plugins/${name}/plugin.ts`), name).toBe(true);
  });

  it.each(pluginFiles)("%s imports no other plugin, nor the runner", (file) => {
    const own = pluginOf(file);
    const imported = (graph.get(file) ?? []).map((e) => e.target).filter((t) => t.startsWith("generator/plugins/"));
    expect(imported.filter((t) => pluginOf(t) !== own)).toEqual([]);
  });

  it("nothing outside generator/plugins/ reaches into a plugin's folder but the list of built-ins", () => {
    const outside = [...whole.keys()].filter((f) => !f.startsWith("generator/plugins/"));
    const reaching = outside.flatMap((f) =>
      (whole.get(f) ?? []).filter((e) => pluginOf(e.target) !== undefined).map((e) => `${f} → ${e.target}`),
    );
    expect(reaching).toEqual([]);
  });
});

describe("import cycles", () => {
  it("the graph covers generator/, runtime/ and bench/", () => {
    for (const dir of CHECKED_FOLDERS)
      expect([...whole.keys()].filter((f) => f.startsWith(`${dir}/`)).length).toBeGreaterThan(10);
    expect(whole.get("bench/run.ts")?.length).toBeGreaterThan(0);
  });

  it("none in generator/, runtime/ and bench/, nor across them", () => {
    expect(cycles(whole).map((c) => c.join(" ↔ "))).toEqual([]);
  });

  it("the check finds a cycle made of type-only imports (marker → fingerprint → marker once was one)", () => {
    const made = new Map([
      ["a.ts", [{ target: "b.ts", typeOnly: true }]],
      ["b.ts", [{ target: "a.ts", typeOnly: false }]],
      ["c.ts", [{ target: "a.ts", typeOnly: false }]],
    ]);
    expect(cycles(made)).toEqual([["a.ts", "b.ts"]]);
  });
});
