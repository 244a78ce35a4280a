/** Automatic batching's queue: calls made in the same tick, flushed in batches of at most `maxSize`. */

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
