/**
 * JSON for the mock server: exact parsing (integers beyond 2^53 become `bigint`, so a u64 sent
 * or stored is answered digit for digit), exact writing, and the comparisons and canonical text
 * that example matching and seeding need.
 */
import { INTEGER_MARK, parseJson, stringifyJson } from "../../runtime/json.js";
import { isRecord } from "../../runtime/mock-json.js";

export { stringifyJson };
// Shared with the test kit (runtime/testing*.ts), which makes its values with the same maker.
export { canonical, getOwn, isRecord, jsonEqual, setOwn, toPlain } from "../../runtime/mock-json.js";

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

/** The JSON type of a value, as messages name it: `null`, `array`, `integer`, `number`, `string`, … */
export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "bigint") return "integer";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}
