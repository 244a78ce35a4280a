/**
 * Symbolic links on the writer's side: `--out` (gen, docs, release) or a leftover `<out>.old`
 * that is a link must never make the generator move or delete what it did not write. Before the
 * fix, a link as `<out>.old` made the next write move the linked folder's `dist/` and
 * `node_modules/` into the output (no marker or --force needed), and a link as `--out` did the same
 * once the linked folder had a marker. Everything lives in one mkdtemp sandbox, which is the
 * working folder of every write; the "victim" folders sit inside it too.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { GeneratorError } from "../../generator/problems.js";
import { checkSiteOut } from "../../generator/site/out.js";
import { MARKER, readOutput, writeOutput } from "../../generator/write/write.js";
import { cliProcess } from "../helpers/cli.js";

const run = promisify(execFile);
const dir = await mkdtemp(path.join(os.tmpdir(), "links-"));
const cwd = path.join(dir, "project");
await mkdir(cwd);
afterAll(() => rm(dir, { recursive: true, force: true }));

const FILES = new Map([["src/a.ts", "export const a = 1;\n"]]);

const message = (error: unknown): string =>
  error instanceof GeneratorError
    ? error.problems.map((p) => `${p.file} ${p.message} ${p.hint}`).join("\n")
    : String(error);

const refusal = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the write should have been refused").toBeInstanceOf(GeneratorError);
  return message(error);
};

/** A folder outside the output that holds what a user cares about: a build, dependencies, their own code. */
async function victim(name: string, options: { marker?: boolean } = {}): Promise<string> {
  const folder = path.join(dir, name);
  await mkdir(path.join(folder, "dist"), { recursive: true });
  await mkdir(path.join(folder, "node_modules/dep"), { recursive: true });
  await writeFile(path.join(folder, "dist/index.js"), "built");
  await writeFile(path.join(folder, "node_modules/dep/index.js"), "dep");
  await writeFile(path.join(folder, "notes.md"), "mine");
  // A folder the generator wrote once (a package elsewhere): its marker lists only src/a.ts.
  if (options.marker) await writeOutput(path.join(folder, "gen"), FILES, { cwd });
  if (options.marker)
    await writeFile(path.join(folder, MARKER), await readFile(path.join(folder, "gen", MARKER), "utf8"));
  if (options.marker) await rm(path.join(folder, "gen"), { recursive: true });
  return folder;
}

/** The victim's files, as a sorted list of `path: text`. */
async function contents(folder: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(path.join(folder, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else out.push(`${child}: ${await readFile(path.join(folder, child), "utf8")}`);
    }
  };
  await walk("");
  return out.sort();
}

describe("--out that is a symbolic link", () => {
  it.each([
    ["to a folder the generator wrote (with a marker)", { marker: true }, false],
    ["to a folder the generator wrote, with --force", { marker: true }, true],
    ["to a user's folder, with --force", { marker: false }, true],
    ["to a user's folder", { marker: false }, false],
  ])("%s is refused, and nothing in the linked folder moves", async (name, options, force) => {
    const slug = name.replace(/\W+/g, "-");
    const target = await victim(`victim-${slug}`, options);
    const before = await contents(target);
    await symlink(target, path.join(cwd, `out-${slug}`));
    const text = await refusal(writeOutput(`out-${slug}`, FILES, { cwd, force }));
    expect(text).toContain("--out is a symbolic link");
    expect(await contents(target)).toEqual(before);
    expect(await readlink(path.join(cwd, `out-${slug}`))).toBe(target);
    expect((await readdir(cwd)).filter((n) => n.includes(`out-${slug}.`))).toEqual([]);
  });

  it.each([
    ["the working folder", "."],
    ["an ancestor of the working folder", ".."],
  ])("a link to %s is refused, even with --force", async (_, to) => {
    await writeFile(path.join(cwd, "precious.txt"), "keep");
    const link = path.join(dir, `up-${to.length}`);
    await symlink(path.resolve(cwd, to), link);
    const text = await refusal(writeOutput(link, FILES, { cwd, force: true }));
    expect(text).toContain("--out is a symbolic link");
    expect(await readFile(path.join(cwd, "precious.txt"), "utf8")).toBe("keep");
  });

  it.each(["via/project", "via/project/../project", "via/project/."])(
    "a path through a linked folder that lands on the working folder (%s) is refused as the working folder, even with --force",
    async (out) => {
      await writeFile(path.join(cwd, "precious.txt"), "keep");
      await symlink(dir, path.join(cwd, "via")).catch(() => undefined);
      const text = await refusal(writeOutput(out, FILES, { cwd, force: true }));
      expect(text).toContain("--out contains the working folder");
      expect(await readFile(path.join(cwd, "precious.txt"), "utf8")).toBe("keep");
    },
  );

  it("a dangling link is refused and left as it is", async () => {
    await symlink(path.join(dir, "nowhere"), path.join(cwd, "dangling"));
    expect(await refusal(writeOutput("dangling", FILES, { cwd }))).toContain("--out is a symbolic link");
    expect(await readdir(dir)).not.toContain("nowhere");
  });

  it("a linked folder above --out is resolved: the output is written into the real folder", async () => {
    await mkdir(path.join(dir, "real-parent"));
    await symlink(path.join(dir, "real-parent"), path.join(cwd, "linked-parent"));
    await writeOutput("linked-parent/out", FILES, { cwd });
    await writeOutput("linked-parent/out", new Map([["src/a.ts", "v2"]]), { cwd });
    expect(await readFile(path.join(dir, "real-parent/out/src/a.ts"), "utf8")).toBe("v2");
    expect((await readdir(path.join(dir, "real-parent"))).sort()).toEqual(["out"]);
  });

  it("the CLI: `gen --out <link>` exits 1 with one message and no stack trace", async () => {
    const target = await victim("victim-cli", { marker: true });
    const before = await contents(target);
    await symlink(target, path.join(cwd, "cli-link"));
    await writeFile(
      path.join(cwd, "tiny.openrpc.json"),
      JSON.stringify({
        openrpc: "1.3.2",
        info: { title: "Tiny", version: "1.0.0" },
        methods: [{ name: "ping", params: [], result: { name: "r", schema: { type: "string" } } }],
      }),
    );
    const result = await run(...cliProcess("gen", ["--spec", "tiny.openrpc.json", "--out", "cli-link", "--force"]), {
      cwd,
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: "" }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("--out is a symbolic link");
    expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect(await contents(target)).toEqual(before);
  });
});

describe("a leftover <out>.old that the generator did not leave", () => {
  it.each([
    ["a link to a user's folder", false],
    ["a link to a folder with the generator's marker", true],
  ])("%s is refused without --force, and the linked folder keeps dist/ and node_modules/", async (name, marker) => {
    const slug = name.replace(/\W+/g, "-");
    const target = await victim(`old-${slug}`, { marker });
    const before = await contents(target);
    await writeOutput(`gen-${slug}`, FILES, { cwd });
    await symlink(target, path.join(cwd, `gen-${slug}.old`));
    for (const force of [false, true]) {
      const text = await refusal(writeOutput(`gen-${slug}`, FILES, { cwd, force }));
      expect(text).toContain(`gen-${slug}.old is a symbolic link`);
    }
    expect(await contents(target)).toEqual(before);
    expect(await readdir(path.join(cwd, `gen-${slug}`))).not.toContain("dist");
  });

  it("a link, while --out itself is missing, never becomes the output", async () => {
    const target = await victim("old-missing-out");
    const before = await contents(target);
    await symlink(target, path.join(cwd, "fresh.old"));
    expect(await refusal(writeOutput("fresh", FILES, { cwd }))).toContain("fresh.old is a symbolic link");
    expect(await contents(target)).toEqual(before);
    expect(await readdir(cwd)).not.toContain("fresh");
  });

  it.each([
    ["a folder without the marker", true],
    ["a file", false],
  ])("%s is refused, even with --force, and kept", async (name, folder) => {
    const slug = name.replace(/\W+/g, "-");
    await writeOutput(`g-${slug}`, FILES, { cwd });
    const old = path.join(cwd, `g-${slug}.old`);
    if (folder) {
      await mkdir(path.join(old, "node_modules"), { recursive: true });
      await writeFile(path.join(old, "thesis.tex"), "years of work");
    } else await writeFile(old, "a file");
    const text = await refusal(writeOutput(`g-${slug}`, FILES, { cwd, force: true }));
    expect(text).toContain(`g-${slug}.old`);
    if (folder) expect(await readFile(path.join(old, "thesis.tex"), "utf8")).toBe("years of work");
    else expect(await readFile(old, "utf8")).toBe("a file");
  });
});

describe("links inside the output folder are never followed", () => {
  it("a link the marker lists is the user's, not the generator's; with --force only the link goes", async () => {
    const target = await victim("inner-link");
    const before = await contents(target);
    await writeOutput("inner", new Map([...FILES, ["lib/b.ts", "b"]]), { cwd });
    await rm(path.join(cwd, "inner/lib"), { recursive: true });
    await symlink(target, path.join(cwd, "inner/lib"));
    expect(await refusal(writeOutput("inner", FILES, { cwd }))).toContain(
      "holds files the generator did not write (lib)",
    );
    await writeOutput("inner", FILES, { cwd, force: true });
    expect(await contents(target)).toEqual(before);
    expect(await readdir(path.join(cwd, "inner"))).not.toContain("lib");
  });

  it("a preserved node_modules that is a link moves as a link; what it points to stays", async () => {
    const target = await victim("preserved-link");
    const before = await contents(target);
    await writeOutput("pres", FILES, { cwd });
    await symlink(target, path.join(cwd, "pres/node_modules"));
    await writeOutput("pres", new Map([["src/a.ts", "v2"]]), { cwd });
    expect(await readlink(path.join(cwd, "pres/node_modules"))).toBe(target);
    expect(await contents(target)).toEqual(before);
  });

  it("a marker that is a link is no marker", async () => {
    await writeOutput("real-gen", FILES, { cwd });
    await mkdir(path.join(cwd, "fake/src"), { recursive: true });
    await writeFile(path.join(cwd, "fake/src/a.ts"), "my own code");
    await symlink(path.join(cwd, "real-gen", MARKER), path.join(cwd, "fake", MARKER));
    expect(await refusal(writeOutput("fake", FILES, { cwd }))).toContain("was not written by the generator");
    expect(await readFile(path.join(cwd, "fake/src/a.ts"), "utf8")).toBe("my own code");
  });

  it("readOutput (what --check compares) reads no file through a link", async () => {
    await writeOutput("readlinks", FILES, { cwd });
    await writeFile(path.join(dir, "secret.txt"), "outside");
    await symlink(path.join(dir, "secret.txt"), path.join(cwd, "readlinks/src/leak.ts"));
    expect([...(await readOutput(path.join(cwd, "readlinks"))).values()]).not.toContain("outside");
  });
});

describe("npm run docs --out", () => {
  it.each([
    ["a link to a site the generator wrote", true],
    ["a link to an empty folder", false],
  ])("%s is refused before anything is built", async (name, site) => {
    const slug = name.replace(/\W+/g, "-");
    const target = path.join(dir, `site-${slug}`);
    if (site)
      await writeOutput(
        target,
        new Map([
          ["index.html", "<p>"],
          ["app.js", ""],
          ["style.css", ""],
        ]),
        { cwd },
      );
    else await mkdir(target);
    await symlink(target, path.join(cwd, `site-link-${slug}`));
    expect(await refusal(checkSiteOut(`site-link-${slug}`, cwd))).toContain("--out is a symbolic link");
  });

  it.each([
    ["a link to the working folder", "site-up", "--out is a symbolic link"],
    ["a path through a link that lands on the working folder", "site-via/project", "--out contains the working folder"],
  ])("%s is refused", async (_, out, want) => {
    await symlink(cwd, path.join(dir, "site-up")).catch(() => undefined);
    await symlink(dir, path.join(dir, "site-via")).catch(() => undefined);
    expect(await refusal(checkSiteOut(path.join(dir, out), cwd))).toContain(want);
  });
});
