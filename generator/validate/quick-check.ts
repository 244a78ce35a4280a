/**
 * A first, compile-free pass of the examples check (examples.ts): walks a JSON Schema over a
 * value for the keywords blockchain documents use. It answers `true` only when the value
 * certainly fits; `false` or `undefined` (a keyword it does not know, a `$ref` with siblings…)
 * send the value to ajv, which decides and words the errors. So it can only ever save ajv's
 * compile time, never hide a problem ajv would report, as long as `true` is never wrong.
 */
import type { JsonSchema } from "../model.js";

/** Keywords that never make a value invalid (annotations, and `format`: formats are not validated there). */
const IGNORED = new Set(["title", "description", "examples", "example", "default", "deprecated", "$comment", "readOnly", "writeOnly", "format", "definitions", "$defs", "$schema"]);

const TYPES: Record<string, (v: unknown) => boolean> = {
  null: (v) => v === null,
  boolean: (v) => typeof v === "boolean",
  number: (v) => typeof v === "number" && Number.isFinite(v),
  integer: (v) => typeof v === "number" && Number.isInteger(v),
  string: (v) => typeof v === "string",
  array: (v) => Array.isArray(v),
  object: (v) => v !== null && typeof v === "object" && !Array.isArray(v),
};

/** `true` when `value` certainly fits `schema` (references resolved in `definitions`), else `false` or `undefined` (ask ajv). */
export function surelyValid(schema: JsonSchema, value: unknown, definitions: ReadonlyMap<string, JsonSchema>, depth = 0): boolean | undefined {
  if (schema === true) return true;
  if (schema === false) return false;
  if (depth > 64) return undefined;
  const s = schema as Record<string, unknown>;
  const sub = (child: unknown, v: unknown): boolean | undefined => surelyValid(child as JsonSchema, v, definitions, depth + 1);
  for (const key of Object.keys(s)) {
    // `x-` keys are extensions (x-response-deviations…), which ajv ignores as unknown keywords.
    if (IGNORED.has(key) || key.startsWith("x-")) continue;
    const keyword = s[key];
    let ok: boolean | undefined;
    switch (key) {
      case "$ref": {
        const name = typeof keyword === "string" && keyword.startsWith("#/definitions/") ? keyword.slice("#/definitions/".length) : undefined;
        const target = name !== undefined && !/[~%/]/.test(name) ? definitions.get(name) : undefined;
        ok = target === undefined ? undefined : sub(target, value);
        break;
      }
      case "type": {
        const types = Array.isArray(keyword) ? keyword : [keyword];
        if (!types.every((t) => typeof t === "string" && t in TYPES)) return undefined;
        ok = types.some((t) => TYPES[t as string]!(value));
        break;
      }
      case "enum":
        ok = Array.isArray(keyword) ? keyword.some((e) => equal(e, value)) : undefined;
        break;
      case "const":
        ok = equal(keyword, value);
        break;
      case "required":
        ok = !TYPES.object!(value) || (Array.isArray(keyword) && keyword.every((k) => typeof k === "string" && Object.prototype.hasOwnProperty.call(value, k)));
        break;
      case "properties":
      case "patternProperties":
      case "additionalProperties":
        ok = key === "additionalProperties" || !("additionalProperties" in s) ? objectMembers(s, value, sub) : true;
        break;
      case "items":
      case "additionalItems":
        ok = key === "additionalItems" && "items" in s ? true : arrayItems(s, value, sub);
        break;
      case "minItems":
      case "maxItems":
        ok = !Array.isArray(value) || (typeof keyword === "number" && (key === "minItems" ? value.length >= keyword : value.length <= keyword));
        break;
      case "minLength":
      case "maxLength":
        ok = typeof value !== "string" || (typeof keyword === "number" && (key === "minLength" ? [...value].length >= keyword : [...value].length <= keyword));
        break;
      case "pattern":
        ok = typeof value !== "string" || (typeof keyword === "string" ? matches(keyword, value) : undefined);
        break;
      case "minimum":
      case "maximum":
      case "exclusiveMinimum":
      case "exclusiveMaximum":
        ok = typeof value !== "number" || (typeof keyword === "number" ? compare(key, value, keyword) : undefined);
        break;
      case "allOf":
        ok = Array.isArray(keyword) ? all(keyword.map((c) => sub(c, value))) : undefined;
        break;
      case "anyOf":
        ok = Array.isArray(keyword) ? (keyword.some((c) => sub(c, value) === true) ? true : undefined) : undefined;
        break;
      case "oneOf":
        // Exactly one branch must fit: only sure when one fits and every other one surely does not.
        ok = Array.isArray(keyword) ? oneOf(keyword.map((c) => sub(c, value))) : undefined;
        break;
      default:
        return undefined;
    }
    if (ok !== true) return ok;
  }
  return true;
}

function objectMembers(s: Record<string, unknown>, value: unknown, sub: (child: unknown, v: unknown) => boolean | undefined): boolean | undefined {
  if (!TYPES.object!(value)) return true;
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const patterns = Object.entries((s.patternProperties ?? {}) as Record<string, unknown>);
  const results: (boolean | undefined)[] = [];
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    let matched = false;
    if (Object.prototype.hasOwnProperty.call(properties, key)) {
      matched = true;
      results.push(sub(properties[key], v));
    }
    for (const [pattern, child] of patterns) {
      const hit = matches(pattern, key);
      if (hit === undefined) return undefined;
      if (hit) {
        matched = true;
        results.push(sub(child, v));
      }
    }
    if (!matched && "additionalProperties" in s) results.push(sub(s.additionalProperties, v));
  }
  return all(results);
}

function arrayItems(s: Record<string, unknown>, value: unknown, sub: (child: unknown, v: unknown) => boolean | undefined): boolean | undefined {
  if (!Array.isArray(value)) return true;
  const items = s.items;
  if (items === undefined) return true;
  if (!Array.isArray(items)) return all(value.map((v) => sub(items, v)));
  return all(value.map((v, i) => (i < items.length ? sub(items[i], v) : "additionalItems" in s ? sub(s.additionalItems, v) : true)));
}

function all(results: (boolean | undefined)[]): boolean | undefined {
  if (results.includes(false)) return false;
  return results.every((r) => r === true) ? true : undefined;
}

function oneOf(results: (boolean | undefined)[]): boolean | undefined {
  const fits = results.filter((r) => r === true).length;
  return fits === 1 && results.every((r) => r === true || r === false) ? true : undefined;
}

function compare(key: string, value: number, limit: number): boolean {
  if (key === "minimum") return value >= limit;
  if (key === "maximum") return value <= limit;
  if (key === "exclusiveMinimum") return value > limit;
  return value < limit;
}

const patterns = new Map<string, RegExp | undefined>();

/** ajv's test of `pattern` (a unicode RegExp); `undefined` when the pattern does not compile. */
function matches(pattern: string, text: string): boolean | undefined {
  if (!patterns.has(pattern)) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(pattern, "u");
    } catch {
      re = undefined;
    }
    patterns.set(pattern, re);
  }
  return patterns.get(pattern)?.test(text);
}

/** JSON equality, as ajv's `enum`/`const` compare. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => equal(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
