/**
 * Validator combinators. The generator compiles every schema of a spec into calls of these
 * (see `generated/src/<api>/validators.ts`), so the runtime carries no schema compiler: a
 * validator is a plain function that appends `Issue`s and says whether the value passed.
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
}

export interface Validator {
  (value: unknown, path: string, issues: Issue[]): boolean;
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

function make(
  types: readonly string[],
  label: string,
  check: (value: unknown, path: string, issues: Issue[]) => boolean,
): Validator {
  return Object.assign(check, { types, label });
}

function fail(issues: Issue[], path: string, rule: string, message: string, value: unknown): false {
  issues.push({ path, rule, message, received: typeOf(value) });
  return false;
}

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++, n++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) i++;
  }
  return n;
}

/** JSON equality: objects compare by keys and values, whatever their order. */
function jsonEqual(a: unknown, b: unknown): boolean {
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

/** Accepts anything (the schema `true` or `{}`). */
export const unknown: Validator = make(["any"], "any value", () => true);

/** Accepts nothing (the schema `false`). */
export const never: Validator = make([], "nothing", (value, path, issues) =>
  fail(issues, path, "false", "must not be present", value),
);

export const boolean: Validator = make(
  ["boolean"],
  "boolean",
  (value, path, issues) => typeof value === "boolean" || fail(issues, path, "type", "must be a boolean", value),
);

export const nul: Validator = make(
  ["null"],
  "null",
  (value, path, issues) => value === null || fail(issues, path, "type", "must be null", value),
);

export function string(pattern?: RegExp, minLength?: number, maxLength?: number): Validator {
  return make(["string"], pattern ? `string matching ${pattern.source}` : "string", (value, path, issues) => {
    if (typeof value !== "string") return fail(issues, path, "type", "must be a string", value);
    if (pattern && !pattern.test(value)) return fail(issues, path, "pattern", `must match ${pattern.source}`, value);
    // JSON Schema counts characters (code points), not UTF-16 units.
    const length = minLength !== undefined || maxLength !== undefined ? codePoints(value) : 0;
    if (minLength !== undefined && length < minLength)
      return fail(issues, path, "minLength", `must be at least ${minLength} characters long`, value);
    if (maxLength !== undefined && length > maxLength)
      return fail(issues, path, "maxLength", `must be at most ${maxLength} characters long`, value);
    return true;
  });
}

/** Numbers; `integer` also rejects fractions. Bounds are inclusive unless `exclusive` says so. */
export function number(
  integer: boolean,
  min?: number,
  max?: number,
  exclusiveMin?: number,
  exclusiveMax?: number,
): Validator {
  const kind = integer ? "integer" : "number";
  return make(integer ? ["integer"] : ["integer", "number"], kind, (value, path, issues) => {
    if (!isNum(value) || (integer && !Number.isInteger(value)))
      return fail(issues, path, "type", `must be ${integer ? "an integer" : "a number"}`, value);
    return bounds(value, path, issues, min, max, exclusiveMin, exclusiveMax);
  });
}

function bounds(
  value: number | bigint,
  path: string,
  issues: Issue[],
  min?: number,
  max?: number,
  exMin?: number,
  exMax?: number,
): boolean {
  if (min !== undefined && value < min) return fail(issues, path, "minimum", `must be at least ${min}`, value);
  if (max !== undefined && value > max) return fail(issues, path, "maximum", `must be at most ${max}`, value);
  if (exMin !== undefined && value <= exMin)
    return fail(issues, path, "exclusiveMinimum", `must be greater than ${exMin}`, value);
  if (exMax !== undefined && value >= exMax)
    return fail(issues, path, "exclusiveMaximum", `must be less than ${exMax}`, value);
  return true;
}

const U64_MAX = 18446744073709551615n;

/** An unsigned 64-bit integer (`format: uint64`): a `bigint`, or a safe integer `number`. */
export const uint64: Validator = make(["integer", "bigint"], "unsigned 64-bit integer", (value, path, issues) => {
  if (typeof value === "bigint")
    return (
      (value >= 0n && value <= U64_MAX) ||
      fail(issues, path, "format", "must be an unsigned 64-bit integer (0 to 18446744073709551615)", value)
    );
  if (!isNum(value) || !Number.isInteger(value))
    return fail(issues, path, "type", "must be an integer (number or bigint)", value);
  if (!Number.isSafeInteger(value))
    return fail(issues, path, "format", "must be a bigint when above 2^53 - 1, or it loses precision", value);
  return bounds(value, path, issues, 0);
});

/** `enum` and `const`: one of the given JSON values. */
export function literal(values: readonly unknown[]): Validator {
  const label = values.map((v) => JSON.stringify(v)).join(", ");
  const primitive = values.every((v) => v === null || typeof v !== "object");
  return make(
    [...new Set(values.map(typeOf))],
    values.length === 1 ? label : `one of ${label}`,
    (value, path, issues) => {
      const ok = primitive ? values.includes(value) : values.some((v) => jsonEqual(v, value));
      return (
        ok ||
        fail(
          issues,
          path,
          values.length === 1 ? "const" : "enum",
          values.length === 1 ? `must be ${label}` : `must be one of ${label}`,
          value,
        )
      );
    },
  );
}

export function array(items: Validator, minItems?: number, maxItems?: number): Validator {
  return make(["array"], `array of ${items.label}`, (value, path, issues) => {
    if (!Array.isArray(value)) return fail(issues, path, "type", "must be an array", value);
    if (minItems !== undefined && value.length < minItems)
      return fail(issues, path, "minItems", `must have at least ${minItems} items`, value);
    if (maxItems !== undefined && value.length > maxItems)
      return fail(issues, path, "maxItems", `must have at most ${maxItems} items`, value);
    let ok = true;
    for (let i = 0; i < value.length; i++) ok = items(value[i], `${path}[${i}]`, issues) && ok;
    return ok;
  });
}

/** Tuple `items: [..]`; `rest` validates items past the tuple (`additionalItems`). */
export function tuple(items: readonly Validator[], rest: Validator, minItems = 0, maxItems?: number): Validator {
  return make(["array"], `[${items.map((i) => i.label).join(", ")}]`, (value, path, issues) => {
    if (!Array.isArray(value)) return fail(issues, path, "type", "must be an array", value);
    if (value.length < minItems) return fail(issues, path, "minItems", `must have at least ${minItems} items`, value);
    if (maxItems !== undefined && value.length > maxItems)
      return fail(issues, path, "maxItems", `must have at most ${maxItems} items`, value);
    let ok = true;
    for (let i = 0; i < value.length; i++) ok = (items[i] ?? rest)(value[i], `${path}[${i}]`, issues) && ok;
    return ok;
  });
}

const member = (path: string, key: string): string =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/**
 * Objects: known `properties`, the `required` ones, `patterns` (`patternProperties`: key regex →
 * validator) and what to do with the rest: a validator, or `false` to reject unknown keys
 * (request objects are closed to catch misspellings).
 */
export function object(
  properties: Readonly<Record<string, Validator>>,
  required: readonly string[],
  rest: Validator | false = unknown,
  patterns: readonly (readonly [RegExp, Validator])[] = [],
): Validator {
  return make(["object"], "object", (value, path, issues) => {
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return fail(issues, path, "type", "must be an object", value);
    const record = value as Record<string, unknown>;
    let ok = true;
    // Own properties only: a required `constructor` or `toString` is not satisfied by Object.prototype.
    for (const key of required) {
      if (!Object.prototype.hasOwnProperty.call(record, key) || record[key] === undefined)
        ok = fail(issues, member(path, key), "required", "is required", undefined);
    }
    for (const key of Object.keys(record)) {
      const item = record[key];
      if (item === undefined) continue;
      const at = member(path, key);
      const declared = Object.prototype.hasOwnProperty.call(properties, key);
      if (declared) ok = properties[key]!(item, at, issues) && ok;
      // patternProperties apply to declared keys too; only keys matched by neither fall to `rest`.
      const matching = patterns.length > 0 ? patterns.filter(([re]) => re.test(key)) : patterns;
      for (const [, check] of matching) ok = check(item, at, issues) && ok;
      if (declared || matching.length > 0) continue;
      if (rest === false) {
        const known = [...Object.keys(properties), ...patterns.map(([re]) => `keys matching ${re.source}`)];
        ok = fail(
          issues,
          at,
          "additionalProperties",
          `is not a known field${known.length ? ` (known: ${known.join(", ")})` : ""}`,
          item,
        );
      } else ok = rest(item, at, issues) && ok;
    }
    return ok;
  });
}

/**
 * `anyOf` (and `oneOf`, `type` arrays): passes when one branch passes. `names` are the branches'
 * names (their type name or title) for messages. On failure, when exactly one branch takes the
 * value's JSON type its precise issues are kept; otherwise one issue names every branch tried
 * and why it failed, and which came closest (the one that got deepest into the value):
 * `matches none of: BlockNumber (must match ^0x[0-9a-f]+$), BlockTag (must be one of "latest",
 * "earliest"); closest: BlockNumber`.
 */
export function anyOf(
  branches: readonly Validator[],
  rule = "anyOf",
  names: readonly (string | undefined)[] = [],
): Validator {
  const types = [...new Set(branches.flatMap((b) => b.types))];
  const name = (i: number): string => names[i] ?? branches[i]!.label;
  return make(types, branches.map((_, i) => name(i)).join(" or "), (value, path, issues) => {
    const found: Issue[][] = [];
    for (const branch of branches) {
      const own: Issue[] = [];
      if (branch(value, path, own)) return true;
      found.push(own);
    }
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
    if (close.length === 0 || rule === "type")
      return fail(
        issues,
        path,
        rule,
        `must be ${found.map((_, i) => (names[i] ? `${names[i]} (${branches[i]!.types.join(" or ")})` : name(i))).join(" or ")}`,
        value,
      );
    // How far a branch got: the length of its deepest issue's path, then fewer issues.
    const reach = (i: number): number => Math.max(...found[i]!.map((x) => x.path.length)) * 1e3 - found[i]!.length;
    const closest = close.reduce((best, i) => (reach(i) > reach(best) ? i : best));
    const tried = found.map((own, i) => {
      const first = own[0] ?? { path, message: "failed" };
      const below = first.path.slice(path.length).replace(/^\./, "");
      return `${name(i)} (${below ? `${below} ` : ""}${first.message}${own.length > 1 ? `, and ${own.length - 1} more` : ""})`;
    });
    return fail(issues, path, rule, `matches none of: ${tried.join(", ")}; closest: ${name(closest)}`, value);
  });
}

/** `allOf`: every branch must pass. */
export function allOf(branches: readonly Validator[]): Validator {
  return make(branches[0]?.types ?? ["any"], branches.map((b) => b.label).join(" and "), (value, path, issues) => {
    let ok = true;
    for (const branch of branches) ok = branch(value, path, issues) && ok;
    return ok;
  });
}

/** `not`. */
export function not(inner: Validator): Validator {
  return make(
    ["any"],
    `not ${inner.label}`,
    (value, path, issues) => !inner(value, path, []) || fail(issues, path, "not", `must not be ${inner.label}`, value),
  );
}

/** A reference to a validator defined later (recursion and forward references). */
export function lazy(get: () => Validator, types: readonly string[], label: string): Validator {
  return make(types, label, (value, path, issues) => get()(value, path, issues));
}
