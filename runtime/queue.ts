/**
 * Batching, loaded on first use (an explicit `client.batch`, or at creation with the `batch`
 * option): the automatic queue of calls made in the same tick, and sending a batch as one request.
 */
import { ValidationError } from "./validation-error.js";
import { matchBatch } from "./batch.js";
import { DEFAULT_BATCH_SIZE } from "./defaults.js";
import type { Wire } from "./hooks.js";
import type { ApiSpec, CallFn, ClientOptions, RpcClient } from "./options.js";
import { retryFailed, retryPolicy, type RetrySource } from "./retry.js";
import type { Reply, SendOptions, Transport, TransportRequest } from "./transport.js";
import { parseReply } from "./wire.js";

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
  retry: RetrySource;
  /** The transport's calls, with the hooks around them. */
  wire: Wire;
  /** Strings no error may show (the transport's key). */
  secrets: readonly string[];
}

/** A batch through the transport: its answer as one entry per request (the whole answer matched by id here). */
async function send(client: Batcher, requests: TransportRequest[], o: SendOptions): Promise<(Reply | Error)[]> {
  const answer = await client.wire.batch!(requests, `[${requests.map((r) => r.body).join(",")}]`, o);
  if (Array.isArray(answer)) return answer as (Reply | Error)[];
  const reply = typeof answer === "string" ? parseReply(answer, o.context, client.secrets, o.lossless) : answer;
  return matchBatch(reply as Reply, requests, o.context, client.secrets);
}

/** Sends a batch, retried whole when every call in it is idempotent; settles each item with its own reply or error. */
export async function sendBatch(client: Batcher, items: Queued[]): Promise<void> {
  const context = { host: client.host, method: `batch of ${items.length}` };
  const idempotent = items.every(
    (i) => Object.hasOwn(client.methods, i.request.method) && client.methods[i.request.method]!.idempotent,
  );
  const requests = items.map((i) => i.request);
  const attempt = (): Promise<(Reply | Error)[]> => send(client, requests, { timeout: client.timeout, context });
  try {
    const replies = await attempt().catch((error: unknown) => {
      const policy = retryPolicy(client.retry);
      return idempotent && policy.count > 0
        ? retryFailed(error, attempt, policy, undefined, context)
        : Promise.reject(error);
    });
    replies.forEach((reply, i) => (reply instanceof Error ? items[i]!.reject(reply) : items[i]!.resolve(reply)));
  } catch (error) {
    for (const item of items) item.reject(error);
  }
}

/** The automatic batch queue of a client with the `batch` option: calls made in the same tick go as one batch. */
export function autoBatch(client: Batcher, option: ClientOptions["batch"]): (item: Queued) => void {
  const { maxSize = DEFAULT_BATCH_SIZE, wait = 0 } = typeof option === "object" ? option : {};
  return batchQueue<Queued>(maxSize, wait, (items) => void sendBatch(client, items));
}

/**
 * `client.batch(build)`: the calls `build` makes (through `collecting`, which queues each request
 * instead of sending it) go as one batch; refused before anything is sent by a transport that cannot batch.
 */
export async function batchOf(
  client: Batcher,
  transport: Transport,
  jsonrpc: boolean,
  collecting: (collect: (item: Queued) => void) => CallFn,
  build: Parameters<RpcClient["batch"]>[0],
): Promise<never> {
  if (!transport.capabilities.batch || !jsonrpc) refuseBatch(transport);
  const items: Queued[] = [];
  // A call validates and queues its request synchronously, unless it waits for a chunk first (the
  // observer of a client with `tracer` or `logger`, observe.ts, on its first call): the batch goes out
  // once every call made has queued its request or settled without (its params refused).
  let made = 0;
  let done = 0;
  let sent = false;
  let ready: () => void = () => undefined;
  const count = (): void => {
    if (++done >= made) ready();
  };
  const call = collecting((item) => {
    items.push(item);
    count();
  });
  const calls = build((...args) => {
    made++;
    const promise = call(...args);
    // A call that settles before the batch goes out never queued; after, its settling is not counted.
    promise.then(
      () => !sent && count(),
      () => !sent && count(),
    );
    return promise;
  });
  const settled = Promise.allSettled(calls);
  if (done < made) await new Promise<void>((resolve) => (ready = resolve));
  sent = true;
  if (items.length > 0) await sendBatch(client, items);
  return (await settled) as never;
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
