/**
 * How the success path reaches the failure path: failures.ts is loaded by `import()` when a call
 * fails, never while calls succeed. A module of its own (not failures.ts), so that what a start
 * chunk holds of it is this loader and the one error it may need without that module.
 */
import { NetworkError, type ErrorContext } from "./base-error.js";

export type Failures = typeof import("./failures.js");

/**
 * A module of the runtime loaded on first use. When it cannot be loaded (a browser gone offline cannot
 * fetch the chunk either), the call fails with a NetworkError that says so, which holds no secret; its
 * cause (the bundler's or the runtime's error) names the chunk.
 */
export const loadModule = <M>(load: () => Promise<M>, context: ErrorContext): Promise<M> =>
  load().catch((error: unknown) => {
    const reason = error instanceof Error ? `: ${error.message}` : "";
    throw new NetworkError(`The call failed: a chunk of the client's code could not be loaded${reason}`, {
      ...context,
      cause: error,
    });
  });

/**
 * The failure path's module (or the NetworkError of `loadModule`, which leaves out the failure it could
 * not describe).
 */
export const loadFailures = (context: ErrorContext): Promise<Failures> =>
  loadModule(() => import("./failures.js"), context);

/** The error `make` builds with the failure path's module (or the NetworkError of `loadFailures`). */
export const failed = (make: (f: Failures) => Error, context: ErrorContext): Promise<Error> =>
  loadFailures(context).then(make, (error: Error) => error);
