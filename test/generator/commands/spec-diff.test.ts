/** `npm run spec:diff` as users run it: a child process, its output in each format and its exit code. */
import { execFile } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { cliProcess } from "../../helpers/cli.js";
import { findGitHistory } from "../../helpers/git-history.js";
import type { Want } from "../spec-diff/build.js";

const run = promisify(execFile);
const F = "test/fixtures/spec-diff";
const [V1, V2, WARN] = [`${F}/v1/pets.openrpc.json`, `${F}/v2/pets.openrpc.json`, `${F}/warn/pets.openrpc.json`];
const scratch = await mkdtemp(path.join(os.tmpdir(), "spec-diff-cli-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function specDiff(args: string[], cwd = ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(...cliProcess("spec:diff", args), { cwd, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** v1 → v2 of the fixture: every level, a removed method and a change inside the external types.json. */
const expected = (types: string): Want[] => [
  ["ERR", "method-removed", "pets_legacy", "#/methods/2"],
  ["ERR", "page-size-max-lowered", "pets_list", "#/methods/0/params/1/schema/maximum"],
  ["ERR", "response-enum-value-added", "pets_list", `${types}#/Kind/enum`],
  ["ERR", "response-enum-value-added", "pets_get", `${types}#/Kind/enum`],
  ["WARN", "error-removed", "pets_get", "#/methods/1/errors/0"],
  ["INFO", "param-added-optional", "pets_list", "#/methods/0/params/3"],
  ["INFO", "request-enum-value-added", "pets_list", `${types}#/Kind/enum`],
];

const fromJson = (stdout: string): Want[] =>
  (JSON.parse(stdout) as { level: Want[0]; rule: Want[1]; method: string | null; pointer: string }[]).map((c) => [
    c.level,
    c.rule,
    c.method,
    c.pointer,
  ]);

describe("npm run spec:diff -- <old> <new>", () => {
  it("text: one line per change, most severe first, then the counts; exit 1 on ERR", async () => {
    const { code, stdout, stderr } = await specDiff([V1, V2]);
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.slice(0, -1).map((l) => l.split(/ {2,}/).slice(0, 4))).toEqual(expected(`${F}/v2/types.json`));
    expect(lines[0]).toMatch(/— Method pets_legacy was removed; .*\("pets_legacy" → none\)$/);
    expect(lines.at(-1)).toBe(`4 ERR, 1 WARN, 2 INFO: 7 changes in 1 spec (${V1} → ${V2}).`);
    expect(stderr).toBe("The review fails: 4 ERR at --fail-on ERR or worse.\n");
  });

  it("markdown: a heading, the counts and a table row per change", async () => {
    const { code, stdout } = await specDiff([V1, V2, "--format", "markdown"]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^### OpenRPC breaking-change review\n\n\*\*4 ERR\*\* · \*\*1 WARN\*\* · 2 INFO — /);
    expect(stdout).toContain("| Level | Rule | Method | Where | Change |");
    expect(stdout.split("\n").filter((l) => /^\| (\*\*)?(ERR|WARN|INFO)/.test(l))).toHaveLength(7);
  });

  it("json: an array of {spec, level, rule, method, pointer, old, new, message}", async () => {
    const { code, stdout } = await specDiff([V1, V2, "--format", "json"]);
    expect(code).toBe(1);
    expect(fromJson(stdout)).toEqual(expected(`${F}/v2/types.json`));
    const [first] = JSON.parse(stdout) as Record<string, unknown>[];
    expect(Object.keys(first!)).toEqual(["spec", "level", "rule", "method", "pointer", "old", "new", "message"]);
    expect(first).toMatchObject({ spec: V2, old: "pets_legacy", new: null });
  });

  it.each([
    ["ERR changes, default --fail-on", [V1, V2], 1],
    ["only WARN and INFO, default --fail-on ERR", [V1, WARN], 0],
    ["only WARN and INFO, --fail-on WARN", [V1, WARN, "--fail-on", "WARN"], 1],
    ["only WARN and INFO, --fail-on ERR", [V1, WARN, "--fail-on", "ERR"], 0],
    ["no changes, --fail-on INFO", [V1, V1, "--fail-on", "INFO"], 0],
  ])("exit code: %s", async (_, args, want) => {
    const { code, stdout } = await specDiff(args as string[]);
    expect(code).toBe(want);
    expect(stdout).not.toBe("");
  });

  it.each([
    [
      "no specs",
      [],
      /^Expected two spec files \(old, then new\) or --base <git-ref>; got none\. Run `npm run spec:diff -- --help` for the options\.\n$/,
    ],
    ["an unknown format", [V1, V2, "--format", "xml"], /--format must be one of text, markdown, json, not "xml"\./],
    [
      "a missing file",
      [V1, `${F}/missing.openrpc.json`],
      /^Cannot read test\/fixtures\/spec-diff\/missing\.openrpc\.json: there is no such file/,
    ],
    [
      "invalid JSON",
      [`${F}/broken.openrpc.json`, V1],
      /test\/fixtures\/spec-diff\/broken\.openrpc\.json#: is not valid JSON/,
    ],
    [
      "not an OpenRPC document",
      [V1, `${F}/not-openrpc.json`],
      /not-openrpc\.json#\/openrpc: declares OpenRPC version null; the generator reads OpenRPC 1\.x documents/,
    ],
    [
      "an unknown git ref",
      ["--base", "no-such-ref-anywhere"],
      /^--base no-such-ref-anywhere is not a commit of the git repository/,
    ],
  ])("exit 2 with a clear message: %s", async (_, args, message) => {
    const { code, stdout, stderr } = await specDiff(args as string[]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
  });

  it("--help shows the usage", async () => {
    const { code, stdout } = await specDiff(["--help"]);
    expect(code).toBe(0);
    for (const option of ["--base", "--format", "--fail-on", "ERR", "WARN", "INFO"]) expect(stdout).toContain(option);
  });
});

describe("npm run spec:diff -- --base <ref>", () => {
  it.skipIf(findGitHistory(ROOT).skip)("reports nothing on this repository's committed specs", async () => {
    // HEAD's spec/ exported into a fresh repository, so uncommitted local edits cannot affect the check.
    const copy = await mkdtemp(path.join(os.tmpdir(), "spec-diff-head-"));
    try {
      const archive = path.join(copy, "spec.tar");
      await run("git", ["archive", "--format=tar", "-o", archive, "HEAD", "spec"], { cwd: ROOT });
      await run("tar", ["-xf", archive, "-C", copy]);
      await rm(archive);
      const git = (...args: string[]) =>
        run(
          "git",
          ["-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false", ...args],
          { cwd: copy },
        );
      await git("init", "-q");
      await git("add", "-A");
      await git("commit", "-qm", "head");
      const { code, stdout } = await specDiff(["--base", "HEAD"], copy);
      expect(code).toBe(0);
      expect(stdout).toBe("0 ERR, 0 WARN, 0 INFO: no changes in 3 specs (HEAD → working tree).\n");
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  it("reads the old spec and the files it references from git, the new ones from the working tree", async () => {
    const git = (...args: string[]) =>
      run(
        "git",
        ["-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false", ...args],
        { cwd: scratch },
      );
    await git("init", "-q");
    await cp(path.join(ROOT, F, "v1"), path.join(scratch, "spec"), { recursive: true });
    await git("add", "-A");
    await git("commit", "-qm", "v1");
    await cp(path.join(ROOT, F, "v2"), path.join(scratch, "spec"), { recursive: true });

    const { code, stdout } = await specDiff(["--base", "HEAD", "--format", "json"], scratch);
    expect(code).toBe(1);
    expect(fromJson(stdout)).toEqual(expected("spec/types.json"));

    await rm(path.join(scratch, "spec", "pets.openrpc.json"));
    const deleted = await specDiff(["--base", "HEAD", "--format", "json", "spec/pets.openrpc.json"], scratch);
    expect(deleted.code).toBe(1);
    expect(fromJson(deleted.stdout).map(([level, rule, method]) => [level, rule, method])).toEqual([
      ["ERR", "method-removed", "pets_list"],
      ["ERR", "method-removed", "pets_get"],
      ["ERR", "method-removed", "pets_legacy"],
      ["ERR", "server-removed", null],
      ["WARN", "type-removed", null],
      ["WARN", "type-removed", null],
      ["WARN", "type-removed", null],
    ]);
  });
});
