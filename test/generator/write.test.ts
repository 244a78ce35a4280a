import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readOutput, writeOutput } from "../../generator/write.js";

const dir = await mkdtemp(path.join(os.tmpdir(), "write-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("writeOutput", () => {
  it("replaces the folder: new files in, stale files out, node_modules and dist kept", async () => {
    const out = path.join(dir, "a", "out");
    await writeOutput(out, new Map([["src/old.ts", "old"], ["keep.md", "v1"]]));
    await mkdir(path.join(out, "node_modules", "x"), { recursive: true });
    await writeFile(path.join(out, "node_modules", "x", "i.js"), "dep");
    await mkdir(path.join(out, "dist"));
    await writeFile(path.join(out, "dist", "index.js"), "built");
    await writeOutput(out, new Map([["src/new.ts", "new"], ["keep.md", "v2"]]));
    expect(Object.fromEntries(await readOutput(out))).toEqual({ "src/new.ts": "new", "keep.md": "v2" });
    expect(await readFile(path.join(out, "node_modules", "x", "i.js"), "utf8")).toBe("dep");
    expect(await readFile(path.join(out, "dist", "index.js"), "utf8")).toBe("built");
    expect((await readdir(path.dirname(out))).sort()).toEqual(["out"]);
  });

  it("leaves the old output untouched and no temp folder behind when writing fails", async () => {
    const out = path.join(dir, "b", "out");
    await writeOutput(out, new Map([["a.ts", "old a"], ["b.ts", "old b"]]));
    // "x" as a file and "x/y.ts" below it cannot both exist: the write fails half-way.
    const broken = new Map([["a.ts", "new a"], ["x", "file"], ["x/y.ts", "under a file"]]);
    await expect(writeOutput(out, broken)).rejects.toThrow();
    expect(Object.fromEntries(await readOutput(out))).toEqual({ "a.ts": "old a", "b.ts": "old b" });
    expect((await readdir(path.dirname(out))).sort()).toEqual(["out"]);
  });

  it("recovers the old tree after a crash between the two renames", async () => {
    const out = path.join(dir, "c", "out");
    await writeOutput(out, new Map([["a.ts", "v1"]]));
    await import("node:fs/promises").then((fs) => fs.rename(out, `${out}.old`));
    await writeOutput(out, new Map([["a.ts", "v2"]]));
    expect(Object.fromEntries(await readOutput(out))).toEqual({ "a.ts": "v2" });
    expect((await readdir(path.dirname(out))).sort()).toEqual(["out"]);
  });
});
