/**
 * Compares two schema-model nodes (generator/model/schema.ts) recursively in one direction
 * (request or response): follows references into the named nodes of each document (with cycle
 * protection), then compares the value aspects of each place (schema-keywords.ts), the properties
 * and their requiredness, items, `additionalProperties` and `patternProperties`, union branches
 * (schema-unions.ts) and `allOf`. What it does not grade (`multipleOf`, `uniqueItems`,
 * `additionalItems`, `not`, and the keywords the model keeps uninterpreted) is reported as
 * `schema-changed` rather than passed over in silence.
 */
import { mergeAllOf } from "../model/merge.js";
import { resolveNode, type SchemaDefinitions, type SchemaNode } from "../model/schema.js";
import { pointerToken } from "../problems.js";
import { canonical, change } from "./change.js";
import { compareKeywords } from "./schema-keywords.js";
import { label, via, type Place, type SchemaContext } from "./schema-place.js";
import { compareUnions } from "./schema-unions.js";
import { shapeOf, schemaValue, viewOf, type SchemaView } from "./schema-view.js";

export function compareSchemas(ctx: SchemaContext, a: SchemaNode, b: SchemaNode, place: Place): void {
  const before = resolve(ctx.oldDefs, a);
  const after = resolve(ctx.newDefs, b);
  if (!firstVisit(ctx, before.node, after.node)) return;
  const named = after.name ?? before.name;
  const [na, nb] = comparable(ctx, before.node, after.node);
  const va = viewOf(na);
  const vb = viewOf(nb);
  // A named schema may be shared by several methods: its changes are named after the type, and
  // each method records where it entered it (the report groups them into one finding).
  const at: Place =
    named === undefined
      ? { ...place, oldPtr: va.pointer, newPtr: vb.pointer }
      : { ...place, oldPtr: va.pointer, newPtr: vb.pointer, subject: `type ${named}`, path: "", shared: true };
  const unions = compareUnions(ctx, { a: before.node, b: after.node, va, vb }, at, compareSchemas);
  if (unions === "lifted") return;
  compareKeywords(ctx, va, vb, at);
  compareProperties(ctx, va, vb, at);
  compareItems(ctx, va, vb, at);
  compareSchemaMaps(ctx, va, vb, at);
  compareAllOf(ctx, va, vb, at);
  compareUngraded(ctx, va, vb, at, unions === "none");
}

/**
 * The pair as compared: an `allOf` of objects facing a schema built another way (a plain object,
 * or an `allOf` of other members) is compared as the one object it stands for, so moving fields
 * into a shared base (`Block` = `BlockHeader` + its own fields) is no change, while a change of a
 * field still is. Two `allOf`s of the same members are compared member by member.
 */
function comparable(ctx: SchemaContext, a: SchemaNode, b: SchemaNode): [SchemaNode, SchemaNode] {
  const fa = objectsOnly(a, ctx.oldDefs);
  const fb = objectsOnly(b, ctx.newDefs);
  if ((!fa && !fb) || (fa && fb && sameMembers(a, b))) return [a, b];
  if (!(fa || a.kind === "object") || !(fb || b.kind === "object")) return [a, b];
  const flat = (n: SchemaNode, defs: SchemaDefinitions, is: boolean): SchemaNode =>
    is && n.kind === "allOf" ? { ...mergeAllOf(n.members, defs), pointer: n.pointer } : n;
  return [flat(a, ctx.oldDefs, fa), flat(b, ctx.newDefs, fb)];
}

/** An `allOf` whose members are all objects (through references and nested `allOf`s). */
function objectsOnly(node: SchemaNode, defs: SchemaDefinitions, depth = 0): boolean {
  if (node.kind !== "allOf" || depth > 8) return false;
  return node.members.every((m) => {
    const r = resolveNode(m, defs);
    return r.kind === "object" || objectsOnly(r, defs, depth + 1);
  });
}

function sameMembers(a: SchemaNode, b: SchemaNode): boolean {
  if (a.kind !== "allOf" || b.kind !== "allOf" || a.members.length !== b.members.length) return false;
  return a.members.every((m, i) => {
    const n = b.members[i]!;
    return m.kind === n.kind && (m.kind !== "ref" || (n.kind === "ref" && m.name === n.name));
  });
}

/** Follows references to a named node; `name` is the last name on the way. A missing name or a loop is any value. */
function resolve(defs: SchemaDefinitions, node: SchemaNode): { node: SchemaNode; name?: string } {
  let current = node;
  let name: string | undefined;
  const hops = new Set<string>();
  while (current.kind === "ref") {
    const target = defs.get(current.name);
    if (!target || hops.has(current.name))
      return { node: { kind: "unknown", pointer: current.pointer }, ...(name ? { name } : {}) };
    hops.add(current.name);
    name = current.name;
    current = target;
  }
  return { node: current, ...(name ? { name } : {}) };
}

/** False when this pair was compared before in this walk (a cycle, or a schema shared twice). */
function firstVisit(ctx: SchemaContext, a: SchemaNode, b: SchemaNode): boolean {
  const seen = ctx.seen.get(a) ?? new Set<SchemaNode>();
  if (seen.has(b)) return false;
  seen.add(b);
  ctx.seen.set(a, seen);
  return true;
}

/** Any value, at a place the schema does not describe (an absent `items`, a property without a schema). */
const anyAt = (pointer: string): SchemaNode => ({ kind: "unknown", pointer });

/** The place of a sub-schema; `step` extends a path (the one below the subject, and the method's route). */
function child(at: Place, keyword: string, key: string | number | undefined, step: (path: string) => string): Place {
  const suffix = key === undefined ? `/${keyword}` : `/${keyword}/${pointerToken(String(key))}`;
  return { ...at, oldPtr: at.oldPtr + suffix, newPtr: at.newPtr + suffix, path: step(at.path), route: step(at.route) };
}

const property = (name: string) => (path: string) => (path === "" ? name : `${path}.${name}`);
const item = (path: string) => (path === "" ? "items" : `${path}[]`);

function compareProperties(ctx: SchemaContext, a: SchemaView, b: SchemaView, at: Place): void {
  const before = new Map((a.properties ?? []).map((p) => [p.name, p.node]));
  const after = new Map((b.properties ?? []).map((p) => [p.name, p.node]));
  const names = new Set([...after.keys(), ...b.required, ...before.keys(), ...a.required]);
  const request = ctx.direction === "request";
  const L = label(at);
  for (const name of names) {
    const was = before.has(name) || a.required.has(name);
    const is = after.has(name) || b.required.has(name);
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
      if (request && b.required.has(name))
        push("request-property-added-required", place.newPtr, `${L} gained the required property ${name}`);
      else
        push(
          request ? "request-property-added" : "response-property-added",
          place.newPtr,
          `${L} gained the ${request ? "optional " : ""}property ${name}`,
        );
      continue;
    }
    const nowRequired = b.required.has(name) && !a.required.has(name);
    const nowOptional = a.required.has(name) && !b.required.has(name);
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
    compareSchemas(ctx, before.get(name) ?? anyAt(place.oldPtr), after.get(name) ?? anyAt(place.newPtr), place);
  }
}

function compareItems(ctx: SchemaContext, a: SchemaView, b: SchemaView, at: Place): void {
  const [x, y] = [a.items, b.items];
  if (x === undefined && y === undefined) return;
  if (Array.isArray(x) && Array.isArray(y)) {
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
      const place = child(at, "items", i, (p) => `${p}[${i}]`);
      if (x[i] !== undefined && y[i] !== undefined) compareSchemas(ctx, x[i]!, y[i]!, place);
      else unknownChange(ctx, child(at, "items", i, item), undefined, schemaValue(x[i]), schemaValue(y[i]));
    }
    return;
  }
  if (Array.isArray(x) || Array.isArray(y)) {
    const shown = (items: SchemaNode | SchemaNode[] | undefined) =>
      Array.isArray(items) ? items.map(schemaValue) : schemaValue(items);
    unknownChange(ctx, at, "items", shown(x), shown(y));
    return;
  }
  const place = child(at, "items", undefined, item);
  compareSchemas(ctx, (x as SchemaNode) ?? anyAt(place.oldPtr), (y as SchemaNode) ?? anyAt(place.newPtr), place);
}

/** A schema for the other properties (not `true`, `false` or absent, which schema-keywords.ts grades). */
const isSchema = (node: SchemaNode | undefined): boolean =>
  node !== undefined && node.kind !== "unknown" && node.kind !== "never";

/** `additionalProperties` as a schema and `patternProperties`, matched by pattern. */
function compareSchemaMaps(ctx: SchemaContext, a: SchemaView, b: SchemaView, at: Place): void {
  const [x, y] = [a.additional, b.additional];
  if ((isSchema(x) || isSchema(y)) && x?.kind !== "never" && y?.kind !== "never") {
    const place = child(at, "additionalProperties", undefined, (p) => (p === "" ? "additionalProperties" : `${p}[*]`));
    compareSchemas(ctx, x ?? anyAt(place.oldPtr), y ?? anyAt(place.newPtr), place);
  }
  const before = new Map(a.patterns.map((p) => [p.pattern, p.node]));
  const after = new Map(b.patterns.map((p) => [p.pattern, p.node]));
  for (const pattern of new Set([...before.keys(), ...after.keys()])) {
    const place = child(at, "patternProperties", pattern, (p) => `${p}[${pattern}]`);
    const [o, n] = [before.get(pattern), after.get(pattern)];
    if (o !== undefined && n !== undefined) compareSchemas(ctx, o, n, place);
    else unknownChange(ctx, place, undefined, schemaValue(o), schemaValue(n));
  }
}

function compareAllOf(ctx: SchemaContext, a: SchemaView, b: SchemaView, at: Place): void {
  for (let i = 0; i < Math.max(a.allOf.length, b.allOf.length); i++) {
    const place = child(at, "allOf", i, (p) => p);
    const [o, n] = [a.allOf[i], b.allOf[i]];
    if (o !== undefined && n !== undefined) compareSchemas(ctx, o, n, place);
    else unknownChange(ctx, place, undefined, schemaValue(o), schemaValue(n));
  }
}

/**
 * What no rule grades: `multipleOf`, `uniqueItems`, `additionalItems`, `not`, the keywords the
 * model keeps uninterpreted, and a union facing a schema that is more than a union (`unpaired`).
 */
function compareUngraded(ctx: SchemaContext, a: SchemaView, b: SchemaView, at: Place, unpaired: boolean): void {
  if (a.multipleOf !== b.multipleOf) unknownChange(ctx, at, "multipleOf", a.multipleOf, b.multipleOf);
  if (a.uniqueItems !== b.uniqueItems) unknownChange(ctx, at, "uniqueItems", a.uniqueItems, b.uniqueItems);
  for (const [keyword, x, y] of [
    ["additionalItems", a.rest, b.rest],
    ["not", a.not, b.not],
  ] as const) {
    if (shapeOf(x) !== shapeOf(y)) unknownChange(ctx, at, keyword, schemaValue(x), schemaValue(y));
  }
  for (const keyword of new Set([...Object.keys(a.unmodelled), ...Object.keys(b.unmodelled)])) {
    const [x, y] = [a.unmodelled[keyword], b.unmodelled[keyword]];
    if (canonical(x) !== canonical(y)) unknownChange(ctx, at, keyword, x, y);
  }
  if (unpaired && (a.union || b.union)) {
    const union = (v: SchemaView) => (v.union ? v.union.members.map(schemaValue) : undefined);
    unknownChange(ctx, at, (b.union ?? a.union)!.rule, union(a), union(b));
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
