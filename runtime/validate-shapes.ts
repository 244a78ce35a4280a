/**
 * Validator combinators for structures: arrays, tuples, objects, unions, `allOf`, `not`, named
 * definitions (`lazy`), and `hideValues` (results from a server are checked without echoing
 * their values). Options are named after the schema keywords they come from.
 */
import { fail, jsonEqual, make, member, typeOf, unknown, type Issue, type Validator } from "./validate-core.js";

export interface ArrayOptions {
  minItems?: number;
  maxItems?: number;
}

export interface TupleOptions extends ArrayOptions {
  /** Items past the tuple (`additionalItems`): a validator, or `false` for none. Any item by default. */
  rest?: Validator | false;
}

/** Arrays whose item `i` passes `items(i)`; `undefined` for an item that may not be there. */
function list(
  label: string,
  items: (i: number) => Validator | undefined,
  { minItems = 0, maxItems = Infinity }: ArrayOptions,
): Validator {
  return make(["array"], label, (value, path, issues) => {
    if (!Array.isArray(value)) return fail(issues, path, "type", "must be an array", value);
    if (value.length < minItems) return fail(issues, path, "minItems", `must have at least ${minItems} items`, value);
    if (value.length > maxItems) return fail(issues, path, "maxItems", `must have at most ${maxItems} items`, value);
    let ok = true;
    for (let i = 0; i < value.length && (ok || issues); i++)
      ok = runOn(items(i)!, value[i], issues ? `${path}[${i}]` : "", issues) && ok;
    return ok;
  });
}

/** Arrays whose items all pass `items`. */
export function array(items: Validator, options: ArrayOptions = {}): Validator {
  return list(`array of ${items.label}`, () => items, options);
}

/** Tuples (`items: [...]`): item `i` passes `items[i]`, later ones `rest`. */
export function tuple(items: readonly Validator[], options: TupleOptions = {}): Validator {
  const { rest = unknown } = options;
  const maxItems = rest === false ? Math.min(options.maxItems ?? Infinity, items.length) : options.maxItems;
  return list(`[${items.map((i) => i.label).join(", ")}]`, (i) => items[i] ?? (rest || undefined), {
    ...options,
    maxItems,
  });
}

export interface ObjectOptions {
  /** Keys that must be present (as own properties, not `undefined`). */
  required?: readonly string[];
  /** Keys matched by neither a property nor a pattern: a validator, or `false` to reject them. Any by default. */
  additional?: Validator | false;
  /** `patternProperties`: key pattern → validator, checked for every key the pattern matches. */
  patterns?: readonly (readonly [RegExp, Validator])[];
}

const has = (record: object, key: string): boolean => Object.prototype.hasOwnProperty.call(record, key);
/** A member's check: the fast one, or (with issues) the full one at `at`. */
const runOn = (check: Validator, value: unknown, at: string | undefined, issues: Issue[] | undefined): boolean =>
  issues ? check(value, at ?? "", issues) : check.is(value);
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
  const names = (): string => {
    const all = [...known.keys(), ...patterns.map(([re]) => `keys matching ${re.source}`)];
    return all.length ? ` (known: ${all.join(", ")})` : "";
  };
  return make(["object"], "object", (value, path, issues) => {
    if (!isRecord(value)) return fail(issues, path, "type", "must be an object", value);
    let ok = true;
    for (const key of required)
      if (!has(value, key) || value[key] === undefined) {
        if (!issues) return false;
        ok = fail(issues, member(path, key), "required", "is required", undefined);
      }
    for (const key in value) {
      const item = value[key];
      if (!has(value, key) || item === undefined) continue;
      const at = issues ? member(path, key) : "";
      const declared = known.get(key);
      let matched = false;
      if (declared) ok = runOn(declared, item, at, issues) && ok;
      // patternProperties apply to declared keys too; only keys matched by neither fall to `additional`.
      for (let i = 0; i < patterns.length; i++)
        if (patterns[i]![0].test(key)) {
          matched = true;
          ok = runOn(patterns[i]![1], item, at, issues) && ok;
        }
      if (!declared && !matched)
        ok = additional
          ? runOn(additional, item, at, issues) && ok
          : fail(issues, at, "additionalProperties", `is not a known field${names()}`, item);
      if (!ok && !issues) return false;
    }
    return ok;
  });
}

export interface UnionOptions {
  /** The keyword reported when no branch passes: `anyOf` (default), `oneOf`, or `type` (a list of types). */
  rule?: "anyOf" | "oneOf" | "type";
  /** The branches' names for messages (their type name or title). */
  names?: readonly (string | undefined)[];
}

/**
 * `anyOf` (and `oneOf`, `type` lists): passes when one branch passes. On failure, the only branch
 * that takes the value's JSON type reports its own issues; otherwise one issue names every branch tried and why it failed, and which came closest
 * (the one that got deepest into the value): `matches none of: BlockNumber (must match
 * ^0x[0-9a-f]+$), BlockTag (must be one of "latest", "earliest"); closest: BlockNumber`.
 */
export function anyOf(branches: readonly Validator[], options: UnionOptions = {}): Validator {
  const { rule = "anyOf", names = [] } = options;
  const name = (i: number): string => names[i] ?? branches[i]!.label;
  const types = [...new Set(branches.flatMap((b) => b.types))];
  return make(types, branches.map((_, i) => name(i)).join(" or "), (value, path, issues) => {
    if (!issues) {
      for (let i = 0; i < branches.length; i++) if (branches[i]!.is(value)) return true;
      return false;
    }
    return explain(branches, name, rule, names, value, path ?? "", issues);
  });
}

/** Why no branch of a union takes `value` (see anyOf). */
function explain(
  branches: readonly Validator[],
  name: (i: number) => string,
  rule: string,
  names: readonly (string | undefined)[],
  value: unknown,
  path: string,
  issues: Issue[],
): boolean {
  const found = branches.map((branch) => {
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
}

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
  return make(any.types, any.label, (value, path, issues) => {
    const i = isRecord(value) && has(value, property) ? tags.indexOf(value[property]) : -1;
    return i < 0 ? runOn(any, value, path, issues) : runOn(branches[i]!, value, path, issues);
  });
}

/** `allOf`: every branch must pass. */
export function allOf(branches: readonly Validator[]): Validator {
  return make(branches[0]?.types ?? ["any"], branches.map((b) => b.label).join(" and "), (value, path, issues) => {
    if (!issues) {
      for (let i = 0; i < branches.length; i++) if (!branches[i]!.is(value)) return false;
      return true;
    }
    let ok = true;
    for (const branch of branches) ok = branch(value, path ?? "", issues) && ok;
    return ok;
  });
}

/** `not`. */
export function not(inner: Validator): Validator {
  return make(
    ["any"],
    `not ${inner.label}`,
    (value, path, issues) => !inner.is(value) || fail(issues, path, "not", `must not be ${inner.label}`, value),
  );
}

/**
 * A validator built the first time it is used. Every named schema is one (`const Block$ =
 * v.lazy(() => v.object(…))`): a bundler can drop the ones an app never reaches (the call is
 * marked pure, and its argument is a function, which has no effect until called), and
 * definitions may refer to each other, or to themselves, in any order (a label that names itself
 * says `any value` the second time: `array of any value`).
 */
export function lazy(build: () => Validator): Validator {
  let built: Validator | undefined;
  // Reached from itself while being built (only through a union or allOf of itself, which the
  // generator refuses), a definition answers as `unknown` rather than recurse forever; once built,
  // a parent's `is` goes straight to the built check.
  const get = (): Validator => built ?? ((built = unknown), (built = build()), (self.is = built.is), built);
  const self = Object.defineProperties((value: unknown, path: string, issues: Issue[]) => get()(value, path, issues), {
    is: { value: (value: unknown) => get().is(value), writable: true },
    types: { get: () => get().types },
    label: { get: () => get().label },
  }) as Validator;
  return self;
}

/**
 * The same checks, with the values left out of the issues: for results, whose values come from a
 * server and could echo a secret (the API key) into an error message.
 */
export function hideValues(inner: Validator): Validator {
  return make(inner.types, inner.label, (value, path, issues) => {
    if (!issues) return inner.is(value);
    const start = issues.length;
    const ok = inner(value, path ?? "", issues);
    for (const issue of issues.slice(start)) delete issue.value;
    return ok;
  });
}

/**
 * The keywords few schemas use, each its own validator so that a bundle without them carries none
 * of their code; the generator puts them beside the main check in an `allOf`:
 * `v.allOf([v.array(Tag$), v.uniqueItems])`, `v.allOf([v.object({…}), v.propertyCount({ min: 1 })])`.
 */
export const uniqueItems: Validator = /* @__PURE__ */ make(
  ["array"],
  "array of distinct items",
  (value, path, issues) => {
    if (Array.isArray(value))
      for (let i = 1; i < value.length; i++)
        if (value.slice(0, i).some((earlier) => jsonEqual(earlier, value[i])))
          return fail(issues, path, "uniqueItems", `must not repeat an item (item ${i} repeats an earlier one)`, value);
    return true;
  },
);

/** `minProperties`/`maxProperties`: how many keys an object has (keys whose value is `undefined` do not count). */
export function propertyCount({ min = 0, max = Infinity }: { min?: number; max?: number }): Validator {
  return make(["object"], "object", (value, path, issues) => {
    if (!isRecord(value)) return true;
    const count = Object.keys(value).filter((k) => value[k] !== undefined).length;
    if (count < min) return fail(issues, path, "minProperties", `must have at least ${min} properties`, value);
    return count <= max || fail(issues, path, "maxProperties", `must have at most ${max} properties`, value);
  });
}
