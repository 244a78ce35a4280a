/**
 * Union branches (`anyOf`/`oneOf` nodes): branches are paired by reference name, then by equal
 * shape, then by position among branches of compatible types; what is left was added or removed.
 * A plain schema facing a bare union (`string` → `oneOf [string, null]`) is treated as a union
 * of one branch, so that making a result nullable reads as such.
 */
import type { SchemaNode } from "../model/schema.js";
import { resolveNode } from "../model/schema.js";
import { change } from "./change.js";
import { label, via, type Place, type SchemaContext } from "./schema-place.js";
import { isBareUnion, shapeOf, schemaValue, viewOf, type SchemaView } from "./schema-view.js";

interface Branch {
  node: SchemaNode;
  pointer: string;
  index: number;
}

type Compare = (ctx: SchemaContext, a: SchemaNode, b: SchemaNode, place: Place) => void;

/**
 * `compared`: both sides are unions and their branches were compared; `lifted`: one side is a
 * bare union and the whole pair was compared as unions; `none`: nothing done here.
 */
export function compareUnions(
  ctx: SchemaContext,
  pair: { a: SchemaNode; b: SchemaNode; va: SchemaView; vb: SchemaView },
  at: Place,
  compare: Compare,
): "compared" | "lifted" | "none" {
  const { a, b, va, vb } = pair;
  const before = branchesOf(va);
  const after = branchesOf(vb);
  if (before && after) {
    compareBranches(ctx, before, after, at, compare);
    return "compared";
  }
  if (before && !after && isBareUnion(va)) {
    compareBranches(ctx, before, [{ node: b, pointer: at.newPtr, index: 0 }], at, compare);
    return "lifted";
  }
  if (after && !before && isBareUnion(vb)) {
    compareBranches(ctx, [{ node: a, pointer: at.oldPtr, index: 0 }], after, at, compare);
    return "lifted";
  }
  return "none";
}

function branchesOf(view: SchemaView): Branch[] | undefined {
  return view.union?.members.map((node, index) => ({ node, pointer: node.pointer, index }));
}

function compareBranches(ctx: SchemaContext, before: Branch[], after: Branch[], at: Place, compare: Compare): void {
  const pairs = pair(ctx, before, after);
  const pairedOld = new Set(pairs.map(([o]) => o));
  const pairedNew = new Set(pairs.map(([, n]) => n));
  for (const [o, n] of pairs) compare(ctx, o.node, n.node, { ...at, oldPtr: o.pointer, newPtr: n.pointer });
  const request = ctx.direction === "request";
  const L = label(at);
  for (const o of before.filter((b) => !pairedOld.has(b))) {
    const what = `the ${describe(ctx, o.node, "old")} branch was removed from ${L}`;
    ctx.out.push(
      change(request ? "request-branch-removed" : "response-branch-removed", {
        method: ctx.method,
        pointer: o.pointer,
        side: "old",
        via: via(at),
        old: schemaValue(o.node),
        what,
      }),
    );
  }
  for (const n of after.filter((b) => !pairedNew.has(b))) {
    const nullable = isNull(ctx, n.node, "new");
    const rule = request ? "request-branch-added" : nullable ? "response-nullable-added" : "response-branch-added";
    const what = nullable
      ? `${L} ${request ? "now also accepts" : "may now be"} null`
      : `${L} gained the ${describe(ctx, n.node, "new")} branch`;
    ctx.out.push(
      change(rule, { method: ctx.method, pointer: n.pointer, via: via(at), new: schemaValue(n.node), what }),
    );
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
  for (const o of before) take(o, (n) => refName(o.node) !== undefined && refName(o.node) === refName(n.node));
  for (const o of before) take(o, (n) => shapeOf(o.node) === shapeOf(n.node));
  for (const o of before) take(o, (n) => n.index === o.index && compatible(ctx, o.node, n.node));
  for (const o of before) take(o, (n) => compatible(ctx, o.node, n.node));
  return pairs;
}

function refName(node: SchemaNode): string | undefined {
  return node.kind === "ref" ? node.name : undefined;
}

/** Types of a branch after following its references; `undefined` when it does not say. */
function branchTypes(ctx: SchemaContext, node: SchemaNode, side: "old" | "new"): string[] | undefined {
  return viewOf(resolveNode(node, side === "old" ? ctx.oldDefs : ctx.newDefs)).types;
}

function isNull(ctx: SchemaContext, node: SchemaNode, side: "old" | "new"): boolean {
  const types = branchTypes(ctx, node, side);
  return types?.length === 1 && types[0] === "null";
}

/** Branches that may be versions of each other: a null branch only pairs with a null branch. */
function compatible(ctx: SchemaContext, a: SchemaNode, b: SchemaNode): boolean {
  if (isNull(ctx, a, "old") !== isNull(ctx, b, "new")) return false;
  const x = branchTypes(ctx, a, "old");
  const y = branchTypes(ctx, b, "new");
  return !x || !y || x.some((t) => y.includes(t));
}

function describe(ctx: SchemaContext, node: SchemaNode, side: "old" | "new"): string {
  const name = refName(node);
  if (name) return name;
  const types = branchTypes(ctx, node, side);
  return types ? types.join("|") : "untyped";
}
