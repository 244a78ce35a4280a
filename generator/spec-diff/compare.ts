/**
 * The breaking-change review of one OpenRPC document, as pure functions: two normalized documents
 * (both loaded by `loadModel`, as `npm run gen` loads them) in, a list of graded changes out.
 * Schemas are compared as schema-model nodes (generator/model/schema.ts) on the documented
 * contract (`node`, not `lenientNode`).
 */
import type { DocumentModel, MethodModel } from "../model/document.js";
import { canonical, change, type Change } from "./change.js";
import { compareMethod, paramNodes, resultNode, schemaIndex, type Definitions, type SchemaIndex } from "./methods.js";
import { LEVELS } from "./rules.js";
import { shapeOf } from "./schema-view.js";
import { compareServers } from "./servers.js";

/** A document with nothing in it: the other side of a spec that was added or deleted. */
export function emptyModel(source: string): DocumentModel {
  return {
    source,
    title: "",
    version: "",
    description: "",
    subpath: "",
    factory: "",
    clientType: "",
    names: {
      optionsType: "",
      methodsType: "",
      callsType: "",
      paginatorsType: "",
      subscriptionsType: "",
      errorsConst: "",
      clientVar: "",
      coreFactory: "",
      coreType: "",
    },
    defaultStructure: "by-position",
    servers: [],
    methods: [],
    schemas: [],
    warnings: [],
  };
}

/** Every change from `before` to `after`, most severe first, in document order within a level. */
export function diffDocuments(before: DocumentModel, after: DocumentModel): Change[] {
  const defs: Definitions = { old: schemaIndex(before.schemas), new: schemaIndex(after.schemas) };
  const sameShape = (m: MethodModel, n: MethodModel) => shapeOfMethod(m, defs.old) === shapeOfMethod(n, defs.new);
  const out: Change[] = [];
  const removed = before.methods.filter((m) => !after.methods.some((n) => n.rpcName === m.rpcName));
  const added = after.methods.filter((n) => !before.methods.some((m) => m.rpcName === n.rpcName));
  for (const m of removed) {
    const twin = added.find((n) => sameShape(m, n));
    const hint = twin ? ` (possibly renamed to ${twin.rpcName}, which has identical params and result)` : "";
    out.push(
      change("method-removed", {
        method: m.rpcName,
        pointer: `#${m.pointer}`,
        side: "old",
        old: m.rpcName,
        what: `method ${m.rpcName} was removed${hint}`,
      }),
    );
  }
  for (const n of after.methods) {
    const m = before.methods.find((o) => o.rpcName === n.rpcName);
    if (m) {
      out.push(...compareMethod(m, n, defs));
      continue;
    }
    const twin = removed.find((o) => sameShape(o, n));
    const hint = twin ? ` (possibly renamed from ${twin.rpcName}, which had identical params and result)` : "";
    out.push(
      change("method-added", {
        method: n.rpcName,
        pointer: `#${n.pointer}`,
        new: n.rpcName,
        what: `method ${n.rpcName} was added${hint}`,
      }),
    );
  }
  out.push(...compareServers(before.servers, after.servers), ...compareTypeNames(defs));
  return sortChanges(dedupe(out));
}

/** Named schemas are exported types of the generated package: one that disappears may break importers. */
function compareTypeNames(defs: Definitions): Change[] {
  const components = (index: SchemaIndex) => [...index.schemas.values()].filter((s) => s.role === "component");
  const [olds, news] = [components(defs.old), components(defs.new)];
  return olds
    .filter((s) => !news.some((t) => t.name === s.name))
    .map((s) => {
      const twin = news.find((t) => !olds.some((o) => o.name === t.name) && shapeOf(t.node) === shapeOf(s.node));
      const hint = twin ? ` (possibly renamed to ${twin.name}, which has the same schema)` : "";
      return change("type-removed", {
        method: null,
        pointer: s.pointer,
        side: "old",
        old: s.name,
        what: `the generated package no longer exports the type ${s.name}${hint}`,
      });
    });
}

/** Params (names, order, requiredness, schemas) and result, annotations aside: equal for a renamed method. */
function shapeOfMethod(m: MethodModel, index: SchemaIndex): string {
  const nodes = paramNodes(index, m);
  return canonical({
    params: m.params.map((p) => ({ name: p.name, required: p.required, schema: shapeOf(nodes.get(p.name)) })),
    result: shapeOf(resultNode(index, m)) ?? null,
  });
}

/** A shared schema reached twice from one method on one side is reported once. */
function dedupe(changes: Change[]): Change[] {
  const seen = new Set<string>();
  return changes.filter((c) => {
    const key = `${c.level}|${c.rule}|${c.method}|${c.pointer}|${canonical(c.old)}|${canonical(c.new)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** ERR, then WARN, then INFO; the order found (document order) within a level. */
export function sortChanges(changes: Change[]): Change[] {
  return changes
    .map((c, i) => ({ c, i }))
    .sort((x, y) => LEVELS.indexOf(x.c.level) - LEVELS.indexOf(y.c.level) || x.i - y.i)
    .map(({ c }) => c);
}
