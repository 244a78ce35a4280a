/**
 * Validator combinators for structures: arrays, tuples, objects, unions, `allOf`, `not`, forward
 * references, and `hideValues` (results from a server are checked without echoing their values).
 * Options are named as the schema keywords they come from.
 */
import { fail, jsonEqual, make, member, typeOf, unknown, type Issue, type Validator } from "./validate-core.js";

export interface ArrayOptions {
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

/** The index of the first item equal to an earlier one, or -1. */
function duplicateAt(items: readonly unknown[]): number {
  for (let i = 1; i < items.length; i++) for (let j = 0; j < i; j++) if (jsonEqual(items[i], items[j])) return i;
  return -1;
}

/** The count rule an array breaks, with its message, or `undefined`. */
function countProblem(value: readonly unknown[], o: ArrayOptions): [rule: string, message: string] | undefined {
  if (o.minItems !== undefined && value.length < o.minItems)
    return ["minItems", `must have at least ${o.minItems} items`];
  if (o.maxItems !== undefined && value.length > o.maxItems)
    return ["maxItems", `must have at most ${o.maxItems} items`];
  if (o.uniqueItems && duplicateAt(value) >= 0)
    return ["uniqueItems", `must not repeat an item (item ${duplicateAt(value)} repeats an earlier one)`];
  return undefined;
}

/** Arrays whose items all pass `items`. */
export function array(items: Validator, options: ArrayOptions = {}): Validator {
  return make(
    ["array"],
    `array of ${items.label}`,
    (value) => {
      if (!Array.isArray(value) || countProblem(value, options)) return false;
      for (let i = 0; i < value.length; i++) if (!items.is(value[i])) return false;
      return true;
    },
    (value, path, issues) => {
      if (!Array.isArray(value)) return fail(issues, path, "type", "must be an array", value);
      const count = countProblem(value, options);
      if (count) return fail(issues, path, count[0], count[1], value);
      let ok = true;
      for (let i = 0; i < value.length; i++) ok = items(value[i], `${path}[${i}]`, issues) && ok;
      return ok;
    },
  );
}

export interface TupleOptions extends ArrayOptions {
  /** Items past the tuple (`additionalItems`): a validator, or `false` for none. Any item by default. */
  rest?: Validator | false;
}

/** Tuples (`items: [...]`): item `i` passes `items[i]`, later ones `rest`. */
export function tuple(items: readonly Validator[], options: TupleOptions = {}): Validator {
  const rest = options.rest ?? unknown;
  const at = (i: number): Validator | false => items[i] ?? rest;
  const counts: ArrayOptions = {
    ...options,
    maxItems: rest === false ? Math.min(options.maxItems ?? items.length, items.length) : options.maxItems,
  };
  return make(
    ["array"],
    `[${items.map((i) => i.label).join(", ")}]`,
    (value) => {
      if (!Array.isArray(value) || countProblem(value, counts)) return false;
      for (let i = 0; i < value.length; i++) if (!(at(i) as Validator).is(value[i])) return false;
      return true;
    },
    (value, path, issues) => {
      if (!Array.isArray(value)) return fail(issues, path, "type", "must be an array", value);
      const count = countProblem(value, counts);
      if (count) return fail(issues, path, count[0], count[1], value);
      let ok = true;
      for (let i = 0; i < value.length; i++) ok = (at(i) as Validator)(value[i], `${path}[${i}]`, issues) && ok;
      return ok;
    },
  );
}

export interface ObjectOptions {
  /** Keys that must be present (as own properties, not `undefined`). */
  required?: readonly string[];
  /** Keys matched by neither a property nor a pattern: a validator, or `false` to reject them. Any by default. */
  additional?: Validator | false;
  /** `patternProperties`: key pattern → validator, checked for every key the pattern matches. */
  patterns?: readonly (readonly [RegExp, Validator])[];
  minProperties?: number;
  maxProperties?: number;
}

const has = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Objects: known `properties` (own keys of the given record, so a property may be named
 * `__proto__` or `constructor`), the `required` ones, `patterns` and what to do with the rest.
 * Keys whose value is `undefined` count as absent. Request objects are closed
 * (`additional: false`) to catch misspellings.
 */
export function object(properties: Readonly<Record<string, Validator>>, options: ObjectOptions = {}): Validator {
  const known = new Map(Object.keys(properties).map((k) => [k, properties[k]!]));
  const { required = [], additional = unknown, patterns = [] } = options;
  const counted = options.minProperties !== undefined || options.maxProperties !== undefined;
  /** The rule the set of keys breaks (a missing key, a count), or `undefined`. */
  const keysProblem = (record: Record<string, unknown>): [rule: string, message: string] | undefined => {
    if (!counted) return undefined;
    let n = 0;
    for (const key in record) if (has(record, key) && record[key] !== undefined) n++;
    if (options.minProperties !== undefined && n < options.minProperties)
      return ["minProperties", `must have at least ${options.minProperties} properties`];
    if (options.maxProperties !== undefined && n > options.maxProperties)
      return ["maxProperties", `must have at most ${options.maxProperties} properties`];
    return undefined;
  };
  const is = (value: unknown): boolean => {
    if (!isRecord(value)) return false;
    for (const key of required) if (!has(value, key) || value[key] === undefined) return false;
    for (const key in value) {
      if (!has(value, key)) continue;
      const item = value[key];
      if (item === undefined) continue;
      const declared = known.get(key);
      if (declared && !declared.is(item)) return false;
      let matched = false;
      for (const [re, check] of patterns)
        if (re.test(key)) {
          matched = true;
          if (!check.is(item)) return false;
        }
      if (declared || matched) continue;
      if (additional === false || !additional.is(item)) return false;
    }
    return keysProblem(value) === undefined;
  };
  const explain = (value: unknown, path: string, issues: Issue[]): boolean => {
    if (!isRecord(value)) return fail(issues, path, "type", "must be an object", value);
    let ok = true;
    for (const key of required)
      if (!has(value, key) || value[key] === undefined)
        ok = fail(issues, member(path, key), "required", "is required", undefined);
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item === undefined) continue;
      const at = member(path, key);
      const declared = known.get(key);
      if (declared) ok = declared(item, at, issues) && ok;
      // patternProperties apply to declared keys too; only keys matched by neither fall to `additional`.
      const matching = patterns.filter(([re]) => re.test(key));
      for (const [, check] of matching) ok = check(item, at, issues) && ok;
      if (declared || matching.length > 0) continue;
      if (additional !== false) ok = additional(item, at, issues) && ok;
      else {
        const names = [...known.keys(), ...patterns.map(([re]) => `keys matching ${re.source}`)];
        const list = names.length ? ` (known: ${names.join(", ")})` : "";
        ok = fail(issues, at, "additionalProperties", `is not a known field${list}`, item);
      }
    }
    const count = keysProblem(value);
    if (count) ok = fail(issues, path, count[0], count[1], value);
    return ok;
  };
  return make(["object"], "object", is, explain);
}

export interface UnionOptions {
  /** The keyword reported when no branch passes: `anyOf` (default), `oneOf`, or `type` (a list of types). */
  rule?: "anyOf" | "oneOf" | "type";
  /** The branches' names for messages (their type name or title). */
  names?: readonly (string | undefined)[];
  /** A required property whose constant value picks the branch: `values[i]` selects branch `i`. */
  discriminator?: { property: string; values: readonly unknown[] };
}

/**
 * `anyOf` (and `oneOf`, `type` lists): passes when one branch passes. On failure, the branch the
 * discriminator picks, or the only branch that takes the value's JSON type, reports its own
 * issues; otherwise one issue names every branch tried and why it failed, and which came closest
 * (the one that got deepest into the value): `matches none of: BlockNumber (must match
 * ^0x[0-9a-f]+$), BlockTag (must be one of "latest", "earliest"); closest: BlockNumber`.
 */
export function anyOf(branches: readonly Validator[], options: UnionOptions = {}): Validator {
  const { rule = "anyOf", names = [], discriminator } = options;
  const types = [...new Set(branches.flatMap((b) => b.types))];
  const name = (i: number): string => names[i] ?? branches[i]!.label;
  /** The branch the discriminator picks for `value`, or -1. */
  const picked = (value: unknown): number => {
    if (!discriminator || !isRecord(value) || !has(value, discriminator.property)) return -1;
    return discriminator.values.indexOf(value[discriminator.property]);
  };
  const is = (value: unknown): boolean => {
    const i = picked(value);
    if (i >= 0) return branches[i]!.is(value);
    for (const branch of branches) if (branch.is(value)) return true;
    return false;
  };
  const explain = (value: unknown, path: string, issues: Issue[]): boolean => {
    const chosen = picked(value);
    if (chosen >= 0) return branches[chosen]!(value, path, issues);
    const found: Issue[][] = branches.map((branch) => {
      const own: Issue[] = [];
      branch(value, path, own);
      return own;
    });
    const type = typeOf(value);
    const close = found
      .map((_, i) => i)
      .filter((i) => {
        const t = branches[i]!.types;
        return t.includes(type) || t.includes("any") || (type === "integer" && t.includes("number"));
      });
    if (close.length === 1) {
      issues.push(...found[close[0]!]!);
      return false;
    }
    if (close.length === 0 || rule === "type") {
      const expected = found.map((_, i) => (names[i] ? `${names[i]} (${branches[i]!.types.join(" or ")})` : name(i)));
      return fail(issues, path, rule, `must be ${expected.join(" or ")}`, value);
    }
    // How far a branch got: the length of its deepest issue's path, then fewer issues.
    const reach = (i: number): number => Math.max(...found[i]!.map((x) => x.path.length)) * 1e3 - found[i]!.length;
    const closest = close.reduce((best, i) => (reach(i) > reach(best) ? i : best));
    const tried = found.map((own, i) => {
      const first = own[0] ?? { path, message: "failed" };
      const below = first.path.slice(path.length).replace(/^\./, "");
      const more = own.length > 1 ? `, and ${own.length - 1} more` : "";
      return `${name(i)} (${below ? `${below} ` : ""}${first.message}${more})`;
    });
    return fail(issues, path, rule, `matches none of: ${tried.join(", ")}; closest: ${name(closest)}`, value);
  };
  return make(types, branches.map((_, i) => name(i)).join(" or "), is, explain);
}

/** `allOf`: every branch must pass. */
export function allOf(branches: readonly Validator[]): Validator {
  return make(
    branches[0]?.types ?? ["any"],
    branches.map((b) => b.label).join(" and "),
    (value) => branches.every((b) => b.is(value)),
    (value, path, issues) => {
      let ok = true;
      for (const branch of branches) ok = branch(value, path, issues) && ok;
      return ok;
    },
  );
}

/** `not`. */
export function not(inner: Validator): Validator {
  return make(
    ["any"],
    `not ${inner.label}`,
    (value) => !inner.is(value),
    (value, path, issues) => fail(issues, path, "not", `must not be ${inner.label}`, value),
  );
}

export interface LazyOptions {
  /** JSON types the validator it stands for can accept. */
  types: readonly string[];
  label: string;
}

/** A reference to a validator defined later (recursion and forward references). */
export function lazy(get: () => Validator, options: LazyOptions): Validator {
  return make(
    options.types,
    options.label,
    (value) => get().is(value),
    (value, path, issues) => get()(value, path, issues),
  );
}

/**
 * The same checks, with the values left out of the issues: for results, whose values come from a
 * server and could echo a secret (the API key) into an error message.
 */
export function hideValues(inner: Validator): Validator {
  return make(inner.types, inner.label, inner.is, (value, path, issues) => {
    const start = issues.length;
    const ok = inner(value, path, issues);
    for (let i = start; i < issues.length; i++) {
      const { value: _hidden, ...rest } = issues[i]!;
      issues[i] = rest;
    }
    return ok;
  });
}
