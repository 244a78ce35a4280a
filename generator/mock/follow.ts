/**
 * A generated result made to agree with the request: wherever it has a property named like a
 * param (`blockchain`, `contractAddress`, `address`, `encoding`), that property repeats the
 * param's value, in the result and in its items and nested objects (a list param such as
 * `blockchain: ["eth", "bsc"]` is repeated in turn). results.ts keeps the change only when the
 * result still fits its schema, so the answer never breaks the spec to follow the request.
 */
import { isRecord } from "./json.js";

/** Nesting followed into the result; deeper values stay as generated. */
const MAX_DEPTH = 8;

export function followParams(value: unknown, named: Record<string, unknown>): unknown {
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
          : walk(inner, depth + 1);
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return walk(value, 0);
}
