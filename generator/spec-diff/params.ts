/**
 * The params list of one method: added, removed, renamed, reordered, required or not, and the
 * schema of each param (in the request direction). Position matters for `by-position` and
 * `either` methods, names for `by-name` and `either`; the old method's structure decides,
 * since it is what existing callers use.
 */
import type { MethodModel, ParamModel, ParamStructure } from "../model/document.js";
import type { SchemaNode } from "../model/schema.js";
import { change } from "./change.js";
import type { RuleId } from "./rules.js";
import type { SchemaContext } from "./schema-place.js";
import { compareSchemas } from "./schema-walk.js";

const byPosition = (s: ParamStructure) => s !== "by-name";
const byName = (s: ParamStructure) => s !== "by-position";

interface Pair {
  o: number;
  n: number;
}

/** The node of each param by name: the properties of the method's params node (normalize/document.ts). */
export type ParamNodes = ReadonlyMap<string, SchemaNode>;

export function compareParams(
  ctx: SchemaContext,
  before: MethodModel,
  after: MethodModel,
  nodes: { old: ParamNodes; new: ParamNodes },
): void {
  const m = after.rpcName;
  const olds = before.params;
  const news = after.params;
  const oldPtr = (i: number) => `#${before.pointer}/params/${i}`;
  const newPtr = (i: number) => `#${after.pointer}/params/${i}`;
  const push = (rule: RuleId, pointer: string, what: string, old?: unknown, now?: unknown) =>
    ctx.out.push(
      change(rule, { method: m, pointer, side: rule === "param-removed" ? "old" : "new", old, new: now, what }),
    );
  const oldNames = new Set(olds.map((p) => p.name));
  const newNames = new Set(news.map((p) => p.name));

  const renamed: Pair[] = [];
  for (let i = 0; i < Math.min(olds.length, news.length); i++) {
    const [o, n] = [olds[i]!, news[i]!];
    if (o.name !== n.name && !newNames.has(o.name) && !oldNames.has(n.name)) renamed.push({ o: i, n: i });
  }
  const pairs: Pair[] = [
    ...olds.flatMap((p, o) => (newNames.has(p.name) ? [{ o, n: news.findIndex((q) => q.name === p.name) }] : [])),
    ...renamed,
  ].sort((x, y) => x.o - y.o);

  olds.forEach((p, i) => {
    if (!pairs.some((x) => x.o === i))
      push("param-removed", oldPtr(i), `param ${p.name} was removed from ${m}`, p.name, undefined);
  });
  news.forEach((p, i) => {
    if (pairs.some((x) => x.n === i)) return;
    const next = Math.min(...pairs.map((x) => x.n).filter((n) => n > i));
    const shifts = byPosition(before.paramStructure) && Number.isFinite(next);
    const rule = p.required ? "param-added-required" : shifts ? "param-inserted-optional" : "param-added-optional";
    const where = shifts ? ` before ${news[next]!.name}` : "";
    push(
      rule,
      newPtr(i),
      `method ${m} gained the ${p.required ? "required" : "optional"} param ${p.name}${where}`,
      undefined,
      p.name,
    );
  });
  for (const { o, n } of renamed) {
    const rule = byName(before.paramStructure) ? "param-renamed" : "param-renamed-positional";
    push(
      rule,
      newPtr(n),
      `param ${olds[o]!.name} of ${m} was renamed to ${news[n]!.name}`,
      olds[o]!.name,
      news[n]!.name,
    );
  }
  reportReordering(pairs, olds, (p, from, to) =>
    push(
      byPosition(before.paramStructure) ? "param-reordered" : "param-reordered-by-name",
      newPtr(to),
      `param ${p} of ${m} moved from position ${from} to ${to}`,
      from,
      to,
    ),
  );

  for (const { o, n } of pairs) {
    const [p, q] = [olds[o]!, news[n]!];
    if (!p.required && q.required)
      push("param-became-required", newPtr(n), `param ${q.name} of ${m} is now required`, false, true);
    if (p.required && !q.required)
      push("param-became-optional", newPtr(n), `param ${q.name} of ${m} is now optional`, true, false);
    if (!p.deprecated && q.deprecated)
      push("param-deprecated", newPtr(n), `param ${q.name} of ${m} is now deprecated`, false, true);
    const start = ctx.out.length;
    const place = {
      oldPtr: `${oldPtr(o)}/schema`,
      newPtr: `${newPtr(n)}/schema`,
      subject: `param ${q.name} of ${m}`,
      path: "",
      role: `param ${q.name}`,
      route: "",
      shared: false,
    };
    const any = (pointer: string): SchemaNode => ({ kind: "unknown", pointer });
    compareSchemas(ctx, nodes.old.get(p.name) ?? any(place.oldPtr), nodes.new.get(q.name) ?? any(place.newPtr), place);
    if (q.name === "pageSize") relabelPageSize(ctx, start, place.newPtr, q);
  }
}

/**
 * Params kept on both sides whose order among the kept ones changed. The params of the longest
 * run that kept its relative order stay put; each of the others is reported as moved.
 */
function reportReordering(
  pairs: Pair[],
  olds: ParamModel[],
  report: (name: string, from: number, to: number) => void,
): void {
  const length = pairs.map(() => 1);
  const previous = pairs.map(() => -1);
  pairs.forEach((pair, i) => {
    for (let j = 0; j < i; j++) {
      if (pairs[j]!.n < pair.n && length[j]! + 1 > length[i]!) [length[i], previous[i]] = [length[j]! + 1, j];
    }
  });
  const stay = new Set<number>();
  for (let i = length.indexOf(Math.max(0, ...length)); i !== -1; i = previous[i]!) stay.add(i);
  pairs.forEach((pair, i) => {
    if (!stay.has(i)) report(olds[pair.o]!.name, pair.o, pair.n);
  });
}

/** A lower `maximum` on `pageSize` itself is the page-size limit of a paged method. */
function relabelPageSize(ctx: SchemaContext, start: number, schemaPtr: string, param: ParamModel): void {
  for (let i = start; i < ctx.out.length; i++) {
    const c = ctx.out[i]!;
    if (c.rule !== "request-bound-tightened" || c.pointer !== `${schemaPtr}/maximum`) continue;
    const what =
      c.old === undefined
        ? `param ${param.name} of ${ctx.method} gained the maximum ${String(c.new)}`
        : `the maximum of param ${param.name} of ${ctx.method} was lowered from ${String(c.old)} to ${String(c.new)}`;
    ctx.out[i] = change("page-size-max-lowered", {
      method: c.method,
      pointer: c.pointer,
      side: c.side,
      old: c.old,
      new: c.new,
      what,
    });
  }
}
