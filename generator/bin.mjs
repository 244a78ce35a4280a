#!/usr/bin/env node
/**
 * The command line (`npm run gen`, `npm run mock`, … — generator/cli.ts, one yargs program): runs
 * it from a bundle of plain ES modules in node_modules/.cache/openrpc-ts/, so a run does not pay
 * for compiling TypeScript on every start.
 * The bundle is rebuilt (esbuild, about 0.3 s) when a file under generator/ or the lock file
 * changed (by size and modification time); if it cannot be built, the sources run through tsx.
 * On Node ≥ 22.1 V8's compile cache is turned on for the modules loaded after this one.
 */
import { createHash } from "node:crypto";
import module from "node:module";
import { readdirSync, statSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = path.join(ROOT, "node_modules", ".cache", "openrpc-ts");

/** Sizes and modification times of everything the bundle is made of (synchronous: a hundred stats, faster than as promises). */
function sourceStamp() {
  const hash = createHash("sha256");
  const walk = (dir) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(?:ts|mjs|json)$/.test(entry.name)) {
        const info = statSync(full);
        hash.update(`${full}\0${info.size}\0${info.mtimeMs}\0`);
      }
    }
  };
  walk(path.join(ROOT, "generator"));
  for (const file of ["package-lock.json", "package.json"]) {
    const info = statSync(path.join(ROOT, file), { throwIfNoEntry: false });
    hash.update(`${file}\0${info?.size}\0${info?.mtimeMs}\0`);
  }
  hash.update(process.version);
  return hash.digest("hex").slice(0, 16);
}

/** The entry of an up-to-date bundle, built when missing; undefined when it cannot be built. */
async function bundle() {
  const dir = path.join(CACHE, `cli-${sourceStamp()}`);
  const entry = path.join(dir, "cli.mjs");
  if (
    await stat(entry).then(
      () => true,
      () => false,
    )
  )
    return entry;
  try {
    const { buildGenerator } = await import("./build.mjs");
    await mkdir(CACHE, { recursive: true });
    const temp = `${dir}.${process.pid}.tmp`;
    await buildGenerator({ outdir: temp });
    await rename(temp, dir).catch(() => rm(temp, { recursive: true, force: true }));
    // Older bundles in our own cache folder are of no further use.
    for (const name of await readdir(CACHE)) {
      if (/^cli-[0-9a-f]{16}$/.test(name) && path.join(CACHE, name) !== dir)
        await rm(path.join(CACHE, name), { recursive: true, force: true });
    }
    return entry;
  } catch {
    return undefined;
  }
}

module.enableCompileCache?.(path.join(CACHE, "v8"));
const entry = process.env.OPENRPC_TS_BUNDLE === "off" ? undefined : await bundle();
if (entry) {
  // Where the bundle's other entries are (the examples check's worker: generator/load/beside-worker.ts).
  globalThis[Symbol.for("openrpc-ts.bundle-dir")] = path.dirname(entry);
  await import(pathToFileURL(entry).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(path.join(ROOT, "generator", "main.ts")).href);
}
