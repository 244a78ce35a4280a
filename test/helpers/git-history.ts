/**
 * Whether the tests that read this repository's own git history can run. An exported copy of
 * the repository (a tarball, `git archive`, a folder copied without `.git`) has no history;
 * a copy unpacked inside another repository would read that one's. Tests that need
 * `HEAD:spec` skip with a one-line notice then, and run fully in a clone (shallow clones too:
 * they have HEAD).
 */
import { execFileSync } from "node:child_process";
import { realpathSync } from "node:fs";

export interface GitHistory {
  skip: boolean;
  notice: string | undefined;
}

function git(root: string, args: string[]): string | undefined {
  try {
    return execFileSync("git", args, {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 10_000,
    }).trim();
  } catch {
    return undefined;
  }
}

/** Pure decision from what git answered, for tests. */
export function decideGitHistory(
  root: string,
  topLevel: string | undefined,
  hasTree: boolean,
  tree: string,
): GitHistory {
  const skip = (why: string): GitHistory => ({
    skip: true,
    notice: `Skipping the tests that read git history: ${why}; run them in a git clone of the repository.`,
  });
  if (topLevel === undefined) return skip(`${root} is not in a git repository (an exported copy)`);
  if (topLevel !== root) return skip(`${root} is not the top of its git repository (${topLevel} is)`);
  if (!hasTree) return skip(`HEAD has no ${tree}/ (no commit yet, or it was not committed)`);
  return { skip: false, notice: undefined };
}

/** Asks git about `root` once and prints the skip notice, if any, on stderr. */
export function findGitHistory(root: string, tree = "spec"): GitHistory {
  const top = git(root, ["rev-parse", "--show-toplevel"]);
  const real = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  const hasTree = top !== undefined && git(root, ["cat-file", "-t", `HEAD:${tree}`]) === "tree";
  const found = decideGitHistory(real(root), top === undefined ? undefined : real(top), hasTree, tree);
  if (found.notice) console.warn(found.notice);
  return found;
}
