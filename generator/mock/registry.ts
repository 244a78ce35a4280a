/**
 * The method table of a mock server: every method of every document, with its params
 * validator compiled (ajv, against the documented contract: `schema`, not `lenient`; format
 * checks off, so `uint64` and any other format are accepted as plain integers and strings),
 * its examples with exact results, and the named schemas its schemas refer to (as model nodes
 * for making values, as JSON Schema for ajv). Pure.
 */
import { documentRegExp } from "../validate/regexp.js";
import { Ajv, type ValidateFunction } from "ajv";
import type { DocumentModel, JsonSchema, MethodModel } from "../model/document.js";
import type { MockDocument } from "./load.js";
import { forAjv } from "./params.js";
import { nodeDefinitions } from "../model/definitions.js";
import type { Definitions } from "./values.js";

export interface MockExample {
  name: string;
  params: Record<string, unknown>;
  result: unknown;
}

export interface MockMethod {
  model: MethodModel;
  /** The document the method comes from. */
  document: Pick<DocumentModel, "title" | "version" | "source" | "subpath">;
  validateParams: ValidateFunction;
  /** Examples that have a result, in spec order. */
  examples: MockExample[];
  /** Every named schema of the document, as documented: model nodes, what values are made from. */
  definitions: Definitions;
  /** The same as JSON Schema, for ajv. */
  schemas: ReadonlyMap<string, JsonSchema>;
}

export interface Registry {
  /** Methods per document, in `--spec` order; each map in spec order. */
  documents: { document: MockMethod["document"]; methods: Map<string, MockMethod> }[];
}

export function buildRegistry(documents: readonly MockDocument[]): { registry: Registry; warnings: string[] } {
  const warnings: string[] = [];
  const firstOwner = new Map<string, string>();
  const registry: Registry = { documents: [] };
  for (const { model, exactResults } of documents) {
    const schemas = new Map<string, JsonSchema>(model.schemas.map((s) => [s.name, s.schema]));
    const definitions = nodeDefinitions(model.schemas, false);
    const ajv = new Ajv({
      strict: false,
      allErrors: true,
      validateFormats: false,
      ownProperties: true,
      // Without ajv's optimizer pass: compiling is about 40% cheaper on the corpus's largest
      // documents (a mock compiles every params schema at start and checks few values with each).
      code: { regExp: documentRegExp as never, optimize: false },
      // A referenced definition is compiled once, a function of its own that every method's
      // validator calls, instead of inlined into each of them: the shared corpus's mock answers
      // its methods with 3–6% less CPU (docs/DECISIONS.md, the fifth round of issue 36).
      inlineRefs: false,
      // The document passed the OpenRPC meta-schema, which checks its schemas (or was repaired under
      // --lenient); ajv's own meta-schema is not compiled again for every mock.
      validateSchema: false,
    });
    // `__proto__` keys renamed for ajv, which ignores them (./params.ts, forAjv).
    ajv.addSchema({ $id: "params", definitions: forAjv(Object.fromEntries(schemas)) as Record<string, unknown> });
    const document = { title: model.title, version: model.version, source: model.source, subpath: model.subpath };
    const methods = new Map<string, MockMethod>();
    for (const m of model.methods) {
      const validateParams = ajv.getSchema(`params#/definitions/${m.paramsType}`);
      if (!validateParams)
        throw new Error(`The params schema ${m.paramsType} of ${m.rpcName} in ${model.source} could not be compiled.`);
      const examples = m.examples
        .filter((e) => e.hasResult)
        .map((e) => ({
          name: e.name,
          params: e.params,
          result: exactResults.has(e.pointer) ? exactResults.get(e.pointer) : e.result,
        }));
      methods.set(m.rpcName, { model: m, document, validateParams, examples, definitions, schemas });
      const owner = firstOwner.get(m.rpcName);
      if (owner)
        warnings.push(
          `Method ${m.rpcName} of ${model.source} is also in ${owner}; calls go to ${owner} except on paths under /${model.subpath}/.`,
        );
      else firstOwner.set(m.rpcName, model.source);
    }
    registry.documents.push({ document, methods });
  }
  return { registry, warnings };
}

/**
 * The method called `name`: first in the document whose subpath is `scope` (the first segment
 * of the request path, as in `/eth/<key>`), then in every document in order.
 */
export function findMethod(registry: Registry, name: string, scope?: string): MockMethod | undefined {
  const scoped = registry.documents.find((d) => d.document.subpath === scope)?.methods.get(name);
  if (scoped) return scoped;
  for (const d of registry.documents) {
    const found = d.methods.get(name);
    if (found) return found;
  }
  return undefined;
}

/** Every method name, in document and spec order, with the document it comes from. */
export function listMethods(registry: Registry): { name: string; summary: string; document: MockMethod["document"] }[] {
  return registry.documents.flatMap((d) =>
    [...d.methods.values()].map((m) => ({ name: m.model.rpcName, summary: m.model.summary, document: d.document })),
  );
}
