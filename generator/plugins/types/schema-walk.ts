/** Small helpers over the model's named schemas shared by the emitters. */
import type { JsonSchema, NamedSchema } from "../../model/document.js";
import type { SchemaDefinitions } from "../../model/schema.js";

/** The named nodes of a document by name: as documented, or (`lenient`) with the response deviations applied. */
export function nodeDefinitions(schemas: readonly NamedSchema[], lenient: boolean): SchemaDefinitions {
  return new Map(schemas.map((s) => [s.name, lenient ? s.lenientNode : s.node]));
}

/**
 * Name of the definition a `#/definitions/<name>` reference points at. For the one JSON Schema
 * reader left outside this folder (plugins/client/api.ts, the u64 map); emitters read nodes.
 */
export function refName(ref: unknown): string | undefined {
  return typeof ref === "string" && ref.startsWith("#/definitions/") ? ref.slice("#/definitions/".length) : undefined;
}

/** The bundled JSON Schemas by name (see refName). */
export function definitionsOf(schemas: NamedSchema[], lenient: boolean): Map<string, JsonSchema> {
  return new Map(schemas.map((s) => [s.name, lenient ? s.lenient : s.schema]));
}

/** The first line of a description, for one-line doc comments. */
export function firstSentence(text: string): string {
  const line = text.trim().split(/\n/)[0] ?? "";
  return line;
}
