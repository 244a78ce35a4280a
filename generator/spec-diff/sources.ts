/**
 * Where the two sides come from: spec files in the working tree or the same paths at a git ref
 * (`git show <ref>:<path>`, a SpecSource), each with every file it references through a relative
 * `$ref` read from the same place, and both through the generator's own `loadModel`: each side
 * gets exactly the problems `npm run gen` would report for it. The only part of the review that
 * touches the disk or runs git.
 */
import { execFile } from "node:child_process";
import { access, readdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { SpecSource } from "../load/load.js";
import { loadModel, type LoadResult } from "../load/load-model.js";

const run = promisify(execFile);

/** Spec files the review covers by default: `spec/*.openrpc.{json,yaml}`. */
export const SPEC_FILE = /\.openrpc\.(json|ya?ml)$/;

async function git(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run("git", args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** The spec at `file` in the working tree, loaded and checked, or `undefined` when there is no such file. */
export async function loadFromDisk(file: string, cwd: string): Promise<LoadResult | undefined> {
  const exists = await access(path.resolve(cwd, file)).then(
    () => true,
    () => false,
  );
  return exists ? loadModel({ specs: [file], cwd }) : undefined;
}

/** True when `ref` names a commit of the repository around `cwd`. */
export async function isCommit(ref: string, cwd: string): Promise<boolean> {
  return git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], cwd).then(
    () => true,
    () => false,
  );
}

/** Files as they are at `ref`: paths relative to `cwd`, named `<ref>:<path>` in problems. */
export async function gitSource(ref: string, cwd: string): Promise<SpecSource> {
  const top = (await git(["rev-parse", "--show-toplevel"], cwd)).trim();
  return {
    read: (name) => git(["show", `${ref}:${posix(path.relative(top, path.resolve(cwd, name)))}`], cwd),
    name: (name) => `${ref}:${name}`,
    why: (name) => `cannot read ${name} at ${ref}: it does not exist there`,
  };
}

/**
 * The spec at `file` as it was at `ref`, its relative `$ref`s read at `ref` too, loaded and
 * checked; `undefined` when the file did not exist there. Same semantics as on disk: paths
 * relative to `cwd`, external files resolved against the referring file, JSON or YAML by extension.
 */
export async function loadFromGit(ref: string, file: string, cwd: string): Promise<LoadResult | undefined> {
  const source = await gitSource(ref, cwd);
  const entry = posix(path.relative(cwd, path.resolve(cwd, file)));
  const exists = await source.read(entry).then(
    () => true,
    () => false,
  );
  return exists ? loadModel({ specs: [entry], cwd, source }) : undefined;
}

/** Spec files in `dir` (relative to `cwd`) in the working tree and, with `ref`, at that ref. */
export async function defaultSpecs(dir: string, cwd: string, ref?: string): Promise<string[]> {
  const here = await readdir(path.resolve(cwd, dir)).catch(() => [] as string[]);
  const found = new Set(here.filter((n) => SPEC_FILE.test(n)).map((n) => posix(path.join(dir, n))));
  if (ref) {
    const top = (await git(["rev-parse", "--show-toplevel"], cwd)).trim();
    const inRepo = posix(path.relative(top, path.resolve(cwd, dir)));
    const listed = await git(["ls-tree", "--name-only", "--full-name", ref, "--", `${inRepo}/`], top).catch(() => "");
    for (const line of listed.split("\n").filter((l) => SPEC_FILE.test(l)))
      found.add(posix(path.relative(cwd, path.join(top, line))));
  }
  return [...found].sort();
}

function posix(p: string): string {
  return p.split(path.sep).join("/");
}
