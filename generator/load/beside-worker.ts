/**
 * The worker thread of the checks beside the generation (./examples-worker.ts), started and asked
 * here; what it is asked is in ./examples-beside.ts. This module imports nothing but types, so
 * that generator/main.ts can start the worker first thing in a one-shot `npm run gen` — its start
 * (a Node worker boots in about 0.1 s) and its loading ajv then overlap the loading of the
 * pipeline and the reading of the documents, instead of following them.
 *
 * The worker runs from the bundle that generator/bin.mjs starts (it tells where the bundle is);
 * without one (tsx, the tests) there is no worker and every check runs in the main thread.
 */
import type { Worker } from "node:worker_threads";
import type { BesideAnswer, BesideRequest } from "./examples-worker.js";

/** Where generator/bin.mjs says the running bundle's files are (undefined when the sources run). */
const BUNDLE = Symbol.for("openrpc-ts.bundle-dir");

let worker: Promise<Worker | undefined> | undefined;
/** The worker once started, so that a request is posted at once (cloned before this thread goes on). */
let ready: Worker | undefined;
const waiting = new Map<number, { resolve: (answer: BesideAnswer) => void }>();

/** The folder of the running bundle, as generator/bin.mjs records it. */
function bundleDir(): string | undefined {
  const dir = (globalThis as Record<symbol, unknown>)[BUNDLE];
  return typeof dir === "string" ? dir : undefined;
}

/**
 * Starts the worker now (once per process), so that its start overlaps what this thread does
 * next; it keeps the process alive only while a request is out.
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
export function ask(request: BesideRequest): Promise<BesideAnswer | undefined> {
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
