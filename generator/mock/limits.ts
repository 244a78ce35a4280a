/**
 * Every limit of the mock server, with its default, in one place. The mock treats each client as
 * untrusted: bodies, batches, nesting, responses, time, connections, WebSocket traffic and
 * subscriptions are bounded. `startMockServer({ limits })` and the CLI (`--max-body-bytes 1048576`,
 * …) override them; the CLI flags are made from this table.
 */

export interface MockLimits {
  /** Largest request body, counted while it streams in (after gzip/deflate decoding). */
  maxBodyBytes: number;
  /** Most request objects in one batch. */
  maxBatchItems: number;
  /** Deepest nesting of arrays and objects in a request. */
  maxDepth: number;
  /** Largest answer to one HTTP request or WebSocket message; batch items past it get an error. */
  maxResponseBytes: number;
  /** Largest request head (request line and headers). */
  maxHeaderBytes: number;
  /** Time to receive a request's headers. */
  headersTimeoutMs: number;
  /** Time to receive a whole request (headers and body). */
  requestTimeoutMs: number;
  /** Idle time before a kept-alive HTTP connection is closed. */
  keepAliveTimeoutMs: number;
  /** Open connections at once (HTTP and WebSocket); more are closed at once. */
  maxConnections: number;
  /** Largest WebSocket message. */
  wsMaxPayloadBytes: number;
  /** Messages a WebSocket connection may send per second; past it they get an error, past twice it the connection closes. */
  wsMaxMessagesPerSecond: number;
  /** Unsent answers a WebSocket connection may pile up (a client that does not read) before it is closed. */
  wsMaxBufferedBytes: number;
  /** Ping interval; a connection that has not answered the previous ping is closed. */
  wsHeartbeatMs: number;
  /** Subscriptions (`x-subscription`) one WebSocket connection may hold at once; past it a subscribe call gets -32005. */
  wsMaxSubscriptions: number;
  /** Time between two notifications of one subscription. */
  wsNotifyIntervalMs: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_LIMITS: Readonly<MockLimits> = Object.freeze({
  maxBodyBytes: 5 * MiB,
  maxBatchItems: 1000,
  maxDepth: 64,
  maxResponseBytes: 8 * MiB,
  maxHeaderBytes: 16 * 1024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 128,
  wsMaxPayloadBytes: 5 * MiB,
  wsMaxMessagesPerSecond: 200,
  wsMaxBufferedBytes: 16 * MiB,
  wsHeartbeatMs: 30_000,
  wsMaxSubscriptions: 100,
  wsNotifyIntervalMs: 1000,
});

export type LimitName = keyof MockLimits;

/** Pages of each paginated method, unless `--pages` says otherwise (the last one has no next-page token). */
export const DEFAULT_PAGES = 3;

/** `maxBodyBytes` → `--max-body-bytes`. */
export function limitFlag(name: LimitName): string {
  return `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Shorter flags the CLI also takes for a limit (`--interval 50` is `--ws-notify-interval-ms 50`). */
export const LIMIT_ALIASES: Readonly<Partial<Record<LimitName, string>>> = Object.freeze({
  wsNotifyIntervalMs: "--interval",
});

/** The lowest value each limit accepts (the highest is 2^31 - 1 for all). */
const MINIMUM: Record<LimitName, number> = {
  maxBodyBytes: 2,
  maxBatchItems: 1,
  maxDepth: 2,
  maxResponseBytes: 1024,
  maxHeaderBytes: 1024,
  headersTimeoutMs: 10,
  requestTimeoutMs: 10,
  keepAliveTimeoutMs: 10,
  maxConnections: 1,
  wsMaxPayloadBytes: 2,
  wsMaxMessagesPerSecond: 1,
  wsMaxBufferedBytes: 1024,
  wsHeartbeatMs: 10,
  wsMaxSubscriptions: 1,
  wsNotifyIntervalMs: 1,
};
const MAXIMUM = 2 ** 31 - 1;

export function limitNames(): LimitName[] {
  return Object.keys(DEFAULT_LIMITS) as LimitName[];
}

/**
 * The defaults with `given` applied. Throws a RangeError naming the limit for a value that is
 * not a whole number in range, or a name that is not a limit.
 */
export function resolveLimits(given: Partial<Record<string, unknown>> = {}): MockLimits {
  const limits: MockLimits = { ...DEFAULT_LIMITS };
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) continue;
    if (!Object.hasOwn(DEFAULT_LIMITS, name))
      throw new RangeError(`${name} is not a limit of the mock server; the limits are ${limitNames().join(", ")}.`);
    const key = name as LimitName;
    if (typeof value !== "number" || !Number.isInteger(value) || value < MINIMUM[key] || value > MAXIMUM) {
      throw new RangeError(
        `The limit ${key} (${limitFlag(key)}) must be a whole number from ${MINIMUM[key]} to ${MAXIMUM}, not ${typeof value === "number" ? value : (JSON.stringify(value) ?? typeof value)}.`,
      );
    }
    limits[key] = value;
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new RangeError(
      `The limit headersTimeoutMs (${limits.headersTimeoutMs}) must not exceed requestTimeoutMs (${limits.requestTimeoutMs}).`,
    );
  }
  return limits;
}

/** `1 MiB`, `512 bytes`: sizes in messages. */
export function bytes(n: number): string {
  if (n >= MiB && n % MiB === 0) return `${n / MiB} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}
