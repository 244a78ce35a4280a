/**
 * A generated result made to agree with the request: wherever it has a property named like a
 * param (`blockchain`, `contractAddress`, `address`, `encoding`), that property repeats the
 * param's value, in the result and in its items and nested objects (a list param such as
 * `blockchain: ["eth", "bsc"]` is repeated in turn; the members of an options param such as
 * Solana's `config.encoding` count as params too, and account `data` of the form `[text,
 * encoding]` comes in the requested encoding). results.ts keeps the change only when the
 * result still fits its schema, so the answer never breaks the spec to follow the request.
 */
import { isRecord } from "./json.js";

/** Nesting followed into the result; deeper values stay as generated. */
const MAX_DEPTH = 8;

export function followParams(value: unknown, params: Record<string, unknown>): unknown {
  const named = flatParams(params);
  const counters = new Map<string, number>();
  const pick = (name: string, generated: unknown): unknown => {
    const param = named[name];
    if (Array.isArray(param)) {
      const options = param.filter((p) => typeof p === typeof generated && p !== null);
      if (options.length === 0) return generated;
      const n = counters.get(name) ?? 0;
      counters.set(name, n + 1);
      return options[n % options.length];
    }
    return typeof param === typeof generated && param !== null && typeof param !== "object" ? param : generated;
  };
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > MAX_DEPTH) return v;
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
    if (!isRecord(v)) return v;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(v)) {
      const value =
        Object.hasOwn(named, key) && (inner === null || typeof inner !== "object")
          ? pick(key, inner)
          : key === "data" && typeof named.encoding === "string" && isEncoded(inner)
            ? [encode(inner[0], named.encoding), named.encoding]
            : walk(inner, depth + 1);
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return walk(value, 0);
}

/** The params, with the members of object params (`config.encoding` as `encoding`) where no param has that name. */
function flatParams(params: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const value of Object.values(params))
    if (isRecord(value))
      for (const [key, inner] of Object.entries(value))
        if (!Object.hasOwn(params, key))
          Object.defineProperty(flat, key, { value: inner, enumerable: true, writable: true, configurable: true });
  for (const [key, value] of Object.entries(params))
    Object.defineProperty(flat, key, { value, enumerable: true, writable: true, configurable: true });
  return flat;
}

/** Account data as Solana sends it: `[text, encoding]`. */
function isEncoded(value: unknown): value is [string, string] {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "string";
}

/** Text in the requested encoding: base64 (also for `base64+zstd`) of the generated text; anything else as it is. */
function encode(text: string, encoding: string): string {
  return encoding.startsWith("base64") ? Buffer.from(text, "utf8").toString("base64") : text;
}
