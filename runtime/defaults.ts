/**
 * Every default of the runtime, in one place. The option docs (options.ts) and the README quote
 * these values; change them here only.
 */
import type { ReconnectPolicy, RetryPolicy } from "./options.js";

/** Milliseconds to wait for each answer (0 disables the timeout). */
export const DEFAULT_TIMEOUT = 10_000;
/** Largest response body accepted, in decoded bytes (after gzip/deflate/br), and largest WebSocket message. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
/** Most calls per automatic batch. */
export const DEFAULT_BATCH_SIZE = 100;
/** Defaults: 3 retries from 150 ms (150, 300, 600 ms ± jitter), at most 5 s apart; -32055 "no nodes available" and 429. */
export const DEFAULT_RETRY: RetryPolicy = { count: 3, delay: 150, maxDelay: 5_000, codes: [-32055, 429] };
/** WebSocket: 5 connection attempts in a row, from 500 ms apart (doubled each time). */
export const DEFAULT_RECONNECT: ReconnectPolicy = { attempts: 5, delay: 500 };
/** Items a subscription holds for a busy consumer; one more ends it with a SubscriptionError. */
export const DEFAULT_SUBSCRIPTION_BUFFER = 1_000;
/** Pages a paginator fetches at most before it stops with an error (raise with `maxPages`). */
export const DEFAULT_MAX_PAGES = 1_000;
/** Pages in a row without items after which a paginator stops (a server that only sends new tokens). */
export const MAX_EMPTY_PAGES = 10;
/** Page tokens remembered to detect a token cycle. */
export const REMEMBERED_TOKENS = 1_024;
/** Deepest nesting of arrays/objects accepted in a response (deeper is a MalformedResponseError). */
export const MAX_RESPONSE_DEPTH = 512;
/** Upper bounds of the numeric options: a timer longer than 2^31-1 ms fires at once in every JS runtime. */
export const MAX_TIMER_MS = 2_147_483_647;
/** Most retries of one call, and most WebSocket connection attempts. */
export const MAX_RETRIES = 100;
/** Largest automatic batch. */
export const MAX_BATCH_SIZE = 10_000;
