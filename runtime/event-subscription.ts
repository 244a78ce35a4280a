/**
 * Subscriptions without an id (`SubscriptionSpec.mode`): notifications are matched by their method
 * alone, and the item is read from their params (event-item.ts).
 *
 * - `events`: the server pushes them unasked. Opening listens (and opens the socket); closing stops
 *   listening and sends nothing.
 * - `listen` (Firebolt): opening calls the method with its `listen` param true (and the other params);
 *   closing calls it with `listen` false — only when no other open subscription of this transport
 *   listens to the same method with the same params, since the server keeps one listener for both.
 *
 * As with subscriptions by id: items wait in a bounded buffer (a full one ends the subscription with
 * the error), a refused notification ends it after the items before it, a reconnect opens it again
 * (`listen`) and reports the gap, and a socket closed for good ends it with `SocketClosedError`.
 */
import { AbortError, RpcClientError, SocketClosedError, SubscriptionError, type ErrorContext } from "./errors.js";
import { eventItem } from "./event-item.js";
import { ItemQueue } from "./item-queue.js";
import type { U64Map } from "./json.js";
import type { SubscribeOptions, Subscription, SubscriptionGap } from "./options.js";
import type { SubscriptionSpec } from "./subscribe-args.js";
import type { SubscriptionHost } from "./subscription-state.js";
import type { ServerNotification, Transport } from "./transport.js";
import { decodeItem } from "./wire.js";

export interface EventSettings {
  u64: U64Map | undefined;
  bufferSize: number;
  bufferBytes: number;
  options: SubscribeOptions;
  check: ((item: unknown) => Promise<void>) | undefined;
}

/** The member's arguments of a subscription without an id: its params (without `listen`), then the options. */
export function eventArgs(
  args: readonly unknown[],
  paramNames: readonly string[],
  spec: SubscriptionSpec,
  byName: boolean,
): { params: readonly unknown[] | object | undefined; options: unknown } {
  if (spec.mode === "events") return { params: undefined, options: args[0] };
  const own = paramNames.filter((p) => p !== spec.listen);
  if (byName)
    return own.length === 0
      ? { params: {}, options: args[0] }
      : { params: (args[0] ?? {}) as object, options: args[1] };
  return { params: args.slice(0, own.length), options: args[own.length] };
}

/** Listeners per transport, method and params: `listen: false` goes out when the last one stops. */
const listening = new WeakMap<Transport, Map<string, number>>();

export class EventSubscription {
  private readonly queue: ItemQueue;
  private readonly gapListeners = new Set<(gap: SubscriptionGap<unknown>) => void>();
  private readonly cleanups: (() => void)[] = [];
  private readonly names: ReadonlySet<string>;
  /** The params besides `listen` (the context Firebolt sends back beside the event). */
  private readonly context: readonly string[];
  private readonly key: string;
  private lastSeen: unknown;
  private round = 0;
  private counted = false;

  constructor(
    private readonly host: SubscriptionHost,
    private readonly method: string,
    private readonly spec: SubscriptionSpec,
    private readonly paramNames: readonly string[],
    private readonly params: readonly unknown[] | object | undefined,
    private readonly ctx: ErrorContext,
    private readonly s: EventSettings,
  ) {
    this.queue = new ItemQueue(s);
    this.names = new Set([spec.notification, ...(spec.aliases ?? [])]);
    this.context = paramNames.filter((p) => p !== spec.listen);
    this.key = `${method}\u0000${JSON.stringify(params ?? null)}`;
    if (s.options.onGap) this.gapListeners.add(s.options.onGap);
  }

  async start(): Promise<void> {
    const { transport } = this.host;
    this.cleanups.push(transport.listen!((n) => this.onNotification(n)));
    this.cleanups.push(
      transport.onConnection!((e) => {
        if (e.type === "reconnected") void this.reopen();
        else
          this.finish(
            e.error instanceof SocketClosedError
              ? e.error
              : new SocketClosedError(undefined, { ...this.ctx, cause: e.error }),
            false,
          );
      }),
    );
    const signal = this.s.options.signal;
    if (signal) {
      const onAbort = (): void => void this.stop(new AbortError(this.ctx)).catch(() => undefined);
      signal.addEventListener("abort", onAbort, { once: true });
      this.cleanups.push(() => signal.removeEventListener("abort", onAbort));
    }
    try {
      if (this.spec.mode === "listen") {
        this.count(+1);
        await this.host.call(this.method, this.withListen(true) as never, { signal });
      } else await transport.connect?.();
    } catch (error) {
      if (this.counted) this.count(-1);
      this.finish(error, true);
      throw error;
    }
  }

  handle(): Subscription<unknown> {
    const iterator: AsyncIterator<unknown> = {
      next: () => this.queue.next(),
      return: async () => {
        await this.stop(undefined).catch(() => undefined);
        return { value: undefined, done: true };
      },
    };
    return {
      id: "",
      unsubscribe: () => this.stop(undefined),
      onGap: (listener) => {
        this.gapListeners.add(listener);
        return () => void this.gapListeners.delete(listener);
      },
      [Symbol.asyncIterator]: () => iterator,
    };
  }

  private onNotification(n: ServerNotification): void {
    if (this.queue.ended || !this.names.has(n.method)) return;
    // The items before it are still yielded; then the error.
    if (n.error) return void this.stop(n.error, true).catch(() => undefined);
    const item = decodeItem(eventItem(n.params, this.spec, this.context), this.s.u64);
    this.s.check?.(item).catch((error: unknown) => void this.stop(error).catch(() => undefined));
    this.lastSeen = item;
    if (this.queue.push(item, n.size ?? 0)) return;
    const error = new SubscriptionError(
      `${this.method} received more than ${this.s.bufferSize} items (bufferSize) or ${this.s.bufferBytes} bytes (bufferBytes) the consumer had not taken; the subscription was ended to bound memory. Consume faster or raise bufferSize or bufferBytes`,
      this.ctx,
    );
    void this.stop(error).catch(() => undefined);
  }

  /** After a reconnect: listen again (`listen`), then report the gap. */
  private async reopen(): Promise<void> {
    if (this.queue.ended) return;
    const round = ++this.round;
    const lastSeen = this.lastSeen;
    if (this.spec.mode === "listen") {
      try {
        await this.host.call(this.method, this.withListen(true) as never);
      } catch (error) {
        if (round !== this.round || this.queue.ended || error instanceof SocketClosedError) return;
        const why = error instanceof Error ? error.message : String(error);
        const reason =
          error instanceof RpcClientError
            ? error
            : new SubscriptionError(`${this.method} could not listen again after a reconnect: ${why}`, {
                ...this.ctx,
                cause: error,
              });
        return void this.stop(reason).catch(() => undefined);
      }
      if (round !== this.round || this.queue.ended) return;
    }
    for (const listener of this.gapListeners) listener({ lastSeen, backfilled: 0 });
  }

  /** Ends the subscription; `listen`: calls the method with `listen: false` unless another listener of the same still runs. */
  private async stop(error: unknown, keep = false): Promise<void> {
    if (this.queue.ended) return;
    this.finish(error, !keep);
    if (this.spec.mode !== "listen" || !this.counted || this.count(-1) > 0) return;
    try {
      await this.host.call(this.method, this.withListen(false) as never);
    } catch (e) {
      if (!(e instanceof SocketClosedError) && error === undefined) throw e;
    }
  }

  private finish(error: unknown, drop: boolean): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.queue.finish(error, drop);
  }

  /** Counts this subscription in (+1) or out (-1) of its transport's listeners; the count left. */
  private count(delta: 1 | -1): number {
    this.counted = delta > 0;
    const { transport } = this.host;
    let table = listening.get(transport);
    if (!table) listening.set(transport, (table = new Map()));
    const left = (table.get(this.key) ?? 0) + delta;
    if (left > 0) table.set(this.key, left);
    else table.delete(this.key);
    return left;
  }

  /** The params with the `listen` param set: by name, or at its position. */
  private withListen(on: boolean): unknown {
    const name = this.spec.listen ?? "listen";
    if (!Array.isArray(this.params)) {
      const out: Record<string, unknown> = { ...this.params };
      Object.defineProperty(out, name, { value: on, enumerable: true, writable: true, configurable: true });
      return out;
    }
    const own = this.params;
    const full = this.paramNames.map((p) => (p === name ? on : own[this.context.indexOf(p)]));
    while (full.length > 0 && full[full.length - 1] === undefined) full.pop();
    return full;
  }
}
