/**
 * Query keys of the TanStack Query option factories (each client's `./<subpath>/query` module):
 * `[scope, method, ...parts]` as plain JSON values, so that TanStack's key hash (`JSON.stringify`
 * with sorted object keys) gives the same hash for the same call and never meets a `bigint`,
 * which `JSON.stringify` refuses: an exact integer becomes `{ $bigint: "18446744073709551615" }`.
 * Properties whose value is `undefined` are left out, as a request leaves them out.
 */
export function queryKey(scope: string, method: string, ...parts: unknown[]): readonly unknown[] {
  return [scope, method, ...parts.map(keyValue)];
}

function keyValue(value: unknown): unknown {
  if (typeof value === "bigint") return { $bigint: value.toString() };
  if (Array.isArray(value)) return value.map(keyValue);
  if (value !== null && typeof value === "object")
    // Object.fromEntries defines own properties: a `__proto__` key stays data.
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, keyValue(v)]),
    );
  return value;
}
