/**
 * What every validator combinator shares (validate.ts, validate-shapes.ts): the `Issue` and
 * `Validator` shapes. A validator on the success path only says whether a value passes (`is`),
 * and builds no path, message or array. Where and why a value fails is said on the failure path by
 * validate-explain.ts, which reads the validator's `shape` (what it was built from); so an app
 * whose calls pass never loads a message.
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

export interface StringOptions {
  pattern?: RegExp;
  /** In characters (code points), as JSON Schema counts them. */
  minLength?: number;
  maxLength?: number;
}

/** Bounds of a number; `min`/`max` are inclusive, `exclusiveMin`/`exclusiveMax` not. */
export interface NumberOptions {
  min?: number;
  max?: number;
  exclusiveMin?: number;
  exclusiveMax?: number;
}

export interface ArrayOptions {
  minItems?: number;
  maxItems?: number;
}

export interface TupleOptions extends ArrayOptions {
  /** Items past the tuple (`additionalItems`): a validator, or `false` for none. Any item by default. */
  rest?: Validator | false;
}

export interface ObjectOptions {
  /** Keys that must be present (as own properties, not `undefined`). */
  required?: readonly string[];
  /** Keys matched by neither a property nor a pattern: a validator, or `false` to reject them. Any by default. */
  additional?: Validator | false;
  /** `patternProperties`: key pattern → validator, checked for every key the pattern matches. */
  patterns?: readonly (readonly [RegExp, Validator])[];
}

export interface UnionOptions {
  /** The keyword reported when no branch passes: `anyOf` (default), `oneOf`, or `type` (a list of types). */
  rule?: "anyOf" | "oneOf" | "type";
  /** The branches' names for messages (their type name or title). */
  names?: readonly (string | undefined)[];
}

/** What a validator was built from: read by validate-explain.ts to say why a value fails. */
export type Shape =
  | { readonly kind: "unknown" | "never" | "boolean" | "null" | "uniqueItems" }
  | { readonly kind: "string"; readonly options: StringOptions }
  | { readonly kind: "integer" | "number" | "uint64"; readonly options: NumberOptions }
  | { readonly kind: "literal"; readonly values: readonly unknown[] }
  | { readonly kind: "multipleOf"; readonly step: number }
  | { readonly kind: "array"; readonly items: Validator; readonly options: ArrayOptions }
  | { readonly kind: "tuple"; readonly items: readonly Validator[]; readonly options: TupleOptions }
  | {
      readonly kind: "object";
      readonly properties: Readonly<Record<string, Validator>>;
      readonly options: ObjectOptions;
    }
  | { readonly kind: "anyOf"; readonly branches: readonly Validator[]; readonly options: UnionOptions }
  | {
      readonly kind: "tagged";
      readonly property: string;
      readonly tags: readonly unknown[];
      readonly branches: readonly Validator[];
      readonly options: UnionOptions;
    }
  | { readonly kind: "allOf"; readonly branches: readonly Validator[] }
  | { readonly kind: "not" | "hideValues"; readonly inner: Validator }
  | { readonly kind: "lazy"; readonly built: () => Validator }
  | { readonly kind: "propertyCount"; readonly min: number; readonly max: number };

export interface Validator {
  /** Whether `value` passes, without saying why not (validate-explain.ts says why). */
  is(value: unknown): boolean;
  /** What it was built from. */
  readonly shape: Shape;
}

/** A validator from its check and its shape. */
export const make = (shape: Shape, is: (value: unknown) => boolean): Validator => ({ is, shape });

/** Accepts anything (the schema `true` or `{}`). */
export const unknown: Validator = /* @__PURE__ */ make({ kind: "unknown" }, () => true);

export const has = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

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

/** A string's length in characters (code points), as JSON Schema counts them, not UTF-16 units. */
export function characters(value: string): number {
  let length = 0;
  for (let i = 0; i < value.length; i++, length++) if (value.charCodeAt(i) >> 10 === 54 && i + 1 < value.length) i++;
  return length;
}

/** The bound `value` breaks, in the order they are checked; `undefined` when it keeps to them. */
export function brokenBound(value: number | bigint, o: NumberOptions): keyof NumberOptions | undefined {
  if (o.min !== undefined && value < o.min) return "min";
  if (o.max !== undefined && value > o.max) return "max";
  if (o.exclusiveMin !== undefined && value <= o.exclusiveMin) return "exclusiveMin";
  if (o.exclusiveMax !== undefined && value >= o.exclusiveMax) return "exclusiveMax";
  return undefined;
}
