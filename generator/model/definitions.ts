/** The named schemas of a document as lookup tables: shared by the plugins, the mock and the site. */
import type { JsonSchema, NamedSchema } from "./document.js";
import type { SchemaDefinitions } from "./schema.js";

/** The named nodes of a document by name: as documented, or (`lenient`) with the response deviations applied. */
export function nodeDefinitions(schemas: readonly NamedSchema[], lenient: boolean): SchemaDefinitions {
  return new Map(schemas.map((s) => [s.name, lenient ? s.lenientNode : s.node]));
}

/**
 * Name of the definition a `#/definitions/<name>` reference points at. For the one JSON Schema
 * reader left among the plugins (plugins/client/api.ts, the u64 map); emitters read nodes.
 */
export function refName(ref: unknown): string | undefined {
  return typeof ref === "string" && ref.startsWith("#/definitions/") ? ref.slice("#/definitions/".length) : undefined;
}

/** The bundled JSON Schemas by name (see refName). */
export function definitionsOf(schemas: NamedSchema[], lenient: boolean): Map<string, JsonSchema> {
  return new Map(schemas.map((s) => [s.name, lenient ? s.lenient : s.schema]));
}
