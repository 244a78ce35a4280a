/**
 * Where the two sides come from: spec files in the working tree or the same paths at a git ref
 * (`git show <ref>:<path>`, a SpecSource), each with every file it references through a relative
 * `$ref` read from the same place, and both through the generator's own `loadModel`: each side
 * gets exactly the problems `npm run gen` would report for it, and keeps the text of every file
 * read (for line numbers). The only part of the review that touches the disk or runs git. Refs and
 * paths from the command line are checked by ./options.ts (`refProblem`, `pathProblem`) and again
 * here before git sees them, and git is always told where its options end.
 */
import { execFile } from "node:child_process";
import { access, readdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { SpecSource } from "../load/load.js";
import {
  loadModel,
  readingOf,
  requireModel,
  type LoadProblem,
  type LoadResult,
  type ReadingOptions,
} from "../load/load-model.js";
import { refProblem } from "./options.js";
import type { SideInput } from "./review.js";

export { pathProblem, refProblem } from "./options.js";

const run = promisify(execFile);

/**
 * How both sides are read, as `npm run gen` reads them (`--lenient`, `--examples`, `--ref-root`,
 * `--allow-duplicate-params`: generator/commands/reading.ts).
 */
export type LoadSettings = ReadingOptions;

/** Spec files the review covers by default: `spec/*.openrpc.{json,yaml}`. */
export const SPEC_FILE = /\.openrpc\.(json|ya?ml)$/;

/** How a failed load is named in its problems (`Reading the specs failed: …`). */
const STAGE = "Reading the specs";

async function git(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run("git", args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** The spec at `file` in the working tree, loaded and checked, or `undefined` when there is no such file. */
export async function loadFromDisk(
  file: string,
  cwd: string,
  settings: LoadSettings = {},
): Promise<LoadResult | undefined> {
  const exists = await access(path.resolve(cwd, file)).then(
    () => true,
    () => false,
  );
  return exists ? loadModel({ specs: [file], cwd, ...readingOf(settings) }) : undefined;
}

/** One side of the review from the working tree; a GeneratorError with the problems `npm run gen` would report when it does not load. */
export async function sideFromDisk(file: string, cwd: string, settings: LoadSettings = {}): Promise<SideInput> {
  return sideOf(await loadFromDisk(file, cwd, settings));
}

/** True when `ref` names a commit of the repository around `cwd`. */
export async function isCommit(ref: string, cwd: string): Promise<boolean> {
  if (refProblem(ref)) return false;
  return git(["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`], cwd).then(
    () => true,
    () => false,
  );
}

/** Whether the repository around `cwd` is a shallow clone (CI checkouts usually are). */
export async function isShallow(cwd: string): Promise<boolean> {
  return git(["rev-parse", "--is-shallow-repository"], cwd).then(
    (out) => out.trim() === "true",
    () => false,
  );
}

/** The path of `cwd` inside its repository (`""` at the top, `pkg/` below it), for paths CI resolves from the top. */
export async function repositoryPrefix(cwd: string): Promise<string> {
  return git(["rev-parse", "--show-prefix"], cwd).then(
    (out) => out.trim(),
    () => "",
  );
}

/** Whether `cwd` is inside a git work tree. */
export async function inGitRepository(cwd: string): Promise<boolean> {
  return git(["rev-parse", "--is-inside-work-tree"], cwd).then(
    (out) => out.trim() === "true",
    () => false,
  );
}

/** Files as they are at `ref`: paths relative to `cwd`, named `<ref>:<path>` in problems. */
export async function gitSource(ref: string, cwd: string): Promise<SpecSource> {
  const problem = refProblem(ref);
  if (problem) throw new Error(`The git ref ${JSON.stringify(ref)} ${problem}.`);
  const top = (await git(["rev-parse", "--show-toplevel"], cwd)).trim();
  return {
    read: (name) =>
      git(["show", "--end-of-options", `${ref}:${posix(path.relative(top, path.resolve(cwd, name)))}`], cwd),
    name: (name) => `${ref}:${name}`,
    why: (name) => `cannot read ${name} at ${ref}: it does not exist there`,
  };
}

/**
 * The spec at `file` as it was at `ref`, its relative `$ref`s read at `ref` too, loaded and
 * checked; `undefined` when the file did not exist there. Same semantics as on disk: paths
 * relative to `cwd`, external files resolved against the referring file, JSON or YAML by extension.
 */
export async function loadFromGit(
  ref: string,
  file: string,
  cwd: string,
  settings: LoadSettings = {},
): Promise<LoadResult | undefined> {
  const source = await gitSource(ref, cwd);
  const entry = posix(path.relative(cwd, path.resolve(cwd, file)));
  const exists = await source.read(entry).then(
    () => true,
    () => false,
  );
  return exists ? loadModel({ specs: [entry], cwd, source, ...settings }) : undefined;
}

/** One side of the review at `ref`, as `sideFromDisk`. */
export async function sideFromGit(
  ref: string,
  file: string,
  cwd: string,
  settings: LoadSettings = {},
): Promise<SideInput> {
  return sideOf(await loadFromGit(ref, file, cwd, settings));
}

/**
 * One side of a review with its own problems, exactly those `npm run gen` reports for it (errors
 * and warnings). A side that gen would refuse for problems that have a fallback (an example that
 * contradicts its schema, a lint error…) is still compared: its model is read as `--lenient`
 * reads it, and its problems stay as the given options grade them. A side that cannot be read at
 * all (no fallback: not JSON, not OpenRPC) throws the GeneratorError gen would.
 */
export async function reviewedSide(
  load: (settings: LoadSettings) => Promise<LoadResult | undefined>,
  settings: LoadSettings,
): Promise<SideInput & { problems: LoadProblem[] }> {
  const given = await load(settings);
  if (!given) return { ...sideOf(undefined), problems: [] };
  if (given.model || settings.lenient) return { ...sideOf(given), problems: given.problems };
  const lenient = await load({ ...settings, lenient: true });
  if (!lenient?.model) requireModel(given, STAGE);
  return { ...sideOf(lenient), texts: given.inputs, problems: given.problems };
}

/** A loaded spec as one side of the review: its document, its files and their text; nothing when it does not exist. */
function sideOf(loaded: LoadResult | undefined): SideInput {
  if (!loaded) return { spec: undefined, document: undefined, texts: new Map() };
  const model = requireModel(loaded, STAGE);
  return { spec: model.specs[0], document: model.documents[0], texts: loaded.inputs };
}

/** Spec files in `dir` (relative to `cwd`) in the working tree and, with `ref`, at that ref. */
export async function defaultSpecs(dir: string, cwd: string, ref?: string): Promise<string[]> {
  const here = await readdir(path.resolve(cwd, dir)).catch(() => [] as string[]);
  const found = new Set(here.filter((n) => SPEC_FILE.test(n)).map((n) => posix(path.join(dir, n))));
  if (ref) {
    const top = (await git(["rev-parse", "--show-toplevel"], cwd)).trim();
    const inRepo = posix(path.relative(top, path.resolve(cwd, dir)));
    const listed = refProblem(ref)
      ? ""
      : await git(["ls-tree", "--name-only", "--full-name", "--end-of-options", ref, "--", `${inRepo}/`], top).catch(
          () => "",
        );
    for (const line of listed.split("\n").filter((l) => SPEC_FILE.test(l)))
      found.add(posix(path.relative(cwd, path.join(top, line))));
  }
  return [...found].sort();
}

function posix(p: string): string {
  return p.split(path.sep).join("/");
}
