/**
 * Own-property helpers for objects whose keys come from a spec. `obj[key] = v` with key
 * `__proto__` sets the prototype instead of a property, and `obj[key]` with key `toString`
 * finds an inherited function: these never do either.
 */

/** Defines `key` as an own, enumerable property (also when it is `__proto__`). */
export function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** The own property `key` of `record`, or `undefined` (never an inherited one). */
export function getOwn<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

export function hasOwn(record: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}
