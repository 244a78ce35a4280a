/**
 * Writes a fuzz case (./arbitraries.ts) to disk in its layout: one JSON file, one YAML file, or
 * split over several files that refer to each other and to themselves (components in a YAML file
 * the entry's components point at, one of them a whole file named by a `$ref` without a fragment).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { stringify } from "yaml";
import { token, type Case } from "./arbitraries.js";

/** Every `$ref` in `value` rewritten by `map` (a copy; own keys only, `__proto__` stays a key). */
function rewriteRefs(value: unknown, map: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, map));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const next = key === "$ref" && typeof child === "string" ? map(child) : rewriteRefs(child, map);
    Object.defineProperty(out, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const COMPONENT = /^#\/components\/schemas\/(.+)$/;

/** Writes the case in `folder` as `<name>.openrpc.<json|yaml>` (and its parts); returns the entry's path relative to `cwd`. */
export async function writeCase(cwd: string, folder: string, name: string, c: Case): Promise<string> {
  const dir = path.join(cwd, folder);
  await mkdir(dir, { recursive: true });
  if (c.layout !== "split") {
    const file = `${name}.openrpc.${c.layout}`;
    await writeFile(path.join(dir, file), c.layout === "yaml" ? stringify(c.doc) : JSON.stringify(c.doc, null, 1));
    return path.join(folder, file);
  }
  const names = Object.keys(c.doc.components.schemas);
  const inParts = (ref: string): string => ref.replace(COMPONENT, "#/$1");
  const parts: Record<string, unknown> = {};
  const entry = structuredClone(c.doc);
  const aliases: Record<string, unknown> = {};
  names.forEach((n, i) => {
    const schema = rewriteRefs(c.doc.components.schemas[n], inParts);
    // The first component is a file of its own, named by a $ref without a fragment.
    const value = i === 0 ? { $ref: "../whole.json" } : schema;
    Object.defineProperty(parts, n, { value, enumerable: true, writable: true, configurable: true });
    Object.defineProperty(aliases, n, {
      value: { $ref: `./parts/components.yaml#/${token(n)}` },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
  entry.components.schemas = aliases;
  await mkdir(path.join(dir, "parts"), { recursive: true });
  await writeFile(path.join(dir, "parts", "components.yaml"), stringify(parts));
  if (names.length > 0) {
    const whole = rewriteRefs(c.doc.components.schemas[names[0]!], (ref) =>
      ref.replace(COMPONENT, "./parts/components.yaml#/$1"),
    );
    await writeFile(path.join(dir, "whole.json"), JSON.stringify(whole));
  }
  const file = `${name}.openrpc.json`;
  await writeFile(path.join(dir, file), JSON.stringify(entry, null, 1));
  return path.join(folder, file);
}
