/**
 * Applies `x-response-deviations` (spec/README.md): a copy of a schema in which the fields that
 * real responses are known to omit are optional and those they send as `null` admit `null`.
 */
import type { JsonSchema } from "../model/document.js";

interface Deviations {
  omitted?: string[];
  nullable?: string[];
}

export function applyDeviations(schema: JsonSchema): JsonSchema {
  if (!mentionsDeviations(schema)) return schema;
  return transform(schema) as JsonSchema;
}

function transform(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(transform);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === "enum" || key === "const" || key === "default" || key === "examples" ? value : transform(value);
  }
  const deviations = out["x-response-deviations"] as Deviations | undefined;
  if (!deviations) return out;
  if (Array.isArray(out.required) && deviations.omitted) {
    out.required = (out.required as string[]).filter((name) => !deviations.omitted!.includes(name));
  }
  const properties = out.properties as Record<string, unknown> | undefined;
  for (const name of deviations.nullable ?? []) {
    if (properties?.[name] !== undefined) properties[name] = admitNull(properties[name]);
  }
  return out;
}

function admitNull(schema: unknown): unknown {
  if (schema === true || schema === null || typeof schema !== "object") return schema;
  const s = schema as Record<string, unknown>;
  if (typeof s.type === "string" && s.type !== "null" && !s.enum && !s.const) return { ...s, type: [s.type, "null"] };
  if (Array.isArray(s.type)) return s.type.includes("null") ? s : { ...s, type: [...s.type, "null"] };
  const { description, ...rest } = s;
  return { ...(description !== undefined ? { description } : {}), anyOf: [rest, { type: "null" }] };
}

const KEYWORD = "x-response-deviations";

/**
 * Whether the schema holds the keyword anywhere (or the word as a string: a copy is made then too,
 * equal to the schema). A walk that stops at the first, where writing the schema as JSON to search
 * the text walked it all and built a string as large (a tenth of normalizing a large document).
 */
function mentionsDeviations(node: unknown): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [node];
  while (stack.length > 0) {
    const n = stack.pop();
    if (n === KEYWORD) return true;
    if (n === null || typeof n !== "object" || seen.has(n)) continue;
    seen.add(n);
    if (Array.isArray(n)) stack.push(...(n as unknown[]));
    else
      for (const [key, value] of Object.entries(n)) {
        if (key === KEYWORD && value !== undefined && typeof value !== "function") return true;
        stack.push(value);
      }
  }
  return false;
}
