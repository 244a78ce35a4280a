/**
 * Retries with exponential backoff and jitter, for idempotent calls only. Retried: HTTP 408, 429
 * and 5xx, network failures, and the JSON-RPC codes the client names as transient. An HTTP
 * `Retry-After` (seconds or HTTP-date) sets the wait. Never retried after an abort.
 */
import { AbortError, HttpError, JsonRpcError, NetworkError, type ErrorContext } from "./errors.js";
import { DEFAULT_RETRY, type RetryPolicy } from "./defaults.js";
import type { ClientOptions } from "./options.js";

/** What a client's retry policy is made of (made here, on the first retry): its options, and whether network failures are retried. */
export interface RetrySource {
  readonly options: Pick<ClientOptions, "retryCount" | "retryDelay" | "retryMaxDelay" | "retryJsonRpcCodes">;
  /** False for a transport that reconnects on its own: it has used up its attempts when it reports a network failure. */
  readonly network: boolean;
}

/** The retry policy of a client (`count`: a call's own retry count, else the client's). */
export const retryPolicy = (
  { options, network }: RetrySource,
  count = options.retryCount ?? DEFAULT_RETRY.count,
): RetryPolicy => ({
  count,
  delay: options.retryDelay ?? DEFAULT_RETRY.delay,
  maxDelay: options.retryMaxDelay ?? DEFAULT_RETRY.maxDelay,
  codes: options.retryJsonRpcCodes ?? DEFAULT_RETRY.codes,
  network,
});

const RETRY_STATUS = (status: number): boolean =>
  status === 408 || status === 429 || (status >= 500 && status <= 599 && status !== 501 && status !== 505);

/** Whether an error may go away on a second try. */
export function isRetryable(error: unknown, codes: readonly number[], network = true): boolean {
  // `is` rather than instanceof: a custom `fetch` or hook may hand back errors of another runtime copy.
  if (HttpError.is(error)) return RETRY_STATUS(error.status);
  if (NetworkError.is(error)) return network;
  if (JsonRpcError.is(error)) return codes.includes(error.code);
  return false;
}

/** Wait before attempt `attempt + 1`: Retry-After when given, else capped exponential backoff with jitter. */
export function backoff(
  attempt: number,
  policy: RetryPolicy,
  error: unknown,
  random: () => number = Math.random,
): number | undefined {
  const hinted = HttpError.is(error) ? error.retryAfter : undefined;
  if (hinted !== undefined) return hinted <= policy.maxDelay ? hinted : undefined;
  const base = Math.min(policy.maxDelay, policy.delay * 2 ** attempt);
  return Math.round(base / 2 + (random() * base) / 2);
}

export async function withRetry<T>(
  run: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  context: ErrorContext,
): Promise<T> {
  try {
    return await run(0);
  } catch (error) {
    return retryFailed(error, run, policy, signal, context);
  }
}

/** `withRetry` after the first attempt failed with `error` (the client loads this module only then). */
export async function retryFailed<T>(
  error: unknown,
  run: (attempt: number) => Promise<T>,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
  context: ErrorContext,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    if (attempt >= policy.count || signal?.aborted || !isRetryable(error, policy.codes, policy.network ?? true))
      throw error;
    const wait = backoff(attempt, policy, error);
    if (wait === undefined) throw error;
    await sleep(wait, signal, context);
    try {
      return await run(attempt + 1);
    } catch (next) {
      error = next;
    }
  }
}

/** A timer that an AbortSignal cuts short (with an AbortError). */
export function sleep(ms: number, signal: AbortSignal | undefined, context: ErrorContext): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError(context));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new AbortError(context));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
