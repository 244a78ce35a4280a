/**
 * Bundles every schema a document uses into one flat, named set: each `$ref` target (a
 * component, an entry of an external file, any other pointer) becomes a named definition and
 * every `$ref` is rewritten to `#/definitions/<Name>`. Recursion is kept as references, so
 * recursive schemas need no special case anywhere after this.
 */
import type { JsonSchema, Problem } from "../model.js";
import { resolveRef } from "../refs.js";
import { NameRegistry, pascalCase } from "./names.js";

/** Keywords whose values are data, not schemas: copied verbatim. */
const LITERAL_KEYWORDS = new Set(["enum", "const", "default", "examples", "example"]);

export interface BundledSchema {
  name: string;
  file: string;
  pointer: string;
  schema: JsonSchema;
}

export class SchemaBundler {
  private readonly byTarget = new Map<string, string>();
  private readonly bundled = new Map<string, BundledSchema>();
  private readonly queue: { name: string; file: string; pointer: string; value: unknown }[] = [];
  readonly problems: Problem[] = [];

  constructor(
    private readonly files: Map<string, unknown>,
    readonly names: NameRegistry,
  ) {}

  /** Claims the name of a component schema up front, so that it keeps its own name. */
  declare(file: string, pointer: string, wanted: string): string {
    return this.target(file, pointer, wanted);
  }

  /** Returns a copy of `schema` (found at `file#pointer`) with every `$ref` rewritten. */
  rewrite(schema: unknown, file: string, pointer: string): JsonSchema {
    const result = this.copy(schema, file, pointer);
    this.drain();
    return result as JsonSchema;
  }

  /** All named schemas reached so far, in the order they were named. */
  all(): BundledSchema[] {
    this.drain();
    return [...this.bundled.values()];
  }

  private target(file: string, pointer: string, wanted?: string): string {
    const key = `${file}#${pointer}`;
    const known = this.byTarget.get(key);
    if (known) return known;
    const last = pointer.split("/").pop() ?? "";
    const fallback = last === "" ? pascalCase(file.replace(/^.*\//, "").replace(/\..*$/, "")) : pascalCase(last.replace(/~1/g, "/").replace(/~0/g, "~"));
    const name = this.names.claim(wanted ?? fallback, `${file}#${pointer}`);
    this.byTarget.set(key, name);
    const target = resolveRef(this.files, file, `#${pointer}`);
    this.queue.push({ name, file, pointer, value: target?.value });
    return name;
  }

  private drain(): void {
    while (this.queue.length > 0) {
      const next = this.queue.shift()!;
      const schema = this.copy(next.value, next.file, next.pointer) as JsonSchema;
      this.bundled.set(next.name, { name: next.name, file: next.file, pointer: next.pointer, schema });
    }
  }

  private copy(node: unknown, file: string, at: string): unknown {
    if (Array.isArray(node)) return node.map((item, i) => this.copy(item, file, `${at}/${i}`));
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (LITERAL_KEYWORDS.has(key)) {
        out[key] = structuredClone(value);
        continue;
      }
      if (key === "$ref" && typeof value === "string") {
        const target = resolveRef(this.files, file, value);
        if (!target) {
          this.problems.push({ file, pointer: at, message: `$ref "${value}" points at nothing.`, hint: "Fix the path or the JSON pointer after #." });
          continue;
        }
        out.$ref = `#/definitions/${this.target(target.file, target.pointer)}`;
        continue;
      }
      out[key] = this.copy(value, file, `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    }
    return out;
  }
}
