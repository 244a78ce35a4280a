/**
 * The examples check beside the main thread: in a one-shot `npm run gen`, ajv compiling a
 * document's schemas (MetaMask's: ~160 functions, a third of a second) runs in a worker thread
 * (./examples-worker.ts) while the main thread emits and lays out the package, on the second
 * core. The answer is the problems the main thread's check gives (the same function on a
 * structured clone of the document); generator/load/load-model.ts puts them where they belong.
 *
 * The worker runs from the bundle that generator/bin.mjs starts (it tells where the bundle is);
 * without one (tsx, the tests) the check runs in this thread. A worker that fails to start or
 * answer is replaced by the check in this thread, so the problems never depend on it.
 */
import type { Worker } from "node:worker_threads";
import type { DocumentModel, Problem } from "../model/document.js";
import type { ExamplesAnswer } from "./examples-worker.js";
import { validateExamples } from "../validate/examples.js";

/** Where generator/bin.mjs says the running bundle's files are (undefined when the sources run). */
const BUNDLE = Symbol.for("openrpc-ts.bundle-dir");

let worker: Promise<Worker | undefined> | undefined;
const waiting = new Map<number, { resolve: (answer: ExamplesAnswer) => void }>();
let next = 0;

/** The folder of the running bundle, as generator/bin.mjs records it. */
function bundleDir(): string | undefined {
  const dir = (globalThis as Record<symbol, unknown>)[BUNDLE];
  return typeof dir === "string" ? dir : undefined;
}

/**
 * Starts the worker now (loadModel calls it before reading the specs), so that its start and its
 * loading ajv overlap the reading and validating; it keeps the process alive only while a check is out.
 */
export function startWorker(): Promise<Worker | undefined> {
  return (worker ??= (async () => {
    const dir = bundleDir();
    if (!dir) return undefined;
    try {
      const [{ Worker }, path] = await Promise.all([import("node:worker_threads"), import("node:path")]);
      const started = new Worker(path.join(dir, "examples-worker.mjs"));
      started.unref();
      started.on("message", (answer: ExamplesAnswer) => {
        waiting.get(answer.id)?.resolve(answer);
        waiting.delete(answer.id);
        if (waiting.size === 0) started.unref();
      });
      const fail = (reason: string): void => {
        worker = Promise.resolve(undefined);
        for (const [id, entry] of waiting) entry.resolve({ id, failure: reason });
        waiting.clear();
      };
      started.on("error", (error) => fail(error.message));
      started.on("exit", () => fail("the worker stopped"));
      return started;
    } catch {
      return undefined;
    }
  })());
}

/** The examples problems of `document`, checked in the worker thread when there is one, else here. */
export async function checkExamplesBeside(document: DocumentModel): Promise<Problem[]> {
  const running = await startWorker();
  if (!running) return validateExamples(document);
  const id = next++;
  let answer: ExamplesAnswer;
  try {
    answer = await new Promise<ExamplesAnswer>((resolve) => {
      waiting.set(id, { resolve });
      // Held while a check is out, so the process waits for the answer.
      running.ref();
      running.postMessage({ id, document });
    });
  } catch {
    // A document that cannot be cloned (it always can: plain data) is checked here.
    waiting.delete(id);
    if (waiting.size === 0) running.unref();
    return validateExamples(document);
  }
  // A worker that failed (not a problem of the document) leaves the check to this thread.
  return "problems" in answer ? answer.problems : validateExamples(document);
}
