/**
 * The slow checks beside the main thread: in a one-shot `npm run gen`, the analysis of the
 * patterns' backtracking (redos-detector) and ajv compiling a document's schemas for its examples
 * (MetaMask's: ~160 functions, a third of a second) run in a worker thread (./examples-worker.ts)
 * while the main thread normalizes, emits and lays out the package, on the second core. The
 * answers are what the main thread's checks give (the same functions on structured clones);
 * generator/load/load-model.ts puts them where they belong.
 *
 * The worker (./beside-worker.ts starts it) runs from the bundle that generator/bin.mjs starts;
 * without one (tsx, the tests) the check runs in this thread. A worker that fails to start or
 * answer is replaced by the check in this thread, so the problems never depend on it.
 */
import type { DocumentModel, Problem } from "../model/document.js";
import { validateExamples } from "../validate/examples.js";
import { patternRisk, type PatternRisk } from "../validate/pattern-guard.js";
import { ask } from "./beside-worker.js";

let next = 0;

/** Patterns sent to be judged: the request's id (-1 when there was none to judge) and the verdicts to come. */
export interface Judging {
  id: number;
  risks: Promise<PatternRisk[]>;
}

/** The backtracking verdicts of `patterns` (pattern-guard.ts), judged in the worker thread when there is one, else here. */
export function judgePatternsBeside(patterns: [pattern: string, flags: string][]): Judging {
  if (patterns.length === 0) return { id: -1, risks: Promise.resolve([]) };
  const id = next++;
  const risks = ask({ id, kind: "patterns", patterns }).then((answer) =>
    answer && "risks" in answer ? answer.risks : patterns.map(([pattern, flags]) => patternRisk(pattern, flags)),
  );
  return { id, risks };
}

/**
 * The examples problems of `document`, checked in the worker thread when there is one, else here.
 * Only once its patterns (`judging`) are judged and none backtracks exponentially: a refused
 * pattern runs nowhere, not even on the document's own examples (the worker keeps to this too, as
 * it judges the patterns before it reads the next request). With a refused pattern the answer is
 * empty: the document then fails validation, and no caller reads it.
 */
export async function checkExamplesBeside(document: DocumentModel, judging: Judging): Promise<Problem[]> {
  const answer = await ask({ id: next++, kind: "examples", document, after: judging.id });
  if (answer && "problems" in answer) return answer.problems;
  // No worker, one that failed, or a pattern refused: the check is made here, if at all.
  const risks = await judging.risks;
  return risks.some((risk) => risk.kind === "exponential") ? [] : validateExamples(document);
}
