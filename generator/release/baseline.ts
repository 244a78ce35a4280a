/**
 * Where the last release's spec is: a commit found, in this order, as `--since <ref>`, as the git
 * tag of the current version (`clients-v1.2.0`), or as the commit the changelog recorded for that
 * version. No tag and no record at all means the first release. The only part of the release
 * that asks git about history; refs are checked like spec:diff's `--base`.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { isCommit, isShallow, refProblem } from "../spec-diff/sources.js";
import { missingBase } from "../spec-diff/git-help.js";
import { releaseRecords } from "./changelog.js";

const run = promisify(execFile);

export type Baseline =
  | { kind: "first" }
  | {
      kind: "since" | "tag" | "recorded";
      /** A ref git can read the old spec at. */
      ref: string;
      /** In words, for messages and the changelog: `the tag clients-v0.1.0`. */
      described: string;
    };

/** A failure that is the user's to fix (a ref, a missing tag, a dirty spec): one message, exit 1. */
export class ReleaseError extends Error {}

async function git(args: string[], cwd: string): Promise<string> {
  return (await run("git", args, { cwd, maxBuffer: 16 * 1024 * 1024 })).stdout;
}

export async function findBaseline(options: {
  since: string | undefined;
  version: string;
  tagPrefix: string;
  changelog: string | undefined;
  cwd: string;
}): Promise<Baseline> {
  const { since, version, tagPrefix, changelog, cwd } = options;
  const inRepository = await git(["rev-parse", "--is-inside-work-tree"], cwd).then(
    (out) => out.trim() === "true",
    () => false,
  );
  if (!inRepository)
    throw new ReleaseError(
      `A release compares the spec with the last release's, read from git, and ${cwd} is not in a git repository.`,
    );
  if (since !== undefined) {
    const problem = refProblem(since);
    if (problem) throw new ReleaseError(`--since ${JSON.stringify(since.slice(0, 100))} ${problem}.`);
    if (!(await isCommit(since, cwd))) throw new ReleaseError(missingBase(since, cwd, await isShallow(cwd), "--since"));
    return { kind: "since", ref: since, described: `${since} (--since)` };
  }
  const tag = `${tagPrefix}${version}`;
  if (await isCommit(`refs/tags/${tag}`, cwd))
    return { kind: "tag", ref: `refs/tags/${tag}`, described: `the tag ${tag}` };
  const records = releaseRecords(changelog ?? "");
  const record = records.find((r) => r.version === version);
  if (record) {
    if (await isCommit(record.commit, cwd))
      return {
        kind: "recorded",
        ref: record.commit,
        described: `the spec of ${version} (commit ${record.commit.slice(0, 12)}, recorded in CHANGELOG.md)`,
      };
    const shallow = await isShallow(cwd);
    throw new ReleaseError(
      `The commit ${record.commit.slice(0, 12)} that CHANGELOG.md records for release ${version} is not in this clone${shallow ? " (a shallow clone)" : ""}. Fetch the history (git fetch --unshallow; in CI, fetch-depth: 0) or the tag ${tag} (git fetch --tags), or pass --since <ref>.`,
    );
  }
  if (records.length === 0) return { kind: "first" };
  throw new ReleaseError(
    `Cannot find release ${version}: there is no tag ${tag}, and CHANGELOG.md records no commit for it. Tag the commit it was made from (git tag ${tag} <commit>), fetch tags (git fetch --tags), or pass --since <ref>.`,
  );
}

/** The commit HEAD points at. */
export async function headCommit(cwd: string): Promise<string> {
  return (await git(["rev-parse", "--verify", "HEAD^{commit}"], cwd)).trim();
}

/** Files among `files` (paths relative to `cwd`) that differ from HEAD or are not committed. */
export async function uncommitted(files: string[], cwd: string): Promise<string[]> {
  if (files.length === 0) return [];
  const top = (await git(["rev-parse", "--show-toplevel"], cwd)).trim();
  const outside = files.filter((f) => {
    const rel = path.relative(top, path.resolve(cwd, f));
    return rel.startsWith("..") || path.isAbsolute(rel);
  });
  if (outside.length > 0)
    throw new ReleaseError(
      `The spec file ${outside[0]} is outside the git repository at ${top}; a release reads the last release's spec from git, so the spec must be in the repository.`,
    );
  const out = await git(
    ["status", "--porcelain", "--untracked-files=all", "--", ...files.map((f) => `:(literal)${f}`)],
    cwd,
  );
  return out
    .split("\n")
    .filter((line) => line.length > 3)
    .map((line) => line.slice(3));
}
