/**
 * Lint rule: every example fits its schema — each example pairing of a method (params exactly as
 * documented; results with the x-response-deviations applied), and each `examples` entry written
 * inside a schema (the cases: example-cases.ts). Checked by ajv, independently of the generated
 * validators, so that the two can be compared in tests.
 *
 * The schemas are the document's own, so they are compiled when the document is checked, not
 * when the generator is built (unlike the meta-schemas, see meta-schema-build.ts). What keeps
 * that cheap: ajv is loaded on first use (a document without examples never loads it); one Ajv
 * instance checks the whole document; its named schemas are added once, as the definitions of
 * one root schema, and compiled on demand, each once (`inlineRefs: false` makes every
 * referenced schema a function of its own, shared by all that use it); and when the lenient
 * schemas are the documented ones (no x-response-deviations), params and results share that
 * root, so a schema used by both is compiled once. The instance is dropped with the document:
 * a process-wide one would keep every compiled function of every document a watch session
 * checked. Measured in docs/DECISIONS.md ("ajv"). A warm process (`--watch`, the docs site, the
 * tests) may pass an `ExamplesCache`, bounded by its owner (generator/commands/caches.ts): the
 * check of a document whose named schemas are those of one checked before reuses that instance
 * and its compiled functions, so an edit that leaves the schemas alone (a summary, an example)
 * compiles nothing.
 */
import type { Ajv as AjvClass, ErrorObject, Options } from "ajv";
import { createHash } from "node:crypto";
import type { DocumentModel, Problem } from "../model/document.js";
import { documentRegExp } from "./regexp.js";
import { setOwn } from "../own.js";
import { describeAjvError } from "./ajv-errors.js";
import { exampleCases, type Case } from "./example-cases.js";

/** How often ajv was loaded and how many schemas it compiled since the process started (read by tests). */
export const ajvUse = { loads: 0, compiled: 0 };

/** The check of one case against a document's schemas (see `checker`). */
export type Checker = (c: Case) => string[] | { failure: string };

/** Checkers kept by their document's named schemas (`schemasKey`); the owner bounds it. */
export interface ExamplesCache {
  get(key: string): Checker | undefined;
  set(key: string, value: Checker): void;
}

export async function validateExamples(doc: DocumentModel, cache?: ExamplesCache): Promise<Problem[]> {
  const cases = exampleCases(doc);
  if (cases.length === 0) return [];
  const key = cache ? schemasKey(doc) : undefined;
  let check = key === undefined ? undefined : cache!.get(key);
  if (!check) {
    check = checker(doc, await loadAjv());
    if (key !== undefined) cache!.set(key, check);
  }
  const problems: Problem[] = [];
  const uncompiled = new Set<string>();
  for (const c of cases) {
    const found = check(c);
    if (Array.isArray(found)) problems.push(...c.problems(found));
    else if (!uncompiled.has(c.schemaPointer)) {
      uncompiled.add(c.schemaPointer);
      problems.push({
        file: doc.source,
        pointer: c.schemaPointer,
        message: `the examples of ${c.schema} cannot be checked: ajv cannot compile its schema (${found.failure}).`,
        hint: "Fix the schema so that it is valid JSON Schema (draft-07); its examples are checked once it is.",
      });
    }
  }
  return problems.map((p) => ({ ...p, rule: "example" }));
}

/**
 * The check of one case, in an Ajv instance of the document's own. Each named schema is added
 * under an id of its own, its `#/definitions/X` references made relative (`X`), so that a schema
 * is one compiled function whether it is checked directly or reached through a reference, and is
 * compiled on its first use. Lenient schemas are added apart when deviations make them differ.
 * The errors as sentences; a failure when ajv cannot compile the schema.
 */
function checker(doc: DocumentModel, Ajv: typeof AjvClass): Checker {
  const same = sameSchemas(doc);
  const ajv = new Ajv(OPTIONS);
  const id = (root: "params" | "results", name: string): string =>
    `https://examples.invalid/${root}/${encodeURIComponent(name)}`;
  const unusable = new Map<string, string>();
  const add = (schema: unknown, key: string): void => {
    try {
      ajv.addSchema(relativeRefs(schema) as object, key);
    } catch (error) {
      unusable.set(key, message(error));
    }
  };
  for (const s of doc.schemas) {
    add(s.schema, id("params", s.name));
    if (!same) add(s.lenient, id("results", s.name));
  }
  return (c) => {
    const key = id(c.lenient && !same ? "results" : "params", c.schema);
    if (unusable.has(key)) return { failure: unusable.get(key)! };
    let validate;
    try {
      validate = ajv.getSchema(c.below === "" ? key : `${key}#${fragment(c.below)}`);
    } catch (error) {
      return { failure: message(error) };
    }
    if (!validate || validate(c.value)) return [];
    return (validate.errors ?? []).map(
      (e: ErrorObject) => `${e.instancePath || c.label} ${describeAjvError(e, c.value)}`,
    );
  };
}

/** Whether every lenient schema is the documented one (no x-response-deviations): params and results share one root. */
const sameSchemas = (doc: DocumentModel): boolean => doc.schemas.every((s) => s.lenient === s.schema);

/**
 * What a checker is made of: every named schema and its lenient form (when they differ), by name.
 * Undefined when it cannot be written as JSON (such a document is checked without the cache).
 */
function schemasKey(doc: DocumentModel): string | undefined {
  const same = sameSchemas(doc);
  try {
    const text = JSON.stringify(doc.schemas.map((s) => [s.name, s.schema, same ? 0 : s.lenient]));
    return createHash("sha256").update(`${same}\0${text}`).digest("base64url");
  } catch {
    return undefined;
  }
}

/**
 * A copy of a bundled schema whose `#/definitions/X` references are relative (`X`, `X#/…`);
 * values (enum, const, default, examples) are kept as they are. Normalize has resolved every
 * reference, so ids (`$id`, and draft-04's `id`, which ajv refuses) have nothing left to name:
 * they are dropped, or they would change what the relative references resolve against.
 */
function relativeRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(relativeRefs);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === "$id" || key === "id") && typeof value === "string") continue;
    if (key === "$ref" && typeof value === "string" && value.startsWith("#/definitions/")) {
      const [name, ...rest] = value.slice("#/definitions/".length).split("/");
      setOwn(out, key, rest.length === 0 ? name : `${name}#/${rest.join("/")}`);
    } else
      setOwn(
        out,
        key,
        key === "enum" || key === "const" || key === "default" || key === "examples" ? value : relativeRefs(value),
      );
  }
  return out;
}

const OPTIONS: Options = {
  // Keywords ajv does not know (x- extensions, tsType…) are ignored, as JSON Schema says.
  strict: false,
  allErrors: true,
  // Formats are documentation here, as in the generated validators.
  validateFormats: false,
  // The document passed the OpenRPC meta-schema, which checks its schemas; a schema ajv still
  // cannot compile is reported as such (uncheckable), so ajv's own meta-schema need not be compiled.
  validateSchema: false,
  inlineRefs: false,
  code: {
    // Skipping the optimizer of the generated code compiles faster.
    optimize: false,
    regExp: documentRegExp as NonNullable<Options["code"]>["regExp"],
    process: (code) => {
      ajvUse.compiled++;
      return code;
    },
  },
  logger: false,
};

let loaded: Promise<typeof AjvClass> | undefined;

/** ajv, imported on first use (a chunk of its own in the bundle, see generator/build.mjs): a document without examples never loads it. */
export function loadAjv(): Promise<typeof AjvClass> {
  return (loaded ??= import("ajv").then((module) => {
    ajvUse.loads++;
    // ajv is CommonJS: its exports object is the default export, natively and in the bundle.
    return module.default.Ajv;
  }));
}

function message(error: unknown): string {
  return error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
}

/** A JSON pointer as a URI fragment, each token percent-encoded (ajv decodes them before reading the pointer). */
function fragment(jsonPointer: string): string {
  return jsonPointer
    .split("/")
    .map((token) => encodeURIComponent(token).replace(/%24/g, "$"))
    .join("/");
}
