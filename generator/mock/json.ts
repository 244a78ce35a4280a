/**
 * JSON for the mock server: exact parsing (integers beyond 2^53 become `bigint`, so a u64 sent
 * or stored is answered digit for digit), exact writing, and the comparisons and canonical text
 * that example matching and seeding need.
 */
import { INTEGER_MARK, parseJson, stringifyJson } from "../../runtime/json.js";

export { stringifyJson };

/** Parses JSON text; integer literals too long for a double become `bigint`. Throws SyntaxError. */
export function parseExact(text: string): unknown {
  const { value, marked } = parseJson(text);
  return marked ? restoreBigInts(value) : value;
}

function restoreBigInts(value: unknown): unknown {
  if (typeof value === "string")
    return value.startsWith(INTEGER_MARK) ? BigInt(value.slice(INTEGER_MARK.length)) : value;
  if (Array.isArray(value)) return value.map(restoreBigInts);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, restoreBigInts(v)]));
  return value;
}

/** A copy with `bigint`s as (possibly inexact) numbers and `undefined` entries dropped, as ajv and `JSON.parse` see it. */
export function toPlain(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(toPlain);
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) setOwn(out, k, toPlain(v));
    return out;
  }
  return value;
}

/** JSON equality after `toPlain`: object key order does not matter, `undefined` entries are absent. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return canonical(toPlain(a)) === canonical(toPlain(b));
}

/** Stable JSON text: keys sorted, `undefined` entries dropped, `bigint`s as their digits. */
export function canonical(value: unknown): string {
  if (typeof value === "bigint") return value.toString();
  if (value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Sets an own, enumerable property, whatever the key: `out["__proto__"] = v` would replace the
 * object's prototype instead (keys come from requests and specs, so they are never assigned).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The own property `key` of a record, never one inherited from Object.prototype. */
export function getOwn(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/**
 * Whether JSON text nests arrays and objects deeper than `max`: a linear scan (strings skipped),
 * run before parsing, so nothing recursive ever sees a 100,000-level document.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The JSON type of a value, as messages name it: `null`, `array`, `integer`, `number`, `string`, … */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "bigint") return "integer";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}
