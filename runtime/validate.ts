/**
 * Validator combinators. The generator compiles every schema of a spec into calls of these, one
 * constant per schema with named options (`v.integer({ min: 1, max: 10000 })`, see
 * `generated/src/<api>/validators.ts`), so the runtime carries no schema compiler and a call
 * interprets nothing: it runs the closures built when the definition was first used. Each
 * combinator is its own export, so a bundle carries only those its validators use.
 */
import { fail, jsonEqual, make, typeOf, type Issue, type Validator } from "./validate-core.js";

export { typeOf, unknown, type Issue, type Validator } from "./validate-core.js";
export {
  allOf,
  anyOf,
  array,
  hideValues,
  lazy,
  not,
  object,
  propertyCount,
  tagged,
  tuple,
  uniqueItems,
} from "./validate-shapes.js";

/** Accepts nothing (the schema `false`). */
export const never: Validator = /* @__PURE__ */ make([], "nothing", (value, path, issues) =>
  fail(issues, path, "false", "must not be present", value),
);

export const boolean: Validator = /* @__PURE__ */ make(
  ["boolean"],
  "boolean",
  (value, path, issues) => typeof value === "boolean" || fail(issues, path, "type", "must be a boolean", value),
);

export const nul: Validator = /* @__PURE__ */ make(
  ["null"],
  "null",
  (value, path, issues) => value === null || fail(issues, path, "type", "must be null", value),
);

export interface StringOptions {
  pattern?: RegExp;
  /** In characters (code points), as JSON Schema counts them. */
  minLength?: number;
  maxLength?: number;
}

export function string({ pattern, minLength, maxLength }: StringOptions = {}): Validator {
  return make(["string"], pattern ? `string matching ${pattern.source}` : "string", (value, path, issues) => {
    if (typeof value !== "string") return fail(issues, path, "type", "must be a string", value);
    if (pattern && !pattern.test(value)) return fail(issues, path, "pattern", `must match ${pattern.source}`, value);
    if (minLength === undefined && maxLength === undefined) return true;
    // JSON Schema counts characters (code points), not UTF-16 units.
    let length = 0;
    for (let i = 0; i < value.length; i++, length++) if (value.charCodeAt(i) >> 10 === 54 && i + 1 < value.length) i++;
    if (length < (minLength ?? 0))
      return fail(issues, path, "minLength", `must be at least ${minLength} characters long`, value);
    if (length > (maxLength ?? Infinity))
      return fail(issues, path, "maxLength", `must be at most ${maxLength} characters long`, value);
    return true;
  });
}

/** Bounds of a number; `min`/`max` are inclusive, `exclusiveMin`/`exclusiveMax` not. */
export interface NumberOptions {
  min?: number;
  max?: number;
  exclusiveMin?: number;
  exclusiveMax?: number;
}

/** Whether a number (or bigint) keeps to the bounds; records the first it breaks. */
function bounded(
  value: number | bigint,
  o: NumberOptions,
  path: string | undefined,
  issues: Issue[] | undefined,
): boolean {
  const { min, max, exclusiveMin: exMin, exclusiveMax: exMax } = o;
  if (min !== undefined && value < min) return fail(issues, path, "minimum", `must be at least ${min}`, value);
  if (max !== undefined && value > max) return fail(issues, path, "maximum", `must be at most ${max}`, value);
  if (exMin !== undefined && value <= exMin)
    return fail(issues, path, "exclusiveMinimum", `must be greater than ${exMin}`, value);
  if (exMax !== undefined && value >= exMax)
    return fail(issues, path, "exclusiveMaximum", `must be less than ${exMax}`, value);
  return true;
}

function numeric(integer: boolean, options: NumberOptions): Validator {
  return make(integer ? ["integer"] : ["integer", "number"], integer ? "integer" : "number", (value, path, issues) =>
    typeof value === "number" && Number.isFinite(value) && (!integer || Number.isInteger(value))
      ? bounded(value, options, path, issues)
      : fail(issues, path, "type", `must be ${integer ? "an integer" : "a number"}`, value),
  );
}

/** Whole numbers (`type: integer`). */
export function integer(options: NumberOptions = {}): Validator {
  return numeric(true, options);
}

/** Any finite number (`type: number`). */
export function number(options: NumberOptions = {}): Validator {
  return numeric(false, options);
}

/** An unsigned 64-bit integer (`format: uint64`): a `bigint`, or a safe integer `number`; at least 0. */
export function uint64(options: NumberOptions = {}): Validator {
  return make(["integer", "bigint"], "unsigned 64-bit integer", (value, path, issues) => {
    if (typeof value === "bigint")
      return value >= 0n && value <= 18446744073709551615n
        ? bounded(value, options, path, issues)
        : fail(issues, path, "format", "must be an unsigned 64-bit integer (0 to 18446744073709551615)", value);
    if (!Number.isInteger(value)) return fail(issues, path, "type", "must be an integer (number or bigint)", value);
    if (!Number.isSafeInteger(value))
      return fail(issues, path, "format", "must be a bigint when above 2^53 - 1, or it loses precision", value);
    return bounded(value as number, { ...options, min: Math.max(options.min ?? 0, 0) }, path, issues);
  });
}

/** `enum` and `const`: one of the given JSON values. */
export function literal(values: readonly unknown[]): Validator {
  // A huge enum is named by its first values in messages.
  const named = values.slice(0, 20).map((v) => JSON.stringify(v));
  if (values.length > 20) named.push(`… (${values.length} values)`);
  const label = named.join(", ");
  // Primitives are looked up in a Set; objects compare as JSON.
  const set = new Set(values);
  const objects = values.filter((v) => v !== null && typeof v === "object");
  const one = values.length === 1;
  return make(
    [...new Set(values.map(typeOf))],
    one ? label : `one of ${label}`,
    (value, path, issues) =>
      set.has(value) ||
      (objects.length > 0 && objects.some((v) => jsonEqual(v, value))) ||
      fail(issues, path, one ? "const" : "enum", one ? `must be ${label}` : `must be one of ${label}`, value),
  );
}

/** `multipleOf`: a number that is a whole multiple of `step` (allowing for binary fractions: 0.3 of 0.1). */
export function multipleOf(step: number): Validator {
  return make(["integer", "number"], `multiple of ${step}`, (value, path, issues) => {
    const q = typeof value === "number" ? value / step : 0;
    return (
      Math.abs(q - Math.round(q)) < 1e-9 || fail(issues, path, "multipleOf", `must be a multiple of ${step}`, value)
    );
  });
}
