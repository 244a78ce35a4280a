/**
 * JSON values as the mocks compare them (the mock server, generator/mock/, and the test kit,
 * testing*.ts): equality that ignores key order and `undefined` entries, the canonical text that
 * seeds and example matching use, and own-property access that never reaches Object.prototype
 * (keys come from requests and specs: `__proto__` is data).
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Sets an own, enumerable property, whatever the key: `out["__proto__"] = v` would replace the
 * object's prototype instead (keys come from requests and specs). A key the object inherits
 * (`__proto__`, `toString`, or one a polluted prototype gained) is defined; any other is assigned
 * (defining every property made these objects slow dictionaries: 2.7 s of a 34 s profile of the
 * validators' differential test).
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__" || (!Object.hasOwn(target, key) && key in target))
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** The own property `key` of a record, never one inherited from Object.prototype. */
export function getOwn(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
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
  return JSON.stringify(value) ?? "null";
}
