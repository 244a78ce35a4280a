/**
 * The one road every command starts from: read the spec files (JSON or YAML, and every file they
 * `$ref`) → validate each document (the OpenRPC meta-schema, the lint rules, the extensions) →
 * normalize it into the generator's model → check its examples against its schemas. `npm run gen`,
 * `--watch`, the mock server, the docs site, the playground and spec:diff all call `loadModel`, so
 * one document gives the same problems from every command.
 *
 * Nothing is thrown for a bad document: every problem comes back with a severity. A problem of
 * severity `error` means there is no model (no command may serve or write past it); warnings come
 * with the model. Callers choose only what a severity means to them (printing warnings, or not),
 * and the policies they pass in (`examples: "warn"` makes example problems warnings).
 */
import { createHash } from "node:crypto";
import type { DocumentModel, Problem } from "../model/document.js";
import { GeneratorError } from "../problems.js";
import type { ExamplesCache } from "../validate/examples.js";
import { asReported, severityOf, type ReadingPolicy } from "../policy/policy.js";
import { checkSpec, type CheckedSpec, type LoadProblem, type PendingSpec } from "./check-spec.js";
import { startWorker } from "./beside-worker.js";
import { diskSource, loadSpec, type LoadedSpec, type SpecSource } from "./load.js";

export type { CheckedSpec, LoadProblem, Severity } from "./check-spec.js";

/**
 * Where a warm process (`--watch`, the tests) keeps what it loaded, by a hash of the document's
 * files and the options that change the result. The cache itself belongs to the caller
 * (generator/commands/caches.ts); a `Map` will do.
 */
export interface LoadCache {
  get(key: string): Promise<CheckedSpec> | undefined;
  set(key: string, value: Promise<CheckedSpec>): void;
  delete(key: string): void;
  /** The examples check's compiled schemas, by the document's named schemas (see validate/examples.ts). */
  readonly examples?: ExamplesCache;
}

export interface LoadModelOptions {
  /** Spec files (JSON or YAML), relative to `cwd`. */
  specs: readonly string[];
  /** The working folder (default `process.cwd()`). */
  cwd?: string;
  /** The folder relative `$ref`s resolve against and may read from (`--ref-root`), relative to `cwd`. */
  refRoot?: string;
  /**
   * Examples that do not fit their schemas are problems of severity `error` (the default) or
   * `warning` (for third-party documents whose examples are known to be wrong).
   */
  examples?: "error" | "warn";
  /**
   * A method with two params of one name is refused (the default), or generated with the later
   * ones renamed `<name>2`, … and a warning (`--allow-duplicate-params`).
   */
  allowDuplicateParams?: boolean;
  /**
   * `--lenient`: every problem that has a fallback (generator/policy/rules.ts) is a warning and its
   * fallback is generated; only fatal problems stop. For documents you do not own.
   */
  lenient?: boolean;
  /** Where the files are read from (default: the disk under `cwd`; spec:diff reads a git ref). */
  source?: SpecSource;
  cache?: LoadCache;
  /**
   * Check the examples beside the caller (./examples-beside.ts: a worker thread in the bundled
   * CLI) and resolve before they are checked: the result then has `complete` (one-shot `npm run gen`,
   * which emits meanwhile). The cache is not used then.
   */
  examplesBeside?: boolean;
}

/** How a document is read (the reading options every command takes: generator/commands/reading.ts). */
export type ReadingOptions = Pick<LoadModelOptions, "lenient" | "examples" | "refRoot" | "allowDuplicateParams">;

/** Only the reading options of `options` (those given), to pass on to `loadModel`. */
export function readingOf(options: ReadingOptions): ReadingOptions {
  return {
    ...(options.lenient ? { lenient: true } : {}),
    ...(options.examples ? { examples: options.examples } : {}),
    ...(options.refRoot !== undefined ? { refRoot: options.refRoot } : {}),
    ...(options.allowDuplicateParams ? { allowDuplicateParams: true } : {}),
  };
}

export interface LoadedModel {
  /** One normalized document per spec, in the order given. */
  documents: DocumentModel[];
  /** The specs as read (every file parsed), in the same order. */
  specs: LoadedSpec[];
}

export interface LoadResult {
  /** Present when no problem has severity `error`. */
  model?: LoadedModel;
  /** Every problem and warning, errors first, each group in the order found. */
  problems: LoadProblem[];
  /** The text of every file read (entries and the files they `$ref`), by path, in the order read. */
  inputs: Map<string, string>;
  /**
   * With `examplesBeside`: the whole result, once the examples are checked — the same problems in
   * the same order, and the same model, as a load without `examplesBeside`. This result holds every
   * problem but the examples', and the model as it is unless an example problem is an error: a
   * caller may start on it, and must take its verdict from `complete`.
   */
  complete?: Promise<LoadResult>;
}

/** What loading one spec gave: its load errors, or its checked document (examples perhaps still out). */
type SpecPart = { problems: LoadProblem[] } | { spec: LoadedSpec; checked: CheckedSpec };

export async function loadModel(options: LoadModelOptions): Promise<LoadResult> {
  const cwd = options.cwd ?? process.cwd();
  const { source, inputs } = recording(options.source ?? diskSource(cwd));
  const parts: SpecPart[] = [];
  const pending: Promise<CheckedSpec>[] = [];
  if (options.examplesBeside) void startWorker();
  for (const file of options.specs) {
    const spec = await loadSpec(file, cwd, source, options.refRoot === undefined ? {} : { refRoot: options.refRoot });
    const checked = options.examplesBeside
      ? await checkSpec(spec, policyOf(options), "beside")
      : await checkCached(spec, options);
    parts.push({ spec, checked });
    if ("verdict" in checked) pending.push((checked as PendingSpec).verdict);
  }
  const result = assemble(parts, inputs, policyOf(options));
  if (!options.examplesBeside) return result;
  const complete =
    pending.length === 0
      ? Promise.resolve(result)
      : (async () => {
          const settled = new Map<CheckedSpec, CheckedSpec>();
          for (const part of parts)
            if ("checked" in part && "verdict" in part.checked)
              settled.set(part.checked, await (part.checked as PendingSpec).verdict);
          return assemble(
            parts.map((part) =>
              "checked" in part ? { spec: part.spec, checked: settled.get(part.checked) ?? part.checked } : part,
            ),
            inputs,
            policyOf(options),
          );
        })();
  // Rejections are the caller's through `complete`; none may go unhandled meanwhile.
  for (const p of pending) p.catch(() => undefined);
  return { ...result, complete };
}

/** The result of a load from what each spec gave, in the order given: errors first, then warnings. */
function assemble(parts: readonly SpecPart[], inputs: Map<string, string>, policy: ReadingPolicy): LoadResult {
  const problems: LoadProblem[] = [];
  const specs: LoadedSpec[] = [];
  const documents: DocumentModel[] = [];
  for (const part of parts) {
    if (!("checked" in part)) {
      problems.push(...part.problems);
      continue;
    }
    problems.push(...part.checked.problems);
    specs.push(part.spec);
    if (part.checked.document) documents.push(part.checked.document);
  }
  const subpaths = distinctSubpaths(documents, policy);
  problems.push(...subpaths.problems);
  const ordered = [
    ...problems.filter((p) => p.severity === "error"),
    ...problems.filter((p) => p.severity !== "error"),
  ];
  const failed = ordered.some((p) => p.severity === "error");
  return { ...(failed ? {} : { model: { documents: subpaths.documents, specs } }), problems: ordered, inputs };
}

/** The errors of a load, thrown as one GeneratorError (for commands that stop at the first error). */
export function errorsOf(result: LoadResult): Problem[] {
  return result.problems.filter((p) => p.severity === "error").map(withoutSeverity);
}

/** The warnings of a load, as plain problems (for the CLI's warning lines). */
export function warningsOf(result: LoadResult): Problem[] {
  return result.problems.filter((p) => p.severity === "warning").map(withoutSeverity);
}

/** The model of a load, or a GeneratorError listing every error; `stage` names the command in the message. */
export function requireModel(result: LoadResult, stage: string): LoadedModel {
  if (result.model) return result.model;
  throw new GeneratorError(errorsOf(result), stage);
}

/**
 * The check of one document, from the cache when its files and policy were checked before. The
 * cache holds the promise, so two loads of one document at once check it once; a check that
 * fails (a bug, not a problem of the document) is not kept.
 */
function checkCached(spec: LoadedSpec, options: LoadModelOptions): Promise<CheckedSpec> {
  const policy = policyOf(options);
  if (!options.cache) return checkSpec(spec, policy, undefined);
  const key = specKey(spec, `${policy.examples}\0${policy.duplicates}\0${policy.lenient}`);
  let checked = options.cache.get(key);
  if (!checked) {
    const cache = options.cache;
    const made = checkSpec(spec, policy, options.cache.examples);
    cache.set(key, made);
    made.catch(() => {
      if (cache.get(key) === made) cache.delete(key);
    });
    checked = made;
  }
  return checked;
}

export function policyOf(
  options: Pick<LoadModelOptions, "examples" | "allowDuplicateParams" | "lenient">,
): ReadingPolicy {
  return {
    lenient: options.lenient === true,
    examples: options.examples ?? "error",
    duplicates: options.allowDuplicateParams === true,
  };
}

/**
 * Two documents of one package may not share a subpath (each is a folder and an export of the
 * package): the later one's is a problem, and its fallback a number (`api2`).
 */
function distinctSubpaths(
  documents: readonly DocumentModel[],
  policy: ReadingPolicy,
): { documents: DocumentModel[]; problems: LoadProblem[] } {
  const problems: LoadProblem[] = [];
  const taken = new Map<string, string>();
  const named = documents.map((doc) => {
    const other = taken.get(doc.subpath);
    if (!other) {
      taken.set(doc.subpath, doc.source);
      return doc;
    }
    let n = 2;
    while (taken.has(`${doc.subpath}${n}`)) n++;
    const subpath = `${doc.subpath}${n}`;
    taken.set(subpath, doc.source);
    const severity = severityOf("subpath-taken", policy);
    const problem = {
      file: doc.source,
      pointer: "/x-client/subpath",
      message: `subpath "${doc.subpath}" is already used by ${other}; this document's is "${subpath}".`,
      hint: 'Give each document its own "x-client": { "subpath": … }.',
      rule: "subpath-taken" as const,
    };
    problems.push({ ...asReported(problem, severity), severity });
    return { ...doc, subpath };
  });
  return { documents: named, problems };
}

function specKey(spec: LoadedSpec, examples: string): string {
  return createHash("sha256")
    .update(`${spec.entry}\0${examples}\0`)
    .update(JSON.stringify([...spec.files]))
    .digest("base64url");
}

function withoutSeverity(problem: LoadProblem): Problem {
  const { severity: _severity, ...rest } = problem;
  return rest;
}

/** A source that keeps the text of every file it reads (the inputs of the fingerprint, the files `--watch` watches). */
function recording(inner: SpecSource): { source: SpecSource; inputs: Map<string, string> } {
  const inputs = new Map<string, string>();
  const source: SpecSource = {
    ...inner,
    read: async (file) => {
      const text = await inner.read(file);
      if (!inputs.has(file)) inputs.set(file, text);
      return text;
    },
  };
  return { source, inputs };
}
