/**
 * A JSON value that fits a schema, made up deterministically from a seed: what the mock answers
 * when no example matches. Honours `type` (non-null first), `const`/`enum` (first non-null value),
 * required and declared properties, `minimum`/`maximum`, `minItems`/`maxItems`, tuple `items`,
 * `minLength`/`maxLength`, `pattern` (see pattern.ts), `allOf` (merged), `anyOf`/`oneOf` (first
 * non-null branch), and `$ref`s to `#/definitions/<name>`, with cycle protection: a definition
 * met again inside itself is generated minimally (required properties only, `null` where allowed,
 * empty arrays), and nothing nests deeper than MAX_DEPTH.
 */
import type { JsonSchema, SchemaObject } from "../model.js";
import { stringForPattern } from "./pattern.js";
import { createRandom, type Random } from "./random.js";
import { isRecord } from "./json.js";

export type Definitions = ReadonlyMap<string, JsonSchema>;

interface Walk {
  definitions: Definitions;
  random: Random;
  /** Definitions being generated, outermost first. */
  refs: readonly string[];
  /** Inside a cycle: only what the schema requires. */
  minimal: boolean;
  depth: number;
  /** Property name the value is for (used to make readable strings). */
  key: string;
}

const MAX_DEPTH = 32;
/** Below this depth optional properties are left out, to keep answers small. */
const OPTIONAL_DEPTH = 10;
/** Keywords that constrain a value (as opposed to annotations such as `description`). */
const CONSTRAINTS = ["type", "properties", "required", "items", "pattern", "minimum", "maximum", "enum", "const", "minItems", "maxItems", "minLength", "maxLength", "additionalProperties"];

/** A value for `schema`; `key` names what it is for (strings read `<key>-3f2a`). */
export function generateValue(schema: JsonSchema, definitions: Definitions, seed: string, key = "value"): unknown {
  return walk(schema, { definitions, random: createRandom(seed), refs: [], minimal: false, depth: 0, key });
}

function walk(schema: JsonSchema, w: Walk): unknown {
  if (schema === true) return {};
  if (schema === false || w.depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === "string") return walkRef(schema.$ref, w);
  if ("const" in schema) return structuredClone(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return structuredClone(schema.enum.find((v) => v !== null) ?? null);
  if (Array.isArray(schema.allOf)) return walk(mergeAllOf(schema, w.definitions), w);
  const branches = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined) as JsonSchema[] | undefined;
  if (branches && branches.length > 0) return walk(pickBranch(schema, branches, w), w);
  const type = pickType(schema, w.minimal);
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return w.random.next() < 0.5;
    case "integer":
      return integerValue(schema, w.random);
    case "number":
      return numberValue(schema, w.random);
    case "string":
      return stringValue(schema, w);
    case "array":
      return arrayValue(schema, w);
    case "object":
      return objectValue(schema, w);
    default:
      return {};
  }
}

function walkRef(ref: string, w: Walk): unknown {
  const name = definitionName(ref);
  const target = w.definitions.get(name) ?? true;
  return walk(target, { ...w, refs: [...w.refs, name], minimal: w.minimal || w.refs.includes(name), depth: w.depth + 1 });
}

function definitionName(ref: string): string {
  return ref.replace(/^#\/definitions\//, "");
}

/** Follows `$ref`s to the schema they name (at most 32 steps). */
export function resolveSchema(schema: JsonSchema, definitions: Definitions): JsonSchema {
  let current = schema;
  for (let i = 0; i < 32 && typeof current === "object" && typeof current.$ref === "string"; i++) {
    current = definitions.get(definitionName(current.$ref)) ?? true;
  }
  return current;
}

/** The first branch that admits more than `null` (inside a cycle: a `null` branch if there is one), merged with the schema's own constraints. */
function pickBranch(schema: SchemaObject, branches: JsonSchema[], w: Walk): JsonSchema {
  const isNull = (b: JsonSchema): boolean => {
    const r = resolveSchema(b, w.definitions);
    return typeof r === "object" && (r.type === "null" || r.const === null || (Array.isArray(r.enum) && r.enum.every((v) => v === null)));
  };
  const branch = (w.minimal ? branches.find(isNull) : undefined) ?? branches.find((b) => !isNull(b)) ?? branches[0]!;
  const { oneOf: _oneOf, anyOf: _anyOf, ...own } = schema;
  return CONSTRAINTS.some((k) => k in own) ? mergeSchemas([own, resolveSchema(branch, w.definitions)]) : branch;
}

/** `allOf` as one schema: the schema's own keywords, then each branch's; properties merged (later wins), `required` joined. */
export function mergeAllOf(schema: SchemaObject, definitions: Definitions, depth = 0): SchemaObject {
  const { allOf, ...own } = schema;
  const parts: JsonSchema[] = [own];
  for (const branch of (allOf as JsonSchema[]) ?? []) {
    const resolved = resolveSchema(branch, definitions);
    parts.push(typeof resolved === "object" && Array.isArray(resolved.allOf) && depth < 8 ? mergeAllOf(resolved, definitions, depth + 1) : resolved);
  }
  return mergeSchemas(parts);
}

function mergeSchemas(parts: JsonSchema[]): SchemaObject {
  const merged: SchemaObject = {};
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  for (const part of parts) {
    if (typeof part !== "object") continue;
    for (const [key, value] of Object.entries(part)) {
      if (key === "properties" && isRecord(value)) Object.assign(properties, value);
      else if (key === "required" && Array.isArray(value)) value.forEach((r) => required.add(String(r)));
      else merged[key] = value;
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

function pickType(schema: SchemaObject, minimal: boolean): string {
  const declared = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === "string" ? [schema.type] : inferTypes(schema);
  if (minimal && declared.includes("null")) return "null";
  return declared.find((t) => t !== "null") ?? declared[0] ?? "any";
}

function inferTypes(schema: SchemaObject): string[] {
  if ("properties" in schema || "required" in schema || "additionalProperties" in schema || "patternProperties" in schema) return ["object"];
  if ("items" in schema || "minItems" in schema || "maxItems" in schema) return ["array"];
  if (schema.format === "uint64") return ["integer"];
  if ("pattern" in schema || "minLength" in schema || "maxLength" in schema || "format" in schema) return ["string"];
  if ("minimum" in schema || "maximum" in schema || "exclusiveMinimum" in schema || "exclusiveMaximum" in schema) return ["number"];
  return [];
}

function bounds(schema: SchemaObject): { min: number; max: number } {
  const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
  const min = num(schema.minimum) ?? (num(schema.exclusiveMinimum) !== undefined ? num(schema.exclusiveMinimum)! + 1 : 0);
  const max = num(schema.maximum) ?? (num(schema.exclusiveMaximum) !== undefined ? num(schema.exclusiveMaximum)! - 1 : Math.max(min, 0) + 1_000_000);
  return { min, max };
}

function integerValue(schema: SchemaObject, random: Random): number {
  const { min, max } = bounds(schema);
  const low = Math.ceil(min);
  const high = Math.floor(max);
  if (high <= low) return low;
  const value = low + random.int(0, Math.min(high - low, 1_000_000_000));
  const step = typeof schema.multipleOf === "number" && Number.isInteger(schema.multipleOf) && schema.multipleOf > 0 ? schema.multipleOf : 1;
  const stepped = Math.ceil(value / step) * step;
  return stepped <= high ? stepped : value;
}

function numberValue(schema: SchemaObject, random: Random): number {
  const { min, max } = bounds(schema);
  if (max <= min) return min;
  return Math.round((min + random.next() * Math.min(max - min, 1_000_000)) * 100) / 100;
}

function stringValue(schema: SchemaObject, w: Walk): string {
  if (typeof schema.pattern === "string") {
    const matching = stringForPattern(schema.pattern, w.random);
    if (matching !== undefined) return matching;
  }
  const tag = w.random.int(0, 0xffff).toString(16).padStart(4, "0");
  let text = schema.format === "uri" ? `https://example.com/${encodeURIComponent(w.key)}/${tag}` : schema.format === "date-time" ? "2024-01-01T00:00:00Z" : `${w.key}-${tag}`;
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : Infinity;
  if (text.length < minLength) text = text.padEnd(minLength, "x");
  return text.length > maxLength ? text.slice(0, maxLength) : text;
}

function arrayValue(schema: SchemaObject, w: Walk): unknown[] {
  const child = (s: JsonSchema): unknown => walk(s, { ...w, depth: w.depth + 1 });
  const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
  const maxItems = typeof schema.maxItems === "number" ? schema.maxItems : Infinity;
  if (Array.isArray(schema.items)) {
    const tuple = (schema.items as JsonSchema[]).map(child);
    const rest = schema.additionalItems === undefined ? true : (schema.additionalItems as JsonSchema);
    while (tuple.length < minItems && rest !== false) tuple.push(child(rest));
    return tuple;
  }
  const count = Math.min(Math.max(minItems, w.minimal ? 0 : 1), maxItems);
  return Array.from({ length: count }, () => child((schema.items as JsonSchema | undefined) ?? true));
}

function objectValue(schema: SchemaObject, w: Walk): Record<string, unknown> {
  const properties = (isRecord(schema.properties) ? schema.properties : {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const skipOptional = w.minimal || w.depth >= OPTIONAL_DEPTH;
  const out: Record<string, unknown> = {};
  const child = (s: JsonSchema, key: string): unknown => walk(s, { ...w, depth: w.depth + 1, key });
  for (const [key, sub] of Object.entries(properties)) {
    if (required.has(key) || (!skipOptional && sub !== false)) out[key] = child(sub, key);
  }
  const extra = isRecord(schema.additionalProperties) ? (schema.additionalProperties as SchemaObject) : true;
  for (const key of required) if (!(key in out)) out[key] = child(extra === true ? { type: "string" } : extra, key);
  return out;
}
