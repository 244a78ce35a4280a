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

function mentionsDeviations(node: unknown): boolean {
  return JSON.stringify(node ?? null).includes('"x-response-deviations"');
}
