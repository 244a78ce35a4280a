/**
 * One method present on both sides: its calling convention, deprecation, params (params.ts),
 * result and result variants (response direction), errors and `x-limits`.
 */
import type { LimitRule, MethodModel, NamedSchema, ParamStructure } from "../model/document.js";
import type { SchemaDefinitions, SchemaNode } from "../model/schema.js";
import { canonical, change, show, type Change } from "./change.js";
import { compareParams, type ParamNodes } from "./params.js";
import type { RuleId } from "./rules.js";
import type { Direction, SchemaContext } from "./schema-place.js";
import { compareSchemas } from "./schema-walk.js";

/** The named schemas of one document by name (components, params, results, variants), and their nodes. */
export interface SchemaIndex {
  schemas: ReadonlyMap<string, NamedSchema>;
  nodes: SchemaDefinitions;
}

export interface Definitions {
  old: SchemaIndex;
  new: SchemaIndex;
}

export function schemaIndex(schemas: readonly NamedSchema[]): SchemaIndex {
  return { schemas: new Map(schemas.map((s) => [s.name, s])), nodes: new Map(schemas.map((s) => [s.name, s.node])) };
}

/** The node of a named schema of the document (a method's params, result or variant). */
function nodeOf(index: SchemaIndex, name: string, pointer: string): SchemaNode {
  return index.schemas.get(name)?.node ?? { kind: "unknown", pointer };
}

/** Each param's node: the properties of the method's params node. */
export function paramNodes(index: SchemaIndex, method: MethodModel): ParamNodes {
  const node = index.schemas.get(method.paramsType)?.node;
  return new Map(node?.kind === "object" ? node.properties.map((p) => [p.name, p.node]) : []);
}

/** The node of a method's result (`undefined` for a notification). */
export function resultNode(index: SchemaIndex, method: MethodModel): SchemaNode | undefined {
  return method.result ? nodeOf(index, method.resultType, `#${method.pointer}/result/schema`) : undefined;
}

export function compareMethod(before: MethodModel, after: MethodModel, defs: Definitions): Change[] {
  const m = after.rpcName;
  const out: Change[] = [];
  const at = `#${after.pointer}`;
  const push: Push = (rule, pointer, what, old, now) => {
    const side = removals.has(rule) ? "old" : "new";
    out.push(change(rule, { method: m, pointer, side, old, new: now, what }));
  };

  if (before.paramStructure !== after.paramStructure) {
    const relaxed = after.paramStructure === "either";
    push(
      relaxed ? "param-structure-relaxed" : "param-structure-changed",
      `${at}/paramStructure`,
      `method ${m} now takes params ${describeStructure(after.paramStructure)} instead of ${describeStructure(before.paramStructure)}`,
      before.paramStructure,
      after.paramStructure,
    );
  }
  if (!before.deprecated && after.deprecated)
    push("method-deprecated", `${at}/deprecated`, `method ${m} is now deprecated`, false, true);

  const params = { old: paramNodes(defs.old, before), new: paramNodes(defs.new, after) };
  compareParams(context(m, "request", defs, out), before, after, params);
  compareResults(context(m, "response", defs, out), { before, after, defs }, push);
  compareItems(context(m, "response", defs, out), before, after, defs);
  compareErrors(before, after, push);
  compareLimits(before, after, push);
  return out;
}

function context(method: string, direction: Direction, defs: Definitions, out: Change[]): SchemaContext {
  return { method, direction, oldDefs: defs.old.nodes, newDefs: defs.new.nodes, seen: new Map(), out };
}

function describeStructure(structure: ParamStructure): string {
  return structure === "either" ? "by name or by position" : structure.replace("-", " ");
}

type Push = (rule: RuleId, pointer: string, what: string, old?: unknown, now?: unknown) => void;

/** The rules of this file whose pointer is into the old document. */
const removals = new Set<RuleId>(["result-removed", "result-variant-removed", "error-removed", "limit-removed"]);

function compareResults(
  ctx: SchemaContext,
  pair: { before: MethodModel; after: MethodModel; defs: Definitions },
  push: Push,
): void {
  const { before, after, defs } = pair;
  const m = after.rpcName;
  if (before.result && !after.result)
    push(
      "result-removed",
      `#${before.pointer}/result`,
      `method ${m} no longer has a result (it became a notification)`,
      before.result.name,
    );
  if (!before.result && after.result)
    push("result-added", `#${after.pointer}/result`, `method ${m} now has a result`, undefined, after.result.name);
  if (before.result && after.result) {
    const subject = `the result of ${m}`;
    compareSchemas(ctx, resultNode(defs.old, before)!, resultNode(defs.new, after)!, {
      oldPtr: `#${before.pointer}/result/schema`,
      newPtr: `#${after.pointer}/result/schema`,
      subject,
      path: "",
      role: "the result",
      route: "",
      shared: false,
    });
  }
  before.variants.forEach((v, i) => {
    const j = after.variants.findIndex((w) => w.name === v.name);
    const oldPtr = `#${before.pointer}/x-result-variants/${i}`;
    if (j === -1) {
      push("result-variant-removed", oldPtr, `result variant ${v.name} of ${m} was removed`, v.name);
      return;
    }
    const w = after.variants[j]!;
    const newPtr = `#${after.pointer}/x-result-variants/${j}`;
    if (canonical(v.when) !== canonical(w.when))
      push(
        "result-variant-condition-changed",
        `${newPtr}/when`,
        `the condition of result variant ${v.name} of ${m} changed from ${show(v.when)} to ${show(w.when)}`,
        v.when,
        w.when,
      );
    const variant = (index: SchemaIndex, name: string, pointer: string) => nodeOf(index, name, `${pointer}/schema`);
    compareSchemas(ctx, variant(defs.old, v.typeName, oldPtr), variant(defs.new, w.typeName, newPtr), {
      oldPtr: `${oldPtr}/schema`,
      newPtr: `${newPtr}/schema`,
      subject: `result variant ${v.name} of ${m}`,
      path: "",
      role: `result variant ${v.name}`,
      route: "",
      shared: false,
    });
  });
  after.variants.forEach((w, j) => {
    if (!before.variants.some((v) => v.name === w.name))
      push(
        "result-variant-added",
        `#${after.pointer}/x-result-variants/${j}`,
        `method ${m} gained the result variant ${w.name}`,
        undefined,
        w.name,
      );
  });
}

/**
 * The items a subscription pushes are answers too (response direction): the default item and each
 * variant present on both sides, by name. A subscription or variant that appears or goes is left to
 * the method's own findings (its result, the id, stays what it was).
 */
function compareItems(ctx: SchemaContext, before: MethodModel, after: MethodModel, defs: Definitions): void {
  const [a, b] = [before.subscription, after.subscription];
  if (!a || !b) return;
  const m = after.rpcName;
  const pairs = [
    { old: a.itemType, new: b.itemType, oldPtr: "/item", newPtr: "/item", name: "items" },
    ...a.variants.flatMap((v, i) => {
      const j = b.variants.findIndex((w) => w.name === v.name);
      if (j < 0) return [];
      const p = (k: number) => `/variants/${k}/item`;
      return [{ old: v.itemType, new: b.variants[j]!.itemType, oldPtr: p(i), newPtr: p(j), name: `${v.name} items` }];
    }),
  ];
  for (const pair of pairs) {
    const oldPtr = `#${before.pointer}/x-subscription${pair.oldPtr}`;
    const newPtr = `#${after.pointer}/x-subscription${pair.newPtr}`;
    compareSchemas(ctx, nodeOf(defs.old, pair.old, oldPtr), nodeOf(defs.new, pair.new, newPtr), {
      oldPtr,
      newPtr,
      subject: `the ${pair.name} of ${m}`,
      path: "",
      role: `the ${pair.name}`,
      route: "",
      shared: false,
    });
  }
}

function compareErrors(before: MethodModel, after: MethodModel, push: Push): void {
  const m = after.rpcName;
  before.errors.forEach((e, i) => {
    if (!after.errors.some((f) => f.code === e.code))
      push(
        "error-removed",
        `#${before.pointer}/errors/${i}`,
        `error ${e.code} (${e.message}) is no longer listed for ${m}`,
        e.code,
      );
  });
  after.errors.forEach((f, i) => {
    if (!before.errors.some((e) => e.code === f.code))
      push(
        "error-added",
        `#${after.pointer}/errors/${i}`,
        `method ${m} now lists error ${f.code} (${f.message})`,
        undefined,
        f.code,
      );
  });
}

/** Limit rules match on what they constrain: `maxBlockSpan` on its two params, `requires` on both. */
function limitKey(rule: LimitRule): string {
  return rule.rule === "maxBlockSpan" ? `maxBlockSpan|${rule.from}|${rule.to}` : `requires|${rule.if}|${rule.then}`;
}

function describeLimit(rule: LimitRule): string {
  return rule.rule === "maxBlockSpan" ? `${rule.to} − ${rule.from} ≤ ${rule.max}` : `${rule.if} requires ${rule.then}`;
}

function compareLimits(before: MethodModel, after: MethodModel, push: Push): void {
  const m = after.rpcName;
  const strip = ({ description: _d, ...rest }: LimitRule) => rest;
  before.limits.forEach((l, i) => {
    const j = after.limits.findIndex((k) => limitKey(k) === limitKey(l));
    if (j === -1) {
      push(
        "limit-removed",
        `#${before.pointer}/x-limits/${i}`,
        `the ${l.rule} rule (${describeLimit(l)}) of ${m} was removed`,
        strip(l),
      );
      return;
    }
    const k = after.limits[j]!;
    if (l.rule === "maxBlockSpan" && k.rule === "maxBlockSpan" && l.max !== k.max) {
      const what = `the maxBlockSpan of ${m} was ${k.max < l.max ? "lowered" : "raised"} from ${l.max} to ${k.max}`;
      push(
        k.max < l.max ? "limit-tightened" : "limit-relaxed",
        `#${after.pointer}/x-limits/${j}/max`,
        what,
        l.max,
        k.max,
      );
    }
  });
  after.limits.forEach((k, j) => {
    if (!before.limits.some((l) => limitKey(l) === limitKey(k)))
      push(
        "limit-added",
        `#${after.pointer}/x-limits/${j}`,
        `method ${m} gained the ${k.rule} rule (${describeLimit(k)})`,
        undefined,
        strip(k),
      );
  });
}
