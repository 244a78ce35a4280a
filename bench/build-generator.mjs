#!/usr/bin/env node
/** `npm run build:generator`: the generator bundled into bench/.build/cli.mjs (see generator/build.mjs). */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildGenerator, OUTDIR, OUTFILE } from "../generator/build.mjs";

export { buildGenerator, OUTDIR, OUTFILE };

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildGenerator();
  console.log(`Built ${path.relative(process.cwd(), OUTFILE)} in ${Date.now() - started} ms.`);
}
