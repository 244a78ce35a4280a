/**
 * Union branches (`anyOf`/`oneOf`): branches are paired by `$ref` name, then by equal content,
 * then by position among branches of compatible types; what is left was added or removed. A
 * plain schema facing a bare union (`string` → `oneOf [string, null]`) is treated as a union
 * of one branch, so that making a result nullable reads as such.
 */
import type { JsonSchema, SchemaObject } from "../model/document.js";
import { canonical, change, isAnnotation, withoutAnnotations } from "./change.js";
import { label, typesOf, via, type Place, type SchemaContext } from "./schema-keywords.js";

interface Branch {
  schema: JsonSchema;
  pointer: string;
  index: number;
}

type Compare = (ctx: SchemaContext, a: JsonSchema, b: JsonSchema, place: Place) => void;

/**
 * `compared`: both sides are unions and their branches were compared; `lifted`: one side is a
 * bare union and the whole pair was compared as unions; `none`: nothing done here.
 */
export function compareUnions(
  ctx: SchemaContext,
  a: SchemaObject,
  b: SchemaObject,
  at: Place,
  compare: Compare,
): "compared" | "lifted" | "none" {
  const before = unionOf(a, at.oldPtr);
  const after = unionOf(b, at.newPtr);
  if (before && after) {
    compareBranches(ctx, before, after, at, compare);
    return "compared";
  }
  if (before && !after && isBare(a)) {
    compareBranches(ctx, before, [{ schema: b, pointer: at.newPtr, index: 0 }], at, compare);
    return "lifted";
  }
  if (after && !before && isBare(b)) {
    compareBranches(ctx, [{ schema: a, pointer: at.oldPtr, index: 0 }], after, at, compare);
    return "lifted";
  }
  return "none";
}

function unionOf(schema: SchemaObject, pointer: string): Branch[] | undefined {
  const keyword = Array.isArray(schema.anyOf) ? "anyOf" : Array.isArray(schema.oneOf) ? "oneOf" : undefined;
  if (!keyword) return undefined;
  return (schema[keyword] as JsonSchema[]).map((s, index) => ({
    schema: s,
    pointer: `${pointer}/${keyword}/${index}`,
    index,
  }));
}

/** A union and nothing else but annotations. */
function isBare(schema: SchemaObject): boolean {
  return Object.keys(schema).every((k) => k === "anyOf" || k === "oneOf" || isAnnotation(k));
}

function compareBranches(ctx: SchemaContext, before: Branch[], after: Branch[], at: Place, compare: Compare): void {
  const pairs = pair(ctx, before, after);
  const pairedOld = new Set(pairs.map(([o]) => o));
  const pairedNew = new Set(pairs.map(([, n]) => n));
  for (const [o, n] of pairs) compare(ctx, o.schema, n.schema, { ...at, oldPtr: o.pointer, newPtr: n.pointer });
  const request = ctx.direction === "request";
  const L = label(at);
  for (const o of before.filter((b) => !pairedOld.has(b))) {
    const what = `the ${describe(ctx, o.schema, "old")} branch was removed from ${L}`;
    ctx.out.push(
      change(request ? "request-branch-removed" : "response-branch-removed", {
        method: ctx.method,
        pointer: o.pointer,
        side: "old",
        via: via(at),
        old: o.schema,
        what,
      }),
    );
  }
  for (const n of after.filter((b) => !pairedNew.has(b))) {
    const nullable = isNull(ctx, n.schema, "new");
    const rule = request ? "request-branch-added" : nullable ? "response-nullable-added" : "response-branch-added";
    const what = nullable
      ? `${L} ${request ? "now also accepts" : "may now be"} null`
      : `${L} gained the ${describe(ctx, n.schema, "new")} branch`;
    ctx.out.push(change(rule, { method: ctx.method, pointer: n.pointer, via: via(at), new: n.schema, what }));
  }
}

function pair(ctx: SchemaContext, before: Branch[], after: Branch[]): [Branch, Branch][] {
  const pairs: [Branch, Branch][] = [];
  const used = new Set<Branch>();
  const take = (o: Branch, match: (n: Branch) => boolean) => {
    if (pairs.some(([p]) => p === o)) return;
    const n = after.find((candidate) => !used.has(candidate) && match(candidate));
    if (!n) return;
    used.add(n);
    pairs.push([o, n]);
  };
  for (const o of before) take(o, (n) => refName(o.schema) !== undefined && refName(o.schema) === refName(n.schema));
  for (const o of before)
    take(o, (n) => canonical(withoutAnnotations(o.schema)) === canonical(withoutAnnotations(n.schema)));
  for (const o of before) take(o, (n) => n.index === o.index && compatible(ctx, o.schema, n.schema));
  for (const o of before) take(o, (n) => compatible(ctx, o.schema, n.schema));
  return pairs;
}

function refName(schema: JsonSchema): string | undefined {
  return typeof schema === "object" && typeof schema.$ref === "string"
    ? schema.$ref.replace(/^#\/definitions\//, "")
    : undefined;
}

/** Types of a branch after following its `$ref`s; `undefined` when it does not say. */
function branchTypes(ctx: SchemaContext, schema: JsonSchema, side: "old" | "new"): string[] | undefined {
  let current = schema;
  for (let hops = 0; hops < 20 && refName(current) !== undefined; hops++) {
    current = (side === "old" ? ctx.oldDefs : ctx.newDefs).get(refName(current)!)?.schema ?? true;
  }
  return typeof current === "object" ? typesOf(current) : undefined;
}

function isNull(ctx: SchemaContext, schema: JsonSchema, side: "old" | "new"): boolean {
  const types = branchTypes(ctx, schema, side);
  return types?.length === 1 && types[0] === "null";
}

/** Branches that may be versions of each other: a null branch only pairs with a null branch. */
function compatible(ctx: SchemaContext, a: JsonSchema, b: JsonSchema): boolean {
  if (isNull(ctx, a, "old") !== isNull(ctx, b, "new")) return false;
  const x = branchTypes(ctx, a, "old");
  const y = branchTypes(ctx, b, "new");
  return !x || !y || x.some((t) => y.includes(t));
}

function describe(ctx: SchemaContext, schema: JsonSchema, side: "old" | "new"): string {
  const name = refName(schema);
  if (name) return name;
  const types = branchTypes(ctx, schema, side);
  return types ? types.join("|") : "untyped";
}
