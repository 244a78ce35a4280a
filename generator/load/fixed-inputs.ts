/**
 * The inputs of `generate()` that do not come from a spec: the runtime's source files (copied into
 * every package), the package templates, and the TypeScript version the package is built with.
 * Read here, by the load stage, so that `generate()` itself never touches the disk.
 */
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { FixedInputs } from "../generate.js";
import type { Templates } from "../plugins/package/package.js";
import { ROOT } from "../root.js";

export async function loadFixedInputs(root = ROOT): Promise<FixedInputs> {
  const [runtime, templates] = await Promise.all([readRuntime(root), readTemplates(root)]);
  return { runtime, templates, typescriptVersion: typescriptVersion(root) };
}

/** runtime/*.ts by file name, as written. */
async function readRuntime(root: string): Promise<Map<string, string>> {
  const dir = path.join(root, "runtime");
  const names = (await readdir(dir)).filter((n) => n.endsWith(".ts")).sort();
  const texts = await Promise.all(names.map((name) => readFile(path.join(dir, name), "utf8")));
  return new Map(names.map((name, i) => [name, texts[i]!]));
}

/** templates/*.hbs by file name. */
async function readTemplates(root: string): Promise<Templates> {
  const dir = path.join(root, "templates");
  const names = (await readdir(dir)).filter((n) => n.endsWith(".hbs")).sort();
  const texts = await Promise.all(names.map((name) => readFile(path.join(dir, name), "utf8")));
  return Object.fromEntries(names.map((name, i) => [name, texts[i]!]));
}

function typescriptVersion(root: string): string {
  const require = createRequire(path.join(root, "package.json"));
  return (require("typescript/package.json") as { version: string }).version;
}
