/**
 * Validator combinators for structures: arrays, tuples, objects, unions, `allOf`, `not`, named
 * definitions (`lazy`), and `hideValues` (results from a server are checked without echoing
 * their values). Options are named after the schema keywords they come from. Like validate.ts,
 * they only say whether a value passes; validate-explain.ts says why not.
 */
import {
  has,
  isRecord,
  jsonEqual,
  make,
  unknown,
  type ArrayOptions,
  type ObjectOptions,
  type TupleOptions,
  type UnionOptions,
  type Validator,
} from "./validate-core.js";

/** Arrays of `minItems` to `maxItems` items whose item `i` passes `items(i)`. */
function list(items: (i: number) => Validator, { minItems = 0, maxItems = Infinity }: ArrayOptions) {
  return (value: unknown): boolean => {
    if (!Array.isArray(value) || value.length < minItems || value.length > maxItems) return false;
    for (let i = 0; i < value.length; i++) if (!items(i).is(value[i])) return false;
    return true;
  };
}

/** Arrays whose items all pass `items`. */
export function array(items: Validator, options: ArrayOptions = {}): Validator {
  return make(
    { kind: "array", items, options },
    list(() => items, options),
  );
}

/** The largest number of items a tuple takes: at most its own when `rest` is `false`. */
const tupleMax = (items: readonly Validator[], options: TupleOptions): number | undefined =>
  options.rest === false ? Math.min(options.maxItems ?? Infinity, items.length) : options.maxItems;

/** Tuples (`items: [...]`): item `i` passes `items[i]`, later ones `rest`. */
export function tuple(items: readonly Validator[], options: TupleOptions = {}): Validator {
  const rest = options.rest || unknown;
  return make(
    { kind: "tuple", items, options },
    list((i) => items[i] ?? rest, { ...options, maxItems: tupleMax(items, options) }),
  );
}

/**
 * Objects: known `properties` (own keys of the given record, so a property may be named
 * `__proto__` or `constructor`), the `required` ones, `patterns` and what to do with the rest.
 * Keys whose value is `undefined` count as absent. Request objects are closed
 * (`additional: false`) to catch misspellings.
 */
export function object(properties: Readonly<Record<string, Validator>>, options: ObjectOptions = {}): Validator {
  const known = new Map(Object.keys(properties).map((k) => [k, properties[k]!]));
  const { required = [], additional = unknown, patterns = [] } = options;
  return make({ kind: "object", properties, options }, (value) => {
    if (!isRecord(value)) return false;
    for (const key of required) if (!has(value, key) || value[key] === undefined) return false;
    for (const key in value) {
      const item = value[key];
      if (!has(value, key) || item === undefined) continue;
      const declared = known.get(key);
      if (declared && !declared.is(item)) return false;
      // patternProperties apply to declared keys too; only keys matched by neither fall to `additional`.
      let matched = false;
      for (let i = 0; i < patterns.length; i++)
        if (patterns[i]![0].test(key)) {
          matched = true;
          if (!patterns[i]![1].is(item)) return false;
        }
      if (!declared && !matched && !(additional && additional.is(item))) return false;
    }
    return true;
  });
}

/**
 * `anyOf` (and `oneOf`, `type` lists): passes when one branch passes. On failure
 * (validate-explain.ts), the only branch that takes the value's JSON type reports its own issues;
 * otherwise one issue names every branch tried and why it failed, and which came closest.
 */
export function anyOf(branches: readonly Validator[], options: UnionOptions = {}): Validator {
  return make({ kind: "anyOf", branches, options }, (value) => {
    for (let i = 0; i < branches.length; i++) if (branches[i]!.is(value)) return true;
    return false;
  });
}

/** The branch a tagged union's value names by its tag, or -1 (then checked as `anyOf` would). */
const taggedBranch = (property: string, tags: readonly unknown[], value: unknown): number =>
  isRecord(value) && has(value, property) ? tags.indexOf(value[property]) : -1;

/**
 * A union whose members a required constant property tells apart (`kind: "circle"` or
 * `kind: "square"`): the value's tag picks the one member to check, so its issues are that
 * member's own; a value without a known tag is checked as `anyOf` would.
 */
export function tagged(
  property: string,
  tags: readonly unknown[],
  branches: readonly Validator[],
  options: UnionOptions = {},
): Validator {
  const any = anyOf(branches, options);
  return make({ kind: "tagged", property, tags, branches, options }, (value) => {
    const i = taggedBranch(property, tags, value);
    return i < 0 ? any.is(value) : branches[i]!.is(value);
  });
}

/** `allOf`: every branch must pass. */
export function allOf(branches: readonly Validator[]): Validator {
  return make({ kind: "allOf", branches }, (value) => {
    for (let i = 0; i < branches.length; i++) if (!branches[i]!.is(value)) return false;
    return true;
  });
}

/** `not`. */
export function not(inner: Validator): Validator {
  return make({ kind: "not", inner }, (value) => !inner.is(value));
}

/**
 * A validator built the first time it is used. Every named schema is one (`const Block$ =
 * v.lazy(() => v.object(…))`): a bundler can drop the ones an app never reaches (the call is
 * marked pure, and its argument is a function, which has no effect until called), and
 * definitions may refer to each other, or to themselves, in any order.
 */
export function lazy(build: () => Validator): Validator {
  let built: Validator | undefined;
  // Reached from itself while being built (only through a union or allOf of itself, which the
  // generator refuses), a definition answers as `unknown` rather than recurse forever; once built,
  // a parent's `is` goes straight to the built check.
  const get = (): Validator => built ?? ((built = unknown), (built = build()), (self.is = built.is), built);
  const self = make({ kind: "lazy", built: get }, (value) => get().is(value));
  return self;
}

/**
 * The same checks, with the values left out of the issues: for results, whose values come from a
 * server and could echo a secret (the API key) into an error message.
 */
export function hideValues(inner: Validator): Validator {
  return make({ kind: "hideValues", inner }, (value) => inner.is(value));
}

/**
 * The keywords few schemas use, each its own validator so that a bundle without them carries none
 * of their code; the generator puts them beside the main check in an `allOf`:
 * `v.allOf([v.array(Tag$), v.uniqueItems])`, `v.allOf([v.object({…}), v.propertyCount({ min: 1 })])`.
 */
export const uniqueItems: Validator = /* @__PURE__ */ make({ kind: "uniqueItems" }, (value) => repeated(value) < 0);

/** The first item of an array that repeats an earlier one, or -1. */
function repeated(value: unknown): number {
  if (Array.isArray(value))
    for (let i = 1; i < value.length; i++)
      if (value.slice(0, i).some((earlier) => jsonEqual(earlier, value[i]))) return i;
  return -1;
}

/** How many keys an object has (keys whose value is `undefined` do not count). */
const propertiesOf = (value: Record<string, unknown>): number =>
  Object.keys(value).filter((k) => value[k] !== undefined).length;

/** `minProperties`/`maxProperties`: how many keys an object has (keys whose value is `undefined` do not count). */
export function propertyCount({ min = 0, max = Infinity }: { min?: number; max?: number }): Validator {
  return make({ kind: "propertyCount", min, max }, (value) => {
    if (!isRecord(value)) return true;
    const count = propertiesOf(value);
    return count >= min && count <= max;
  });
}
