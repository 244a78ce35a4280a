#!/usr/bin/env node
/**
 * Bundles the command line (generator/cli.ts) into ES modules that plain `node` runs, rather than tsx
 * compiling TypeScript on every start: generator/bin.mjs (`npm run gen`, `npm run mock`, …) builds it into
 * node_modules/.cache/openrpc-ts when a source changed; `npm run build:generator` writes
 * bench/.build/cli.mjs. Split into chunks, so that the modules a command imports only when it runs
 * (the pipeline, the mock server, the site) are not even parsed on a no-op run or by another command.
 *
 * - Every module keeps its own `import.meta.url` (and `__dirname`/`__filename` for CommonJS), so
 *   the generator still finds runtime/ and templates/ next to generator/.
 * - A second entry, `examples-worker.mjs`: the worker thread of the examples check; generator/bin.mjs
 *   tells the bundle where its files are (generator/load/beside-worker.ts).
 * - prettier stays external: bundling it makes the cold start slower, not faster (it imports its
 *   language plugins lazily, a bundle parses them all at start). So do ts-morph, its common part
 *   and TypeScript (loaded only by `--typecheck`) and esbuild (the site's bundler, which finds its binary next to
 *   its own files).
 */
import { build } from "esbuild";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The bundle's entry file is `<outdir>/cli.mjs`. */
export const OUTDIR = path.join(ROOT, "bench", ".build");
export const OUTFILE = path.join(OUTDIR, "cli.mjs");
export const EXTERNAL = ["prettier", "ts-morph", "@ts-morph/common", "typescript", "esbuild"];

/** Rewrites `import.meta.url`, `__dirname` and `__filename` to the bundled file's original place. */
const keepModuleUrls = {
  name: "keep-module-urls",
  setup(b) {
    b.onLoad({ filter: /\.(?:[cm]?js|[cm]?ts)$/ }, async (args) => {
      let text = await readFile(args.path, "utf8");
      const usesDir = /\b__(?:dirname|filename)\b/.test(text);
      if (!text.includes("import.meta.url") && !usesDir) return undefined;
      text = text.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
      const shims = [];
      for (const [name, value] of [
        ["__filename", args.path],
        ["__dirname", path.dirname(args.path)],
      ]) {
        const used = new RegExp(`\\b${name}\\b`).test(text);
        const declared = new RegExp(`\\b(?:const|let|var|function)\\s+${name}\\b`).test(text);
        if (used && !declared) shims.push(`${name} = ${JSON.stringify(value)}`);
      }
      if (shims.length > 0) text = `var ${shims.join(", ")};\n${text}`;
      const loader = /\.[cm]?ts$/.test(args.path) ? "ts" : "js";
      return { contents: text, loader, resolveDir: path.dirname(args.path) };
    });
  },
};

export async function buildGenerator({ outdir = OUTDIR, metafile = false } = {}) {
  await mkdir(outdir, { recursive: true });
  return build({
    entryPoints: {
      cli: path.join(ROOT, "generator", "main.ts"),
      // The examples check's worker thread (generator/load/beside-worker.ts starts it).
      "examples-worker": path.join(ROOT, "generator", "load", "examples-worker.ts"),
    },
    absWorkingDir: ROOT,
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outdir,
    outExtension: { ".js": ".mjs" },
    chunkNames: "chunk-[hash]",
    external: EXTERNAL,
    plugins: [keepModuleUrls],
    metafile,
    logLevel: "warning",
    // CommonJS dependencies call require(); give the ES module one.
    banner: {
      js: 'import { createRequire as __bundleRequire } from "node:module"; const require = __bundleRequire(import.meta.url);',
    },
  });
}
