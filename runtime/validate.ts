/**
 * Validator combinators. The generator compiles every schema of a spec into calls of these, one
 * constant per schema with named options (`v.integer({ min: 1, max: 10000 })`, see
 * `generated/src/<api>/validators.ts`), so the runtime carries no schema compiler and a call
 * interprets nothing: it runs the checks built when the definition was first used. Each
 * combinator is its own export, so a bundle carries only those its validators use. They only say
 * whether a value passes; validate-explain.ts, on the failure path, says where and why not.
 */
import {
  brokenBound,
  characters,
  jsonEqual,
  make,
  type NumberOptions,
  type StringOptions,
  type Validator,
} from "./validate-core.js";

export {
  characters,
  has,
  unknown,
  type ArrayOptions,
  type Issue,
  type NumberOptions,
  type ObjectOptions,
  type Shape,
  type StringOptions,
  type TupleOptions,
  type UnionOptions,
  type Validator,
} from "./validate-core.js";
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
export const never: Validator = /* @__PURE__ */ make({ kind: "never" }, () => false);

export const boolean: Validator = /* @__PURE__ */ make({ kind: "boolean" }, (value) => typeof value === "boolean");

export const nul: Validator = /* @__PURE__ */ make({ kind: "null" }, (value) => value === null);

export function string(options: StringOptions = {}): Validator {
  const { pattern, minLength, maxLength } = options;
  const counted = minLength !== undefined || maxLength !== undefined;
  return make({ kind: "string", options }, (value) => {
    if (typeof value !== "string" || (pattern && !pattern.test(value))) return false;
    if (!counted) return true;
    const length = characters(value);
    return length >= (minLength ?? 0) && length <= (maxLength ?? Infinity);
  });
}

function numeric(kind: "integer" | "number", options: NumberOptions): Validator {
  return make(
    { kind, options },
    (value) =>
      typeof value === "number" &&
      Number.isFinite(value) &&
      (kind === "number" || Number.isInteger(value)) &&
      brokenBound(value, options) === undefined,
  );
}

/** Whole numbers (`type: integer`). */
export function integer(options: NumberOptions = {}): Validator {
  return numeric("integer", options);
}

/** Any finite number (`type: number`). */
export function number(options: NumberOptions = {}): Validator {
  return numeric("number", options);
}

/** An unsigned 64-bit integer (`format: uint64`): a `bigint`, or a safe integer `number`; at least 0. */
export function uint64(options: NumberOptions = {}): Validator {
  const unsigned = { ...options, min: Math.max(options.min ?? 0, 0) };
  return make({ kind: "uint64", options }, (value) =>
    typeof value === "bigint"
      ? value >= 0n && value <= 18446744073709551615n && brokenBound(value, options) === undefined
      : Number.isSafeInteger(value) && brokenBound(value as number, unsigned) === undefined,
  );
}

/** `enum` and `const`: one of the given JSON values. */
export function literal(values: readonly unknown[]): Validator {
  // Primitives are looked up in a Set; objects compare as JSON.
  const set = new Set(values);
  const objects = values.filter((v) => v !== null && typeof v === "object");
  return make(
    { kind: "literal", values },
    (value) => set.has(value) || (objects.length > 0 && objects.some((v) => jsonEqual(v, value))),
  );
}

/** `multipleOf`: a number that is a whole multiple of `step` (allowing for binary fractions: 0.3 of 0.1). */
export function multipleOf(step: number): Validator {
  return make({ kind: "multipleOf", step }, (value) => {
    const q = typeof value === "number" ? value / step : 0;
    return Math.abs(q - Math.round(q)) < 1e-9;
  });
}

// Chunking (docs/DECISIONS.md, "One shared start chunk"): the modules the start shares with the
// failure path and extras.ts (the error base, the defaults, the JSON writer, the params' pass check) are re-exported here, so
// the lazy result validators reach them as well and every lazy chunk reaches the same start modules
// as the others; esbuild then makes one shared chunk of them, not two. Unused, they cost nothing.
export { RpcClientError } from "./base-error.js";
export { DEFAULT_TIMEOUT } from "./defaults.js";
export { deeperThan } from "./json-depth.js";
export { paramsPass } from "./params-check.js";
