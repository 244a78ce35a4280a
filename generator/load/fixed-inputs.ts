/**
 * The inputs of `generate()` that do not come from a spec: the runtime's source files (copied into
 * every package) and the TypeScript version the package is built with. (The package's templates are
 * precompiled into modules at build time, generator/print/templates-build.ts, so none is read here.)
 * Read here, by the load stage, so that `generate()` itself never touches the disk.
 */
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { FixedInputs } from "../generate.js";
import { ROOT } from "../root.js";

export async function loadFixedInputs(root = ROOT): Promise<FixedInputs> {
  return { runtime: await readRuntime(root), typescriptVersion: typescriptVersion(root) };
}

/** runtime/*.ts by file name, as written. */
async function readRuntime(root: string): Promise<Map<string, string>> {
  const dir = path.join(root, "runtime");
  const names = (await readdir(dir)).filter((n) => n.endsWith(".ts")).sort();
  const texts = await Promise.all(names.map((name) => readFile(path.join(dir, name), "utf8")));
  return new Map(names.map((name, i) => [name, texts[i]!]));
}

function typescriptVersion(root: string): string {
  const require = createRequire(path.join(root, "package.json"));
  return (require("typescript/package.json") as { version: string }).version;
}
