/**
 * Median, min–max and ratios: every figure of the benchmark is a ratio to a baseline measured in
 * the same run, so it holds on a noisy machine.
 */

/** One measured subject: its samples (ms, bytes, ops/s… as `unit` says). */
export interface Measure {
  readonly samples: readonly number[];
  readonly unit: string;
}

export interface Summary {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly n: number;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, n: 0 };
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, n: sorted.length };
}

export function median(samples: readonly number[]): number {
  return summarize(samples).median;
}

/** `a / b` of the medians; NaN when either is missing. */
export function ratio(a: readonly number[], b: readonly number[]): number {
  const x = median(a);
  const y = median(b);
  return Number.isFinite(x) && Number.isFinite(y) && y !== 0 ? x / y : Number.NaN;
}

/** Milliseconds since an arbitrary origin, with sub-millisecond resolution. */
export function now(): number {
  return performance.now();
}

/** Runs `fn` `runs` times and returns the duration of each run in ms. */
export async function timeRuns(runs: number, fn: () => Promise<unknown> | unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = now();
    await fn();
    out.push(now() - start);
  }
  return out;
}

/** Formats a number with a unit, short and readable (1.23 ms, 45.6 KB, 12 300 ops/s). */
export function formatValue(value: number, unit: string): string {
  if (!Number.isFinite(value)) return "—";
  if (unit === "B") return value >= 1024 ? `${(value / 1024).toFixed(2)} KB` : `${Math.round(value)} B`;
  if (unit === "MB") return `${value.toFixed(0)} MB`;
  if (unit === "ms")
    return value >= 100
      ? `${value.toFixed(0)} ms`
      : value >= 1
        ? `${value.toFixed(2)} ms`
        : `${(value * 1000).toFixed(0)} µs`;
  if (unit === "µs") return value >= 1000 ? `${(value / 1000).toFixed(2)} ms` : `${value.toFixed(1)} µs`;
  if (unit === "req/s") return `${Math.round(value).toLocaleString("en-US")} req/s`;
  if (unit === "") return value >= 1000 ? Math.round(value).toLocaleString("en-US") : String(Number(value.toFixed(2)));
  return `${Number(value.toFixed(2))} ${unit}`;
}

export function formatRange(summary: Summary, unit: string): string {
  if (summary.n === 0) return "—";
  if (summary.n === 1) return "(1 run)";
  return `${formatValue(summary.min, unit)}–${formatValue(summary.max, unit)}`;
}
