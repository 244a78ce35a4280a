/**
 * Where the last release's spec is: a commit found, in this order, as `--since <ref>`, as a git
 * tag of the current version, or as the commit the changelog recorded for that version. A tag is
 * recognised in the three common forms, this tool's own first: `clients-v1.2.0`,
 * `<package name>@1.2.0` (changesets, lerna), `v1.2.0` (npm version, most projects); the plan says
 * which it found, and the next tag follows the same form. No tag and no record at all means the
 * first release. `releaseOf` also tells whether a version is already released (by any tag form
 * or a record), so that a release never takes a version twice. The only part of the release that
 * asks git about history; refs are checked like spec:diff's `--base`.
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
      /** The tag form found (kind `tag`), which the next release's tag follows. */
      convention?: TagConvention;
    };

/** The forms of a release tag recognised, in the order they are looked for. */
export type TagConvention = "own" | "name" | "v";

/** What a convention is called in messages. */
export const CONVENTION_WORDS: Record<TagConvention, string> = {
  own: "this tool's own form, <prefix><version>",
  name: "the <package>@<version> form of changesets and lerna",
  v: "the v<version> form of npm version",
};

/** The tag of `version` in each form, in the order they are looked for. */
export function releaseTags(
  version: string,
  tagPrefix: string,
  packageName: string,
): { tag: string; convention: TagConvention }[] {
  return [
    { tag: `${tagPrefix}${version}`, convention: "own" },
    { tag: `${packageName}@${version}`, convention: "name" },
    { tag: `v${version}`, convention: "v" },
  ];
}

/** The tag `version` takes in `convention` (the own form when none was found). */
export function tagOf(version: string, tagPrefix: string, packageName: string, convention?: TagConvention): string {
  return releaseTags(version, tagPrefix, packageName).find((t) => t.convention === (convention ?? "own"))!.tag;
}

/** A release of a version found in git: by a tag (any form) or by the commit a changelog record names. */
export type FoundRelease =
  | { kind: "tag"; ref: string; tag: string; convention: TagConvention }
  | { kind: "recorded"; commit: string; present: boolean };

/** Whether `version` is released: its first tag that exists, else its changelog record (`present`: the commit is in this clone). */
export async function releaseOf(options: {
  version: string;
  tagPrefix: string;
  packageName: string;
  changelog: string | undefined;
  cwd: string;
}): Promise<FoundRelease | undefined> {
  const { version, tagPrefix, packageName, changelog, cwd } = options;
  for (const { tag, convention } of releaseTags(version, tagPrefix, packageName)) {
    if (refProblem(tag)) continue;
    if (await isCommit(`refs/tags/${tag}`, cwd)) return { kind: "tag", ref: `refs/tags/${tag}`, tag, convention };
  }
  const record = releaseRecords(changelog ?? "").find((r) => r.version === version);
  if (!record) return undefined;
  return { kind: "recorded", commit: record.commit, present: await isCommit(record.commit, cwd) };
}

/** A failure that is the user's to fix (a ref, a missing tag, a dirty spec): one message, exit 1. */
export class ReleaseError extends Error {}

async function git(args: string[], cwd: string): Promise<string> {
  return (await run("git", args, { cwd, maxBuffer: 16 * 1024 * 1024 })).stdout;
}

export async function findBaseline(options: {
  since: string | undefined;
  version: string;
  tagPrefix: string;
  packageName: string;
  changelog: string | undefined;
  cwd: string;
}): Promise<Baseline> {
  const { since, version, tagPrefix, packageName, changelog, cwd } = options;
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
  const found = await releaseOf({ version, tagPrefix, packageName, changelog, cwd });
  if (found?.kind === "tag")
    return {
      kind: "tag",
      ref: found.ref,
      described: `the tag ${found.tag}`,
      convention: found.convention,
    };
  const tags = releaseTags(version, tagPrefix, packageName).map((t) => t.tag);
  if (found?.kind === "recorded") {
    if (found.present)
      return {
        kind: "recorded",
        ref: found.commit,
        described: `the spec of ${version} (commit ${found.commit.slice(0, 12)}, recorded in CHANGELOG.md)`,
      };
    const shallow = await isShallow(cwd);
    throw new ReleaseError(
      `The commit ${found.commit.slice(0, 12)} that CHANGELOG.md records for release ${version} is not in this clone${shallow ? " (a shallow clone)" : ""}. Fetch the history (git fetch --unshallow; in CI, fetch-depth: 0) or the tag ${tags[0]} (git fetch --tags), or pass --since <ref>.`,
    );
  }
  if (releaseRecords(changelog ?? "").length === 0) return { kind: "first" };
  throw new ReleaseError(
    `Cannot find release ${version}: there is no tag ${tags.join(", ")}, and CHANGELOG.md records no commit for it. Tag the commit it was made from (git tag ${tags[0]} <commit>), fetch tags (git fetch --tags), or pass --since <ref>.`,
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
