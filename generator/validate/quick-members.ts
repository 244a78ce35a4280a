/**
 * quick-check.ts's keywords for arrays and objects, each group in ajv's order of evaluation
 * (quick-ajv.ts's RULE_GROUPS), with ajv's errors; `undefined` when unsure.
 */
import { alwaysValid, equal, has, inherited, matches, pointer, say, TYPES, type QuickError } from "./quick-ajv.js";

type Errors = QuickError[] | undefined;
type Sub = (child: unknown, v: unknown, path?: string) => Errors;
type Schema = Record<string, unknown>;

/** maxItems, minItems, additionalItems, items, contains, uniqueItems. */
export function arrayKeywords(s: Schema, value: unknown[], at: string, sub: Sub): Errors {
  const errors: QuickError[] = [];
  const fail = (message: string): void => void errors.push({ instancePath: at, message });
  const add = (found: Errors): boolean => (found === undefined ? false : (errors.push(...found), true));
  for (const k of ["maxItems", "minItems"] as const) {
    const limit = s[k] as number | undefined;
    if (limit !== undefined && (k === "maxItems" ? value.length > limit : value.length < limit))
      fail(say.items(k, limit));
  }
  const items = s.items;
  // additionalItems counts only after a tuple of items, and ajv checks it before the tuple.
  if (Array.isArray(items) && s.additionalItems !== undefined) {
    const extra = s.additionalItems;
    if (extra === false && value.length > items.length) fail(say.additionalItems(items.length));
    else if (typeof extra === "object" && !alwaysValid(extra)) {
      for (let i = items.length; i < value.length; i++)
        if (!add(sub(extra, value[i], at + pointer(i)))) return undefined;
    }
  }
  if (Array.isArray(items)) {
    for (const [i, item] of items.entries())
      if (i < value.length && !alwaysValid(item) && !add(sub(item, value[i], at + pointer(i)))) return undefined;
  } else if (items !== undefined && !alwaysValid(items)) {
    for (const [i, v] of value.entries()) if (!add(sub(items, v, at + pointer(i)))) return undefined;
  }
  if (s.contains !== undefined && !add(contains(s.contains, value, at, sub))) return undefined;
  if (s.uniqueItems === true) {
    const pair = duplicate(
      value,
      Array.isArray(items) || typeof items !== "object" || items === null ? [] : (items as Schema).type,
    );
    if (pair === undefined) return undefined;
    if (pair !== null) fail(say.unique(pair[0], pair[1]));
  }
  return errors;
}

/** ajv stops at the first item that fits; if none does, every item's errors and then its own. */
function contains(schema: unknown, value: unknown[], at: string, sub: Sub): Errors {
  if (alwaysValid(schema)) return value.length >= 1 ? [] : [{ instancePath: at, message: say.contains }];
  const errors: QuickError[] = [];
  let unsure = false;
  for (const [i, v] of value.entries()) {
    const found = sub(schema, v, at + pointer(i));
    if (found === undefined) unsure = true;
    else if (found.length === 0) return [];
    else errors.push(...found);
  }
  return unsure ? undefined : [...errors, { instancePath: at, message: say.contains }];
}

/**
 * The pair [i, j] ajv names for `uniqueItems` (null when none is duplicated). ajv has two loops:
 * when `items` declares only scalar types, one pass from the end keyed by value (skipping items of
 * other types), else a pairwise pass from the end; they find different pairs, so both are copied.
 */
function duplicate(value: unknown[], itemType: unknown): [number, number] | null | undefined {
  const types: unknown[] = itemType === undefined ? [] : Array.isArray(itemType) ? itemType : [itemType];
  if (!types.every((t) => typeof t === "string" && has(TYPES, t))) return undefined;
  if (types.length > 0 && !types.some((t) => t === "object" || t === "array")) {
    const indices: Record<string, unknown> = {};
    for (let i = value.length; i--;) {
      let item = value[i];
      if (!types.some((t) => TYPES[t as string]!(item))) continue;
      if (types.length > 1 && typeof item === "string") item += "_";
      const key = String(item);
      if (typeof indices[key] === "number") return [i, indices[key] as number];
      indices[key] = i;
    }
    return null;
  }
  for (let i = value.length; i--;) for (let j = i; j--;) if (equal(value[i], value[j])) return [i, j];
  return null;
}

/** maxProperties, minProperties, required, propertyNames, additionalProperties, dependencies, properties, patternProperties. */
export function objectKeywords(s: Schema, value: Record<string, unknown>, at: string, sub: Sub): Errors {
  const errors: QuickError[] = [];
  const fail = (message: string): void => void errors.push({ instancePath: at, message });
  const add = (found: Errors): boolean => (found === undefined ? false : (errors.push(...found), true));
  const keys = Object.keys(value);
  if (keys.includes("__proto__")) return undefined;
  for (const k of ["maxProperties", "minProperties"] as const) {
    const limit = s[k] as number | undefined;
    if (limit !== undefined && (k === "maxProperties" ? keys.length > limit : keys.length < limit))
      fail(say.properties(k, limit));
  }
  for (const name of (s.required ?? []) as string[]) {
    if (inherited(name)) return undefined;
    if (!has(value, name)) fail(say.required(name));
  }
  if (s.propertyNames !== undefined && !alwaysValid(s.propertyNames)) {
    for (const key of keys) {
      const found = sub(s.propertyNames, key);
      if (found === undefined) return undefined;
      if (found.length > 0) errors.push(...found, { instancePath: at, message: say.propertyNames });
    }
  }
  if (s.additionalProperties !== undefined && !add(additional(s, value, keys, at, sub))) return undefined;
  if (s.dependencies !== undefined && !add(dependencies(s.dependencies as Schema, value, at, sub))) return undefined;
  const properties = Object.entries((s.properties ?? {}) as Schema).filter(
    ([name, child]) => name !== "__proto__" && !alwaysValid(child),
  );
  for (const [name, child] of properties) {
    if (inherited(name)) return undefined;
    if (has(value, name) && !add(sub(child, value[name], at + pointer(name)))) return undefined;
  }
  for (const [pattern, child] of Object.entries((s.patternProperties ?? {}) as Schema)) {
    if (pattern === "__proto__" || alwaysValid(child)) continue;
    for (const key of keys) {
      const hit = matches(pattern, key);
      if (hit === undefined) return undefined;
      if (hit && !add(sub(child, value[key], at + pointer(key)))) return undefined;
    }
  }
  return errors;
}

/** Members named neither in `properties` nor by a `patternProperties` pattern, in the value's order. */
function additional(s: Schema, value: Record<string, unknown>, keys: string[], at: string, sub: Sub): Errors {
  const extra = s.additionalProperties;
  if (alwaysValid(extra)) return [];
  const named = Object.keys((s.properties ?? {}) as Schema).filter((p) => p !== "__proto__");
  const patterns = Object.keys((s.patternProperties ?? {}) as Schema).filter((p) => p !== "__proto__");
  const errors: QuickError[] = [];
  for (const key of keys) {
    if (named.includes(key)) continue;
    const hits = patterns.map((p) => matches(p, key));
    if (hits.includes(undefined)) return undefined;
    if (hits.includes(true)) continue;
    if (extra === false) {
      errors.push({ instancePath: at, message: say.additionalProperties });
      continue;
    }
    const found = sub(extra, value[key], at + pointer(key));
    if (found === undefined) return undefined;
    errors.push(...found);
  }
  return errors;
}

/** Property dependencies first (each missing one an error), then schema dependencies, each in the schema's order. */
function dependencies(deps: Schema, value: Record<string, unknown>, at: string, sub: Sub): Errors {
  const errors: QuickError[] = [];
  const entries = Object.entries(deps).filter(([name]) => name !== "__proto__");
  if (entries.some(([name]) => inherited(name))) return undefined;
  for (const [name, needed] of entries) {
    if (!Array.isArray(needed) || needed.length === 0 || !has(value, name)) continue;
    for (const other of needed as string[]) {
      if (inherited(other)) return undefined;
      if (!has(value, other)) errors.push({ instancePath: at, message: say.dependencies(name, needed as string[]) });
    }
  }
  for (const [name, schema] of entries) {
    if (Array.isArray(schema) || alwaysValid(schema) || !has(value, name)) continue;
    const found = sub(schema, value);
    if (found === undefined) return undefined;
    errors.push(...found);
  }
  return errors;
}
