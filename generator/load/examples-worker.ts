/**
 * The worker thread of the examples check (./examples-beside.ts): receives a normalized document
 * (structured-cloned), checks its examples with ajv exactly as the main thread would
 * (../validate/examples.ts), and answers with the problems. A bundle entry of its own (generator/build.mjs).
 */
import { parentPort } from "node:worker_threads";
import type { DocumentModel } from "../model/document.js";
import { loadAjv, validateExamples } from "../validate/examples.js";

export interface ExamplesRequest {
  id: number;
  document: DocumentModel;
}

export type ExamplesAnswer =
  { id: number; problems: Awaited<ReturnType<typeof validateExamples>> } | { id: number; failure: string };

// ajv is loaded while the main thread is still reading and validating the documents.
void loadAjv().catch(() => undefined);

parentPort?.on("message", (request: ExamplesRequest) => {
  validateExamples(request.document).then(
    (problems) => parentPort!.postMessage({ id: request.id, problems } satisfies ExamplesAnswer),
    (error: unknown) =>
      parentPort!.postMessage({
        id: request.id,
        failure: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies ExamplesAnswer),
  );
});
