/**
 * vitest setupFile, on only under `npm run test:times` (TEST_TIMES set; see vitest.config.ts):
 * the CPU one test file costs, split into the worker's own (generation, prettier, TypeScript
 * in-process) and its child processes' (tsc, npm, esbuild, servers it started and waited for),
 * read from /proc/self/stat when the file is imported and again after its last afterAll.
 * bench/test-times-reporter.ts reads the figures from the module's meta.
 */
import { readFileSync } from "node:fs";
import { afterAll } from "vitest";

declare module "vitest" {
  interface TaskMeta {
    cpu?: { ownMs: number; childrenMs: number };
  }
}

/** Clock ticks per second of /proc's times: 100 on every Linux build Node runs on. */
const TICKS = 100;

interface Sample {
  ownMs: number;
  childrenMs: number;
}

function sample(): Sample {
  const own = process.cpuUsage();
  let childrenMs = Number.NaN;
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    // The fields after the command name (which may hold spaces), from field 3 (state) on:
    // cutime and cstime are fields 16 and 17, so indexes 13 and 14 here.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    childrenMs = ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS;
  } catch {
    // Not Linux: the children's share stays unknown (NaN), the worker's own is still measured.
  }
  return { ownMs: (own.user + own.system) / 1000, childrenMs };
}

const start = sample();

// vitest 4 reads the first parameter as fixtures and requires a destructuring pattern there.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  const end = sample();
  suite.meta.cpu = { ownMs: end.ownMs - start.ownMs, childrenMs: end.childrenMs - start.childrenMs };
});
