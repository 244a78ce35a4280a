/**
 * The slow checks beside the main thread: in a one-shot `npm run gen`, the analysis of the
 * patterns' backtracking (redos-detector) and ajv compiling a document's schemas for its examples
 * (MetaMask's: ~160 functions, a third of a second) run in a worker thread (./examples-worker.ts)
 * while the main thread normalizes, emits and lays out the package, on the second core. The
 * answers are what the main thread's checks give (the same functions on structured clones);
 * generator/load/load-model.ts puts them where they belong.
 *
 * The worker runs from the bundle that generator/bin.mjs starts (it tells where the bundle is);
 * without one (tsx, the tests) the check runs in this thread. A worker that fails to start or
 * answer is replaced by the check in this thread, so the problems never depend on it.
 */
import type { Worker } from "node:worker_threads";
import type { DocumentModel, Problem } from "../model/document.js";
import type { BesideAnswer, BesideRequest } from "./examples-worker.js";
import { validateExamples } from "../validate/examples.js";
import { patternRisk, type PatternRisk } from "../validate/pattern-guard.js";

/** Where generator/bin.mjs says the running bundle's files are (undefined when the sources run). */
const BUNDLE = Symbol.for("openrpc-ts.bundle-dir");

let worker: Promise<Worker | undefined> | undefined;
/** The worker once started, so that a request is posted at once (cloned before this thread goes on). */
let ready: Worker | undefined;
const waiting = new Map<number, { resolve: (answer: BesideAnswer) => void }>();
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
      started.on("message", (answer: BesideAnswer) => {
        waiting.get(answer.id)?.resolve(answer);
        waiting.delete(answer.id);
        if (waiting.size === 0) started.unref();
      });
      const fail = (reason: string): void => {
        worker = Promise.resolve(undefined);
        ready = undefined;
        for (const [id, entry] of waiting) entry.resolve({ id, failure: reason });
        waiting.clear();
      };
      started.on("error", (error) => fail(error.message));
      started.on("exit", () => fail("the worker stopped"));
      ready = started;
      return started;
    } catch {
      return undefined;
    }
  })());
}

/** The answer of the worker to `request`, or undefined when there is no worker or it failed. */
function ask(request: BesideRequest): Promise<BesideAnswer | undefined> {
  if (ready) return post(ready, request);
  return startWorker().then((running) => (running ? post(running, request) : undefined));
}

function post(running: Worker, request: BesideRequest): Promise<BesideAnswer | undefined> {
  const answer = new Promise<BesideAnswer>((resolve) => waiting.set(request.id, { resolve }));
  try {
    // Held while a request is out, so the process waits for the answer.
    running.ref();
    running.postMessage(request);
  } catch {
    // Something that cannot be cloned (it always can: plain data) is done in this thread.
    waiting.delete(request.id);
    if (waiting.size === 0) running.unref();
    return Promise.resolve(undefined);
  }
  return answer;
}

/** The examples problems of `document`, checked in the worker thread when there is one, else here. */
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
