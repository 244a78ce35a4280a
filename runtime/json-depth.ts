/**
 * The depth guard of an answer, which every call needs: apart from the exact-integer JSON of json.ts,
 * which only the methods with u64 values need on the success path (exact.ts) and the failure path.
 */

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
