/**
 * The watch of calls for tracing and logging (the `tracer`, `logger` and `logLevel` options), part of
 * the observer's chunk (observe.ts). The client hands each call to `Watcher.call`, which watches it from
 * start to end: the call's span (span.ts) and its log lines (log-lines.ts). A call tells its watch what
 * goes out (`sent`: alone, or queued for a batch) and when it is retried (`retrying`); a batch's exchange
 * on the wire, wrapped here once, becomes the parent span of the calls in it. Nothing here may fail a
 * call: a tracer or a logger that throws is ignored.
 */
import type { MethodSpec, Params } from "./codec.js";
import type { LogLines } from "./log-lines.js";
import type { CallOptions } from "./options.js";
import type { Batcher, Queued } from "./queue.js";
import { errorFacts, type CallSpan, type ErrorFacts, type Trace } from "./span.js";
import type { TransportRequest } from "./transport.js";
import type { Validator } from "./validate.js";

/** What a call tells its watch (client.ts's `run`). */
export interface Watch {
  /** An attempt's request goes out: alone, or (`queued`) in a batch, whose span becomes its span's parent. */
  sent(request: TransportRequest, queued?: unknown): void;
  /** `attempt` as the retry loop runs it: each run is a retry (an event, a warn line) after the error before it. */
  retrying<T>(error: unknown, attempt: () => Promise<T>): () => Promise<T>;
}

/** client.ts's `run`: a call of `method` (then its spec, validator, params, call options, batch), watched by `watch`. */
export type Run = (
  method: string,
  spec: MethodSpec | undefined,
  validator: Validator | undefined,
  params: Params,
  callOptions?: CallOptions,
  collect?: (item: Queued) => void,
  watch?: Watch,
) => Promise<unknown>;

/** The observer of one client. */
export interface Watcher {
  /** Runs a call (`run` with `args`, and its watch) and reports it: its span, its log lines. */
  call(run: Run, args: Parameters<Run>): Promise<unknown>;
}

/** Now, in milliseconds since the epoch with a fraction (the clock OpenTelemetry's `startTime` takes). */
const now = (): number => (typeof performance === "object" ? performance.timeOrigin + performance.now() : Date.now());

/** One call under watch. */
class CallWatch implements Watch {
  readonly started = now();
  attempts = 0;
  /** The span, once the call's request went out (or the call ended without one). */
  span: CallSpan | undefined;
  /** The error a retry follows, told by `sent` to the next attempt. */
  private before: unknown;
  private retries = 0;

  constructor(
    private readonly watcher: ClientWatcher,
    readonly method: string,
  ) {}

  sent(request: TransportRequest, queued: unknown): void {
    this.attempts++;
    if (queued) this.watcher.queued.set(request, this);
    else {
      this.span ??= this.watcher.trace?.call(this.method, this.started);
      this.span?.sent(request.id);
    }
    if (this.before !== undefined) {
      const error = errorFacts(this.before, this.watcher.secrets);
      this.before = undefined;
      this.span?.retry(request.id, error);
      this.watcher.log.retry(this.method, this.retries, error);
    }
  }

  retrying<T>(error: unknown, attempt: () => Promise<T>): () => Promise<T> {
    let last = error;
    return () => {
      this.retries++;
      this.before = last;
      return attempt().catch((next: unknown) => {
        last = next;
        throw next;
      });
    };
  }

  /** Starts the span of a call that went out in a batch, as a child of the batch's span. */
  batched(request: TransportRequest, parent: CallSpan | undefined): void {
    this.span ??= this.watcher.trace?.call(this.method, this.started, parent);
    this.span?.sent(request.id);
  }

  /** The end of the call: its span ends (a span started now if none was), its log lines are written. */
  end(error?: unknown): void {
    const duration = now() - this.started;
    const span = (this.span ??= this.watcher.trace?.call(this.method, this.started));
    const facts = error === undefined ? undefined : errorFacts(error, this.watcher.secrets);
    span?.end(facts);
    this.watcher.log.call(this.method, duration, this.attempts, facts);
    this.watcher.ended(this);
  }
}

/** A batch's span and the calls in it: it ends when the last of them does. */
interface BatchWatch {
  readonly span: CallSpan | undefined;
  open: number;
  /** The error of the batch's last exchange (every call in it fails with it), or none. */
  failure: unknown;
  retries: number;
}

class ClientWatcher implements Watcher {
  /** Calls queued for a batch, by their request, until the batch goes out. */
  readonly queued = new WeakMap<TransportRequest, CallWatch>();
  /** The batch each batched call is in. */
  private readonly batchOf = new WeakMap<CallWatch, BatchWatch>();
  /** Batches by their request list (a batch retried whole is sent with the same list). */
  private readonly batches = new WeakMap<readonly TransportRequest[], BatchWatch>();

  constructor(
    readonly trace: Trace | undefined,
    readonly log: LogLines,
    readonly secrets: readonly string[],
  ) {}

  call(run: Run, [method, spec, validator, params, callOptions, collect]: Parameters<Run>): Promise<unknown> {
    const watch = new CallWatch(this, method);
    return run(method, spec, validator, params, callOptions, collect, watch).then(
      (result) => {
        watch.end();
        return result;
      },
      (error: unknown) => {
        watch.end(error);
        throw error;
      },
    );
  }

  /** A batch goes out (`requests`): its span, the parent of its calls' spans; a batch sent again is a retry. */
  batchSent(requests: readonly TransportRequest[]): BatchWatch {
    const known = this.batches.get(requests);
    if (known) {
      const error: ErrorFacts | undefined =
        known.failure === undefined ? undefined : errorFacts(known.failure, this.secrets);
      known.span?.retry(undefined, error);
      this.log.retry("batch", ++known.retries, error);
      for (const r of requests) {
        const call = this.queued.get(r);
        if (call) call.attempts++;
      }
      return known;
    }
    const calls = requests.map((r) => this.queued.get(r));
    const first = Math.min(...calls.map((c) => c?.started ?? now()));
    const span = this.trace?.batch(first);
    calls.forEach((c, i) => c?.batched(requests[i]!, span));
    const batch: BatchWatch = { open: 0, failure: undefined, retries: 0, span };
    for (const call of calls) {
      if (!call) continue;
      batch.open++;
      this.batchOf.set(call, batch);
    }
    this.batches.set(requests, batch);
    return batch;
  }

  ended(call: CallWatch): void {
    const batch = this.batchOf.get(call);
    if (!batch) return;
    this.batchOf.delete(call);
    if (--batch.open === 0)
      batch.span?.end(batch.failure === undefined ? undefined : errorFacts(batch.failure, this.secrets));
  }

  /** Wraps `wire.batch` of the client's batching (queue.ts sends every batch through it). */
  watchBatches(batcher: Batcher): void {
    const { wire } = batcher;
    const batch = wire.batch;
    if (!batch) return;
    batcher.wire = {
      ...wire,
      batch: (requests, body, options) => {
        const watch = this.batchSent(requests);
        return batch.call(wire, requests, body, options).then(
          (answer) => {
            watch.failure = undefined;
            return answer;
          },
          (error: unknown) => {
            watch.failure = error;
            throw error;
          },
        );
      },
    };
  }
}

/** The watcher of a client whose options are checked: `trace` when it has a tracer, its log lines, its transport's secrets. */
export function watchCalls(
  trace: Trace | undefined,
  log: LogLines,
  secrets: readonly string[],
  batcher: Batcher,
): Watcher {
  const watcher = new ClientWatcher(trace, log, secrets);
  watcher.watchBatches(batcher);
  return watcher;
}
