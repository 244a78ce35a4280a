/**
 * Where and why a value fails a validator: the failure path's side of validate.ts and
 * validate-shapes.ts, loaded with failures.ts (and with the result and item checks), never while
 * values pass. It reads what each validator was built from (its `shape`) and says, for every
 * problem, the path, the rule broken, what was expected and what was found. The success path's
 * `is` and this module agree on every value (test/generator/plugins/validators-compiled.test.ts
 * checks it on every document's validators).
 */
// The rules both sides need (a string's length in characters, own keys) come from the success
// path's validate.ts: this path and the start share one chunk in esbuild anyway (validate.ts says
// why), so importing them costs no extra chunk. Bounds, a tuple's largest length and a tagged
// union's branch are said here with their messages, and the two sides are tested to agree:
// importing brokenBound, tupleMax and taggedBranch from the start instead was measured to add
// about 80 B gzipped to Rollup's one-call apps (exports the start chunk must then keep).
import type { Issue, NumberOptions, Shape, StringOptions, UnionOptions, Validator } from "./validate-core.js";
import { characters, has } from "./validate.js";
import { labelOf, typeOf, typesOf, unionName } from "./validate-labels.js";

export { labelOf, typeOf, typesOf };

/** `value` as short JSON for a message (at most 40 characters): `20000`, `"0xZZ"`, `{"a":1,…`, `12n`. */
export function shown(value: unknown): string | undefined {
  try {
    const text = typeof value === "bigint" ? `${value}n` : JSON.stringify(value);
    return text && text.length > 40 ? `${text.slice(0, 39)}…` : text;
  } catch {
    return undefined; // a cycle, a bigint inside, a throwing toJSON: the type says enough
  }
}

/** Records a problem; always `false`. */
function fail(issues: Issue[], path: string, rule: string, message: string, value: unknown): false {
  const issue: Issue = { path, rule, message, received: typeOf(value) };
  const text = value === undefined ? undefined : shown(value);
  if (text !== undefined) issue.value = text;
  issues.push(issue);
  return false;
}

/** `path.key`, or `path["na-me"]` when the key is not an identifier. */
export const member = (path: string, key: string): string =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/**
 * Checks `value` against `v`; when it fails, appends what is wrong (with paths under `path`) to
 * `issues` and returns `false`.
 */
export function explain(v: Validator, value: unknown, path: string, issues: Issue[]): boolean {
  return v.is(value) || why(v, value, path, issues);
}

/** Why a value `v.is` refuses fails: its issues, recorded. */
function why(v: Validator, value: unknown, path: string, issues: Issue[]): boolean {
  const s = v.shape;
  switch (s.kind) {
    case "never":
      return fail(issues, path, "false", "must not be present", value);
    case "boolean":
    case "null":
      return fail(issues, path, "type", `must be ${s.kind === "null" ? "null" : "a boolean"}`, value);
    case "string":
      return stringIssues(s.options, value, path, issues);
    case "integer":
    case "number":
      return typeof value === "number" && Number.isFinite(value) && (s.kind === "number" || Number.isInteger(value))
        ? bounded(value, s.options, path, issues)
        : fail(issues, path, "type", `must be ${s.kind === "integer" ? "an integer" : "a number"}`, value);
    case "uint64":
      return uint64Issues(s.options, value, path, issues);
    case "literal":
      return fail(issues, path, s.values.length === 1 ? "const" : "enum", `must be ${labelOf(v)}`, value);
    case "multipleOf":
      return fail(issues, path, "multipleOf", `must be a multiple of ${s.step}`, value);
    case "array":
    case "tuple":
      return listIssues(s, value, path, issues);
    case "object":
      return objectIssues(s, value, path, issues);
    case "anyOf":
      return unionIssues(s.branches, s.options, value, path, issues);
    case "tagged": {
      const record = value !== null && typeof value === "object" && !Array.isArray(value);
      const i = record && has(value, s.property) ? s.tags.indexOf((value as Record<string, unknown>)[s.property]) : -1;
      return i < 0
        ? unionIssues(s.branches, s.options, value, path, issues)
        : explain(s.branches[i]!, value, path, issues);
    }
    case "allOf": {
      let ok = true;
      for (const branch of s.branches) ok = explain(branch, value, path, issues) && ok;
      return ok;
    }
    case "not":
      return fail(issues, path, "not", `must not be ${labelOf(s.inner)}`, value);
    case "lazy":
      return explain(s.built(), value, path, issues);
    case "hideValues": {
      const start = issues.length;
      const ok = explain(s.inner, value, path, issues);
      for (const issue of issues.slice(start)) delete issue.value;
      return ok;
    }
    case "uniqueItems":
      return uniqueIssues(v, value, path, issues);
    case "propertyCount": {
      const record = value as Record<string, unknown>;
      const count = Object.keys(record).filter((k) => record[k] !== undefined).length;
      return count < s.min
        ? fail(issues, path, "minProperties", `must have at least ${s.min} properties`, value)
        : fail(issues, path, "maxProperties", `must have at most ${s.max} properties`, value);
    }
    default:
      return true; // unknown
  }
}

function stringIssues(options: StringOptions, value: unknown, path: string, issues: Issue[]): boolean {
  const { pattern, minLength, maxLength } = options;
  if (typeof value !== "string") return fail(issues, path, "type", "must be a string", value);
  if (pattern && !pattern.test(value)) return fail(issues, path, "pattern", `must match ${pattern.source}`, value);
  // JSON Schema counts characters (code points), not UTF-16 units.
  if (characters(value) < (minLength ?? 0))
    return fail(issues, path, "minLength", `must be at least ${minLength} characters long`, value);
  return fail(issues, path, "maxLength", `must be at most ${maxLength} characters long`, value);
}

/** The first bound a number (or bigint) breaks, recorded; `true` when it keeps to them. */
function bounded(value: number | bigint, o: NumberOptions, path: string, issues: Issue[]): boolean {
  const { min, max, exclusiveMin: exMin, exclusiveMax: exMax } = o;
  if (min !== undefined && value < min) return fail(issues, path, "minimum", `must be at least ${min}`, value);
  if (max !== undefined && value > max) return fail(issues, path, "maximum", `must be at most ${max}`, value);
  if (exMin !== undefined && value <= exMin)
    return fail(issues, path, "exclusiveMinimum", `must be greater than ${exMin}`, value);
  if (exMax !== undefined && value >= exMax)
    return fail(issues, path, "exclusiveMaximum", `must be less than ${exMax}`, value);
  return true;
}

function uint64Issues(options: NumberOptions, value: unknown, path: string, issues: Issue[]): boolean {
  if (typeof value === "bigint")
    return value >= 0n && value <= 18446744073709551615n
      ? bounded(value, options, path, issues)
      : fail(issues, path, "format", "must be an unsigned 64-bit integer (0 to 18446744073709551615)", value);
  if (!Number.isInteger(value)) return fail(issues, path, "type", "must be an integer (number or bigint)", value);
  if (!Number.isSafeInteger(value))
    return fail(issues, path, "format", "must be a bigint when above 2^53 - 1, or it loses precision", value);
  return bounded(value as number, { ...options, min: Math.max(options.min ?? 0, 0) }, path, issues);
}

function listIssues(
  s: Extract<Shape, { kind: "array" | "tuple" }>,
  value: unknown,
  path: string,
  issues: Issue[],
): boolean {
  const minItems = s.options.minItems ?? 0;
  const { maxItems: max = Infinity } = s.options;
  const maxItems = s.kind === "tuple" && s.options.rest === false ? Math.min(max, s.items.length) : max;
  if (!Array.isArray(value)) return fail(issues, path, "type", "must be an array", value);
  if (value.length < minItems) return fail(issues, path, "minItems", `must have at least ${minItems} items`, value);
  if (value.length > maxItems) return fail(issues, path, "maxItems", `must have at most ${maxItems} items`, value);
  let ok = true;
  for (let i = 0; i < value.length; i++) {
    // Items past a tuple are checked by its `rest` (any item when there is none).
    const check = s.kind === "array" ? s.items : (s.items[i] ?? (s.options.rest || undefined));
    if (check) ok = explain(check, value[i], `${path}[${i}]`, issues) && ok;
  }
  return ok;
}

function objectIssues(s: Extract<Shape, { kind: "object" }>, value: unknown, path: string, issues: Issue[]): boolean {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return fail(issues, path, "type", "must be an object", value);
  const record = value as Record<string, unknown>;
  const { required = [], additional, patterns = [] } = s.options;
  const own = (key: string): boolean => has(record, key);
  let ok = true;
  for (const key of required)
    if (!own(key) || record[key] === undefined)
      ok = fail(issues, member(path, key), "required", "is required", undefined);
  for (const key in record) {
    const item = record[key];
    if (!own(key) || item === undefined) continue;
    const at = member(path, key);
    const declared = has(s.properties, key) ? s.properties[key] : undefined;
    let matched = false;
    if (declared) ok = explain(declared, item, at, issues) && ok;
    for (const [re, check] of patterns)
      if (re.test(key)) {
        matched = true;
        ok = explain(check, item, at, issues) && ok;
      }
    if (!declared && !matched && additional !== undefined)
      ok = additional
        ? explain(additional, item, at, issues) && ok
        : fail(issues, at, "additionalProperties", `is not a known field${known(s)}`, item);
  }
  return ok;
}

/** The keys an object knows, for the message of one it does not: ` (known: a, b, keys matching ^x)`. */
function known(s: Extract<Shape, { kind: "object" }>): string {
  const all = [...Object.keys(s.properties), ...(s.options.patterns ?? []).map(([re]) => `keys matching ${re.source}`)];
  return all.length ? ` (known: ${all.join(", ")})` : "";
}

/**
 * Why no branch of a union takes `value`: the only branch that takes the value's JSON type reports
 * its own issues; otherwise one issue names every branch tried and why it failed, and which came
 * closest (the one that got deepest into the value): `matches none of: BlockNumber (must match
 * ^0x[0-9a-f]+$), BlockTag (must be one of "latest", "earliest"); closest: BlockNumber`.
 */
function unionIssues(
  branches: readonly Validator[],
  options: UnionOptions,
  value: unknown,
  path: string,
  issues: Issue[],
): boolean {
  const { rule = "anyOf", names = [] } = options;
  const name = (i: number): string => unionName(branches, options, i);
  const found = branches.map((branch) => {
    const own: Issue[] = [];
    explain(branch, value, path, own);
    return own;
  });
  const type = typeOf(value);
  const close = found
    .map((_, i) => i)
    .filter((i) => {
      const t = typesOf(branches[i]!);
      return t.includes(type) || t.includes("any") || (type === "integer" && t.includes("number"));
    });
  if (close.length === 1) {
    issues.push(...found[close[0]!]!);
    return false;
  }
  if (close.length === 0 || rule === "type") {
    const expected = found.map((_, i) => (names[i] ? `${names[i]} (${typesOf(branches[i]!).join(" or ")})` : name(i)));
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

/** The first item of an array that repeats an earlier one: the first that `v` refuses with the items before it. */
function uniqueIssues(v: Validator, value: unknown, path: string, issues: Issue[]): boolean {
  const items = value as unknown[];
  let i = 1;
  while (i < items.length && v.is(items.slice(0, i + 1))) i++;
  return fail(issues, path, "uniqueItems", `must not repeat an item (item ${i} repeats an earlier one)`, value);
}
