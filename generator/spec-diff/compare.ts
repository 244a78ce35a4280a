/**
 * The breaking-change review of one OpenRPC document, as pure functions: two loaded specs (or
 * their normalized models) in, a list of graded changes out. Both sides go through the same
 * meta-schema check and `normalizeDocument`, so `$ref`s are resolved and schemas named alike,
 * and comparisons are made on the documented contract (`schema`, not `lenient`).
 */
import type { LoadedSpec } from "../load/load.js";
import type { DocumentModel, MethodModel, NamedSchema } from "../model/document.js";
import { normalizeDocument } from "../normalize/document.js";
import { GeneratorError } from "../problems.js";
import { validateMetaSchema } from "../validate/meta-schema.js";
import { canonical, change, withoutAnnotations, type Change } from "./change.js";
import { compareMethod, type Definitions } from "./methods.js";
import { LEVELS } from "./rules.js";
import { compareServers } from "./servers.js";

/** Validates and normalizes one side; throws `GeneratorError` with every problem found. */
export function modelOf(spec: LoadedSpec): DocumentModel {
  const problems = validateMetaSchema(spec.files.get(spec.entry), spec.entry);
  if (problems.length > 0) throw new GeneratorError(problems, "validate");
  return normalizeDocument(spec);
}

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
    },
    defaultStructure: "by-position",
    servers: [],
    methods: [],
    schemas: [],
    warnings: [],
  };
}

/** Compares two loaded specs; `undefined` stands for a spec that does not exist on that side. */
export function diffSpecs(before: LoadedSpec | undefined, after: LoadedSpec | undefined): Change[] {
  const source = after?.entry ?? before?.entry ?? "";
  return diffDocuments(before ? modelOf(before) : emptyModel(source), after ? modelOf(after) : emptyModel(source));
}

/** Every change from `before` to `after`, most severe first, in document order within a level. */
export function diffDocuments(before: DocumentModel, after: DocumentModel): Change[] {
  const defs: Definitions = { old: definitions(before), new: definitions(after) };
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
  const shape = (s: NamedSchema) => canonical(withoutAnnotations(s.schema));
  return [...defs.old.values()]
    .filter((s) => !defs.new.has(s.name))
    .map((s) => {
      const twin = [...defs.new.values()].find((t) => !defs.old.has(t.name) && shape(t) === shape(s));
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

function definitions(doc: DocumentModel): Map<string, NamedSchema> {
  return new Map(doc.schemas.filter((s) => s.role === "component").map((s) => [s.name, s]));
}

/** Same params (names, order, requiredness, schemas) and the same result, annotations aside. */
function sameShape(a: MethodModel, b: MethodModel): boolean {
  const shape = (m: MethodModel) =>
    canonical(
      withoutAnnotations({
        params: m.params.map((p) => ({ name: p.name, required: p.required, schema: p.schema })),
        result: m.result?.schema ?? null,
      }),
    );
  return shape(a) === shape(b);
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
