/**
 * What every validator combinator shares (validate.ts, validate-shapes.ts): the `Issue` and
 * `Validator` shapes, and how a failure is recorded. A validator answers in two steps: `is(value)`,
 * a check that builds no path, message or array, and — only when it fails — the call
 * `(value, path, issues)`, which says where and why. A valid call therefore allocates nothing.
 */

/** One problem with one value: where it is, which rule it breaks, and what was there. */
export interface Issue {
  /** Path of the value: `params.blockchain[1]`. */
  path: string;
  /** The rule broken: a JSON Schema keyword (`enum`, `maximum`, …) or an `x-limits` rule. */
  rule: string;
  /** A sentence fragment saying what is expected: `must be at most 10000`. */
  message: string;
  /** JSON type of the value found: `string`, `integer`, `array`, `undefined`, … */
  received: string;
  /** The value found, as short JSON (at most 40 characters); absent when nothing was there or it is not shown. */
  value?: string;
}

export interface Validator {
  /** Checks `value`; on failure appends what is wrong (with paths under `path`) to `issues`. */
  (value: unknown, path: string, issues: Issue[]): boolean;
  /** Whether `value` passes, without saying why not. */
  is(value: unknown): boolean;
  /** JSON types this validator can accept (used to pick the closest `anyOf` branch). */
  types: readonly string[];
  /** Short description for messages: `string`, `"latest"`, `array`. */
  label: string;
}

export function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** A validator from its fast check and its explanation (called only when the check fails). */
export function make(
  types: readonly string[],
  label: string,
  is: (value: unknown) => boolean,
  explain: (value: unknown, path: string, issues: Issue[]) => boolean,
): Validator {
  const check = (value: unknown, path: string, issues: Issue[]): boolean => is(value) || explain(value, path, issues);
  return Object.assign(check, { is, types, label });
}

const MAX_SHOWN = 40;

/** `value` as short JSON for a message: `20000`, `"0xZZ"`, `{"a":1,…`, `12n`. */
export function shown(value: unknown): string | undefined {
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return undefined;
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "number") return String(value);
  let text: string | undefined;
  try {
    text = JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? `${v}n` : v));
  } catch {
    return undefined; // a cycle, or a throwing toJSON: the type says enough
  }
  if (text === undefined) return undefined;
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

export function fail(issues: Issue[], path: string, rule: string, message: string, value: unknown): false {
  const text = shown(value);
  issues.push(
    text === undefined
      ? { path, rule, message, received: typeOf(value) }
      : { path, rule, message, received: typeOf(value), value: text },
  );
  return false;
}

/** Accepts anything (the schema `true` or `{}`). */
export const unknown: Validator = make(
  ["any"],
  "any value",
  () => true,
  () => true,
);

/** `path.key`, or `path["na-me"]` when the key is not an identifier. */
export const member = (path: string, key: string): string =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/** JSON equality: objects compare by keys and values, whatever their order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as unknown[]).length && a.every((x, i) => jsonEqual(x, (b as unknown[])[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        Object.prototype.hasOwnProperty.call(b, k) &&
        jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}
