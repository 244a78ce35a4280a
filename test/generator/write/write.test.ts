/**
 * The write stage. Every test writes inside one temp sandbox and passes it as `cwd`, so even a
 * broken guard could only ever touch the sandbox; the refusals of the root and of the working
 * folder's ancestors are checked on the pure `outputProblem`, never by writing there.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GeneratorError } from "../../../generator/problems.js";
import { MARKER, outputProblem, readOutput, writeOutput } from "../../../generator/write/write.js";

const dir = await mkdtemp(path.join(os.tmpdir(), "write-"));
const cwd = path.join(dir, "project");
await mkdir(cwd);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** writeOutput confined to the sandbox: the working folder is the sandbox's project folder. */
const write = (out: string, files: Map<string, string>, force = false): Promise<void> =>
  writeOutput(path.join(dir, out), files, { force, cwd });

/** What the generator wrote, without its marker. */
async function written(out: string): Promise<Record<string, string>> {
  const files = await readOutput(path.join(dir, out));
  files.delete(MARKER);
  return Object.fromEntries(files);
}

const message = (error: unknown): string =>
  error instanceof GeneratorError ? error.problems.map((p) => `${p.message} ${p.hint}`).join("\n") : String(error);

describe("writeOutput", () => {
  it("replaces the folder: new files in, stale files out, node_modules and dist kept", async () => {
    await write(
      "a/out",
      new Map([
        ["src/old.ts", "old"],
        ["keep.md", "v1"],
      ]),
    );
    await mkdir(path.join(dir, "a/out/node_modules/x"), { recursive: true });
    await writeFile(path.join(dir, "a/out/node_modules/x/i.js"), "dep");
    await mkdir(path.join(dir, "a/out/dist"));
    await writeFile(path.join(dir, "a/out/dist/index.js"), "built");
    await write(
      "a/out",
      new Map([
        ["src/new.ts", "new"],
        ["keep.md", "v2"],
      ]),
    );
    expect(await written("a/out")).toEqual({ "src/new.ts": "new", "keep.md": "v2" });
    expect(await readFile(path.join(dir, "a/out/node_modules/x/i.js"), "utf8")).toBe("dep");
    expect(await readFile(path.join(dir, "a/out/dist/index.js"), "utf8")).toBe("built");
    expect((await readdir(path.join(dir, "a"))).sort()).toEqual(["out"]);
  });

  it("keeps the release changelog as it is, never reads it as a generated file, and takes a new one when given", async () => {
    await write("c/out", new Map([["src/a.ts", "a"]]));
    await writeFile(path.join(dir, "c/out/CHANGELOG.md"), "# Changelog\n\n## 1.0.0\n");
    await write("c/out", new Map([["src/a.ts", "a2"]]));
    expect(await readFile(path.join(dir, "c/out/CHANGELOG.md"), "utf8")).toBe("# Changelog\n\n## 1.0.0\n");
    expect([...(await readOutput(path.join(dir, "c/out"))).keys()].sort()).toEqual([".openrpc-ts.json", "src/a.ts"]);
    await write(
      "c/out",
      new Map([
        ["src/a.ts", "a3"],
        ["CHANGELOG.md", "# Changelog\n\n## 2.0.0\n\n## 1.0.0\n"],
      ]),
    );
    expect(await readFile(path.join(dir, "c/out/CHANGELOG.md"), "utf8")).toBe("# Changelog\n\n## 2.0.0\n\n## 1.0.0\n");
    expect(await readFile(path.join(dir, "c/out/src/a.ts"), "utf8")).toBe("a3");
  });

  it("leaves the old output untouched and no temp folder behind when writing fails", async () => {
    await write(
      "b/out",
      new Map([
        ["a.ts", "old a"],
        ["b.ts", "old b"],
      ]),
    );
    // "x" as a file and "x/y.ts" below it cannot both exist: the write fails half-way.
    const broken = new Map([
      ["a.ts", "new a"],
      ["x", "file"],
      ["x/y.ts", "under a file"],
    ]);
    await expect(write("b/out", broken)).rejects.toThrow();
    expect(await written("b/out")).toEqual({ "a.ts": "old a", "b.ts": "old b" });
    expect((await readdir(path.join(dir, "b"))).sort()).toEqual(["out"]);
  });

  it("recovers the old tree after a crash between the two renames", async () => {
    await write("c/out", new Map([["a.ts", "v1"]]));
    await import("node:fs/promises").then((fs) => fs.rename(path.join(dir, "c/out"), path.join(dir, "c/out.old")));
    await write("c/out", new Map([["a.ts", "v2"]]));
    expect(await written("c/out")).toEqual({ "a.ts": "v2" });
    expect((await readdir(path.join(dir, "c"))).sort()).toEqual(["out"]);
  });

  it("finishes a swap that crashed before node_modules moved over", async () => {
    // The state after both renames: the old tree (marker and node_modules) beside the new one.
    await write("d/out", new Map([["a.ts", "v1"]]));
    await write("d/out.old", new Map([["a.ts", "v0"]]));
    await mkdir(path.join(dir, "d/out.old/node_modules"), { recursive: true });
    await writeFile(path.join(dir, "d/out.old/node_modules/dep.js"), "dep");
    await write("d/out", new Map([["a.ts", "v2"]]));
    expect(await written("d/out")).toEqual({ "a.ts": "v2" });
    expect(await readFile(path.join(dir, "d/out/node_modules/dep.js"), "utf8")).toBe("dep");
    expect((await readdir(path.join(dir, "d"))).sort()).toEqual(["out"]);
  });

  it("writes folders 0755 and files 0644", async () => {
    await write("modes/out", new Map([["src/a/b.ts", "x"]]));
    expect((await stat(path.join(dir, "modes/out"))).mode & 0o777).toBe(0o755);
    expect((await stat(path.join(dir, "modes/out/src/a"))).mode & 0o777).toBe(0o755);
    expect((await stat(path.join(dir, "modes/out/src/a/b.ts"))).mode & 0o777).toBe(0o644);
  });
});

describe("writeOutput refuses what it cannot undo", () => {
  it("a non-empty folder it did not write (an existing project), unless forced", async () => {
    await mkdir(path.join(dir, "theirs/src"), { recursive: true });
    await writeFile(path.join(dir, "theirs/src/main.ts"), "my code");
    await mkdir(path.join(dir, "theirs/.git"));
    const error = await write("theirs", new Map([["a.ts", "x"]])).catch((e: unknown) => e);
    expect(message(error)).toMatch(
      /is not empty and was not written by the generator \(it has no \.openrpc-ts\.json\)\..*--force/,
    );
    expect(await readFile(path.join(dir, "theirs/src/main.ts"), "utf8")).toBe("my code");
    await write("theirs", new Map([["a.ts", "x"]]), true);
    expect(await written("theirs")).toEqual({ "a.ts": "x" });
  });

  it("files a user added to a generated folder, naming them", async () => {
    await write("added", new Map([["a.ts", "x"]]));
    await writeFile(path.join(dir, "added/NOTES.md"), "mine");
    const error = await write("added", new Map([["a.ts", "y"]])).catch((e: unknown) => e);
    expect(message(error)).toContain("holds files the generator did not write (NOTES.md); writing would delete them.");
    expect(await readFile(path.join(dir, "added/NOTES.md"), "utf8")).toBe("mine");
  });

  it("the working folder and its parent, even with --force (checked inside the sandbox)", async () => {
    await writeFile(path.join(cwd, "precious.txt"), "keep");
    for (const out of [cwd, dir]) {
      const error = await writeOutput(out, new Map([["a.ts", "x"]]), { force: true, cwd }).catch((e: unknown) => e);
      expect(message(error)).toContain("--out contains the working folder");
    }
    expect(await readFile(path.join(cwd, "precious.txt"), "utf8")).toBe("keep");
  });

  it.each([
    ["/", "/work/x", "--out is the root of the file system."],
    ["/work", "/work/project", "--out contains the working folder"],
    ["/work/project", "/work/project", "--out contains the working folder"],
    ["/work/project/generated", "/work/project", undefined],
    ["/elsewhere/out", "/work/project", undefined],
  ])("outputProblem(%j, cwd %j)", (target, at, want) => {
    expect(outputProblem(target, at)?.message).toEqual(want === undefined ? undefined : expect.stringContaining(want));
  });

  it("a file", async () => {
    await writeFile(path.join(dir, "a-file"), "text");
    expect(message(await write("a-file", new Map([["a.ts", "x"]])).catch((e: unknown) => e))).toContain(
      "--out is a file, not a folder.",
    );
    expect(await readFile(path.join(dir, "a-file"), "utf8")).toBe("text");
  });

  it.each(["../escape.ts", "/etc/x", "a/../../b", "C:/x", "a\\b", "", "a//b"])(
    "a path that leaves the folder: %j",
    async (file) => {
      const error = await write("paths", new Map([[file, "x"]])).catch((e: unknown) => e);
      expect(message(error)).toContain("it is not a plain relative path inside the output folder");
      expect(await readdir(dir)).not.toContain("escape.ts");
    },
  );

  it("never deletes node_modules when the write fails", async () => {
    await write("fail/out", new Map([["a.ts", "v1"]]));
    await mkdir(path.join(dir, "fail/out/node_modules"));
    await writeFile(path.join(dir, "fail/out/node_modules/dep.js"), "dep");
    const broken = new Map([
      ["a.ts", "v2"],
      ["x", "file"],
      ["x/y.ts", "under a file"],
    ]);
    await expect(write("fail/out", broken)).rejects.toThrow();
    expect(await readFile(path.join(dir, "fail/out/node_modules/dep.js"), "utf8")).toBe("dep");
    expect(await written("fail/out")).toEqual({ "a.ts": "v1" });
  });
});
