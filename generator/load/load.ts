/**
 * Stage 1, load: reads a spec file (JSON or YAML) and every file it references with a relative
 * `$ref`, into memory. The only stage besides `write` that touches the disk.
 *
 * Spec documents are untrusted (they arrive in pull requests), so a `$ref` can only reach a
 * regular file (not a FIFO, a device or a directory) of limited size inside the entry
 * document's folder, the working folder or a folder given with `--ref-root`; parse errors say
 * where, never what the file holds; and no document may nest deeper than MAX_DEPTH.
 */
import path from "node:path";
import { firstTooDeep, jsonErrorPlace } from "./checks.js";
import { diskSource, type SpecSource } from "./source.js";
import type { Problem } from "../model/document.js";
import { GeneratorError } from "../problems.js";

export { diskSource, MAX_FILE_BYTES, type SpecSource } from "./source.js";

/** A spec file and the files it references, keyed by path relative to the working directory. */
export interface LoadedSpec {
  /** Path of the main document, as given (relative to `cwd`). */
  entry: string;
  /** Every loaded file by its normalised path: the entry and all files referenced from it. */
  files: Map<string, unknown>;
}

export interface LoadOptions {
  /** Extra folders (relative to `cwd` or absolute) that `$ref`s may read from (`--ref-root`). */
  refRoots?: readonly string[];
}

/** Deepest nesting of objects and arrays accepted in a document. Real specs stay under 30. */
export const MAX_DEPTH = 128;
/** Most files one spec may pull in through `$ref`s. */
export const MAX_FILES = 256;

interface Pending {
  file: string;
  from?: { file: string; pointer: string; ref: string };
}

export async function loadSpec(
  file: string,
  cwd = process.cwd(),
  source: SpecSource = diskSource(cwd),
  options: LoadOptions = {},
): Promise<LoadedSpec> {
  const entry = toPosix(path.relative(cwd, path.resolve(cwd, file)));
  const roots = [
    path.dirname(path.resolve(cwd, entry)),
    cwd,
    ...(options.refRoots ?? []).map((r) => path.resolve(cwd, r)),
  ];
  const files = new Map<string, unknown>();
  const problems: Problem[] = [];
  const queue: Pending[] = [{ file: entry }];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (files.has(next.file)) continue;
    if (files.size >= MAX_FILES) {
      problems.push({
        file: source.name(next.from?.file ?? entry),
        pointer: next.from?.pointer ?? "",
        message: `the spec references more than ${MAX_FILES} files.`,
        hint: "Bundle the schemas into fewer files.",
      });
      break;
    }
    if (next.from && !inside(path.resolve(cwd, next.file), roots)) {
      problems.push(outsideRoots(source, next, roots, cwd));
      continue;
    }
    const parsed = await readDocument(source, next, problems, cwd);
    if (parsed === undefined) continue;
    files.set(next.file, parsed);
    for (const ref of externalRefs(parsed)) {
      const from = { file: next.file, pointer: ref.pointer, ref: ref.ref };
      if (/^([a-z]:)?[\\/]/i.test(ref.file) || ref.file.includes("\\") || ref.file.includes("\u0000")) {
        problems.push({
          file: source.name(next.file),
          pointer: ref.pointer,
          message: `$ref "${ref.ref}" is not a relative path.`,
          hint: "Point at other files with a relative path (./types.json#/X), resolved against the referring file.",
        });
        continue;
      }
      const target = toPosix(path.normalize(path.join(path.dirname(next.file), ref.file)));
      if (!files.has(target)) queue.push({ file: target, from });
    }
  }
  if (problems.length > 0) throw new GeneratorError(problems, "load");
  return { entry, files };
}

function inside(target: string, roots: string[]): boolean {
  return roots.some((root) => {
    const rel = path.relative(root, target);
    return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
  });
}

function outsideRoots(source: SpecSource, next: Pending, roots: string[], cwd: string): Problem {
  const shown = [...new Set(roots.map((r) => toPosix(path.relative(cwd, r)) || "."))].join(", ");
  return {
    file: source.name(next.from!.file),
    pointer: next.from!.pointer,
    message: `$ref "${next.from!.ref}" points at ${next.file}, outside the folders the generator reads $refs from (${shown}).`,
    hint: "Move the file next to the spec, or pass --ref-root <dir> to allow that folder explicitly.",
  };
}

async function readDocument(source: SpecSource, next: Pending, problems: Problem[], cwd: string): Promise<unknown> {
  const { file, from } = next;
  let text: string;
  try {
    text = await source.read(file);
  } catch (error) {
    problems.push({
      file: source.name(from?.file ?? file),
      pointer: from?.pointer ?? "",
      message: `${source.why(file, error)}.${from ? alsoTried(source, from, cwd) : ""}`,
      hint: from
        ? "A relative $ref resolves against the referring file (RFC 3986); fix the path, or pass --ref-root <dir> when the file lives elsewhere."
        : "Check the path passed with --spec.",
    });
    return undefined;
  }
  // The YAML parser is loaded only for YAML files (most documents are JSON).
  const yaml = /\.ya?ml$/i.test(file) ? await import("yaml") : undefined;
  let value: unknown;
  try {
    value = yaml ? yaml.parse(text, { maxAliasCount: 100, uniqueKeys: true }) : JSON.parse(text);
  } catch (error) {
    const where = yaml ? yamlPlace(error, yaml.YAMLParseError) : jsonErrorPlace(text);
    problems.push({
      file: source.name(file),
      pointer: "",
      message: `is not valid ${yaml ? "YAML" : "JSON"}${where ? ` (${where})` : ""}.`,
      hint: "Fix the syntax at that place (the file's content is not repeated here).",
    });
    return undefined;
  }
  const deep = firstTooDeep(value, MAX_DEPTH);
  if (deep !== undefined) {
    problems.push({
      file: source.name(file),
      pointer: deep,
      message: `nests objects and arrays more than ${MAX_DEPTH} levels deep.`,
      hint: "Flatten the schema with named components ($ref) instead of nesting it inline.",
    });
    return undefined;
  }
  return value;
}

/** When a relative `$ref` fails, whether the same path exists against the working folder (a common mistake). */
function alsoTried(source: SpecSource, from: NonNullable<Pending["from"]>, cwd: string): string {
  const filePart = from.ref.split("#")[0]!;
  const rfc = toPosix(path.normalize(path.join(path.dirname(from.file), filePart)));
  const fromCwd = toPosix(path.normalize(filePart));
  if (fromCwd === rfc || !source.exists?.(fromCwd))
    return ` It was resolved against the referring file ${from.file}, giving ${rfc}.`;
  const relative = toPosix(path.relative(path.dirname(from.file), path.resolve(cwd, fromCwd)));
  return ` It was resolved against the referring file ${from.file}, giving ${rfc}, which does not exist; ${fromCwd} (the same path from the working folder) does: write the $ref as "./${relative}${from.ref.slice(filePart.length)}".`;
}

function yamlPlace(error: unknown, YAMLParseError: typeof import("yaml").YAMLParseError): string | undefined {
  if (!(error instanceof YAMLParseError)) return undefined;
  const at = error.linePos?.[0];
  const what = error.code.toLowerCase().replace(/_/g, " ");
  return at ? `line ${at.line}, column ${at.col}: ${what}` : what;
}

/** Every `$ref` whose target is another file: `./schemas/values.json#/HexQuantity`. */
export function externalRefs(value: unknown, at = ""): { file: string; pointer: string; ref: string }[] {
  const found: { file: string; pointer: string; ref: string }[] = [];
  const stack: [unknown, string][] = [[value, at]];
  while (stack.length > 0) {
    const [node, where] = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${where}/${i}`]);
      continue;
    }
    if (node === null || typeof node !== "object") continue;
    const ref = (node as Record<string, unknown>).$ref;
    if (typeof ref === "string" && !ref.startsWith("#") && !/^[a-z][a-z0-9+.-]*:/i.test(ref)) {
      found.push({ file: ref.split("#")[0]!, pointer: where, ref });
    }
    const entries = Object.entries(node).filter(([key]) => key !== "$ref");
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push([child, `${where}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`]);
    }
  }
  return found;
}

function toPosix(p: string): string {
  return p.split(path.sep).join("/");
}
