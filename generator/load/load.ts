/**
 * Stage 1, load: reads a spec file (JSON or YAML) and every file it references with a relative
 * `$ref`, into memory. The only stage besides `write` that touches the disk.
 *
 * A relative `$ref` resolves against the referring file (RFC 3986), or, with `--ref-root <dir>`
 * (`refRoot`), against that one folder: documents published from a repository (starknet's
 * `./api/starknet_api_openrpc.json`, written from `api/`) name their files from its root.
 *
 * Spec documents are untrusted (they arrive in pull requests), so a `$ref` can only reach a
 * regular file (not a FIFO, a device or a directory) of limited size inside the allowed folders:
 * the entry document's folder and the working folder, or only the `--ref-root` folder when one is
 * given. Containment is decided on real paths (symbolic links followed), so a link never leads a
 * `$ref` outside. Parse errors say where, never what the file holds; a value nested deeper than
 * MAX_DEPTH is cut to `{}`; a file that cannot be read is reported once, however many `$ref`s name it.
 *
 * Nothing is thrown for a bad document: what is wrong comes back as findings of the reading policy
 * (generator/policy/rules.ts). The entry that cannot be read or parsed is fatal; a referenced file
 * that cannot be read is left out (its `$ref`s are then unresolved, and validate reads them so).
 */
import path from "node:path";
import { cutTooDeep, jsonErrorPlace } from "./checks.js";
import { getPointer } from "./refs.js";
import { diskSource, type SpecSource } from "./source.js";
import type { Finding } from "../policy/policy.js";
import type { RuleId } from "../policy/rules.js";

export { diskSource, MAX_FILE_BYTES, type SpecSource } from "./source.js";

/** A spec file and the files it references, keyed by path relative to the working directory. */
export interface LoadedSpec {
  /** Path of the main document, as given (relative to `cwd`). */
  entry: string;
  /** Every loaded file by its normalised path: the entry and all files referenced from it. */
  files: Map<string, unknown>;
  /** What was wrong while reading (a file that could not be read, a value nested too deep): none for a sound document. */
  findings?: readonly Finding[];
  /** Files that `$ref`s name but that were not read (each reported once, by `findings`). */
  unread?: ReadonlySet<string>;
}

export interface LoadOptions {
  /**
   * The folder (relative to `cwd` or absolute) that relative `$ref`s resolve against, instead of
   * the referring file's folder, and the only folder they may read from (`--ref-root`).
   */
  refRoot?: string;
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
  const refRoot = options.refRoot === undefined ? undefined : path.resolve(cwd, options.refRoot);
  const shownRoots = refRoot ? [refRoot] : [path.dirname(path.resolve(cwd, entry)), cwd];
  const roots = await Promise.all(shownRoots.map((r) => realFolder(source, r)));
  const files = new Map<string, unknown>();
  const failed = new Set<string>();
  const problems: Finding[] = [];
  const queue: Pending[] = [{ file: entry }];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (files.has(next.file) || failed.has(next.file)) continue;
    if (files.size >= MAX_FILES) {
      problems.push({
        file: source.name(next.from?.file ?? entry),
        pointer: next.from?.pointer ?? "",
        message: `the spec references more than ${MAX_FILES} files; the files beyond are not read.`,
        hint: "Bundle the schemas into fewer files.",
        rule: "too-many-files",
      });
      break;
    }
    if (next.from) {
      const outside = await outsideProblem(source, next, { roots, shownRoots, cwd, refRoot });
      if (outside) {
        problems.push(outside);
        failed.add(next.file);
        continue;
      }
    }
    const parsed = await readDocument(source, next, problems, cwd);
    if (parsed === undefined) {
      failed.add(next.file);
      continue;
    }
    files.set(next.file, parsed);
    for (const ref of externalRefs(parsed)) {
      const from = { file: next.file, pointer: ref.pointer, ref: ref.ref };
      if (/^([a-z]:)?[\\/]/i.test(ref.file) || ref.file.includes("\\") || ref.file.includes("\u0000")) {
        problems.push({
          file: source.name(next.file),
          pointer: ref.pointer,
          message: `$ref "${ref.ref}" is not a relative path.`,
          hint: "Point at other files with a relative path (./types.json#/X), resolved against the referring file.",
          rule: "ref-outside",
        });
        continue;
      }
      const base = refRoot ? toPosix(path.relative(cwd, refRoot)) || "." : path.dirname(next.file);
      const target = toPosix(path.normalize(path.join(base, ref.file)));
      if (refRoot) rebase(parsed, ref, next.file, target);
      if (!files.has(target) && !failed.has(target)) queue.push({ file: target, from });
    }
  }
  return {
    entry,
    files,
    ...(problems.length > 0 ? { findings: problems } : {}),
    ...(failed.size > 0 ? { unread: failed } : {}),
  };
}

/**
 * Rewrites a `$ref` resolved from the `--ref-root` folder as the same target written relative to
 * its referring file, so every later stage resolves `$ref`s one way (RFC 3986, ./refs.ts).
 */
function rebase(document: unknown, ref: { pointer: string; ref: string; file: string }, from: string, target: string) {
  const owner = getPointer(document, ref.pointer) as { $ref: string };
  const relative = toPosix(path.relative(path.dirname(from), target));
  owner.$ref = `${relative}${ref.ref.slice(ref.file.length)}`;
}

function inside(target: string, roots: string[]): boolean {
  return roots.some((root) => {
    const rel = path.relative(root, target);
    return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
  });
}

/** A folder's real path (symbolic links followed); the path itself when it cannot be resolved. */
async function realFolder(source: SpecSource, folder: string): Promise<string> {
  return (await source.realpath?.(folder).catch(() => undefined)) ?? folder;
}

interface Roots {
  /** The allowed folders, real paths. */
  roots: string[];
  /** The same folders as given, for messages. */
  shownRoots: string[];
  cwd: string;
  refRoot: string | undefined;
}

/**
 * Why the target of a `$ref` may not be read, or undefined: outside the allowed folders as
 * written, or once its symbolic links are followed; or a link that loops.
 */
async function outsideProblem(source: SpecSource, next: Pending, where: Roots): Promise<Finding | undefined> {
  const { cwd } = where;
  const from = next.from!;
  const at = { file: source.name(from.file), pointer: from.pointer, rule: "ref-outside" as const };
  const shown = [...new Set(where.shownRoots.map((r) => toPosix(path.relative(cwd, r)) || "."))].join(", ");
  const hint = where.refRoot
    ? "Move the file inside the --ref-root folder, or name a --ref-root that contains every file the document uses."
    : "Move the file next to the spec; when the document names its files from a repository root, pass --ref-root <that root>.";
  const full = path.resolve(cwd, next.file);
  if (!inside(full, where.shownRoots) && !inside(full, where.roots))
    return {
      ...at,
      message: `$ref "${from.ref}" points at ${next.file}, outside the folders the generator reads $refs from (${shown}).`,
      hint,
    };
  let real: string | undefined;
  try {
    real = await source.realpath?.(full);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP")
      return {
        ...at,
        message: `$ref "${from.ref}" points at ${next.file}, a symbolic link that loops (a link to itself, or links that point at each other).`,
        hint: "Replace the link with the file it should name.",
      };
    return undefined; // the read reports a missing file with its own sentence
  }
  if (real !== undefined && !inside(real, where.roots))
    return {
      ...at,
      message: `$ref "${from.ref}" points at ${next.file}, a symbolic link to a file outside the folders the generator reads $refs from (${shown}).`,
      hint,
    };
  return undefined;
}

async function readDocument(source: SpecSource, next: Pending, problems: Finding[], cwd: string): Promise<unknown> {
  const { file, from } = next;
  // The entry itself cannot be done without; a referenced file can (its $refs are read as unresolved).
  const rule = (entryRule: RuleId): RuleId => (from ? "ref-unreadable" : entryRule);
  let text: string;
  try {
    text = await source.read(file);
  } catch (error) {
    problems.push({
      file: source.name(from?.file ?? file),
      pointer: from?.pointer ?? "",
      message: `${source.why(file, error)}.${from ? alsoTried(source, from, cwd) : ""}`,
      hint: from
        ? "A relative $ref resolves against the referring file (RFC 3986); fix the path, or, when the document names its files from a repository root (./api/x.json written from api/), pass --ref-root <that root>."
        : "Check the path passed with --spec.",
      rule: rule("unreadable"),
    });
    return undefined;
  }
  // The YAML parser is loaded only for YAML files (most documents are JSON).
  const yaml = /\.ya?ml$/i.test(file) ? await yamlModule() : undefined;
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
      rule: rule("syntax"),
    });
    return undefined;
  }
  const cut = cutTooDeep(value, MAX_DEPTH);
  if (cut.length > 0)
    problems.push({
      file: source.name(file),
      pointer: cut[0]!,
      message: `nests objects and arrays more than ${MAX_DEPTH} levels deep${cut.length > 1 ? ` (here and in ${cut.length - 1} more places)` : ""}; what is deeper is read as {}.`,
      hint: "Flatten the schema with named components ($ref) instead of nesting it inline.",
      rule: "too-deep",
    });
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

type Yaml = Pick<typeof import("yaml"), "parse" | "YAMLParseError">;

/**
 * The `yaml` module's API, however it was loaded: as ES module exports (tsx, Node), or as the
 * `default` export of its CommonJS build (the esbuild bundle that generator/bin.mjs runs).
 */
async function yamlModule(): Promise<Yaml> {
  const loaded = (await import("yaml")) as Partial<Yaml> & { default?: Partial<Yaml> };
  const api = typeof loaded.parse === "function" ? loaded : loaded.default;
  if (typeof api?.parse !== "function") throw new Error("The yaml module has no parse function.");
  return api as Yaml;
}

/**
 * Where a YAML parse error is, from what the error says of itself; never throws (an error of an
 * unexpected shape gives no place rather than hiding the message).
 */
function yamlPlace(error: unknown, YAMLParseError: unknown): string | undefined {
  if (typeof YAMLParseError !== "function" || !(error instanceof YAMLParseError)) return undefined;
  const { linePos, code } = error as { linePos?: { line: number; col: number }[]; code?: unknown };
  const at = Array.isArray(linePos) ? linePos[0] : undefined;
  const what = typeof code === "string" ? code.toLowerCase().replace(/_/g, " ") : "syntax error";
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
