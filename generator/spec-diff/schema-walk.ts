/**
 * Compares two schemas recursively in one direction (request or response): follows `$ref`s
 * into the named schemas of each document (with cycle protection), then compares the value
 * keywords (schema-keywords.ts), the properties and `required`, `items`, `additionalProperties`
 * and `patternProperties`, union branches (schema-unions.ts) and `allOf`. A keyword it does not
 * grade is reported as `schema-changed` rather than passed over in silence.
 */
import type { JsonSchema, NamedSchema, SchemaObject } from "../model/document.js";
import { pointerToken } from "../problems.js";
import { canonical, change, isAnnotation } from "./change.js";
import { compareKeywords, label, via, type Place, type SchemaContext } from "./schema-keywords.js";
import { compareUnions } from "./schema-unions.js";

/** Keywords graded by this file, schema-keywords.ts or schema-unions.ts. */
const GRADED = new Set([
  ...[
    "type",
    "enum",
    "const",
    "pattern",
    "format",
    "default",
    "additionalProperties",
    "required",
    "properties",
    "items",
    "patternProperties",
  ],
  ...[
    "minimum",
    "exclusiveMinimum",
    "minLength",
    "minItems",
    "minProperties",
    "maximum",
    "exclusiveMaximum",
    "maxLength",
    "maxItems",
    "maxProperties",
  ],
  ...["anyOf", "oneOf", "allOf", "$ref", "definitions", "$defs"],
]);

export function compareSchemas(ctx: SchemaContext, a: JsonSchema, b: JsonSchema, place: Place): void {
  const before = resolve(ctx.oldDefs, a, place.oldPtr);
  const after = resolve(ctx.newDefs, b, place.newPtr);
  const key = `${before.pointer}|${after.pointer}`;
  if (ctx.seen.has(key)) return;
  ctx.seen.add(key);
  const named = after.name ?? before.name;
  // A named schema may be shared by several methods: its changes are named after the type, and
  // each method records where it entered it (the report groups them into one finding).
  const at: Place =
    named === undefined
      ? { ...place, oldPtr: before.pointer, newPtr: after.pointer }
      : { ...place, oldPtr: before.pointer, newPtr: after.pointer, subject: `type ${named}`, path: "", shared: true };
  const sa = asObject(before.schema);
  const sb = asObject(after.schema);
  const unions = compareUnions(ctx, sa, sb, at, compareSchemas);
  if (unions === "lifted") return;
  compareKeywords(ctx, sa, sb, at);
  compareProperties(ctx, sa, sb, at);
  compareItems(ctx, sa, sb, at);
  compareSchemaMaps(ctx, sa, sb, at);
  compareAllOf(ctx, sa, sb, at);
  for (const keyword of new Set([...Object.keys(sa), ...Object.keys(sb)])) {
    const graded = GRADED.has(keyword) && !((keyword === "anyOf" || keyword === "oneOf") && unions === "none");
    if (graded || isAnnotation(keyword) || canonical(sa[keyword]) === canonical(sb[keyword])) continue;
    unknownChange(ctx, at, keyword, sa[keyword], sb[keyword]);
  }
}

/** Follows `$ref`s to a named schema; the pointer becomes the named schema's own place. */
export function resolve(
  defs: Map<string, NamedSchema>,
  schema: JsonSchema,
  pointer: string,
): { schema: JsonSchema; pointer: string; name?: string } {
  let current = schema;
  let at = pointer;
  let named: string | undefined;
  const hops = new Set<string>();
  while (typeof current === "object" && typeof current.$ref === "string") {
    const name = current.$ref.replace(/^#\/definitions\//, "");
    const target = defs.get(name);
    if (!target || hops.has(name)) return { schema: true, pointer: at, ...(named ? { name: named } : {}) };
    hops.add(name);
    current = target.schema;
    at = target.pointer;
    named = target.name;
  }
  return { schema: current, pointer: at, ...(named ? { name: named } : {}) };
}

export function asObject(schema: JsonSchema): SchemaObject {
  return schema === true ? {} : schema === false ? { not: {} } : schema;
}

/** The place of a sub-schema; `step` extends a path (the one below the subject, and the method's route). */
function child(at: Place, keyword: string, key: string | number | undefined, step: (path: string) => string): Place {
  const suffix = key === undefined ? `/${keyword}` : `/${keyword}/${pointerToken(key)}`;
  return { ...at, oldPtr: at.oldPtr + suffix, newPtr: at.newPtr + suffix, path: step(at.path), route: step(at.route) };
}

const property = (name: string) => (path: string) => (path === "" ? name : `${path}.${name}`);
const item = (path: string) => (path === "" ? "items" : `${path}[]`);

function compareProperties(ctx: SchemaContext, a: SchemaObject, b: SchemaObject, at: Place): void {
  const before = (a.properties ?? {}) as Record<string, JsonSchema>;
  const after = (b.properties ?? {}) as Record<string, JsonSchema>;
  const requiredBefore = new Set(Array.isArray(a.required) ? (a.required as string[]) : []);
  const requiredAfter = new Set(Array.isArray(b.required) ? (b.required as string[]) : []);
  const names = new Set([...Object.keys(after), ...requiredAfter, ...Object.keys(before), ...requiredBefore]);
  const request = ctx.direction === "request";
  const L = label(at);
  for (const name of names) {
    const was = name in before || requiredBefore.has(name);
    const is = name in after || requiredAfter.has(name);
    const place = child(at, "properties", name, property(name));
    const push = (rule: Parameters<typeof change>[0], pointer: string, what: string, side?: "old") =>
      ctx.out.push(change(rule, { method: ctx.method, pointer, side, via: via(at), what }));
    if (was && !is) {
      push(
        request ? "request-property-removed" : "response-property-removed",
        place.oldPtr,
        `property ${name} was removed from ${L}`,
        "old",
      );
      continue;
    }
    if (!was && is) {
      if (request && requiredAfter.has(name))
        push("request-property-added-required", place.newPtr, `${L} gained the required property ${name}`);
      else
        push(
          request ? "request-property-added" : "response-property-added",
          place.newPtr,
          `${L} gained the ${request ? "optional " : ""}property ${name}`,
        );
      continue;
    }
    const nowRequired = requiredAfter.has(name) && !requiredBefore.has(name);
    const nowOptional = requiredBefore.has(name) && !requiredAfter.has(name);
    if (nowRequired)
      push(
        request ? "request-property-became-required" : "response-property-became-required",
        place.newPtr,
        `property ${name} of ${L} is now required`,
      );
    if (nowOptional)
      push(
        request ? "request-property-became-optional" : "response-property-became-optional",
        place.newPtr,
        `property ${name} of ${L} is now optional`,
      );
    compareSchemas(ctx, before[name] ?? true, after[name] ?? true, place);
  }
}

function compareItems(ctx: SchemaContext, a: SchemaObject, b: SchemaObject, at: Place): void {
  if (a.items === undefined && b.items === undefined) return;
  if (Array.isArray(a.items) && Array.isArray(b.items)) {
    const count = Math.max(a.items.length, b.items.length);
    for (let i = 0; i < count; i++) {
      const x = a.items[i] as JsonSchema | undefined;
      const y = b.items[i] as JsonSchema | undefined;
      if (x !== undefined && y !== undefined)
        compareSchemas(
          ctx,
          x,
          y,
          child(at, "items", i, (p) => `${p}[${i}]`),
        );
      else unknownChange(ctx, child(at, "items", i, item), undefined, x, y);
    }
    return;
  }
  if (Array.isArray(a.items) || Array.isArray(b.items)) {
    unknownChange(ctx, at, "items", a.items, b.items);
    return;
  }
  compareSchemas(
    ctx,
    (a.items ?? true) as JsonSchema,
    (b.items ?? true) as JsonSchema,
    child(at, "items", undefined, item),
  );
}

/** `additionalProperties` as a schema and `patternProperties`, matched by pattern. */
function compareSchemaMaps(ctx: SchemaContext, a: SchemaObject, b: SchemaObject, at: Place): void {
  const x = a.additionalProperties;
  const y = b.additionalProperties;
  if ((typeof x === "object" || typeof y === "object") && x !== false && y !== false) {
    compareSchemas(
      ctx,
      (x ?? true) as JsonSchema,
      (y ?? true) as JsonSchema,
      child(at, "additionalProperties", undefined, (p) => (p === "" ? "additionalProperties" : `${p}[*]`)),
    );
  }
  const before = (a.patternProperties ?? {}) as Record<string, JsonSchema>;
  const after = (b.patternProperties ?? {}) as Record<string, JsonSchema>;
  for (const pattern of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const place = child(at, "patternProperties", pattern, (p) => `${p}[${pattern}]`);
    if (before[pattern] !== undefined && after[pattern] !== undefined)
      compareSchemas(ctx, before[pattern]!, after[pattern]!, place);
    else unknownChange(ctx, place, undefined, before[pattern], after[pattern]);
  }
}

function compareAllOf(ctx: SchemaContext, a: SchemaObject, b: SchemaObject, at: Place): void {
  const before = Array.isArray(a.allOf) ? (a.allOf as JsonSchema[]) : [];
  const after = Array.isArray(b.allOf) ? (b.allOf as JsonSchema[]) : [];
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const place = child(at, "allOf", i, (p) => p);
    if (before[i] !== undefined && after[i] !== undefined) compareSchemas(ctx, before[i]!, after[i]!, place);
    else unknownChange(ctx, place, undefined, before[i], after[i]);
  }
}

/**
 * A change not graded here: of `keyword` below `at`, or of the sub-schema at `at` itself when
 * `keyword` is undefined (an `allOf` branch or tuple item added or removed).
 */
function unknownChange(ctx: SchemaContext, at: Place, keyword: string | undefined, old: unknown, now: unknown): void {
  const suffix = keyword === undefined ? "" : `/${pointerToken(keyword)}`;
  const pointer = (now === undefined ? at.oldPtr : at.newPtr) + suffix;
  const name = keyword ?? pointer.split("/").slice(-2).join("/");
  const what =
    now === undefined
      ? `${label(at)} lost ${name}`
      : old === undefined
        ? `${label(at)} gained ${name}`
        : `${name} of ${label(at)} changed`;
  const side = now === undefined ? "old" : "new";
  ctx.out.push(change("schema-changed", { method: ctx.method, pointer, side, via: via(at), old, new: now, what }));
}
