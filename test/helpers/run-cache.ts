/**
 * Work done once per test run and shared by every test file: results kept in the run's folder
 * (made by the globalSetup test/setup/pack-dir.ts, removed when the run ends), each under a
 * sha256 of everything it depends on, so an entry can only be found by the exact inputs that made
 * it. Test files run in separate workers: an entry is written to a temporary name and renamed in,
 * so a reader sees a whole entry or none; `oncePerRun` also holds a lock (a folder made with
 * mkdir) while it computes, so two files asking at once compute it once.
 *
 * Use it for pure, deterministic work whose result a test then asserts on (prettier's output for
 * a text, a packed tarball): the assertion runs in every test as before, only the computing is
 * shared. Never for anything whose side effects the test checks.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";

/** The folder the run's globalSetup made (removed when the run ends). */
export function runDir(): string {
  const dir = inject("packDir");
  if (!dir)
    throw new Error(
      "No run folder: run the tests through vitest with vitest.config.ts (its globalSetup test/setup/pack-dir.ts makes one).",
    );
  return dir;
}

/** A short key of `parts` (strings or buffers), in order. */
export function keyOf(...parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("base64url").slice(0, 32);
}

function entryPath(kind: string, key: string): string {
  if (!/^[a-z0-9-]+$/.test(kind)) throw new Error(`run-cache kind "${kind}" must be lowercase letters, digits and -.`);
  return path.join(runDir(), "cache", kind, key);
}

/** The entry of `kind` under `key`, or undefined when no file of this run has written it yet. */
export function runCacheGet(kind: string, key: string): string | undefined {
  try {
    return readFileSync(entryPath(kind, key), "utf8");
  } catch {
    return undefined;
  }
}

/** Writes the entry (whole or not at all, as readers see it). */
export function runCacheSet(kind: string, key: string, value: string): void {
  const file = entryPath(kind, key);
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temp, value);
  renameSync(temp, file);
}

/**
 * The entry of `kind` under `key`, computed by `compute` by the first test file of the run that
 * asks; a file asking while another computes waits for it (up to `waitMs`). When the computing
 * file fails, the next one to ask computes it again (a failure is not kept).
 */
export async function oncePerRun(
  kind: string,
  key: string,
  compute: () => Promise<string>,
  waitMs = 300_000,
): Promise<string> {
  const found = runCacheGet(kind, key);
  if (found !== undefined) return found;
  const file = entryPath(kind, key);
  const lock = `${file}.lock`;
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    mkdirSync(lock);
  } catch {
    for (let waited = 0; waited < waitMs; waited += 100) {
      const done = runCacheGet(kind, key);
      if (done !== undefined) return done;
      if (!existsSync(lock)) return oncePerRun(kind, key, compute, waitMs - waited);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`Waited ${waitMs / 1000} s for another test file to compute ${file}; remove ${lock} if it died.`);
  }
  try {
    const value = await compute();
    runCacheSet(kind, key, value);
    return value;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
