/**
 * A first, compile-free pass of the examples check (examples.ts): walks a JSON Schema over a value
 * and gives the errors ajv would give (`allErrors: true`), in ajv's order and wording, or
 * `undefined` when it cannot be sure (a keyword that changes compilation, a `$ref` it cannot
 * resolve, a property name inherited from Object.prototype, a branch it cannot decide…); then the
 * value goes to ajv, which decides. The order is ajv's order of evaluation (quick-ajv.ts), not
 * the schema's key order. test/generator/validate/quick-check.test.ts compares it with ajv.
 */
import type { JsonSchema } from "../model/document.js";
import {
  alwaysValid,
  equal,
  has,
  KEYWORD_VALUES,
  matches,
  RULE_GROUPS,
  RULES,
  say,
  TYPES,
  UNSURE,
  type QuickError,
  type TypedGroup,
} from "./quick-ajv.js";
import { arrayKeywords, objectKeywords } from "./quick-members.js";

export type { QuickError } from "./quick-ajv.js";

type Errors = QuickError[] | undefined;
type Defs = ReadonlyMap<string, JsonSchema>;
type Schema = Record<string, unknown>;

const GROUPS: TypedGroup[] = ["number", "string", "array", "object"];
/** The errors ajv would report for `value` against `schema` (references resolved in `definitions`); `[]` when it fits, `undefined` when unsure. */
export function quickErrors(schema: JsonSchema, value: unknown, definitions: Defs): Errors {
  return check(schema, value, "", definitions, 0);
}

/** `true` when `value` certainly fits, `false` when it certainly does not, `undefined` when unsure. */
export function surelyValid(schema: JsonSchema, value: unknown, definitions: Defs): boolean | undefined {
  const errors = quickErrors(schema, value, definitions);
  return errors === undefined ? undefined : errors.length === 0;
}

function check(schema: JsonSchema, value: unknown, at: string, defs: Defs, depth: number): Errors {
  if (schema === true) return [];
  if (schema === false) return [{ instancePath: at, message: say.falseSchema }];
  if (schema === null || typeof schema !== "object" || Array.isArray(schema) || depth > 64) return undefined;
  const s = schema as Schema;
  for (const key of Object.keys(s)) {
    // Left to ajv: keywords that change how it compiles, and values it would refuse. Keywords it
    // does not know (x- extensions, unevaluatedProperties…) it ignores (`strict: false`), as here.
    if (UNSURE.has(key) || (has(KEYWORD_VALUES, key) && !KEYWORD_VALUES[key]!(s[key]))) return undefined;
  }
  const sub = (child: unknown, v: unknown, path = at): Errors => check(child as JsonSchema, v, path, defs, depth + 1);
  // A `$ref` alone is all ajv looks at; with sibling rules, every keyword counts.
  if (s.$ref !== undefined && Object.keys(s).every((k) => k === "$ref" || !RULES.has(k)))
    return ref(s.$ref as string, value, sub, defs);
  const types = typesOf(s.type);
  if (types === undefined) return undefined;
  const errors: QuickError[] = [];
  // ajv checks a single type in its group's turn when the group has keywords here, else first.
  const deferred =
    types.length === 1 && (GROUPS as string[]).includes(types[0]!) && groupUsed(s, types[0] as TypedGroup)
      ? types[0]
      : undefined;
  if (types.length > 0 && deferred === undefined && !types.some((t) => TYPES[t]!(value)))
    errors.push({ instancePath: at, message: say.type(s.type) });
  const any = anyKeywords(s, value, at, sub, defs);
  if (any === undefined) return undefined;
  errors.push(...any);
  for (const group of GROUPS) {
    if (!groupUsed(s, group)) continue;
    // ajv enters a group on the value's JavaScript type (`typeof` for numbers: integers included).
    if (group === "number" ? typeof value === "number" : TYPES[group]!(value)) {
      const found = GROUP_CHECKS[group](s, value as never, at, sub);
      if (found === undefined) return undefined;
      errors.push(...found);
    } else if (deferred === group) errors.push({ instancePath: at, message: say.type(s.type) });
  }
  return errors;
}

type Sub = (child: unknown, v: unknown, path?: string) => Errors;

function typesOf(type: unknown): string[] | undefined {
  const types: unknown[] = type === undefined ? [] : Array.isArray(type) ? type : [type];
  return types.every((t) => typeof t === "string" && has(TYPES, t)) ? (types as string[]) : undefined;
}

function groupUsed(s: Schema, group: TypedGroup): boolean {
  return RULE_GROUPS[group].some((k) => s[k] !== undefined);
}

function ref(target: string, value: unknown, sub: Sub, defs: Defs): Errors {
  const name = target.startsWith("#/definitions/") ? target.slice("#/definitions/".length) : undefined;
  const schema = name !== undefined && !/[~%/]/.test(name) ? defs.get(name) : undefined;
  return schema === undefined ? undefined : sub(schema, value);
}

/** The keywords for any value, in ajv's order: $ref, const, enum, not, anyOf, oneOf, allOf, if. */
function anyKeywords(s: Schema, value: unknown, at: string, sub: Sub, defs: Defs): Errors {
  const errors: QuickError[] = [];
  const fail = (message: string): void => void errors.push({ instancePath: at, message });
  const add = (found: Errors): boolean => (found === undefined ? false : (errors.push(...found), true));
  if (s.$ref !== undefined && !add(ref(s.$ref as string, value, sub, defs))) return undefined;
  if ("const" in s && !equal(s.const, value)) fail(say.const);
  if (s.enum !== undefined && !(s.enum as unknown[]).some((e) => equal(e, value))) fail(say.enum);
  if (s.not !== undefined) {
    const inner = alwaysValid(s.not) ? [] : sub(s.not, value);
    if (inner === undefined) return undefined;
    if (inner.length === 0) fail(say.not);
  }
  if (s.anyOf !== undefined && !add(anyOf(s.anyOf as unknown[], value, at, sub))) return undefined;
  if (s.oneOf !== undefined && !add(oneOf(s.oneOf as unknown[], value, at, sub))) return undefined;
  for (const branch of (s.allOf ?? []) as unknown[])
    if (!alwaysValid(branch) && !add(sub(branch, value))) return undefined;
  if (s.if !== undefined && !add(ifThenElse(s, value, at, sub))) return undefined;
  return errors;
}

/** ajv stops at the first branch that fits (no errors then); else every branch's errors, then its own. */
function anyOf(branches: unknown[], value: unknown, at: string, sub: Sub): Errors {
  if (branches.some(alwaysValid)) return [];
  return firstFit(
    branches.map((b) => () => sub(b, value)),
    { instancePath: at, message: say.anyOf },
  );
}

/** Runs `tries` in order until one gives no error (then `[]`); else all their errors and `last`. */
function firstFit(tries: (() => Errors)[], last: QuickError): Errors {
  const errors: QuickError[] = [];
  let unsure = false;
  for (const attempt of tries) {
    const found = attempt();
    if (found === undefined) unsure = true;
    else if (found.length === 0) return [];
    else errors.push(...found);
  }
  return unsure ? undefined : [...errors, last];
}

/** ajv stops at the second branch that fits; the errors are those of the failing branches it tried. */
function oneOf(branches: unknown[], value: unknown, at: string, sub: Sub): Errors {
  const errors: QuickError[] = [];
  let fits = 0;
  for (const branch of branches) {
    const found = alwaysValid(branch) ? [] : sub(branch, value);
    if (found === undefined) return undefined;
    if (found.length === 0 && ++fits === 2) break;
    errors.push(...found);
  }
  return fits === 1 ? [] : [...errors, { instancePath: at, message: say.oneOf }];
}

function ifThenElse(s: Schema, value: unknown, at: string, sub: Sub): Errors {
  const clauses = (["then", "else"] as const).filter((c) => s[c] !== undefined && !alwaysValid(s[c]));
  if (clauses.length === 0) return [];
  const condition = sub(s.if, value);
  if (condition === undefined) return undefined;
  const clause = condition.length === 0 ? "then" : "else";
  if (!clauses.includes(clause)) return [];
  const found = sub(s[clause], value);
  return found === undefined || found.length === 0 ? found : [...found, { instancePath: at, message: say.if(clause) }];
}

const GROUP_CHECKS: { [G in TypedGroup]: (s: Schema, value: never, at: string, sub: Sub) => Errors } = {
  number: (s, value: number, at) => {
    const errors: QuickError[] = [];
    for (const k of ["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"] as const) {
      const limit = s[k] as number | undefined;
      if (limit !== undefined && !compare(k, value, limit))
        errors.push({ instancePath: at, message: say.limit(k, limit) });
    }
    const m = s.multipleOf as number | undefined;
    if (m !== undefined && (m === 0 || value / m !== parseInt(String(value / m))))
      errors.push({ instancePath: at, message: say.multipleOf(m) });
    return errors;
  },
  string: (s, value: string, at) => {
    const errors: QuickError[] = [];
    const length = s.maxLength !== undefined || s.minLength !== undefined ? [...value].length : 0;
    if (s.maxLength !== undefined && length > (s.maxLength as number))
      errors.push({ instancePath: at, message: say.length("maxLength", s.maxLength as number) });
    if (s.minLength !== undefined && length < (s.minLength as number))
      errors.push({ instancePath: at, message: say.length("minLength", s.minLength as number) });
    if (s.pattern !== undefined) {
      const hit = matches(s.pattern as string, value);
      if (hit === undefined) return undefined;
      if (!hit) errors.push({ instancePath: at, message: say.pattern(s.pattern as string) });
    }
    return errors;
  },
  array: (s, value: unknown[], at, sub) => arrayKeywords(s, value, at, sub),
  object: (s, value: Record<string, unknown>, at, sub) => objectKeywords(s, value, at, sub),
};

function compare(key: string, value: number, limit: number): boolean {
  if (key === "minimum") return value >= limit;
  if (key === "maximum") return value <= limit;
  if (key === "exclusiveMinimum") return value > limit;
  return value < limit;
}
