/**
 * The fingerprint of one generation, stored in the output marker: what went in (the options and
 * every spec file read — the entries and the files they `$ref`) and what came out (a hash of every
 * generated file). The generator itself is an input too: a hash of its sources, templates, runtime
 * and package versions is recorded beside the outputs' hash in node_modules/.cache/openrpc-ts
 * after each run, not in the marker, so that editing the generator without changing its output
 * does not change the committed files. A run whose inputs hash to the marker's `key`, over an
 * output folder whose files still hash to `outputs`, by a generator recorded as having produced
 * them, has nothing to do: `npm run gen` and `--check` then answer without loading a spec, a
 * schema compiler or a formatter. A fresh checkout (no cache) always takes the full path.
 */
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, type Dirent } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { diskSource } from "../load/source.js";
import { cachesOff, type CommandContext } from "./context.js";
import { MARKER, parseMarker, type Fingerprint } from "../write/marker.js";
import { PRESERVED } from "../write/write.js";

export type { Fingerprint };

/** The options that change the output; anything else (`--check`, `--verbose`) does not belong here. */
export interface FingerprintOptions {
  specs: readonly string[];
  packageName: string;
  version?: string;
  description?: string;
  examples?: string;
  refRoot?: string;
  allowDuplicateParams?: boolean;
  lenient?: boolean;
}

/** Folders (under the project root) whose files, at any depth, make up the generator. */
const SOURCE_DIRS = ["generator", "runtime", "templates"];
/** Sub-folders of generator/ that do not change its output (the mock server, spec-diff, the site). */
const NOT_GENERATOR = new Set(["generator/mock", "generator/spec-diff", "generator/site"]);

/** Packages whose version changes the output. */
const PACKAGES = [
  "prettier",
  "ajv",
  "ajv-formats",
  "handlebars",
  "yaml",
  "@open-rpc/spec",
  "@json-schema-tools/meta-schema",
];

const generatorHashes = new Map<string, Promise<string>>();

/** Hash of the generator's sources, templates, runtime and the versions of the packages it uses (computed once per process). */
export function generatorHash(root: string): Promise<string> {
  let known = generatorHashes.get(root);
  if (!known) {
    known = Promise.resolve(computeGeneratorHash(root));
    generatorHashes.set(root, known);
  }
  return known;
}

/**
 * Synchronous reads: a couple of hundred small files, read one after the other, take a few
 * milliseconds; as promises they take several times that (an open, a stat, a read and a close each,
 * through the thread pool), and this is on the path of every no-op `npm run gen`.
 */
function computeGeneratorHash(root: string): string {
  const hash = createHash("sha256");
  const walk = (dir: string): void => {
    if (NOT_GENERATOR.has(dir)) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(path.join(root, dir), { withFileTypes: true });
    } catch {
      entries = [];
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries)
      if (e.isFile())
        hash
          .update(`${dir}/${e.name}\0`)
          .update(readFileSync(path.join(root, dir, e.name)))
          .update("\0");
    for (const e of entries) if (e.isDirectory()) walk(`${dir}/${e.name}`);
  };
  for (const dir of SOURCE_DIRS) walk(dir);
  for (const name of PACKAGES) {
    let text = "{}";
    try {
      text = readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8");
    } catch {
      // A package that is not installed hashes as "?".
    }
    hash.update(`${name}@${(JSON.parse(text) as { version?: string }).version ?? "?"}\0`);
  }
  return hash.digest("hex");
}

/** The key of a run: options and inputs (path and text of every spec file read). */
export function inputKey(options: FingerprintOptions, inputs: ReadonlyMap<string, string>): string {
  const hash = createHash("sha256");
  const { specs, packageName, version, description, examples, refRoot, allowDuplicateParams, lenient } = options;
  hash.update(
    `${JSON.stringify({ specs, packageName, version, description, examples: examples ?? "error", refRoot: refRoot ?? null, ...(allowDuplicateParams ? { allowDuplicateParams } : {}), ...(lenient ? { lenient } : {}) })}\0`,
  );
  for (const [file, text] of inputs) hash.update(`${file}\0${text.length}\0`).update(text).update("\0");
  return hash.digest("hex");
}

/** Hash of the generated files (path and text), in path order, the marker excluded by the caller. */
export function outputsHash(files: Iterable<[string, string]>): string {
  const hash = createHash("sha256");
  for (const [file, text] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    hash
      .update(`${file}\0${Buffer.byteLength(text)}\0`)
      .update(text)
      .update("\0");
  return hash.digest("hex");
}

/**
 * Whether `outDir` already holds what a run with these options would write: its marker's key
 * matches the generator, the options and the current text of every input, and the files in the
 * folder (but the preserved ones) are exactly the marker's list and still hash to `outputs`, so a
 * hand-edited, deleted or added file is noticed. Any doubt (no marker, an unreadable file) is `false`.
 */
export async function upToDate(
  outDir: string,
  options: FingerprintOptions,
  root: string,
  cwd = process.cwd(),
  /** Only a run whose outputs were type-checked counts (`--check`, `--typecheck`). */
  typechecked = false,
  /** The command's environment: with OPENRPC_TS_CACHE=off nothing is up to date. */
  env: CommandContext["env"] = process.env,
): Promise<{ files: number } | undefined> {
  if (cachesOff(env)) return undefined;
  const dir = path.resolve(cwd, outDir);
  const marker = parseMarker(await readFile(path.join(dir, MARKER), "utf8").catch(() => ""));
  const fingerprint = marker?.fingerprint;
  // Inputs are paths relative to the working folder, as the load stage names them; anything else is not ours.
  if (
    !marker ||
    !fingerprint ||
    fingerprint.inputs.length === 0 ||
    fingerprint.inputs.some((f) => path.isAbsolute(f) || f.includes("\0"))
  )
    return undefined;
  const source = diskSource(cwd);
  const inputs = new Map<string, string>();
  try {
    for (const file of fingerprint.inputs) inputs.set(file, await source.read(file));
  } catch {
    return undefined;
  }
  if (inputKey(options, inputs) !== fingerprint.key) return undefined;
  const run = (await readRuns(root))[`${fingerprint.key}:${fingerprint.outputs}`]?.split(" ");
  if (run?.[0] !== (await generatorHash(root)) || (typechecked && run[1] !== TYPECHECKED)) return undefined;
  const onDisk = listFiles(dir, (name) => PRESERVED.includes(name) || name === MARKER);
  const listed = [...marker.files].sort();
  if (onDisk === undefined || onDisk.length !== listed.length || onDisk.some((f, i) => f !== listed[i]))
    return undefined;
  // Synchronous, as in computeGeneratorHash: a few dozen files, on the path of every no-op run.
  let texts: string[];
  try {
    texts = onDisk.map((f) => readFileSync(path.join(dir, f), "utf8"));
  } catch {
    return undefined;
  }
  return outputsHash(onDisk.map((f, i) => [f, texts[i]!])) === fingerprint.outputs
    ? { files: onDisk.length + 1 }
    : undefined;
}

/** Every file under `dir`, as sorted relative paths, skipping top-level entries `skip` names; undefined when something is not a plain file or folder. */
function listFiles(dir: string, skip: (name: string) => boolean): string[] | undefined {
  const found: string[] = [];
  const walk = (rel: string): boolean => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      if (!rel && skip(entry.name)) continue;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!walk(child)) return false;
      } else if (entry.isFile()) found.push(child);
      else return false;
    }
    return true;
  };
  let ok: boolean;
  try {
    ok = walk("");
  } catch {
    ok = false;
  }
  return ok ? found.sort() : undefined;
}

/** Runs recorded by `recordRun`: `<key>:<outputs>` → the generator hash that produced them, then `typechecked` when they compiled. */
type Runs = Record<string, string>;
const TYPECHECKED = "typechecked";
const RUNS_KEPT = 64;

function runsFile(root: string): string {
  return path.join(root, "node_modules", ".cache", "openrpc-ts", "runs.json");
}

async function readRuns(root: string): Promise<Runs> {
  try {
    const value = JSON.parse(await readFile(runsFile(root), "utf8")) as unknown;
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Runs) : {};
  } catch {
    return {};
  }
}

/**
 * Records that this generator produced the outputs of `fingerprint` (after a write, or a check that
 * found them equal), and whether they compiled (`typechecked`; a record that they did is kept).
 */
export async function recordRun(
  root: string,
  fingerprint: Fingerprint,
  typechecked = false,
  /** The command's environment: with OPENRPC_TS_CACHE=off nothing is recorded. */
  env: CommandContext["env"] = process.env,
): Promise<void> {
  if (cachesOff(env)) return;
  const { mkdir, rename, writeFile } = await import("node:fs/promises");
  const id = `${fingerprint.key}:${fingerprint.outputs}`;
  const known = await readRuns(root);
  const hash = await generatorHash(root);
  const compiled = typechecked || known[id] === `${hash} ${TYPECHECKED}`;
  const runs = Object.entries(known).filter(([k]) => k !== id);
  runs.push([id, compiled ? `${hash} ${TYPECHECKED}` : hash]);
  const file = runsFile(root);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(Object.fromEntries(runs.slice(-RUNS_KEPT))));
    await rename(temp, file);
  } catch {
    // Not recording only costs time on the next run.
  }
}
