/**
 * The worker thread of the checks beside the generation (./examples-beside.ts): judges the
 * backtracking of a document's patterns (validate/pattern-guard.ts, redos-detector) and checks its
 * examples with ajv (validate/examples.ts) — the very functions the main thread would run, on
 * structured clones — and answers with the verdicts and the problems. It reads nothing. A bundle
 * entry of its own (generator/build.mjs).
 */
import { parentPort } from "node:worker_threads";
import type { DocumentModel } from "../model/document.js";
import { loadAjv, validateExamples } from "../validate/examples.js";
import { patternRisk, type PatternRisk } from "../validate/pattern-guard.js";

export type BesideRequest =
  /** The examples of `document`, checked only if none of the patterns of request `after` (-1: none) backtracks exponentially. */
  | { id: number; kind: "examples"; document: DocumentModel; after: number }
  | { id: number; kind: "patterns"; patterns: [pattern: string, flags: string][] };

export type BesideAnswer =
  | { id: number; problems: Awaited<ReturnType<typeof validateExamples>> }
  | { id: number; risks: PatternRisk[] }
  | { id: number; skipped: true }
  | { id: number; failure: string };

// ajv is loaded while the main thread is still reading and validating the documents.
void loadAjv().catch(() => undefined);

const failure = (id: number, error: unknown): BesideAnswer => ({
  id,
  failure: error instanceof Error ? (error.stack ?? error.message) : String(error),
});

/** The verdicts of each patterns request, until its examples request comes (requests come in order). */
const judged = new Map<number, PatternRisk[]>();

parentPort?.on("message", (request: BesideRequest) => {
  if (request.kind === "patterns") {
    let answer: BesideAnswer;
    try {
      const risks = request.patterns.map(([pattern, flags]) => patternRisk(pattern, flags));
      judged.set(request.id, risks);
      answer = { id: request.id, risks };
    } catch (error) {
      answer = failure(request.id, error);
    }
    parentPort!.postMessage(answer);
    return;
  }
  // A pattern refused (or not judged) runs nowhere, not even on the document's examples.
  const risks = request.after === -1 ? [] : judged.get(request.after);
  judged.delete(request.after);
  if (!risks || risks.some((risk) => risk.kind === "exponential")) {
    parentPort!.postMessage({ id: request.id, skipped: true } satisfies BesideAnswer);
    return;
  }
  validateExamples(request.document).then(
    (problems) => parentPort!.postMessage({ id: request.id, problems } satisfies BesideAnswer),
    (error: unknown) => parentPort!.postMessage(failure(request.id, error)),
  );
});
