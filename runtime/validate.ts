/**
 * Validator combinators. The generator compiles every schema of a spec into calls of these, one
 * constant per schema with named options (`v.integer({ min: 1, max: 10000 })`, see
 * `generated/src/<api>/validators.ts`), so the runtime carries no schema compiler and a call
 * interprets nothing: it runs the closures built when the module loaded. Each combinator is
 * its own export, so a bundle carries only those its validators use.
 */
import { fail, jsonEqual, make, typeOf, type Validator } from "./validate-core.js";

export { typeOf, unknown, type Issue, type Validator } from "./validate-core.js";
export { allOf, anyOf, array, hideValues, lazy, not, object, tuple } from "./validate-shapes.js";

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++, n++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) i++;
  }
  return n;
}

/** Accepts nothing (the schema `false`). */
export const never: Validator = make(
  [],
  "nothing",
  () => false,
  (value, path, issues) => fail(issues, path, "false", "must not be present", value),
);

export const boolean: Validator = make(
  ["boolean"],
  "boolean",
  (value) => typeof value === "boolean",
  (value, path, issues) => fail(issues, path, "type", "must be a boolean", value),
);

export const nul: Validator = make(
  ["null"],
  "null",
  (value) => value === null,
  (value, path, issues) => fail(issues, path, "type", "must be null", value),
);

export interface StringOptions {
  pattern?: RegExp;
  /** In characters (code points), as JSON Schema counts them. */
  minLength?: number;
  maxLength?: number;
}

export function string(options: StringOptions = {}): Validator {
  const { pattern, minLength, maxLength } = options;
  const counted = minLength !== undefined || maxLength !== undefined;
  const rule = (value: string): string | undefined => {
    if (pattern && !pattern.test(value)) return "pattern";
    if (!counted) return undefined;
    const length = codePoints(value);
    if (minLength !== undefined && length < minLength) return "minLength";
    if (maxLength !== undefined && length > maxLength) return "maxLength";
    return undefined;
  };
  return make(
    ["string"],
    pattern ? `string matching ${pattern.source}` : "string",
    (value) => typeof value === "string" && rule(value) === undefined,
    (value, path, issues) => {
      if (typeof value !== "string") return fail(issues, path, "type", "must be a string", value);
      const broken = rule(value);
      const message =
        broken === "pattern"
          ? `must match ${pattern!.source}`
          : broken === "minLength"
            ? `must be at least ${minLength} characters long`
            : `must be at most ${maxLength} characters long`;
      return fail(issues, path, broken!, message, value);
    },
  );
}

/** Bounds of a number; `min`/`max` are inclusive, `exclusiveMin`/`exclusiveMax` not. */
export interface NumberOptions {
  min?: number;
  max?: number;
  exclusiveMin?: number;
  exclusiveMax?: number;
  multipleOf?: number;
}

/** The bound a number breaks, with its message, or `undefined`. */
function outOfBounds(value: number | bigint, o: NumberOptions): [rule: string, message: string] | undefined {
  if (o.min !== undefined && value < o.min) return ["minimum", `must be at least ${o.min}`];
  if (o.max !== undefined && value > o.max) return ["maximum", `must be at most ${o.max}`];
  if (o.exclusiveMin !== undefined && value <= o.exclusiveMin)
    return ["exclusiveMinimum", `must be greater than ${o.exclusiveMin}`];
  if (o.exclusiveMax !== undefined && value >= o.exclusiveMax)
    return ["exclusiveMaximum", `must be less than ${o.exclusiveMax}`];
  if (o.multipleOf !== undefined && typeof value === "number" && !isMultiple(value, o.multipleOf))
    return ["multipleOf", `must be a multiple of ${o.multipleOf}`];
  return undefined;
}

/** Whether `value` is a multiple of `step`, allowing for binary fractions (0.3 of 0.1). */
function isMultiple(value: number, step: number): boolean {
  const q = value / step;
  return Math.abs(q - Math.round(q)) < 1e-9;
}

function numeric(integer: boolean, options: NumberOptions): Validator {
  const fits = (value: unknown): value is number => isNum(value) && (!integer || Number.isInteger(value));
  return make(
    integer ? ["integer"] : ["integer", "number"],
    integer ? "integer" : "number",
    (value) => fits(value) && outOfBounds(value, options) === undefined,
    (value, path, issues) => {
      if (!fits(value)) return fail(issues, path, "type", `must be ${integer ? "an integer" : "a number"}`, value);
      const [rule, message] = outOfBounds(value, options)!;
      return fail(issues, path, rule, message, value);
    },
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

const U64_MAX = 18446744073709551615n;

/** The problem with a u64 value, or `undefined`. */
function u64Problem(value: unknown, options: NumberOptions): [rule: string, message: string] | undefined {
  if (typeof value === "bigint")
    return value >= 0n && value <= U64_MAX
      ? outOfBounds(value, options)
      : ["format", "must be an unsigned 64-bit integer (0 to 18446744073709551615)"];
  if (!isNum(value) || !Number.isInteger(value)) return ["type", "must be an integer (number or bigint)"];
  if (!Number.isSafeInteger(value)) return ["format", "must be a bigint when above 2^53 - 1, or it loses precision"];
  return value < 0 ? ["minimum", "must be at least 0"] : outOfBounds(value, options);
}

/** An unsigned 64-bit integer (`format: uint64`): a `bigint`, or a safe integer `number`; at least 0. */
export function uint64(options: NumberOptions = {}): Validator {
  return make(
    ["integer", "bigint"],
    "unsigned 64-bit integer",
    (value) => u64Problem(value, options) === undefined,
    (value, path, issues) => {
      const [rule, message] = u64Problem(value, options)!;
      return fail(issues, path, rule, message, value);
    },
  );
}

/** `enum` and `const`: one of the given JSON values. */
export function literal(values: readonly unknown[]): Validator {
  // A huge enum is named by its first values in messages.
  const named =
    values.length > 20
      ? [...values.slice(0, 20).map((v) => JSON.stringify(v)), `… (${values.length} values)`]
      : values.map((v) => JSON.stringify(v));
  const label = named.join(", ");
  const primitive = values.every((v) => v === null || typeof v !== "object");
  // A long list of primitives is looked up in a Set; objects compare as JSON.
  const set = primitive && values.length > 8 ? new Set(values) : undefined;
  const is = set
    ? (value: unknown) => set.has(value)
    : primitive
      ? (value: unknown) => values.includes(value)
      : (value: unknown) => values.some((v) => jsonEqual(v, value));
  const one = values.length === 1;
  return make([...new Set(values.map(typeOf))], one ? label : `one of ${label}`, is, (value, path, issues) =>
    fail(issues, path, one ? "const" : "enum", one ? `must be ${label}` : `must be one of ${label}`, value),
  );
}
