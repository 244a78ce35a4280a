/**
 * Every default and bound of the runtime, in one place, with the policy types they fill. The option
 * docs (options.ts) and the README quote these values; change them here only.
 */
export interface RetryPolicy {
  /** Retries after the first attempt (0 = none). */
  count: number;
  /** Base delay in ms; attempt n waits about `delay · 2^n`, with jitter. */
  delay: number;
  /** Longest wait between attempts in ms; a longer `Retry-After` ends the retries. */
  maxDelay: number;
  /** JSON-RPC error codes that mean "try again later". */
  codes: readonly number[];
  /** Whether network failures are retried (not over WebSocket, which reconnects on its own). Default true. */
  network?: boolean;
}

export interface ReconnectPolicy {
  /** Connection attempts in a row before calls fail (default 5). */
  attempts: number;
  /** Base delay between attempts in ms, doubled each time (default 500). */
  delay: number;
}

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
/**
 * A WebSocket that stayed open this long (ms) before it dropped counts as a recovery: the count of
 * drops in a row starts again. Shorter-lived sockets add up, and after `reconnect.attempts` of them
 * the client stops reconnecting (a node that accepts and closes every socket is not looped on).
 */
export const STABLE_SOCKET_MS = 10_000;
/** Items a subscription holds for a busy consumer; one more ends it with a SubscriptionError. */
export const DEFAULT_SUBSCRIPTION_BUFFER = 1_000;
/**
 * Total size of the messages a subscription holds in one buffer (UTF-16 units of their text, about
 * their bytes); past it the subscription ends with a SubscriptionError, as past `bufferSize` items.
 */
export const DEFAULT_SUBSCRIPTION_BUFFER_BYTES = 32 * 1024 * 1024;
/** Largest `bufferBytes` a subscription accepts. */
export const MAX_SUBSCRIPTION_BUFFER_BYTES = 1024 * 1024 * 1024;
/** Largest `bufferSize` a subscription accepts (items held in memory for a busy consumer). */
export const MAX_SUBSCRIPTION_BUFFER = 1_000_000;
/** Pages a paginator fetches at most before it stops with an error (raise with `maxPages`). */
export const DEFAULT_MAX_PAGES = 10_000;
/** Pages in a row without items after which a paginator stops (a server that only sends new tokens). */
export const MAX_EMPTY_PAGES = 10;
/** Page tokens remembered to detect a token cycle (any cycle within the default maxPages is seen). */
export const REMEMBERED_TOKENS = 10_000;
/** Deepest nesting of arrays/objects accepted in a response (deeper is a MalformedResponseError). */
export const MAX_RESPONSE_DEPTH = 512;
/** Upper bounds of the numeric options: a timer longer than 2^31-1 ms fires at once in every JS runtime. */
export const MAX_TIMER_MS = 2_147_483_647;
/** Most retries of one call, and most WebSocket connection attempts. */
export const MAX_RETRIES = 100;
/** Largest automatic batch. */
export const MAX_BATCH_SIZE = 10_000;
