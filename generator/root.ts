/**
 * The project folder (holding runtime/ and templates/): the nearest ancestor of this module
 * that has them, so the generator also works when bundled into a single file elsewhere.
 * A module of its own so that the CLI can find it without loading the pipeline.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "templates", "README.md.hbs")) && existsSync(path.join(dir, "runtime", "index.ts")))
      return dir;
    if (path.dirname(dir) === dir) return path.resolve(start, "..");
  }
}
