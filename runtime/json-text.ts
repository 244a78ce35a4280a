/**
 * The JSON every call needs, apart from the exact-integer parser (json.ts, which only the methods
 * whose result has u64 fields need on the success path, see exact.ts): params written with their
 * `bigint`s as plain JSON integers, and the depth guard of an answer.
 */

/**
 * @internal Prefix of the strings that stand for long integers between the two parsing steps (json.ts),
 * and for `bigint`s while `stringifyJson` writes them. The random part means a string a server sends can
 * never be mistaken for one.
 */
export const INTEGER_MARK = `\u0000${Math.random().toString(36).slice(2, 10)}:`;
const MARK = INTEGER_MARK;
const MARK_JSON = MARK.replace("\u0000", "\\u0000");

/**
 * Whether a parsed JSON value nests arrays/objects deeper than `max` levels. The runtime and its
 * users walk values recursively; a 100 000-deep answer would overflow the stack there.
 */
export function deeperThan(value: unknown, max: number): boolean {
  if (value === null || typeof value !== "object") return false;
  return nestsDeeper(value, max);
}

/** `deeperThan` for an object or array; leaves are skipped without a call (most of a large answer is leaves). */
function nestsDeeper(value: object, max: number): boolean {
  if (max === 0) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === "object" && nestsDeeper(item, max - 1)) return true;
    }
    return false;
  }
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== null && typeof item === "object" && nestsDeeper(item, max - 1)) return true;
  }
  return false;
}

/** `JSON.stringify` that writes `bigint`s as plain JSON integers. */
export function stringifyJson(value: unknown): string {
  // Most values hold no bigint: plain JSON.stringify (no replacer call per value) throws on the first one.
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  let sawBigInt = false;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v !== "bigint") return v;
    sawBigInt = true;
    return `${MARK}${v}`;
  });
  return sawBigInt
    ? text
        .split(`"${MARK_JSON}`)
        .map((part, i) => (i === 0 ? part : part.replace(/^(-?\d+)"/, "$1")))
        .join("")
    : text;
}
