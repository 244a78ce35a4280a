/**
 * What every validator combinator shares (validate.ts, validate-shapes.ts): the `Issue` and
 * `Validator` shapes, and how a failure is recorded. Each combinator is one `Check` run in two
 * modes: without an issue list it answers yes or no at the first problem and builds no path,
 * message or array (a valid call allocates nothing); only when that says no is it run again with
 * a list, to say where and why.
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

/** A combinator's check: with `issues`, every problem is recorded; without, it stops at the first. */
export type Check = (value: unknown, path?: string, issues?: Issue[]) => boolean;

export function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/**
 * A validator from its check: `is` is the check itself (no list), and the call runs it again with
 * a list only when that fails. Parents call their children's `is` directly, so a valid value goes
 * through no wrapper at all.
 */
export function make(types: readonly string[], label: string, check: Check): Validator {
  const run = (value: unknown, path: string, issues: Issue[]): boolean => check(value) || check(value, path, issues);
  return Object.assign(run, { is: check, types, label });
}

/** `value` as short JSON for a message (at most 40 characters): `20000`, `"0xZZ"`, `{"a":1,…`, `12n`. */
export function shown(value: unknown): string | undefined {
  try {
    const text = typeof value === "bigint" ? `${value}n` : JSON.stringify(value);
    return text && text.length > 40 ? `${text.slice(0, 39)}…` : text;
  } catch {
    return undefined; // a cycle, a bigint inside, a throwing toJSON: the type says enough
  }
}

/** Records a problem (when there is a list to record it in); always `false`. */
export function fail(
  issues: Issue[] | undefined,
  path: string | undefined,
  rule: string,
  message: string,
  value: unknown,
): false {
  if (issues) {
    const issue: Issue = { path: path ?? "", rule, message, received: typeOf(value) };
    const text = value === undefined ? undefined : shown(value);
    if (text !== undefined) issue.value = text;
    issues.push(issue);
  }
  return false;
}

/** Accepts anything (the schema `true` or `{}`). */
export const unknown: Validator = /* @__PURE__ */ make(["any"], "any value", () => true);

/** `path.key`, or `path["na-me"]` when the key is not an identifier. */
export const member = (path: string | undefined, key: string): string =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/** JSON equality: objects compare by keys and values, whatever their order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || !a || !b || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  return (
    ka.length === Object.keys(b).length &&
    ka.every(
      (k) =>
        Object.prototype.hasOwnProperty.call(b, k) &&
        jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}
