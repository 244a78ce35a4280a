/**
 * The deadline and the abort that `createTransport` adds to a transport that does not enforce them
 * itself (a custom one): loaded on such a transport's first call, so that an app on the built-in
 * transports (which enforce both) never fetches it. Its errors are made on the failure path (`failed`,
 * passed by transport.ts, which loads their code then); the answer that comes while it loads is dropped.
 */
import type { ErrorContext } from "./base-error.js";
import type { Failures } from "./fail.js";

/** What `deadline` reads of a call's SendOptions (transport.ts). */
interface Bounds {
  readonly timeout: number;
  readonly signal?: AbortSignal | undefined;
  readonly context: ErrorContext;
}

/** `promise`, rejected with a TimeoutError after `timeout` ms or an AbortError when `signal` fires. */
export function deadline<T>(
  promise: Promise<T>,
  { timeout, signal, context }: Bounds,
  failed: (make: (f: Failures) => Error, context: ErrorContext) => Promise<Error>,
): Promise<T> {
  if (!signal && !(timeout > 0 && Number.isFinite(timeout))) return promise;
  return new Promise<T>((resolve, reject) => {
    let over = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (make: (f: Failures) => Error): void => {
      done();
      over = true;
      void failed(make, context).then(reject);
    };
    const onAbort = (): void => fail((f) => new f.AbortError(context));
    if (signal?.aborted) return onAbort();
    if (timeout > 0 && Number.isFinite(timeout))
      timer = setTimeout(() => fail((f) => new f.TimeoutError(timeout, context)), timeout);
    function done(): void {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
    signal?.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => over || (done(), resolve(value)),
      (error: unknown) => over || (done(), reject(error)),
    );
  });
}
