/**
 * The items of one subscription waiting for its consumer, bounded by count (`bufferSize`) and by
 * the size of the messages they came in (`bufferBytes`), and the iterator that takes them. The end
 * (done, or an error thrown once after the items before it) is the queue's too, so that a consumer
 * waiting in `next()` is woken by it. Used by the subscriptions without an id (event-subscription.ts).
 */
export class ItemQueue {
  private items: { item: unknown; size: number }[] = [];
  private bytes = 0;
  private waiter: { resolve(r: IteratorResult<unknown>): void; reject(e: unknown): void } | undefined;
  private end: { error?: unknown } | undefined;

  constructor(private readonly limits: { bufferSize: number; bufferBytes: number }) {}

  /** Whether the queue has ended (nothing more is taken). */
  get ended(): boolean {
    return this.end !== undefined;
  }

  /** Queues one item (or hands it to a waiting consumer); false when it does not fit (the caller ends the queue). */
  push(item: unknown, size: number): boolean {
    if (this.end) return true;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      w.resolve({ value: item, done: false });
      return true;
    }
    this.items.push({ item, size });
    this.bytes += size;
    return this.items.length <= this.limits.bufferSize && this.bytes <= this.limits.bufferBytes;
  }

  next(): Promise<IteratorResult<unknown>> {
    const first = this.items.shift();
    if (first) {
      this.bytes -= first.size;
      return Promise.resolve({ value: first.item, done: false });
    }
    if (this.end) {
      const { error } = this.end;
      this.end = {}; // an error is thrown once; then the iterator is done
      return error === undefined ? Promise.resolve({ value: undefined, done: true }) : Promise.reject(error);
    }
    return new Promise((resolve, reject) => (this.waiter = { resolve, reject }));
  }

  /** Ends the queue: the items still in it are yielded first unless `drop`, then the error (or done). */
  finish(error: unknown, drop: boolean): void {
    if (this.end) return;
    if (drop) {
      this.items = [];
      this.bytes = 0;
    }
    this.end = error === undefined ? {} : { error };
    const w = this.waiter;
    this.waiter = undefined;
    if (!w) return;
    this.end = {};
    if (error === undefined) w.resolve({ value: undefined, done: true });
    else w.reject(error);
  }
}
