/**
 * The order vitest starts the test files in (vitest.config.ts `sequence.sequencer`): vitest's own,
 * longest first by the durations its cache keeps (node_modules/.vite/vitest/…/results.json), with
 * one difference. A file the cache does not know takes its duration from test/setup/file-order.json,
 * which `npm run test:times` writes, instead of being ordered by its size.
 *
 * Why: a new clone has no cache, and vitest's order by file size made its first `npm test` cost
 * about 60 s more CPU and 30 s more wall time than the runs after it (docs/DECISIONS.md, issue 36's
 * eleventh round). The order changes no test: every file runs, with the same assertions. A stale
 * seed only makes the order less good; the files it does not name (new ones) run first, largest
 * first, and the failed files of the last run, which the cache knows, come first of all.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** What is known of a file's last run. */
export interface LastRun {
  durationMs: number;
  failed: boolean;
}

/** Where the committed durations are, relative to the project's root. */
export const FILE_ORDER = "test/setup/file-order.json";

/** The committed durations: file path (with `/`) → milliseconds. Absent or broken: none. */
export function readFileOrder(root: string): Map<string, number> {
  try {
    const parsed = JSON.parse(readFileSync(path.join(root, FILE_ORDER), "utf8")) as { durations?: unknown };
    const durations = parsed.durations;
    if (durations === null || typeof durations !== "object" || Array.isArray(durations)) return new Map();
    return new Map(
      Object.entries(durations).filter((e): e is [string, number] => typeof e[1] === "number" && e[1] >= 0),
    );
  } catch {
    return new Map();
  }
}

/**
 * Files with no known run first (largest first), then the ones that failed, then the longest
 * first; ties keep their order.
 */
export function orderFiles<T>(
  files: readonly T[],
  last: (file: T) => LastRun | undefined,
  size: (file: T) => number,
): T[] {
  const rank = (file: T): [number, number] => {
    const run = last(file);
    if (run === undefined) return [0, -size(file)];
    return [run.failed ? 1 : 2, -run.durationMs];
  };
  const ranked = files.map((file, index) => ({ file, index, rank: rank(file) }));
  ranked.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.index - b.index);
  return ranked.map((r) => r.file);
}

/** The path vitest's cache keys a file by, and the committed seed's (with `/`). */
const relativeTo = (root: string, file: string): string => path.relative(root, file);

export default class SeededSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const seed = readFileOrder(config.root);
    const key = (spec: TestSpecification): string => `${spec.project.name}:${relativeTo(config.root, spec.moduleId)}`;
    return orderFiles(
      files,
      (spec) => {
        const cached = cache.getFileTestResults(key(spec));
        if (cached) return { durationMs: cached.duration, failed: cached.failed };
        const seeded = seed.get(relativeTo(config.root, spec.moduleId).split(path.sep).join("/"));
        return seeded === undefined ? undefined : { durationMs: seeded, failed: false };
      },
      (spec) => cache.getFileStats(key(spec))?.size ?? 0,
    );
  }
}
