/** Pagination, derived from the spec: a method pages when it takes `pageToken` and its result has `nextPageToken` and one array field. */
import { stringLiteral } from "../print/escape.js";
import type { JsonSchema, MethodModel, PaginationModel, SchemaObject } from "../model/document.js";
import { getOwn } from "../own.js";
import { plainRef } from "./methods.js";

export function derivePagination(m: MethodModel, definitions: Map<string, JsonSchema>): PaginationModel | undefined {
  const tokenParam = m.params.find((p) => p.name === "pageToken");
  const result = m.result && resolve(m.result.schema, definitions);
  if (!tokenParam || !result || typeof result !== "object") return undefined;
  const properties = (result.properties ?? {}) as Record<string, JsonSchema>;
  if (getOwn(properties, "nextPageToken") === undefined) return undefined;
  const arrays = Object.entries(properties).filter(([, s]) => isArraySchema(resolve(s, definitions)));
  if (arrays.length !== 1) return undefined;
  const [itemsField, itemsSchema] = arrays[0]!;
  const items = (resolve(itemsSchema, definitions) as SchemaObject).items as JsonSchema | undefined;
  const itemRef = items !== undefined && !Array.isArray(items) ? plainRef(items) : undefined;
  return {
    tokenParam: "pageToken",
    nextField: "nextPageToken",
    itemsField,
    itemType: itemRef ?? `NonNullable<${m.resultType}[${stringLiteral(itemsField)}]>[number]`,
  };
}

function resolve(schema: JsonSchema, definitions: Map<string, JsonSchema>, depth = 0): JsonSchema {
  const ref =
    typeof schema === "object" && typeof schema.$ref === "string"
      ? schema.$ref.replace("#/definitions/", "")
      : undefined;
  if (ref === undefined || depth > 20) return schema;
  return resolve(definitions.get(ref) ?? true, definitions, depth + 1);
}

function isArraySchema(schema: JsonSchema): boolean {
  if (typeof schema !== "object") return false;
  return schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array"));
}
