/**
 * Where the two sides come from: spec files in the working tree (the generator's own
 * `loadSpec`) or the same paths at a git ref (`git show <ref>:<path>`), each with every file it
 * references through a relative `$ref`, read from the same place, and the text of each (for line
 * numbers). The only part of the review that touches the disk or runs git. Refs and paths from
 * the command line are checked here (`refProblem`, `pathProblem`) and again before git sees them,
 * and git is always told where its options end.
 */
import { execFile } from "node:child_process";
import { access, readdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { diskSource } from "../load/source.js";
import { loadSpec, type LoadedSpec, type SpecSource } from "../load/load.js";
import type { SideInput } from "./review.js";

const run = promisify(execFile);

/** Spec files the review covers by default: `spec/*.openrpc.{json,yaml}`. */
export const SPEC_FILE = /\.openrpc\.(json|ya?ml)$/;

async function git(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run("git", args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** A source that also keeps the text of every file it reads, by the path `loadSpec` gives it. */
function recording(inner: SpecSource, texts: Map<string, string>): SpecSource {
  return {
    ...inner,
    read: async (file) => {
      const text = await inner.read(file);
      texts.set(file, text);
      return text;
    },
  };
}

/** The spec at `file` in the working tree, or `undefined` when there is no such file. */
export async function loadFromDisk(file: string, cwd: string): Promise<LoadedSpec | undefined> {
  return (await sideFromDisk(file, cwd)).spec;
}

/** The same, with the text of every file read. */
export async function sideFromDisk(file: string, cwd: string): Promise<SideInput> {
  const texts = new Map<string, string>();
  const exists = await access(path.resolve(cwd, file)).then(
    () => true,
    () => false,
  );
  const spec = exists ? await loadSpec(file, cwd, recording(diskSource(cwd), texts)) : undefined;
  return { spec, texts };
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

/**
 * Why `ref` is refused as a git revision, or `undefined`: it must look like a commit, branch or
 * tag name (`origin/main`, `v1.2.0`, `HEAD~1`, `a1b2c3d`), never like an option, a range or
 * anything a shell would read.
 */
export function refProblem(ref: string): string | undefined {
  if (ref.trim() === "") return "is empty; name a commit, branch or tag, e.g. origin/main";
  if (ref.startsWith("-")) return "starts with '-', so git would read it as an option";
  if (ref.length > 200) return "is longer than 200 characters";
  if (ref.includes("..")) return "contains '..' (a range or a path out of the repository), not one commit";
  if (!/^[A-Za-z0-9_./~^@+-]+$/.test(ref))
    return "may hold only letters, digits and . _ / ~ ^ @ + - (no spaces, ':', shell or control characters)";
  return undefined;
}

/**
 * Why a path from the command line is refused, or `undefined`: like a ref, it may not look like
 * an option, climb out with `..`, or hold shell or control characters. Absolute paths are fine.
 */
export function pathProblem(file: string): string | undefined {
  if (file.trim() === "") return "is empty";
  if (file.startsWith("-")) return "starts with '-', so it would be read as an option";
  if (file.length > 1000) return "is longer than 1000 characters";
  if (file.split(/[\\/]/).includes(".."))
    return "contains '..'; name the file from inside the working folder or by its absolute path";
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern is for
  if (/[\u0000-\u001f\u007f$`;&|<>*?!"'\\(){}[\]]/.test(file))
    return "holds a shell or control character ($ ` ; & | < > * ? ! quotes, brackets or backslash)";
  return undefined;
}

/**
 * The spec at `file` as it was at `ref`, its relative `$ref`s read at `ref` too; `undefined`
 * when the file did not exist there. Same semantics as `loadSpec`: paths relative to `cwd`,
 * external files resolved against the referring file, JSON or YAML by extension.
 */
export async function loadFromGit(ref: string, file: string, cwd: string): Promise<LoadedSpec | undefined> {
  return (await sideFromGit(ref, file, cwd)).spec;
}

/** The same, with the text of every file read. */
export async function sideFromGit(ref: string, file: string, cwd: string): Promise<SideInput> {
  const problem = refProblem(ref);
  if (problem) throw new Error(`The git ref ${JSON.stringify(ref)} ${problem}.`);
  const top = (await git(["rev-parse", "--show-toplevel"], cwd)).trim();
  const source: SpecSource = {
    read: (name) =>
      git(["show", "--end-of-options", `${ref}:${posix(path.relative(top, path.resolve(cwd, name)))}`], cwd),
    name: (name) => `${ref}:${name}`,
    why: (name) => `cannot read ${name} at ${ref}: it does not exist there`,
  };
  const texts = new Map<string, string>();
  const entry = posix(path.relative(cwd, path.resolve(cwd, file)));
  const exists = await source.read(entry).then(
    () => true,
    () => false,
  );
  return { spec: exists ? await loadSpec(entry, cwd, recording(source, texts)) : undefined, texts };
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
