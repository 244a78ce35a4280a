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
  | { id: number; kind: "examples"; document: DocumentModel }
  | { id: number; kind: "patterns"; patterns: [pattern: string, flags: string][] };

export type BesideAnswer =
  | { id: number; problems: Awaited<ReturnType<typeof validateExamples>> }
  | { id: number; risks: PatternRisk[] }
  | { id: number; failure: string };

// ajv is loaded while the main thread is still reading and validating the documents.
void loadAjv().catch(() => undefined);

const failure = (id: number, error: unknown): BesideAnswer => ({
  id,
  failure: error instanceof Error ? (error.stack ?? error.message) : String(error),
});

parentPort?.on("message", (request: BesideRequest) => {
  if (request.kind === "patterns") {
    let answer: BesideAnswer;
    try {
      answer = { id: request.id, risks: request.patterns.map(([pattern, flags]) => patternRisk(pattern, flags)) };
    } catch (error) {
      answer = failure(request.id, error);
    }
    parentPort!.postMessage(answer);
    return;
  }
  validateExamples(request.document).then(
    (problems) => parentPort!.postMessage({ id: request.id, problems } satisfies BesideAnswer),
    (error: unknown) => parentPort!.postMessage(failure(request.id, error)),
  );
});
