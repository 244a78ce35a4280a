/**
 * Stage 5, format. Who formats what:
 * - The emitters print their files with prettier's own layout engine (generator/print/doc.ts:
 *   `prettier/doc`'s builders and printer; package.ts writes JSON and Markdown in prettier's form)
 *   and say so: those files are in `formatted` and are not touched here, so a default run loads
 *   `prettier/doc` only, never prettier's parsers. Tests (test/generator/print/) check with
 *   `prettier.check` and the package's shipped options that every such file is prettier's form,
 *   for our specs, third-party documents, random and hostile ones.
 * - The runtime copies (`verbatim`) are kept prettier-clean by a test and are never formatted.
 * - Every other .ts/.json/.md file (today: a README.md holding spec text that is arbitrary
 *   Markdown, see plugins/package/package.ts) goes through prettier's formatter with the options
 *   the package ships (PRETTIER_OPTIONS), so output never depends on the machine.
 *
 * Prettier's results are a pure function of (its version, the options, the parser, the text), so
 * they are kept by a hash of those in node_modules/.cache/openrpc-ts (and in memory, for
 * `--watch`): a run whose emitted text did not change neither loads nor runs prettier.
 * `OPENRPC_TS_CACHE=off` turns the cache off.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { ROOT } from "../root.js";
import { PRETTIER_OPTIONS } from "./options.js";

export { PRETTIER_OPTIONS };
const OPTIONS = PRETTIER_OPTIONS;

/** Where formatted texts are kept between runs. */
export const CACHE_FILE = path.join(ROOT, "node_modules", ".cache", "openrpc-ts", "format-v1.json");
/** The cache file keeps the entries of the last run, then older ones up to this many characters. */
const CACHE_LIMIT = 24 * 1024 * 1024;

type Format = (text: string, options: Record<string, unknown>) => Promise<string>;

/** Formatted text by key; `undefined` until read from disk. */
let memory: Map<string, string> | undefined;
let prettierVersion: string | undefined;
let prettierFormat: Format | undefined;

export interface FormatOptions {
  /** Files copied as they are (the runtime): never formatted. */
  verbatim?: ReadonlySet<string>;
  /** Files the emitters wrote in prettier's layout: never formatted. */
  formatted?: ReadonlySet<string>;
}

export async function formatFiles(
  files: Map<string, string>,
  options: FormatOptions = {},
): Promise<Map<string, string>> {
  const skip = (file: string): boolean => options.verbatim?.has(file) === true || options.formatted?.has(file) === true;
  const out = new Map<string, string>();
  const todo: [string, string, string][] = [];
  for (const [file, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const parser = skip(file)
      ? undefined
      : file.endsWith(".ts")
        ? "babel-ts"
        : file.endsWith(".json")
          ? "json"
          : file.endsWith(".md")
            ? "markdown"
            : undefined;
    if (parser) todo.push([file, text, parser]);
    out.set(file, text);
  }
  if (todo.length === 0) return out;
  const cache = process.env.OPENRPC_TS_CACHE === "off" ? undefined : await loadCache();
  const used = new Map<string, string>();
  let missed = false;
  for (const [file, text, parser] of todo) {
    const key = cache ? cacheKey(parser, text) : "";
    let formatted = cache?.get(key);
    if (formatted === undefined) {
      formatted = await formatOne(text, parser);
      missed = true;
    }
    if (cache) used.set(key, formatted);
    out.set(file, formatted);
  }
  // Written in the background: a watch run does not wait for it; the CLI waits before it exits.
  if (cache) for (const [key, text] of used) cache.set(key, text);
  if (cache && missed) saving = saving.then(() => saveCache(cache, used));
  return out;
}

let saving: Promise<void> = Promise.resolve();

/** Resolves once the format cache is on disk (call before the process exits). */
export function formatCacheSaved(): Promise<void> {
  return saving;
}

/**
 * TypeScript goes through prettier's babel-ts parser: the same output as its typescript parser
 * on what the emitters write (the golden test and the benchmark documents say so), without
 * loading prettier's own 3 MB copy of TypeScript (about half a second of a cold run). Anything
 * babel-ts cannot parse falls back to the typescript parser.
 */
async function formatOne(text: string, parser: string): Promise<string> {
  const format = await prettier();
  if (parser !== "babel-ts") return format(text, { ...OPTIONS, parser });
  try {
    return await format(text, { ...OPTIONS, parser });
  } catch {
    return format(text, { ...OPTIONS, parser: "typescript" });
  }
}

async function prettier(): Promise<Format> {
  prettierFormat ??= (await import("prettier")).format as Format;
  return prettierFormat;
}

function cacheKey(parser: string, text: string): string {
  prettierVersion ??= (
    JSON.parse(readFileSync(path.join(ROOT, "node_modules", "prettier", "package.json"), "utf8")) as { version: string }
  ).version;
  return createHash("sha256")
    .update(`${prettierVersion}\0${JSON.stringify(OPTIONS)}\0${parser}\0`)
    .update(text)
    .digest("base64url");
}

async function loadCache(): Promise<Map<string, string>> {
  if (memory) return memory;
  memory = new Map();
  try {
    const value = JSON.parse(await readFile(CACHE_FILE, "utf8")) as unknown;
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [key, text] of Object.entries(value)) if (typeof text === "string") memory.set(key, text);
    }
  } catch {
    // No cache yet, or an unreadable one: start empty.
  }
  return memory;
}

/** Writes this run's entries first, then older ones while they fit; a temp file and a rename, so a reader never sees half a file. */
async function saveCache(cache: Map<string, string>, used: Map<string, string>): Promise<void> {
  const kept: Record<string, string> = {};
  let size = 0;
  for (const [key, text] of [...used, ...[...cache].filter(([key]) => !used.has(key)).reverse()]) {
    size += text.length + key.length;
    if (size > CACHE_LIMIT) break;
    kept[key] = text;
  }
  try {
    await mkdir(path.dirname(CACHE_FILE), { recursive: true });
    const temp = `${CACHE_FILE}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(kept));
    await rename(temp, CACHE_FILE);
  } catch {
    // A cache that cannot be written only costs time.
  }
}
