/**
 * Reading the old side from git: the same files, paths and parsed values as the generator's
 * `loadSpec` reads from the working tree, and the same model and problems as `loadModel` gives
 * for the working tree, checked in a scratch repository.
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { loadSpec } from "../../../generator/load/load.js";
import { defaultSpecs, isCommit, loadFromDisk, loadFromGit } from "../../../generator/spec-diff/sources.js";

const run = promisify(execFile);
const repo = await mkdtemp(path.join(os.tmpdir(), "spec-diff-sources-"));
afterAll(() => rm(repo, { recursive: true, force: true }));

const git = (...args: string[]) =>
  run("git", ["-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false", ...args], {
    cwd: repo,
  });
await git("init", "-q");
await cp(path.join(ROOT, "spec"), path.join(repo, "spec"), { recursive: true });
await writeFile(
  path.join(repo, "spec", "dangling.openrpc.json"),
  JSON.stringify({ methods: [{ $ref: "./gone.json#/M" }] }),
);
await git("add", "-A");
await git("commit", "-qm", "specs");
// After the commit: one spec only in the working tree, one only at HEAD.
await writeFile(path.join(repo, "spec", "new.openrpc.json"), "{}");
await rm(path.join(repo, "spec", "solana.openrpc.json"));

describe("loadFromGit", () => {
  it.each(["spec/advanced.openrpc.json", "spec/eth.openrpc.json"])(
    "%s at HEAD equals the same file on disk: files read, model and problems, external files included",
    async (file) => {
      const fromGit = await loadFromGit("HEAD", file, repo);
      const fromDisk = await loadFromDisk(file, repo);
      expect(fromGit!.model!.specs).toEqual([await loadSpec(file, repo)]);
      expect(fromGit).toEqual(fromDisk);
      expect([...fromGit!.inputs.keys()]).toContain("spec/schemas/values.json");
    },
  );

  it("resolves paths against the working directory, also below the repository root", async () => {
    const cwd = path.join(repo, "spec");
    const fromGit = await loadFromGit("HEAD", "eth.openrpc.json", cwd);
    expect(fromGit!.model!.specs).toEqual([await loadSpec("eth.openrpc.json", cwd)]);
  });

  it("gives undefined for a spec that did not exist at the ref", async () => {
    expect(await loadFromGit("HEAD", "spec/new.openrpc.json", repo)).toBeUndefined();
  });

  it("names the ref and the referring file when a referenced file is missing there", async () => {
    const loaded = await loadFromGit("HEAD", "spec/dangling.openrpc.json", repo);
    expect(loaded?.model).toBeUndefined();
    expect(loaded?.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        file: "HEAD:spec/dangling.openrpc.json",
        pointer: "/methods/0",
        message: expect.stringMatching(
          /^cannot read spec\/gone\.json at HEAD: it does not exist there\. It was resolved against the referring file spec\/dangling\.openrpc\.json, giving spec\/gone\.json\.$/,
        ),
      }),
    ]);
  });
});

describe("the other helpers", () => {
  it("isCommit knows commits from other words", async () => {
    expect(await isCommit("HEAD", repo)).toBe(true);
    expect(await isCommit("no-such-branch", repo)).toBe(false);
  });

  it("loadFromDisk gives undefined for a missing file", async () => {
    expect(await loadFromDisk("spec/solana.openrpc.json", repo)).toBeUndefined();
  });

  it("defaultSpecs lists spec files in the working tree and at the ref", async () => {
    expect(await defaultSpecs("spec", repo)).toEqual([
      "spec/advanced.openrpc.json",
      "spec/dangling.openrpc.json",
      "spec/eth.openrpc.json",
      "spec/new.openrpc.json",
    ]);
    expect(await defaultSpecs("spec", repo, "HEAD")).toEqual([
      "spec/advanced.openrpc.json",
      "spec/dangling.openrpc.json",
      "spec/eth.openrpc.json",
      "spec/new.openrpc.json",
      "spec/solana.openrpc.json",
    ]);
  });
});
