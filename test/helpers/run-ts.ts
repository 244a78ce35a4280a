/**
 * Runs a TypeScript module (and the TypeScript it imports) in a child Node process, as tsx would,
 * for a fifth of tsx's cost: esbuild bundles it (the same transform tsx applies file by file)
 * into one ES module beside it, packages left to Node, and `node` runs that. The code that runs is
 * the module's own, top-level statements in import order; only the loading differs.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";

const run = promisify(execFile);

/** Bundles `entry` (a .ts/.mts file) to `<entry>.bundle.mjs` under `conditions`, runs it with Node, and resolves with its stdout. */
export async function runTs(entry: string, options: { conditions?: string[]; timeout?: number } = {}): Promise<string> {
  const outfile = path.join(path.dirname(entry), `${path.basename(entry).replace(/\.[cm]?ts$/, "")}.bundle.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    conditions: options.conditions ?? [],
    logLevel: "silent",
  });
  return (await run(process.execPath, [outfile], { timeout: options.timeout ?? 60_000 })).stdout;
}
