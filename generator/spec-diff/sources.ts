/**
 * Where the two sides come from: spec files in the working tree (the generator's own
 * `loadSpec`) or the same paths at a git ref (`git show <ref>:<path>`), each with every file it
 * references through a relative `$ref`, read from the same place. The only part of the review
 * that touches the disk or runs git.
 */
import { execFile } from "node:child_process";
import { access, readdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { parse as parseYaml } from "yaml";
import { externalRefs, loadSpec, type LoadedSpec } from "../load.js";
import type { Problem } from "../model.js";
import { GeneratorError } from "../problems.js";

const run = promisify(execFile);

/** Spec files the review covers by default: `spec/*.openrpc.{json,yaml}`. */
export const SPEC_FILE = /\.openrpc\.(json|ya?ml)$/;

async function git(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run("git", args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** The spec at `file` in the working tree, or `undefined` when there is no such file. */
export async function loadFromDisk(file: string, cwd: string): Promise<LoadedSpec | undefined> {
  const exists = await access(path.resolve(cwd, file)).then(
    () => true,
    () => false,
  );
  return exists ? loadSpec(file, cwd) : undefined;
}

/** True when `ref` names a commit of the repository around `cwd`. */
export async function isCommit(ref: string, cwd: string): Promise<boolean> {
  return git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], cwd).then(
    () => true,
    () => false,
  );
}

/**
 * The spec at `file` as it was at `ref`, its relative `$ref`s read at `ref` too; `undefined`
 * when the file did not exist there. Same semantics as `loadSpec`: paths relative to `cwd`,
 * external files resolved against the referring file, JSON or YAML by extension.
 */
export async function loadFromGit(ref: string, file: string, cwd: string): Promise<LoadedSpec | undefined> {
  const top = (await git(["rev-parse", "--show-toplevel"], cwd)).trim();
  const read = (name: string) =>
    git(["show", `${ref}:${posix(path.relative(top, path.resolve(cwd, name)))}`], cwd).catch(() => undefined);
  const entry = posix(path.relative(cwd, path.resolve(cwd, file)));
  const files = new Map<string, unknown>();
  const problems: Problem[] = [];
  const queue: { file: string; from?: { file: string; pointer: string } }[] = [{ file: entry }];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (files.has(next.file)) continue;
    const text = await read(next.file);
    if (text === undefined) {
      if (!next.from) return undefined;
      problems.push({
        file: `${ref}:${next.from.file}`,
        pointer: next.from.pointer,
        message: `cannot read ${next.file} at ${ref}: it does not exist there.`,
        hint: "The $ref is resolved against the referring file.",
      });
      continue;
    }
    const parsed = parse(text, next.file, ref, problems);
    if (parsed === undefined) continue;
    files.set(next.file, parsed);
    for (const r of externalRefs(parsed)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(next.file), r.file));
      if (!files.has(target)) queue.push({ file: target, from: { file: next.file, pointer: r.pointer } });
    }
  }
  if (problems.length > 0) throw new GeneratorError(problems, "load");
  return { entry, files };
}

function parse(text: string, file: string, ref: string, problems: Problem[]): unknown {
  const yaml = /\.ya?ml$/i.test(file);
  try {
    return yaml ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    problems.push({
      file: `${ref}:${file}`,
      pointer: "",
      message: `is not valid ${yaml ? "YAML" : "JSON"}: ${(error as Error).message}`,
      hint: "Fix the syntax error at the position given.",
    });
    return undefined;
  }
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
