/**
 * Stage 1, load: reads a spec file (JSON or YAML) and every file it references with a relative
 * `$ref`, into memory. The only stage besides `write` that touches the disk.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import type { Problem } from "./model.js";
import { GeneratorError } from "./problems.js";

/** A spec file and the files it references, keyed by path relative to the working directory. */
export interface LoadedSpec {
  /** Path of the main document, as given (relative to `cwd`). */
  entry: string;
  /** Every loaded file by its normalised path: the entry and all files referenced from it. */
  files: Map<string, unknown>;
}

/** Where spec files are read from: the working tree by default, or e.g. a git ref (spec-diff). */
export interface SpecSource {
  /** The text of `file` (a path relative to the working directory). Throws when it cannot be read. */
  read(file: string): Promise<string>;
  /** How `file` is named in problems: `spec/a.json`, or `HEAD:spec/a.json`. */
  name(file: string): string;
  /** The sentence fragment saying why `file` could not be read. */
  why(file: string, error: unknown): string;
}

export function diskSource(cwd: string): SpecSource {
  return {
    read: (file) => readFile(path.resolve(cwd, file), "utf8"),
    name: (file) => file,
    why: (file, error) => `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
  };
}

export async function loadSpec(file: string, cwd = process.cwd(), source: SpecSource = diskSource(cwd)): Promise<LoadedSpec> {
  const entry = toPosix(path.relative(cwd, path.resolve(cwd, file)));
  const files = new Map<string, unknown>();
  const problems: Problem[] = [];
  const queue: { file: string; from?: { file: string; pointer: string } }[] = [{ file: entry }];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (files.has(next.file)) continue;
    const parsed = await readDocument(source, next.file, next.from, problems);
    if (parsed === undefined) continue;
    files.set(next.file, parsed);
    for (const ref of externalRefs(parsed)) {
      const target = toPosix(path.normalize(path.join(path.dirname(next.file), ref.file)));
      if (!files.has(target)) queue.push({ file: target, from: { file: next.file, pointer: ref.pointer } });
    }
  }
  if (problems.length > 0) throw new GeneratorError(problems, "load");
  return { entry, files };
}

async function readDocument(
  source: SpecSource,
  file: string,
  from: { file: string; pointer: string } | undefined,
  problems: Problem[],
): Promise<unknown> {
  let text: string;
  try {
    text = await source.read(file);
  } catch (error) {
    problems.push({
      file: source.name(from?.file ?? file),
      pointer: from?.pointer ?? "",
      message: `${source.why(file, error)}.`,
      hint: from ? "Check the relative path of the $ref; it is resolved against the referring file." : "Check the path passed with --spec.",
    });
    return undefined;
  }
  const yaml = /\.ya?ml$/i.test(file);
  try {
    return yaml ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    problems.push({ file: source.name(file), pointer: "", message: `is not valid ${yaml ? "YAML" : "JSON"}: ${(error as Error).message}`, hint: "Fix the syntax error at the position given." });
    return undefined;
  }
}

/** Every `$ref` whose target is another file: `./schemas/values.json#/HexQuantity`. */
export function externalRefs(value: unknown, at = ""): { file: string; pointer: string }[] {
  const found: { file: string; pointer: string }[] = [];
  const visit = (node: unknown, where: string): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${where}/${i}`));
    if (node === null || typeof node !== "object") return;
    const ref = (node as Record<string, unknown>).$ref;
    if (typeof ref === "string" && !ref.startsWith("#") && !/^[a-z]+:/i.test(ref)) {
      found.push({ file: ref.split("#")[0]!, pointer: where });
    }
    for (const [key, child] of Object.entries(node)) {
      if (key !== "$ref") visit(child, `${where}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    }
  };
  visit(value, at);
  return found;
}

function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
