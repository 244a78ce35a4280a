/**
 * Where `npm run docs` may write. Every test writes inside one temp sandbox passed as `cwd`;
 * the refusal of the working folder and its ancestors is checked on the pure `outputProblem`.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MARKER, markerText } from "../../generator/write/marker.js";
import { GeneratorError } from "../../generator/problems.js";
import { notASite, writeSite } from "../../generator/site/out.js";
import { outputProblem } from "../../generator/write/write.js";

const dir = await mkdtemp(path.join(os.tmpdir(), "site-out-"));
const cwd = path.join(dir, "project");
await mkdir(cwd);
afterAll(() => rm(dir, { recursive: true, force: true }));

const site = (version: string): Map<string, string> =>
  new Map([
    ["index.html", `<!doctype html>${version}`],
    ["app.js", "start()"],
    ["style.css", "body{}"],
  ]);
const refusal = (error: unknown): string =>
  error instanceof GeneratorError ? error.problems.map((p) => p.message).join("\n") : String(error);

describe("writeSite", () => {
  it("writes a new folder, and replaces a site it wrote before", async () => {
    await writeSite("../site", site("v1"), cwd);
    await writeSite("../site", site("v2"), cwd);
    expect(await readFile(path.join(dir, "site/index.html"), "utf8")).toBe("<!doctype html>v2");
    expect(JSON.parse(await readFile(path.join(dir, "site", MARKER), "utf8")).files).toEqual([
      "app.js",
      "index.html",
      "style.css",
    ]);
  });

  it.each([
    ["a non-empty folder it did not write", { "notes.txt": "mine" }, /not empty and was not written by the generator/],
    [
      "a generated client package (its marker lists no site files)",
      { "package.json": "{}", [MARKER]: markerText(["package.json"]) },
      /not a site/,
    ],
    [
      "a site folder holding a file of the user's",
      {
        "index.html": "x",
        "app.js": "x",
        "style.css": "x",
        "mine.txt": "mine",
        [MARKER]: markerText(["index.html", "app.js", "style.css"]),
      },
      /files the generator did not write \(mine\.txt\)/,
    ],
  ])("refuses %s and leaves it as it was", async (name, files, want) => {
    const folder = path.join(dir, name.replace(/\W+/g, "-"));
    await mkdir(folder);
    for (const [file, text] of Object.entries(files)) await writeFile(path.join(folder, file), text);
    const error = await writeSite(folder, site("new"), cwd).catch((e: unknown) => e);
    expect(refusal(error)).toMatch(want);
    for (const [file, text] of Object.entries(files))
      expect(await readFile(path.join(folder, file), "utf8")).toBe(text);
  });

  it("refuses file names that would leave the folder", async () => {
    const error = await writeSite("../escape", new Map([...site("x"), ["../outside.txt", "x"]]), cwd).catch(
      (e: unknown) => e,
    );
    expect(refusal(error)).toMatch(/not a plain relative path inside the output folder/);
  });

  it("never takes the working folder or one of its ancestors", () => {
    expect(outputProblem(cwd, cwd)?.message).toMatch(/contains the working folder/);
    expect(outputProblem(path.dirname(cwd), cwd)?.message).toMatch(/contains the working folder/);
    expect(outputProblem(path.parse(cwd).root, cwd)?.message).toMatch(/root of the file system/);
  });
});

describe("notASite", () => {
  it.each([
    ["no marker", undefined, false],
    ["a site's marker", markerText(["index.html", "app.js", "style.css"]), false],
    ["a client package's marker", markerText(["package.json", "src/index.ts"]), true],
    ["an unreadable marker", "{", true],
  ])("%s", (_name, marker, refused) => {
    expect(notASite(marker) !== undefined).toBe(refused);
  });
});
