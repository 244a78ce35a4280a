/**
 * One program over many generated packages checks each runtime copy once.
 *
 * Every package the generator writes holds its own copy of the runtime (`<package>/src/runtime`,
 * about 630 KB of TypeScript), and the packages of one test are byte-for-byte the same there. A
 * strict check of 28 corpus packages spent about 40% of its CPU checking those 28 copies again
 * (docs/DECISIONS.md, "Eighth round"). The runtime imports nothing outside its folder, so a copy that
 * is byte-identical to another one is also checked identically: same text, same imports, same options.
 *
 * `runtimeView` builds, inside the check's own folder, a view of the packages made of links: each
 * package's files as they are, except that only the first package of each distinct runtime keeps
 * its `src/runtime`. TypeScript's `rootDirs` (one entry per package's `src/runtime`) makes a package
 * whose runtime is left out of the view import the first one's: a relative import that names a file
 * its own runtime folder would hold is looked up in the other runtime folders. Relative imports
 * outside a runtime folder resolve as before, so a package that imports a file it lacks still fails.
 * A package whose runtime differs in any byte keeps its own.
 */
import { mkdir, mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { treeHash } from "./tree-hash.js";

export interface RuntimeView {
  /** The view's folder (inside the check's folder): it holds the links and its tsconfig.json. */
  readonly dir: string;
  /** Each package's `src/runtime`, relative to the view, for `rootDirs`. */
  readonly rootDirs: string[];
  /** How many runtime copies the view leaves out. */
  readonly shared: number;
}

/** The digest of `dir`'s files (tree-hash.ts); undefined when `dir` is absent. */
async function runtimeDigest(dir: string): Promise<string | undefined> {
  try {
    return await treeHash(dir);
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Links every entry of `from` into the new folder `to`, except the names in `leave`. */
async function linkEntries(from: string, to: string, leave: ReadonlySet<string>): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from)) {
    if (!leave.has(entry)) await symlink(path.join(from, entry), path.join(to, entry));
  }
}

/**
 * A package folder named relatively and strictly below the check's folder (no empty, `.` or `..`
 * segment): the view's links stay inside the view, and the view is never inside a package it links.
 */
const inside = (name: string): boolean =>
  !path.isAbsolute(name) &&
  name.split(/[\\/]/).every((segment) => segment !== "" && segment !== "." && segment !== "..");

/**
 * The view of `packages` (folders of `dir`, each with a `src`) when two or more of them hold the same
 * runtime; undefined when there is nothing to share, or when a name would leave `dir` (the check then
 * runs over `dir` as it is).
 */
export async function runtimeView(dir: string, packages: readonly string[]): Promise<RuntimeView | undefined> {
  if (!packages.every(inside)) return undefined;
  const digests = await Promise.all(packages.map((name) => runtimeDigest(path.join(dir, name, "src", "runtime"))));
  // A package keeps its runtime unless an earlier one holds the same.
  const keeps = digests.map((digest, i) => digest === undefined || digests.indexOf(digest) === i);
  const shared = keeps.filter((keep) => !keep).length;
  if (shared === 0) return undefined;
  const view = await mkdtemp(path.join(dir, ".runtime-view-"));
  try {
    for (const [i, name] of packages.entries()) {
      await linkEntries(path.join(dir, name), path.join(view, name), new Set(["src"]));
      await linkEntries(
        path.join(dir, name, "src"),
        path.join(view, name, "src"),
        new Set(keeps[i] ? [] : ["runtime"]),
      );
    }
  } catch (error) {
    // No half-made view is left behind (its links only: removing it never follows them).
    await rm(view, { recursive: true, force: true });
    throw error;
  }
  return { dir: view, rootDirs: packages.map((name) => `${name}/src/runtime`), shared };
}

/** tsc's output with the view's paths written as the packages' own (relative as printed, or absolute). */
export function outputOfView(output: string, view: string, dir: string, cwd: string): string {
  const pairs = [
    [path.relative(cwd, view), path.relative(cwd, dir)],
    [view, dir],
  ] as const;
  let text = output;
  for (const [from, to] of pairs) text = text.split(`${from}${path.sep}`).join(to === "" ? "" : `${to}${path.sep}`);
  return text;
}
