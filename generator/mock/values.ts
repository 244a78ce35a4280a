/**
 * A JSON value that fits a schema, made up deterministically from a seed: what the mock answers
 * when no example matches. Honours `type` (non-null first), `const`/`enum` (first non-null value),
 * required and declared properties, `patternProperties` and `minProperties`, `minimum`/`maximum`
 * (inclusive, exclusive, draft-04 boolean exclusive), `multipleOf`, `minItems`/`maxItems`,
 * `uniqueItems`, tuple `items`, `minLength`/`maxLength`, `pattern` (see pattern.ts), `format`
 * (date-time, date, time, email, hostname, ipv4, ipv6, uri, uuid), `allOf` (merged),
 * `anyOf`/`oneOf` (first non-null branch), and `$ref`s to `#/definitions/<name>`, with cycle
 * protection: a definition met again inside itself is generated minimally (required properties
 * only, `null` where allowed, empty arrays), and nothing nests deeper than MAX_DEPTH.
 */
import type { JsonSchema, SchemaObject } from "../model/document.js";
import { createRandom, type Random } from "./random.js";
import { isRecord, jsonEqual } from "./json.js";
import { stringForPattern } from "./pattern.js";
import { stringValue } from "./strings.js";

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
/** Sub-schema keywords that, found in two merged parts, must both hold. */
const COMBINED = new Set(["items", "additionalProperties", "additionalItems", "not"]);
/** Keywords that constrain a value (as opposed to annotations such as `description`). */
const CONSTRAINTS = [
  "type",
  "properties",
  "required",
  "items",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "enum",
  "const",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minLength",
  "maxLength",
  "additionalProperties",
  "patternProperties",
  "minProperties",
];

/** A value for `schema`; `key` names what it is for (strings read `<key>-3f2a`). */
export function generateValue(schema: JsonSchema, definitions: Definitions, seed: string, key = "value"): unknown {
  return walk(schema, { definitions, random: createRandom(seed), refs: [], minimal: false, depth: 0, key });
}

function walk(schema: JsonSchema, w: Walk): unknown {
  if (schema === true) return {};
  if (schema === false || w.depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === "string") return walkRef(schema.$ref, w);
  if ("const" in schema) return structuredClone(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return structuredClone(schema.enum.find((v) => v !== null) ?? null);
  if (Array.isArray(schema.allOf)) return walk(mergeAllOf(schema, w.definitions), w);
  const branches = (
    Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined
  ) as JsonSchema[] | undefined;
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
      return stringValue(schema, w.random, w.key);
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
  return walk(target, {
    ...w,
    refs: [...w.refs, name],
    minimal: w.minimal || w.refs.includes(name),
    depth: w.depth + 1,
  });
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
    return (
      typeof r === "object" &&
      (r.type === "null" || r.const === null || (Array.isArray(r.enum) && r.enum.every((v) => v === null)))
    );
  };
  const branch = (w.minimal ? branches.find(isNull) : undefined) ?? branches.find((b) => !isNull(b)) ?? branches[0]!;
  const { oneOf: _oneOf, anyOf: _anyOf, ...own } = schema;
  return CONSTRAINTS.some((k) => k in own) ? mergeSchemas([resolveSchema(branch, w.definitions), own]) : branch;
}

/** `allOf` as one schema: the schema's own keywords, then each branch's; a property in several becomes their `allOf`, `required` joined. */
export function mergeAllOf(schema: SchemaObject, definitions: Definitions, depth = 0): SchemaObject {
  const { allOf, ...own } = schema;
  const parts: JsonSchema[] = [own];
  for (const branch of (allOf as JsonSchema[]) ?? []) {
    const resolved = resolveSchema(branch, definitions);
    parts.push(
      typeof resolved === "object" && Array.isArray(resolved.allOf) && depth < 8
        ? mergeAllOf(resolved, definitions, depth + 1)
        : resolved,
    );
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
      if (key === "properties" && isRecord(value)) {
        for (const [name, sub] of Object.entries(value as Record<string, JsonSchema>))
          properties[name] = name in properties ? { allOf: [properties[name]!, sub] } : sub;
      } else if (key === "required" && Array.isArray(value)) value.forEach((r) => required.add(String(r)));
      else if (COMBINED.has(key) && isRecord(value) && isRecord(merged[key]))
        merged[key] = { allOf: [merged[key], value] };
      else merged[key] = value;
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

function pickType(schema: SchemaObject, minimal: boolean): string {
  const declared = Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === "string"
      ? [schema.type]
      : inferTypes(schema);
  if (minimal && declared.includes("null")) return "null";
  return declared.find((t) => t !== "null") ?? declared[0] ?? "any";
}

function inferTypes(schema: SchemaObject): string[] {
  if (
    "properties" in schema ||
    "required" in schema ||
    "additionalProperties" in schema ||
    "patternProperties" in schema
  )
    return ["object"];
  if ("items" in schema || "minItems" in schema || "maxItems" in schema) return ["array"];
  if (schema.format === "uint64") return ["integer"];
  if ("pattern" in schema || "minLength" in schema || "maxLength" in schema || "format" in schema) return ["string"];
  if ("minimum" in schema || "maximum" in schema || "exclusiveMinimum" in schema || "exclusiveMaximum" in schema)
    return ["number"];
  return [];
}

/** The inclusive range a number may take; `step` is the smallest distance that clears an exclusive bound. */
function bounds(schema: SchemaObject, step: number): { min: number; max: number } {
  const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
  let min = num(schema.minimum);
  let max = num(schema.maximum);
  // Draft-04: `exclusiveMinimum: true` makes `minimum` exclusive; later drafts give a number.
  if (schema.exclusiveMinimum === true && min !== undefined) min += step;
  if (schema.exclusiveMaximum === true && max !== undefined) max -= step;
  const exMin = num(schema.exclusiveMinimum);
  const exMax = num(schema.exclusiveMaximum);
  if (exMin !== undefined) min = Math.max(min ?? -Infinity, exMin + step);
  if (exMax !== undefined) max = Math.min(max ?? Infinity, exMax - step);
  const low = min ?? (max !== undefined ? Math.min(0, max) : 0);
  return { min: low, max: max ?? Math.max(low, 0) + 1_000_000 };
}

function positiveStep(schema: SchemaObject): number | undefined {
  return typeof schema.multipleOf === "number" && Number.isFinite(schema.multipleOf) && schema.multipleOf > 0
    ? schema.multipleOf
    : undefined;
}

function integerValue(schema: SchemaObject, random: Random): number {
  const { min, max } = bounds(schema, 1);
  const low = Math.ceil(min);
  const high = Math.floor(max);
  const step = positiveStep(schema);
  const pick = high <= low ? low : low + random.int(0, Math.min(high - low, 1_000_000_000));
  if (step === undefined) return pick;
  return Number.isInteger(step) ? multipleIn(pick, step, low, high) : multipleIn(pick, step, low, high, true);
}

function numberValue(schema: SchemaObject, random: Random): number {
  const step = positiveStep(schema);
  const { min, max } = bounds(schema, step ?? 0.01);
  const pick = max <= min ? min : Math.round((min + random.next() * Math.min(max - min, 1_000_000)) * 100) / 100;
  return step === undefined ? pick : multipleIn(pick, step, min, max);
}

/** A multiple of `step` near `value` inside [low, high] (an integer one if `integer`), else `value`. */
function multipleIn(value: number, step: number, low: number, high: number, integer = false): number {
  for (const k of [Math.ceil(value / step), Math.floor(value / step), Math.ceil(low / step)]) {
    const candidate = Number((k * step).toPrecision(12));
    if (candidate >= low && candidate <= high && (!integer || Number.isInteger(candidate))) return candidate;
  }
  return value;
}

function arrayValue(schema: SchemaObject, w: Walk): unknown[] {
  const child = (s: JsonSchema): unknown => walk(s, { ...w, depth: w.depth + 1 });
  const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
  const maxItems = typeof schema.maxItems === "number" ? schema.maxItems : Infinity;
  const positions = Array.isArray(schema.items) ? (schema.items as JsonSchema[]) : [];
  const rest: JsonSchema = Array.isArray(schema.items)
    ? schema.additionalItems === undefined
      ? true
      : (schema.additionalItems as JsonSchema)
    : ((schema.items as JsonSchema | undefined) ?? true);
  const wanted = Array.isArray(schema.items)
    ? Math.max(minItems, Math.min(positions.length, maxItems))
    : Math.min(Math.max(minItems, w.minimal ? 0 : 1), maxItems);
  const out: unknown[] = [];
  for (let tries = 0; out.length < wanted && tries < wanted + 16; tries++) {
    const schemaAt = positions[out.length] ?? rest;
    if (schemaAt === false) break;
    const value = child(schemaAt);
    if (schema.uniqueItems === true && out.some((v) => jsonEqual(v, value))) continue;
    out.push(value);
  }
  return out;
}

function objectValue(schema: SchemaObject, w: Walk): Record<string, unknown> {
  const properties = (isRecord(schema.properties) ? schema.properties : {}) as Record<string, JsonSchema>;
  const patterns = Object.entries(
    (isRecord(schema.patternProperties) ? schema.patternProperties : {}) as Record<string, JsonSchema>,
  );
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const skipOptional = w.minimal || w.depth >= OPTIONAL_DEPTH;
  const out: Record<string, unknown> = {};
  const child = (s: JsonSchema, key: string): unknown => walk(s, { ...w, depth: w.depth + 1, key });
  for (const [key, sub] of Object.entries(properties)) {
    if (required.has(key) || (!skipOptional && sub !== false)) out[key] = child(sub, key);
  }
  const extra: JsonSchema =
    schema.additionalProperties === undefined ? { type: "string" } : (schema.additionalProperties as JsonSchema);
  /** The schema an undeclared key must meet: every matching patternProperties schema, else additionalProperties. */
  const schemaFor = (key: string): JsonSchema => {
    const matching = patterns.filter(([re]) => safeTest(re, key)).map(([, sub]) => sub);
    return matching.length === 0
      ? extra === true
        ? { type: "string" }
        : extra
      : matching.length === 1
        ? matching[0]!
        : { allOf: matching };
  };
  for (const key of required) if (!(key in out)) out[key] = child(schemaFor(key), key);
  const minProperties = typeof schema.minProperties === "number" ? schema.minProperties : 0;
  for (let i = 0; Object.keys(out).length < minProperties && i < minProperties + 8; i++) {
    const [re] = patterns[i % Math.max(patterns.length, 1)] ?? [];
    const key = re !== undefined ? stringForPattern(re, w.random) : extra === false ? undefined : `key${i}`;
    if (key !== undefined && !(key in out)) out[key] = child(re !== undefined ? schemaFor(key) : extra, key);
  }
  return out;
}

function safeTest(pattern: string, key: string): boolean {
  try {
    return new RegExp(pattern, "u").test(key);
  } catch {
    return false;
  }
}
