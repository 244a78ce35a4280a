/**
 * What a warm process keeps between runs, all keyed by content so that a stale entry can never be
 * served: the loaded and checked documents (by a hash of their files and options) with the examples
 * check's compiled schemas (by the schemas' content), the emitted files per document (by the
 * document object the load cache hands back), and prettier's results
 * (by prettier's version, options, parser and text; also kept on disk in
 * node_modules/.cache/openrpc-ts, so a new process finds them). The pipeline's stages are pure
 * and receive these caches; only this layer (the CLI and `--watch`) owns them.
 * `OPENRPC_TS_CACHE=off` turns the disk cache off.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { GenerateCaches } from "../generate.js";
import type { CheckedSpec, LoadCache } from "../load/load-model.js";
import { PRETTIER_OPTIONS, type FormatCache } from "../print/format.js";
import type { Checker } from "../validate/examples.js";
import { ROOT } from "../root.js";
import { cachesOff } from "./context.js";

export interface Caches extends Required<GenerateCaches> {
  load: LoadCache;
  format: DiskFormatCache;
}

/** Documents kept by the load cache: the last few versions of a handful of specs. */
const DOCUMENTS_KEPT = 32;

/** Compiled example checkers (one ajv instance each): the schemas of the last few specs. */
const CHECKERS_KEPT = 8;

/** A map that forgets its oldest entry beyond `limit`. */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}

let shared: Caches | undefined;

/** The caches of this process (made on first use). */
export function processCaches(): Caches {
  shared ??= newCaches();
  return shared;
}

/** Fresh, empty caches (the format cache still reads and writes the disk). */
export function newCaches(): Caches {
  return {
    load: Object.assign(new BoundedCache<Promise<CheckedSpec>>(DOCUMENTS_KEPT), {
      examples: new BoundedCache<Checker>(CHECKERS_KEPT),
    }),
    emitted: new WeakMap(),
    format: new DiskFormatCache(path.join(ROOT, "node_modules", ".cache", "openrpc-ts", "format-v1.json")),
  };
}

/** The file keeps the entries of the last run first, then older ones up to this many characters. */
const FORMAT_CACHE_LIMIT = 24 * 1024 * 1024;

/** Prettier's results in memory, read from `file` on first use and written back by `flush`. */
export class DiskFormatCache implements FormatCache {
  private memory: Map<string, string> | undefined;
  private readonly used = new Map<string, string>();
  private missed = false;
  private saving: Promise<void> = Promise.resolve();
  private prettierVersion: string | undefined;

  constructor(readonly file: string) {}

  get(parser: string, text: string): string | undefined {
    if (off()) return undefined;
    const key = this.key(parser, text);
    const found = this.entries().get(key);
    if (found !== undefined) this.used.set(key, found);
    return found;
  }

  set(parser: string, text: string, formatted: string): void {
    if (off()) return;
    const key = this.key(parser, text);
    this.entries().set(key, formatted);
    this.used.set(key, formatted);
    this.missed = true;
  }

  /** Starts writing the cache file when something new was formatted; `saved()` waits for it. */
  flush(): void {
    if (!this.missed || this.memory === undefined) return;
    this.missed = false;
    const memory = this.memory;
    const used = new Map(this.used);
    this.used.clear();
    this.saving = this.saving.then(() => save(this.file, memory, used));
  }

  /** Resolves once every flush is on disk (call before the process exits). */
  saved(): Promise<void> {
    return this.saving;
  }

  private entries(): Map<string, string> {
    if (this.memory) return this.memory;
    this.memory = new Map();
    try {
      const value = JSON.parse(readFileSync(this.file, "utf8")) as unknown;
      if (value && typeof value === "object" && !Array.isArray(value))
        for (const [key, text] of Object.entries(value)) if (typeof text === "string") this.memory.set(key, text);
    } catch {
      // No cache yet, or an unreadable one: start empty.
    }
    return this.memory;
  }

  private key(parser: string, text: string): string {
    this.prettierVersion ??= (
      JSON.parse(readFileSync(path.join(ROOT, "node_modules", "prettier", "package.json"), "utf8")) as {
        version: string;
      }
    ).version;
    return createHash("sha256")
      .update(`${this.prettierVersion}\0${JSON.stringify(PRETTIER_OPTIONS)}\0${parser}\0`)
      .update(text)
      .digest("base64url");
  }
}

function off(): boolean {
  return cachesOff(process.env);
}

/** Writes the last run's entries first, then older ones while they fit; a temp file and a rename, so a reader never sees half a file. */
async function save(file: string, cache: Map<string, string>, used: Map<string, string>): Promise<void> {
  const kept: Record<string, string> = {};
  let size = 0;
  for (const [key, text] of [...used, ...[...cache].filter(([key]) => !used.has(key)).reverse()]) {
    size += text.length + key.length;
    if (size > FORMAT_CACHE_LIMIT) break;
    kept[key] = text;
  }
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(kept));
    await rename(temp, file);
  } catch {
    // A cache that cannot be written only costs time.
  }
}
