/**
 * The value keywords of one pair of schemas: `type`, `enum`/`const`, `pattern`, `format`, the
 * numeric bounds, `additionalProperties` (open or closed) and `default`. In a request, narrowing
 * breaks callers; in a response, widening does. Structure (properties, items, branches) is
 * walked in schema-walk.ts.
 */
import type { NamedSchema, SchemaObject } from "../model/document.js";
import { canonical, change, show, type Change } from "./change.js";
import type { RuleId } from "./rules.js";

export type Direction = "request" | "response";

/** Everything one walk over the request (or the response) side of one method needs. */
export interface SchemaContext {
  method: string;
  direction: Direction;
  /** Named schemas of each document by name (`$ref: "#/definitions/<name>"`). */
  oldDefs: Map<string, NamedSchema>;
  newDefs: Map<string, NamedSchema>;
  /** Pairs of places already compared: `$ref` cycles end here, shared schemas are judged once. */
  seen: Set<string>;
  out: Change[];
}

/** Where a pair of schemas sits: a pointer on each side and a label for messages. */
export interface Place {
  oldPtr: string;
  newPtr: string;
  /**
   * What messages name: `param pageSize of adv_getLogs`, `the result of adv_getLogs`; inside a
   * named schema, which several methods may share, the type itself: `type Blockchain`.
   */
  subject: string;
  /** Path below the subject: `logs[].blockchain`; empty at the subject itself. */
  path: string;
  /** The subject as the method sees it, without its name: `param pageSize`, `the result`. */
  role: string;
  /** Path below `role`, through every named schema on the way: `logs[].blockchain`. */
  route: string;
  /** Inside a named schema, which other methods may share: changes then say where the method meets them. */
  shared: boolean;
}

export function label(place: Place): string {
  return place.path === "" ? place.subject : `${place.subject} at ${place.path}`;
}

/** Inside a named schema, the place as the method sees it, without its name: `the result at logs[].blockchain`. */
export function via(place: Place): string | undefined {
  if (!place.shared) return undefined;
  return place.route === "" ? place.role : `${place.role} at ${place.route}`;
}

export function compareKeywords(ctx: SchemaContext, a: SchemaObject, b: SchemaObject, at: Place): void {
  compareTypes(ctx, a, b, at);
  compareEnums(ctx, a, b, at);
  for (const keyword of ["pattern", "format"] as const) compareRestriction(ctx, keyword, a, b, at);
  compareBounds(ctx, a, b, at);
  compareClosedness(ctx, a, b, at);
  if (ctx.direction === "request" && canonical(a.default) !== canonical(b.default)) {
    report(
      ctx,
      "request-default-changed",
      at,
      "default",
      a.default,
      b.default,
      `the default of ${label(at)} changed from ${show(a.default)} to ${show(b.default)}`,
      b.default === undefined,
    );
  }
}

export function typesOf(schema: SchemaObject): string[] | undefined {
  if (schema.type === undefined) return undefined;
  return Array.isArray(schema.type) ? schema.type.map(String) : [String(schema.type)];
}

function compareTypes(ctx: SchemaContext, a: SchemaObject, b: SchemaObject, at: Place): void {
  const before = typesOf(a);
  const after = typesOf(b);
  if (!before && !after) return;
  const L = label(at);
  const removed = before && after ? before.filter((t) => !after.includes(t)) : [];
  const added = before && after ? after.filter((t) => !before.includes(t)) : [];
  const narrowedFromAny = !before && after;
  const widenedToAny = before && !after;
  if (ctx.direction === "request") {
    if (narrowedFromAny)
      report(
        ctx,
        "request-type-removed",
        at,
        "type",
        undefined,
        b.type,
        `${L} now accepts only ${list(after)} instead of any type`,
      );
    if (removed.length > 0)
      report(ctx, "request-type-removed", at, "type", a.type, b.type, `${L} no longer accepts ${list(removed)}`);
    if (widenedToAny)
      report(
        ctx,
        "request-type-added",
        at,
        "type",
        a.type,
        undefined,
        `${L} now accepts any type instead of only ${list(before)}`,
        true,
      );
    if (added.length > 0)
      report(ctx, "request-type-added", at, "type", a.type, b.type, `${L} now also accepts ${list(added)}`);
    return;
  }
  if (narrowedFromAny)
    report(ctx, "response-type-removed", at, "type", undefined, b.type, `${L} is now always ${list(after)}`);
  if (removed.length > 0)
    report(ctx, "response-type-removed", at, "type", a.type, b.type, `${L} is no longer ${list(removed)}`);
  if (widenedToAny)
    report(
      ctx,
      "response-type-added",
      at,
      "type",
      a.type,
      undefined,
      `${L} may now be of any type instead of only ${list(before)}`,
      true,
    );
  if (added.includes("null"))
    report(ctx, "response-nullable-added", at, "type", a.type, b.type, `${L} may now be null`);
  const others = added.filter((t) => t !== "null");
  if (others.length > 0)
    report(ctx, "response-type-added", at, "type", a.type, b.type, `${L} may now also be ${list(others)}`);
}

function enumOf(schema: SchemaObject): { keyword: string; values: unknown[] } | undefined {
  if (Array.isArray(schema.enum)) return { keyword: "enum", values: schema.enum };
  if ("const" in schema) return { keyword: "const", values: [schema.const] };
  return undefined;
}

function compareEnums(ctx: SchemaContext, a: SchemaObject, b: SchemaObject, at: Place): void {
  const before = enumOf(a);
  const after = enumOf(b);
  const L = label(at);
  const request = ctx.direction === "request";
  if (!before && after) {
    report(
      ctx,
      request ? "request-enum-added" : "response-enum-added",
      at,
      after.keyword,
      undefined,
      after.values,
      `${L} is now limited to ${show(after.values)}`,
    );
    return;
  }
  if (before && !after) {
    report(
      ctx,
      request ? "request-enum-removed" : "response-enum-removed",
      at,
      before.keyword,
      before.values,
      undefined,
      `${L} is no longer limited to ${show(before.values)}`,
      true,
    );
    return;
  }
  if (!before || !after) return;
  const keys = (values: unknown[]) => new Set(values.map(canonical));
  const beforeKeys = keys(before.values);
  const afterKeys = keys(after.values);
  for (const value of before.values.filter((v) => !afterKeys.has(canonical(v)))) {
    report(
      ctx,
      request ? "request-enum-value-removed" : "response-enum-value-removed",
      at,
      after.keyword,
      value,
      undefined,
      `the value ${show(value)} was removed from the allowed values of ${L}`,
    );
  }
  for (const value of after.values.filter((v) => !beforeKeys.has(canonical(v)))) {
    report(
      ctx,
      request ? "request-enum-value-added" : "response-enum-value-added",
      at,
      after.keyword,
      undefined,
      value,
      `the value ${show(value)} was added to the allowed values of ${L}`,
    );
  }
}

function compareRestriction(
  ctx: SchemaContext,
  keyword: "pattern" | "format",
  a: SchemaObject,
  b: SchemaObject,
  at: Place,
): void {
  const before = a[keyword];
  const after = b[keyword];
  if (canonical(before) === canonical(after)) return;
  const L = label(at);
  const what =
    before === undefined
      ? `${L} gained the ${keyword} ${show(after)}`
      : after === undefined
        ? `${L} lost its ${keyword} ${show(before)}`
        : `the ${keyword} of ${L} changed from ${show(before)} to ${show(after)}`;
  if (ctx.direction === "response") {
    report(
      ctx,
      keyword === "pattern" ? "response-pattern-changed" : "response-format-changed",
      at,
      keyword,
      before,
      after,
      what,
      after === undefined,
    );
    return;
  }
  const kind = before === undefined ? "added" : after === undefined ? "removed" : "changed";
  report(ctx, `request-${keyword}-${kind}`, at, keyword, before, after, what, after === undefined);
}

const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"];
const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"];

function compareBounds(ctx: SchemaContext, a: SchemaObject, b: SchemaObject, at: Place): void {
  for (const keyword of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const before = a[keyword];
    const after = b[keyword];
    if (
      before === after ||
      (before !== undefined && typeof before !== "number") ||
      (after !== undefined && typeof after !== "number")
    )
      continue;
    const lower = LOWER_BOUNDS.includes(keyword);
    const tightened = before === undefined || (after !== undefined && (lower ? after > before : after < before));
    const L = label(at);
    const what =
      before === undefined
        ? `${L} gained the ${keyword} ${after}`
        : after === undefined
          ? `${L} lost its ${keyword} ${before}`
          : `the ${keyword} of ${L} was ${after > before ? "raised" : "lowered"} from ${before} to ${after}`;
    const rule: RuleId =
      ctx.direction === "request"
        ? tightened
          ? "request-bound-tightened"
          : "request-bound-relaxed"
        : tightened
          ? "response-bound-tightened"
          : "response-bound-relaxed";
    report(ctx, rule, at, keyword, before, after, what, after === undefined);
  }
}

function isObjectLike(schema: SchemaObject): boolean {
  return typesOf(schema)?.includes("object") === true || schema.properties !== undefined;
}

function compareClosedness(ctx: SchemaContext, a: SchemaObject, b: SchemaObject, at: Place): void {
  const before = a.additionalProperties === false;
  const after = b.additionalProperties === false;
  if (before === after || !(isObjectLike(a) || isObjectLike(b))) return;
  const what = `${label(at)} ${after ? "no longer accepts" : "now accepts"} properties that are not listed`;
  const rule: RuleId =
    ctx.direction === "response"
      ? "response-additional-properties-changed"
      : after
        ? "request-additional-properties-closed"
        : "request-additional-properties-opened";
  const gone = b.additionalProperties === undefined;
  report(ctx, rule, at, "additionalProperties", a.additionalProperties, b.additionalProperties, what, gone);
}

/** Reports a change of `keyword`: at the new schema, or at the old one when the keyword is gone. */
export function report(
  ctx: SchemaContext,
  rule: RuleId,
  at: Place,
  keyword: string,
  old: unknown,
  now: unknown,
  what: string,
  gone = false,
): void {
  const pointer = `${gone ? at.oldPtr : at.newPtr}/${keyword}`;
  ctx.out.push(
    change(rule, { method: ctx.method, pointer, side: gone ? "old" : "new", via: via(at), old, new: now, what }),
  );
}

function list(types: string[] | undefined): string {
  const names = (types ?? []).map((t) => (t === "null" ? "null" : `${/^[aeiou]/.test(t) ? "an" : "a"} ${t}`));
  return names.length <= 1 ? (names[0] ?? "nothing") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}
