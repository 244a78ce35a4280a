/**
 * The check of one loaded document, the part of `loadModel` (./load-model.ts) that sees one
 * document at a time: validate → normalize → examples, each problem with its severity; and the
 * same check with its slow parts beside this thread (./examples-beside.ts), for a one-shot
 * `npm run gen`. Pure: a function of the loaded files and the policy (the worker reads nothing).
 */
import type { DocumentModel, Problem } from "../model/document.js";
import { normalizeDocument } from "../normalize/document.js";
import { GeneratorError } from "../problems.js";
import { validateExamples, type ExamplesCache } from "../validate/examples.js";
import { validateSpec, validation, validationParts, withKeywords } from "../validate/spec.js";
import { checkExamplesBeside, judgePatternsBeside } from "./examples-beside.js";
import type { LoadedSpec } from "./load.js";

export type Severity = "error" | "warning";

/** A problem found while loading, with what it means: `error` stops every command, `warning` does not. */
export interface LoadProblem extends Problem {
  severity: Severity;
}

/** What loading one document produced: kept by content in a warm process (see `LoadCache` in ./load-model.ts). */
export interface CheckedSpec {
  problems: LoadProblem[];
  /** The normalized document, when it has no problem of severity `error`. */
  document?: DocumentModel;
}

/** A check made beside: the first look (problems so far, the document), and the verdict to come. */
export interface PendingSpec extends CheckedSpec {
  verdict: Promise<CheckedSpec>;
}

/** What the caller decided: example problems as errors or warnings, duplicate params refused or renamed. */
export interface Policy {
  examples: "error" | "warn";
  duplicates: boolean;
}

/**
 * Validate → normalize → examples for one document: pure, a function of the loaded files and the
 * policy. With "beside" for the examples cache, the slow checks run beside this thread and the
 * check resolves before them, as a PendingSpec (see checkBeside).
 */
export async function checkSpec(
  spec: LoadedSpec,
  policy: Policy,
  examplesCache: ExamplesCache | "beside" | undefined,
): Promise<CheckedSpec> {
  if (examplesCache === "beside") return checkBeside(spec, policy);
  const first = afterValidation(validateSpec(spec), policy, () => normalizeDocument(spec));
  if (!first.document) return first;
  return withExamples(first, await validateExamples(first.document, examplesCache), policy);
}

/** The validation's problems (a duplicate param a warning when allowed), then, without an error, normalize's and the document. */
function afterValidation(
  found: { problems: Problem[]; warnings: Problem[] },
  policy: Policy,
  normalize: () => DocumentModel,
): CheckedSpec {
  // With --allow-duplicate-params a duplicate param name is a warning: normalize renames it.
  const allowed = (p: Problem): boolean => policy.duplicates && p.kind === "duplicate-param";
  const errors = found.problems.filter((p) => !allowed(p));
  const problems = [
    ...errors.map((p) => withSeverity(p, "error")),
    ...found.problems.filter(allowed).map((p) =>
      withSeverity(
        {
          ...p,
          message: `${p.message.slice(0, -1)}; generated anyway (--allow-duplicate-params), the later one renamed with a number.`,
        },
        "warning",
      ),
    ),
    ...found.warnings.map((p) => withSeverity(p, "warning")),
  ];
  if (errors.length > 0) return { problems };
  let document: DocumentModel;
  try {
    document = normalize();
  } catch (error) {
    if (!(error instanceof GeneratorError)) throw error;
    return { problems: [...problems, ...error.problems.map((p) => withSeverity(p, "error"))] };
  }
  problems.push(...document.warnings.map((p) => withSeverity(p, "warning")));
  return { problems, document };
}

/** A normalized check with its examples' problems: without the document when one is an error. */
function withExamples(checked: CheckedSpec, found: Problem[], policy: Policy): CheckedSpec {
  const exampleProblems = found.map((p) => withSeverity(p, policy.examples === "warn" ? "warning" : "error"));
  const problems = [...checked.problems, ...exampleProblems];
  return exampleProblems.some((p) => p.severity === "error") ? { problems } : { problems, document: checked.document! };
}

/**
 * The check of one document with its slow parts beside this thread (./examples-beside.ts: a worker
 * thread in the bundled CLI): the backtracking of its patterns and its examples. This thread
 * validates without the backtracking verdicts (their patterns go to the worker at once), normalizes
 * and sends the document for its examples; the caller may start on that document. The verdict is
 * the plain check's, made of the same parts: the keyword lint again with every pattern judged,
 * then the same normalization (made once) and the examples' problems.
 */
function checkBeside(spec: LoadedSpec, policy: Policy): PendingSpec {
  const patterns: [string, string][] = [];
  const asked = new Set<string>();
  const quick = validationParts(spec, (pattern, flags) => {
    const key = `${flags}/${pattern}`;
    if (!asked.has(key)) {
      asked.add(key);
      patterns.push([pattern, flags]);
    }
    return undefined;
  });
  const judging = judgePatternsBeside(patterns);
  let normalized: { document: DocumentModel } | { error: unknown } | undefined;
  const normalizeOnce = (): DocumentModel => {
    if (!normalized)
      try {
        normalized = { document: normalizeDocument(spec) };
      } catch (error) {
        normalized = { error };
      }
    if ("error" in normalized) throw normalized.error;
    return normalized.document;
  };
  const first = afterValidation(validation(quick), policy, normalizeOnce);
  // Checked once no pattern is refused (checkExamplesBeside waits for the verdicts, the worker too).
  const examples = first.document ? checkExamplesBeside(first.document, judging) : undefined;
  const verdict = (async (): Promise<CheckedSpec> => {
    const judged = await judging.risks;
    const table = new Map(patterns.map(([pattern, flags], i) => [`${flags}/${pattern}`, judged[i]]));
    const found = validation(withKeywords(quick, spec, (pattern, flags) => table.get(`${flags}/${pattern}`)));
    // Without an error now, there was none at the first look either: the document is the first look's.
    const full = afterValidation(found, policy, normalizeOnce);
    if (!full.document) return full;
    return withExamples(full, await (examples ?? checkExamplesBeside(full.document, judging)), policy);
  })();
  examples?.catch(() => undefined);
  return { ...first, verdict };
}

export function withSeverity(problem: Problem, severity: Severity): LoadProblem {
  return { ...problem, severity };
}
