/** Small helpers over bundled schemas shared by the emitters. */
import type { JsonSchema, NamedSchema, SchemaObject } from "../../model/document.js";

/** Name of the definition a `#/definitions/<name>` reference points at. */
export function refName(ref: unknown): string | undefined {
  return typeof ref === "string" && ref.startsWith("#/definitions/") ? ref.slice("#/definitions/".length) : undefined;
}

/** Every definition name referenced (transitively) from `roots`. */
export function reachable(roots: JsonSchema[], definitions: Map<string, JsonSchema>): Set<string> {
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== "object") return;
    const name = refName((node as SchemaObject).$ref);
    if (name !== undefined && !seen.has(name)) {
      seen.add(name);
      visit(definitions.get(name));
    }
    for (const [key, child] of Object.entries(node)) {
      if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples") visit(child);
    }
  };
  roots.forEach(visit);
  return seen;
}

export function definitionsOf(schemas: NamedSchema[], lenient: boolean): Map<string, JsonSchema> {
  return new Map(schemas.map((s) => [s.name, lenient ? s.lenient : s.schema]));
}

/** The first line of a description, for one-line doc comments. */
export function firstSentence(text: string): string {
  const line = text.trim().split(/\n/)[0] ?? "";
  return line;
}
