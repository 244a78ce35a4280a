/**
 * The life of one open subscription: the items queued for the consumer (bounded), the iterator,
 * re-subscription after a reconnect with the gap report and optional back-fill, and the end —
 * by the consumer (unsubscribe, break, abort), by a full buffer, or by the socket closing for good.
 * Every buffer (items before the confirmation, items for a busy consumer, live items during a
 * back-fill) is bounded by count (`bufferSize`) and by the size of the messages it holds
 * (`bufferBytes`); nothing that belongs to the subscription is ever dropped without a word: a full
 * buffer or a refused notification ends it with the error.
 */
import { after, fetchMissed, orderKey, type BackfillKind } from "./backfill.js";
import { decodeItem } from "./wire.js";
import {
  AbortError,
  MalformedResponseError,
  RpcClientError,
  SocketClosedError,
  SubscriptionError,
  type ErrorContext,
} from "./errors.js";
import type { U64Map } from "./json.js";
import type { CallFn, SubscribeOptions, Subscription, SubscriptionGap } from "./options.js";
import type { SubscriptionSpec } from "./subscribe-args.js";
import type { ServerNotification, Transport } from "./transport.js";

/** What a subscription needs from the client: calls (validated, decoded) and the transport's push channel. */
export interface SubscriptionHost {
  /** The client's transport: its `listen` and `onConnection` (the "subscriptions" capability) carry the items. */
  readonly transport: Transport;
  readonly host: string | undefined;
  readonly call: CallFn;
  /** Items held for a busy consumer unless the options say otherwise (DEFAULT_SUBSCRIPTION_BUFFER). */
  readonly bufferSize: number;
  /** The client's `validateResponses` and `onWarning`, applied to every item. */
  readonly validateResponses?: false | "warn" | "strict";
  readonly onWarning?: (message: string) => void;
}

export interface Settings {
  u64: U64Map | undefined;
  backfill: BackfillKind | undefined;
  filter: unknown;
  bufferSize: number;
  /** Largest total size (UTF-16 units of the messages) of the items one buffer holds. */
  bufferBytes: number;
  options: SubscribeOptions;
  check: ((item: unknown) => Promise<void>) | undefined;
}

export class SubscriptionState {
  private id: string | number | undefined;
  private early: Early[] = [];
  private earlyBytes = 0;
  /** Notifications dropped from `early` by subscription id (bounded), or "many" past that bound. */
  private earlyDropped: Map<string, number> | "many" = new Map();
  private queue: unknown[] = [];
  private queueSizes: number[] = [];
  private queueBytes = 0;
  private held: { item: unknown; size: number }[] | undefined; // live items that arrive while a back-fill runs
  private heldBytes = 0;
  private waiter: { resolve(r: IteratorResult<unknown>): void; reject(e: unknown): void } | undefined;
  private ended: { error?: unknown } | undefined;
  private lastSeen: unknown;
  private lastKey: bigint[] | undefined;
  /** Order keys the last back-fill yielded: a live item with one of them is a duplicate (never a range, which a hostile key could freeze). */
  private filled = new Set<string>();
  private round = 0; // re-subscriptions started
  private readonly gapListeners = new Set<(gap: SubscriptionGap<unknown>) => void>();
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly host: SubscriptionHost,
    private readonly method: string,
    private readonly params: unknown,
    private readonly spec: SubscriptionSpec,
    private readonly context: ErrorContext,
    private readonly s: Settings,
  ) {
    if (s.options.onGap) this.gapListeners.add(s.options.onGap);
  }

  async start(): Promise<void> {
    // Listen first: the first notification may come right behind the confirmation.
    const { transport } = this.host;
    this.cleanups.push(transport.listen!((n) => this.onNotification(n)));
    this.cleanups.push(
      transport.onConnection!((e) => {
        if (e.type === "reconnected") void this.resubscribe();
        else this.fail(asClosed(e.error, this.context));
      }),
    );
    const signal = this.s.options.signal;
    if (signal) {
      const onAbort = (): void => void this.stop(new AbortError(this.context)).catch(() => undefined);
      signal.addEventListener("abort", onAbort, { once: true });
      this.cleanups.push(() => signal.removeEventListener("abort", onAbort));
    }
    try {
      this.confirm(await this.host.call(this.method, this.params as never, { signal }));
    } catch (error) {
      this.finish({ error });
      throw error;
    }
  }

  handle(): Subscription<unknown> {
    const iterator: AsyncIterator<unknown> = {
      next: () => this.next(),
      return: async () => {
        await this.stop(undefined).catch(() => undefined);
        return { value: undefined, done: true };
      },
    };
    const currentId = (): string | number => this.id ?? "";
    return {
      get id() {
        return currentId();
      },
      unsubscribe: () => this.stop(undefined),
      onGap: (listener) => {
        this.gapListeners.add(listener);
        return () => void this.gapListeners.delete(listener);
      },
      [Symbol.asyncIterator]: () => iterator,
    };
  }

  private next(): Promise<IteratorResult<unknown>> {
    if (this.queue.length > 0) {
      this.queueBytes -= this.queueSizes.shift() ?? 0;
      return Promise.resolve({ value: this.queue.shift(), done: false });
    }
    if (this.ended) {
      const { error } = this.ended;
      this.ended = {}; // an error is thrown once; then the iterator is done
      return error === undefined ? Promise.resolve({ value: undefined, done: true }) : Promise.reject(error);
    }
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  private confirm(id: unknown): void {
    // An object or null would read as "[object Object]" / "null" and match any such notification.
    if (typeof id !== "number" && typeof id !== "string")
      throw new MalformedResponseError(
        `${this.method} answered ${id === null ? "null" : typeof id} where a subscription id (string or number) belongs`,
        "",
        this.context,
      );
    this.id = id;
    const early = this.early;
    const dropped = this.earlyDropped === "many" ? -1 : (this.earlyDropped.get(String(id)) ?? 0);
    this.early = [];
    this.earlyBytes = 0;
    this.earlyDropped = new Map();
    if (dropped !== 0) {
      const what = dropped > 0 ? `${dropped} of its notifications` : "notifications (possibly its own)";
      return void this.stop(
        new SubscriptionError(
          `${this.method}: ${what} arrived before the subscription was confirmed and did not fit the buffer (bufferSize ${this.s.bufferSize}, bufferBytes ${this.s.bufferBytes}); it was ended rather than skip them. Raise bufferSize or bufferBytes`,
          this.context,
        ),
      ).catch(() => undefined);
    }
    for (const n of early) if (sameId(n.subscription, id)) this.deliver(n.result, n.size, n.error);
  }

  private onNotification(n: ServerNotification): void {
    if (n.method !== this.spec.notification || this.ended) return;
    const p = notificationParts(n.params, this.spec.notificationParams);
    const size = n.size ?? 0;
    if (this.id === undefined) {
      // Not confirmed yet: keep it until the id is known (bounded like the queue); what must go is counted by id.
      this.early.push({ subscription: p.subscription, result: p.result, size, ...(n.error ? { error: n.error } : {}) });
      this.earlyBytes += size;
      while (this.early.length > this.s.bufferSize || (this.earlyBytes > this.s.bufferBytes && this.early.length > 0)) {
        const gone = this.early.shift()!;
        this.earlyBytes -= gone.size;
        this.countDropped(gone.subscription);
      }
    } else if (sameId(p.subscription, this.id)) this.deliver(p.result, size, n.error);
  }

  private countDropped(subscription: unknown): void {
    if (this.earlyDropped === "many") return;
    const key = String(subscription);
    if (!this.earlyDropped.has(key) && this.earlyDropped.size >= 1024) this.earlyDropped = "many";
    else this.earlyDropped.set(key, (this.earlyDropped.get(key) ?? 0) + 1);
  }

  private deliver(result: unknown, size: number, refused?: Error): void {
    // The items before it are still yielded; then the error.
    if (refused) return void this.stop(refused, true).catch(() => undefined);
    const item = decodeItem(result, this.s.u64);
    this.s.check?.(item).catch((error: unknown) => void this.stop(error).catch(() => undefined));
    if (this.held) {
      this.held.push({ item, size });
      this.heldBytes += size;
      if (this.held.length > this.s.bufferSize || this.heldBytes > this.s.bufferBytes) this.overflow();
      return;
    }
    this.enqueue(item, size);
  }

  private enqueue(item: unknown, size = 0): void {
    if (this.ended) return;
    if (this.s.backfill) {
      const key = orderKey(this.s.backfill, item);
      if (key && this.filled.has(key.join())) return; // already yielded by the back-fill
      if (key && (!this.lastKey || after(key, this.lastKey))) this.lastKey = key;
    }
    this.lastSeen = item;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      w.resolve({ value: item, done: false });
      return;
    }
    this.queue.push(item);
    this.queueSizes.push(size);
    this.queueBytes += size;
    if (this.queue.length > this.s.bufferSize || this.queueBytes > this.s.bufferBytes) this.overflow();
  }

  private overflow(): void {
    const error = new SubscriptionError(
      `${this.method} received more than ${this.s.bufferSize} items (bufferSize) or ${this.s.bufferBytes} bytes (bufferBytes) the consumer had not taken; the subscription was ended to bound memory. Consume faster or raise bufferSize or bufferBytes`,
      this.context,
    );
    this.clearQueue();
    void this.stop(error).catch(() => undefined);
  }

  /**
   * After a reconnect: subscribe again, back-fill, then report the gap. A newer reconnect makes an
   * older round moot; a socket that drops again meanwhile is left to the next reconnect (or to the
   * "closed" event, which ends the subscription).
   */
  private async resubscribe(): Promise<void> {
    if (this.ended) return;
    const round = ++this.round;
    const lastSeen = this.lastSeen;
    const lastKey = this.lastKey;
    this.id = undefined;
    this.held = this.s.backfill && lastKey ? [] : undefined;
    this.heldBytes = 0;
    let backfilled = 0;
    try {
      const id = await this.host.call(this.method, this.params as never);
      if (round !== this.round || this.ended) return;
      this.confirm(id);
      if (this.s.backfill && lastKey) {
        const missed = await fetchMissed(this.host.call, this.s.backfill, lastKey, this.s.filter, this.s.bufferSize);
        if (round !== this.round || this.ended) return;
        this.filled = new Set();
        for (const item of missed) {
          this.enqueue(item);
          const key = orderKey(this.s.backfill, item);
          if (key) this.filled.add(key.join());
        }
        backfilled = missed.length;
        const held = this.held ?? [];
        this.held = undefined;
        this.heldBytes = 0;
        for (const { item, size } of held) this.enqueue(item, size);
      }
    } catch (error) {
      if (round !== this.round || this.ended || error instanceof SocketClosedError) return;
      this.held = undefined;
      this.heldBytes = 0;
      const why = error instanceof Error ? error.message : String(error);
      const step = this.id === undefined ? "could not be made again" : "could not back-fill";
      const reason =
        error instanceof RpcClientError
          ? error
          : new SubscriptionError(`${this.method} ${step} after a reconnect: ${why}`, {
              ...this.context,
              cause: error,
            });
      // Made again but not back-filled: the node holds a subscription nobody reads; cancel it.
      void this.stop(reason).catch(() => undefined);
      return;
    }
    // Outside the try: a listener that throws is the caller's bug, not a failed re-subscription.
    for (const listener of this.gapListeners) listener({ lastSeen, backfilled });
  }

  /** Ends the subscription and tells the node (best effort when the socket is gone). */
  private async stop(error: unknown, keepQueue = false): Promise<void> {
    if (this.ended && this.id === undefined) return;
    const id = this.id;
    this.id = undefined;
    if (!keepQueue) this.clearQueue();
    this.finish(error === undefined ? {} : { error });
    if (id === undefined) return;
    try {
      await this.host.call(this.spec.unsubscribe, [id]);
    } catch (e) {
      if (!(e instanceof SocketClosedError) && error === undefined) throw e;
    }
  }

  private clearQueue(): void {
    this.queue = [];
    this.queueSizes = [];
    this.queueBytes = 0;
  }

  /** Ends the subscription without an unsubscribe (the socket is closed for good). */
  private fail(error: unknown): void {
    this.id = undefined;
    this.finish({ error });
  }

  private finish(end: { error?: unknown }): void {
    if (this.ended) return;
    this.ended = end;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    const w = this.waiter;
    this.waiter = undefined;
    if (!w) return;
    this.ended = {};
    if (end.error === undefined) w.resolve({ value: undefined, done: true });
    else w.reject(end.error);
  }
}

/** A notification that came before the subscription's id was known. */
interface Early {
  subscription: unknown;
  result: unknown;
  size: number;
  error?: Error;
}

/** A notification's id and item: `{ subscription, result }`, or under the names the spec gives (by name or by position). */
function notificationParts(params: unknown, names: SubscriptionSpec["notificationParams"]): Partial<Early> {
  const p = (params ?? {}) as Record<string, unknown>;
  if (!names) return p;
  if (Array.isArray(params)) return { subscription: params[0], result: params[1] };
  const [id, item] = names;
  return {
    subscription: Object.hasOwn(p, id) ? p[id] : p.subscription,
    result: Object.hasOwn(p, item) ? p[item] : undefined,
  };
}

/** Whether a notification's `params.subscription` names `id` (a number and its decimal text match). */
function sameId(subscription: unknown, id: string | number): boolean {
  return (typeof subscription === "string" || typeof subscription === "number") && String(subscription) === String(id);
}

function asClosed(error: Error, context: ErrorContext): Error {
  return error instanceof SocketClosedError ? error : new SocketClosedError(undefined, { ...context, cause: error });
}
