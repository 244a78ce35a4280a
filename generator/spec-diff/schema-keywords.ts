/**
 * The value aspects of one pair of places (schema-view.ts): types, `enum`/`const`, `pattern`,
 * `format`, the numeric and length bounds, `additionalProperties` (open or closed) and `default`.
 * In a request, narrowing breaks callers; in a response, widening does. Structure (properties,
 * items, branches) is walked in schema-walk.ts.
 */
import { canonical, show } from "./change.js";
import type { RuleId } from "./rules.js";
import { label, report, type Place, type SchemaContext } from "./schema-place.js";
import { LOWER_BOUNDS, schemaValue, UPPER_BOUNDS, type BoundKeyword, type SchemaView } from "./schema-view.js";

export function compareKeywords(ctx: SchemaContext, a: SchemaView, b: SchemaView, at: Place): void {
  compareTypes(ctx, a, b, at);
  compareEnums(ctx, a, b, at);
  for (const keyword of ["pattern", "format"] as const) compareRestriction(ctx, keyword, a, b, at);
  compareBounds(ctx, a, b, at);
  compareClosedness(ctx, a, b, at);
  const [was, is] = [a.default?.value, b.default?.value];
  if (ctx.direction === "request" && canonical(was) !== canonical(is)) {
    report(
      ctx,
      "request-default-changed",
      at,
      "default",
      was,
      is,
      `the default of ${label(at)} changed from ${show(was)} to ${show(is)}`,
      b.default === undefined,
    );
  }
}

/** The `type` keyword as written: one name, or a list. */
function typeValue(types: string[] | undefined): unknown {
  return types === undefined ? undefined : types.length === 1 ? types[0] : types;
}

function compareTypes(ctx: SchemaContext, a: SchemaView, b: SchemaView, at: Place): void {
  const before = a.types;
  const after = b.types;
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
        typeValue(after),
        `${L} now accepts only ${list(after)} instead of any type`,
      );
    if (removed.length > 0)
      report(
        ctx,
        "request-type-removed",
        at,
        "type",
        typeValue(before),
        typeValue(after),
        `${L} no longer accepts ${list(removed)}`,
      );
    if (widenedToAny)
      report(
        ctx,
        "request-type-added",
        at,
        "type",
        typeValue(before),
        undefined,
        `${L} now accepts any type instead of only ${list(before)}`,
        true,
      );
    if (added.length > 0)
      report(
        ctx,
        "request-type-added",
        at,
        "type",
        typeValue(before),
        typeValue(after),
        `${L} now also accepts ${list(added)}`,
      );
    return;
  }
  if (narrowedFromAny)
    report(ctx, "response-type-removed", at, "type", undefined, typeValue(after), `${L} is now always ${list(after)}`);
  if (removed.length > 0)
    report(
      ctx,
      "response-type-removed",
      at,
      "type",
      typeValue(before),
      typeValue(after),
      `${L} is no longer ${list(removed)}`,
    );
  if (widenedToAny)
    report(
      ctx,
      "response-type-added",
      at,
      "type",
      typeValue(before),
      undefined,
      `${L} may now be of any type instead of only ${list(before)}`,
      true,
    );
  if (added.includes("null"))
    report(ctx, "response-nullable-added", at, "type", typeValue(before), typeValue(after), `${L} may now be null`);
  const others = added.filter((t) => t !== "null");
  if (others.length > 0)
    report(
      ctx,
      "response-type-added",
      at,
      "type",
      typeValue(before),
      typeValue(after),
      `${L} may now also be ${list(others)}`,
    );
}

function compareEnums(ctx: SchemaContext, a: SchemaView, b: SchemaView, at: Place): void {
  const before = a.values;
  const after = b.values;
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
  // A value's own line: `enum/<index>` in the document that has it (`const` is its one value).
  const place = (keyword: "enum" | "const", index: number) => (keyword === "const" ? keyword : `enum/${index}`);
  before.values.forEach((value, i) => {
    if (afterKeys.has(canonical(value))) return;
    report(
      ctx,
      request ? "request-enum-value-removed" : "response-enum-value-removed",
      at,
      place(before.keyword, before.indices?.[i] ?? i),
      value,
      undefined,
      `the value ${show(value)} was removed from the allowed values of ${L}`,
      true,
    );
  });
  after.values.forEach((value, i) => {
    if (beforeKeys.has(canonical(value))) return;
    report(
      ctx,
      request ? "request-enum-value-added" : "response-enum-value-added",
      at,
      place(after.keyword, after.indices?.[i] ?? i),
      undefined,
      value,
      `the value ${show(value)} was added to the allowed values of ${L}`,
    );
  });
}

function compareRestriction(
  ctx: SchemaContext,
  keyword: "pattern" | "format",
  a: SchemaView,
  b: SchemaView,
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

function compareBounds(ctx: SchemaContext, a: SchemaView, b: SchemaView, at: Place): void {
  for (const keyword of [...LOWER_BOUNDS, ...UPPER_BOUNDS] as BoundKeyword[]) {
    const before = a.bounds[keyword];
    const after = b.bounds[keyword];
    if (before === after) continue;
    const lower = (LOWER_BOUNDS as readonly string[]).includes(keyword);
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

/** `additionalProperties` as a finding shows it: `false`, `true`, a schema, or nothing. */
export function additionalValue(view: SchemaView): unknown {
  const node = view.additional;
  if (node === undefined) return undefined;
  return node.kind === "never" ? false : node.kind === "unknown" ? true : schemaValue(node);
}

function compareClosedness(ctx: SchemaContext, a: SchemaView, b: SchemaView, at: Place): void {
  const before = a.additional?.kind === "never";
  const after = b.additional?.kind === "never";
  if (before === after || !(a.types?.includes("object") || b.types?.includes("object"))) return;
  const what = `${label(at)} ${after ? "no longer accepts" : "now accepts"} properties that are not listed`;
  const rule: RuleId =
    ctx.direction === "response"
      ? "response-additional-properties-changed"
      : after
        ? "request-additional-properties-closed"
        : "request-additional-properties-opened";
  const gone = b.additional === undefined;
  report(ctx, rule, at, "additionalProperties", additionalValue(a), additionalValue(b), what, gone);
}

function list(types: string[] | undefined): string {
  const names = (types ?? []).map((t) => (t === "null" ? "null" : `${/^[aeiou]/.test(t) ? "an" : "a"} ${t}`));
  return names.length <= 1 ? (names[0] ?? "nothing") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}
