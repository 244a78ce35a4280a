/**
 * Batching, loaded on first use (an explicit `client.batch`, or at creation with the `batch`
 * option): the automatic queue of calls made in the same tick, and sending a batch as one request.
 */
import { ValidationError } from "./base-error.js";
import type { RetryPolicy } from "./defaults.js";
import type { ErrorContext } from "./errors.js";
import type { ApiSpec } from "./options.js";
import type { Reply, SendOptions, Transport, TransportRequest } from "./transport.js";

/** A call waiting in a batch. */
export interface Queued {
  request: TransportRequest;
  resolve(reply: Reply): void;
  reject(error: unknown): void;
}

/** What sending a batch needs from its client. */
export interface Batcher {
  methods: ApiSpec["methods"];
  host: string;
  timeout: number;
  retry: RetryPolicy;
  send(requests: TransportRequest[], options: SendOptions): Promise<(Reply | Error)[]>;
  /** Runs an attempt, retried by `policy` when it fails (the client's own retry loop). */
  retried<T>(attempt: () => Promise<T>, policy: RetryPolicy, signal: undefined, context: ErrorContext): Promise<T>;
}

/** Sends a batch, retried whole when every call in it is idempotent; settles each item with its own reply or error. */
export async function sendBatch(client: Batcher, items: Queued[]): Promise<void> {
  const context = { host: client.host, method: `batch of ${items.length}` };
  const idempotent = items.every(
    (i) => Object.hasOwn(client.methods, i.request.method) && client.methods[i.request.method]!.idempotent,
  );
  const requests = items.map((i) => i.request);
  try {
    const replies = await client.retried(
      () => client.send(requests, { timeout: client.timeout, context }),
      idempotent ? client.retry : { ...client.retry, count: 0 },
      undefined,
      context,
    );
    replies.forEach((reply, i) => (reply instanceof Error ? items[i]!.reject(reply) : items[i]!.resolve(reply)));
  } catch (error) {
    for (const item of items) item.reject(error);
  }
}

/**
 * A transport without the "batch" capability (the keyless proxy takes one call per request):
 * `client.batch` refuses before anything is sent.
 */
export function refuseBatch(transport: Transport): never {
  const message =
    transport.endpoint === "proxy"
      ? "cannot batch: the keyless proxy takes one call per request"
      : `cannot batch: the ${transport.type} transport has no "batch" capability`;
  const path = transport.endpoint === "proxy" ? "options.proxyUrl" : "options.transport";
  throw new ValidationError(
    "batch",
    [{ path, rule: "batch", message, received: transport.endpoint === "proxy" ? "string" : "object" }],
    {
      host: transport.host,
    },
  );
}

/** Collects items queued in the same tick (or within `wait` ms) and flushes them in groups of at most `maxSize`. */
export function batchQueue<T>(maxSize: number, wait: number, flush: (items: T[]) => void): (item: T) => void {
  let queue: T[] = [];
  let scheduled = false;
  const run = (): void => {
    scheduled = false;
    const items = queue;
    queue = [];
    for (let i = 0; i < items.length; i += maxSize) flush(items.slice(i, i + maxSize));
  };
  return (item) => {
    queue.push(item);
    if (queue.length >= maxSize && wait > 0) return run();
    if (scheduled) return;
    scheduled = true;
    if (wait > 0) setTimeout(run, wait);
    else queueMicrotask(run);
  };
}
