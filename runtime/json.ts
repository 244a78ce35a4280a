/**
 * Exact numbers. `JSON.parse` turns 18446744073709551615 into 18446744073709552000; Solana u64
 * values (lamports, rentEpoch, slot, …) need every digit. Integers too long to be safe are
 * marked in the raw text before parsing, and the fields the spec types `uint64` become `bigint`.
 * Text without long integers takes the plain `JSON.parse` path.
 */

/** Where the u64 fields of a value are: `true` for this value, a key per property, `*` for array items. */
export type U64Map = true | { readonly [key: string]: U64Map };

/**
 * @internal Prefix of the strings that stand for long integers between the two parsing steps. The random
 * part means a string a server sends can never be mistaken for one.
 */
export const INTEGER_MARK = `\u0000${Math.random().toString(36).slice(2, 10)}:`;
const MARK = INTEGER_MARK;
const MARK_JSON = MARK.replace("\u0000", "\\u0000");
/** A digit run long enough to be unsafe, right after a JSON delimiter (a cheap pre-check). */
const MAYBE_BIG = /[:,[]\s*-?\d{16}/;
/**
 * Strings (kept as they are) or integer literals of 16+ digits (wrapped as marked strings).
 * Digits of a fraction or an exponent are not integer literals: the look-behind skips them.
 */
const TOKENS = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?![\d.eE])/g;

/** Parses JSON text; integer literals beyond 2^53 survive as marked strings until `restoreNumbers`. */
export function parseJson(text: string): { value: unknown; marked: boolean } {
  if (!MAYBE_BIG.test(text)) return { value: JSON.parse(text), marked: false };
  let marked = false;
  const rewritten = text.replace(TOKENS, (token) => {
    if (token.charCodeAt(0) === 34 /* " */) return token;
    const n = Number(token);
    if (Number.isSafeInteger(n)) return token;
    marked = true;
    return `"${MARK_JSON}${token}"`;
  });
  return { value: JSON.parse(rewritten), marked };
}

function toBigInt(value: unknown): unknown {
  if (typeof value === "number" && Number.isInteger(value)) return BigInt(value);
  if (typeof value === "string" && value.startsWith(MARK)) return BigInt(value.slice(MARK.length));
  return value;
}

/** Sets `record[key]` as an own data property (a `__proto__` key must not reach the prototype setter). */
function put(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
  else record[key] = value;
}

/** Turns the fields named by `map` into `bigint`s (in place; returns the new root). */
export function applyU64(value: unknown, map: U64Map): unknown {
  if (map === true) return toBigInt(value);
  if (Array.isArray(value)) {
    const items = Object.hasOwn(map, "*") ? map["*"] : undefined;
    if (items) for (let i = 0; i < value.length; i++) value[i] = applyU64(value[i], items);
    return value;
  }
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(map)) {
      if (key !== "*" && Object.hasOwn(record, key) && record[key] !== undefined)
        put(record, key, applyU64(record[key], map[key]!));
    }
  }
  return value;
}

/** Turns marked strings that no u64 field claimed back into (lossy) numbers, as `JSON.parse` would. */
export function restoreNumbers(value: unknown): unknown {
  if (typeof value === "string") return value.startsWith(MARK) ? Number(value.slice(MARK.length)) : value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = restoreNumbers(value[i]);
  } else if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const v = record[key];
      const restored = restoreNumbers(v);
      if (restored !== v) put(record, key, restored);
    }
  }
  return value;
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
