/**
 * The strict check over several packages checks each runtime copy once (runtime-view.ts) and still
 * reports what a check of each package alone would: errors in a package's own files, in a runtime,
 * and imports that resolve nowhere, under the packages' own paths.
 */
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outputOfView, runtimeView } from "./runtime-view.js";
import { strictTsc } from "./strict-tsc.js";

const RUNTIME = {
  "src/runtime/client.ts": 'export { twice } from "./math.js";\nexport type Id = string;\n',
  "src/runtime/math.ts": "export const twice = (n: number): number => n * 2;\n",
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "runtime-view-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function writePackage(name: string, files: Record<string, string>): Promise<void> {
  const all = { "package.json": '{ "name": "p", "type": "module" }\n', ...files };
  for (const [file, text] of Object.entries(all)) {
    await mkdir(path.dirname(path.join(dir, name, file)), { recursive: true });
    await writeFile(path.join(dir, name, file), text);
  }
}

const index = (body: string): Record<string, string> => ({
  "src/index.ts": `import { twice, type Id } from "./runtime/client.js";\n${body}\n`,
});

describe("runtimeView", () => {
  it("leaves out each runtime that is byte-identical to an earlier package's, and keeps one that differs", async () => {
    await writePackage("a", { ...RUNTIME, ...index("export const a: number = twice(1);") });
    await writePackage("b", { ...RUNTIME, ...index("export const b: Id = 'x';") });
    await writePackage("c", { ...RUNTIME, "src/runtime/math.ts": "export const twice = (n: number) => n + n;\n" });
    const view = await runtimeView(dir, ["a", "b", "c"]);
    expect(view?.shared).toBe(1);
    expect(view?.rootDirs).toEqual(["a/src/runtime", "b/src/runtime", "c/src/runtime"]);
    expect((await readdir(path.join(view!.dir, "a", "src"))).sort()).toEqual(["index.ts", "runtime"]);
    expect((await readdir(path.join(view!.dir, "b", "src"))).sort()).toEqual(["index.ts"]);
    expect((await readdir(path.join(view!.dir, "c", "src"))).sort()).toEqual(["runtime"]);
    expect((await readdir(path.join(view!.dir, "b"))).sort()).toEqual(["package.json", "src"]);
  });

  it("is not made when no two packages hold the same runtime", async () => {
    await writePackage("a", { ...RUNTIME, ...index("") });
    await writePackage("b", index(""));
    expect(await runtimeView(dir, ["a", "b"])).toBeUndefined();
  });

  it("is not made for a package named outside the check's folder, and writes nothing there", async () => {
    const check = path.join(dir, "check");
    await mkdir(check);
    const outside = { ...RUNTIME, ...index("") };
    for (const [name, files] of [
      ["check/a", outside],
      ["b", outside],
    ] as const)
      await writePackage(name, files);
    expect(await runtimeView(check, ["a", "../b"])).toBeUndefined();
    expect(await runtimeView(check, ["a", path.join(dir, "b")])).toBeUndefined();
    // The check's folder itself, or a name that reaches it, would put the view inside what it links.
    for (const name of ["", ".", "a/..", "./a", "a/"]) expect(await runtimeView(check, ["a", name])).toBeUndefined();
    expect((await readdir(dir)).sort()).toEqual(["b", "check"]);
    expect(await readdir(check)).toEqual(["a"]);
    // The same two packages inside the folder share their runtime.
    await writePackage("check/b", outside);
    expect((await runtimeView(check, ["a", "b"]))?.shared).toBe(1);
  });

  it("does not take a runtime whose file is a link for a copy of the file's text", async () => {
    await writePackage("a", { ...RUNTIME, ...index("") });
    await writePackage("b", { ...RUNTIME, ...index("") });
    await writePackage("elsewhere", { "math.ts": "export const twice = (n: string): string => n;\n" });
    await rm(path.join(dir, "b/src/runtime/math.ts"));
    await symlink(path.join(dir, "elsewhere/math.ts"), path.join(dir, "b/src/runtime/math.ts"));
    expect(await runtimeView(dir, ["a", "b"])).toBeUndefined();
    // Two links to the same text are the same runtime; links to different texts are not.
    await writePackage("c", { ...RUNTIME, ...index("") });
    await rm(path.join(dir, "c/src/runtime/math.ts"));
    await symlink(path.join(dir, "elsewhere/math.ts"), path.join(dir, "c/src/runtime/math.ts"));
    expect((await runtimeView(dir, ["a", "b", "c"]))?.shared).toBe(1);
    await rm(path.join(dir, "c/src/runtime/math.ts"));
    await symlink(path.join(dir, "a/src/runtime/math.ts"), path.join(dir, "c/src/runtime/math.ts"));
    expect(await runtimeView(dir, ["a", "b", "c"])).toBeUndefined();
  });

  it("writes the view's paths back as the packages' own, relative or absolute", () => {
    const view = path.join(dir, ".runtime-view-x");
    const cwd = path.join(dir, "elsewhere");
    const printed = `${path.relative(cwd, view)}/b/src/index.ts(1,2): error TS1: at ${view}/b/src/x.ts.\n`;
    expect(outputOfView(printed, view, dir, cwd)).toBe(
      `${path.relative(cwd, dir)}/b/src/index.ts(1,2): error TS1: at ${dir}/b/src/x.ts.\n`,
    );
    expect(outputOfView(`${view}/a.ts`, view, dir, dir)).toBe(`${dir}/a.ts`);
  });
});

describe("strictTsc over packages that share a runtime", () => {
  it("passes when every package compiles, and removes its view", async () => {
    await writePackage("a", { ...RUNTIME, ...index("export const a: number = twice(1);") });
    await writePackage("b", { ...RUNTIME, ...index("export const b: Id = String(twice(2));") });
    expect(await strictTsc(dir, ["a", "b"], 60_000)).toBe("");
    expect((await readdir(dir)).filter((name) => name.startsWith(".runtime-view-"))).toEqual([]);
  });

  it("reports errors in a package whose runtime is shared, in the runtime checked, and in a runtime that differs", async () => {
    const broken = {
      "src/runtime/math.ts": 'export const twice = (n: number): number => n * 2;\nexport const s: number = "x";\n',
    };
    await writePackage("a", { ...RUNTIME, ...broken, ...index("") });
    await writePackage("b", { ...RUNTIME, ...broken, ...index('export const b: number = twice("2");') });
    await writePackage("c", { ...RUNTIME, ...index("export const c: string = twice(3);") });
    const output = await strictTsc(dir, ["a", "b", "c"], 60_000);
    const rel = (file: string): string => path.relative(process.cwd(), path.join(dir, file));
    expect(output).toContain(`${rel("a/src/runtime/math.ts")}(2,14): error TS2322`);
    expect(output).toContain(`${rel("b/src/index.ts")}(2,32): error TS2345`);
    expect(output).toContain(`${rel("c/src/index.ts")}(2,14): error TS2322`);
    expect(output).not.toContain(".runtime-view-");
    // b's runtime is a's, checked once; c's runtime is its own (no error in it).
    expect(output.match(/math\.ts\(2,14\)/g)).toHaveLength(1);
  });

  it("still fails an import that no package's runtime holds, and a package's own file that only another package has", async () => {
    await writePackage("a", { ...RUNTIME, ...index(""), "src/extra.ts": "export const e = 1;\n" });
    await writePackage("b", {
      ...RUNTIME,
      "src/index.ts":
        'import { nope } from "./runtime/missing.js";\nimport { e } from "./extra.js";\nexport { nope, e };\n',
    });
    const output = await strictTsc(dir, ["a", "b"], 60_000);
    expect(output).toContain("Cannot find module './runtime/missing.js'");
    expect(output).toContain("Cannot find module './extra.js'");
  });
});
