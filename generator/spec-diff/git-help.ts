/**
 * What to say when the base of a review is not in the clone. CI checkouts are shallow by default
 * (one commit, no other branches), so `--base origin/main` or `--base HEAD~1` find nothing there:
 * the message says how to fetch what is missing instead of reviewing nothing in silence.
 */

/** The fetch command that brings `ref` into a clone, for the refs CI passes most often. */
export function fetchHint(ref: string): string {
  const remote = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_./-]+)$/.exec(ref);
  if (remote && remote[1] !== "refs")
    return `git fetch --no-tags --depth=1 ${remote[1]} +refs/heads/${remote[2]}:refs/remotes/${remote[1]}/${remote[2]}`;
  const back = /^HEAD(?:~(\d+)|(\^+))?$/.exec(ref);
  if (back) return `git fetch --deepen=${back[1] ?? String(back[2]?.length ?? 1)}`;
  return "git fetch --unshallow";
}

/** The error for a `--base` (or `option`) that names no commit of the repository at `cwd`. */
export function missingBase(ref: string, cwd: string, shallow: boolean, option = "--base"): string {
  if (shallow)
    return [
      `${option} ${ref} is not in this clone: ${cwd} is a shallow clone (the CI default), which holds only the latest commit(s), so nothing was reviewed.`,
      `Fetch the base first, e.g. \`${fetchHint(ref)}\` (or \`git fetch --deepen=<n>\`, \`git fetch --unshallow\`),`,
      "or check out the full history (GitHub Actions: `fetch-depth: 0` on actions/checkout; GitLab: `GIT_DEPTH: 0`).",
    ].join("\n");
  const remote = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_./-]+$/.test(ref)
    ? ` If it is a remote branch, fetch it: \`${fetchHint(ref)}\`.`
    : "";
  return `${option} ${ref} is not a commit of the git repository at ${cwd}; pass a commit, branch or tag (e.g. HEAD, origin/main).${remote}`;
}
