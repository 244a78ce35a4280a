/**
 * A vitest reporter for `npm run test:times` (bench/test-times.ts): writes one JSON record per
 * test file to the path in TEST_TIMES — its phases (import, tests and hooks), its CPU (from
 * test/setup/cpu-meter.ts: the worker's own and its child processes'), its tests with their
 * durations. Type-level files (*.test-d.ts) are checked by tsc in the main process and have no
 * CPU figures.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export interface TestTime {
  name: string;
  state: string;
  ms: number;
}

export interface FileTime {
  file: string;
  state: string;
  tests: number;
  /** import of the file and its modules, suite callbacks included */
  collectMs: number;
  /** setupFiles, environment and the runner's own preparation */
  setupMs: number;
  /** every test and hook of the file, as they ran */
  runMs: number;
  /** the slowest tests' sum is within runMs; the rest of runMs is hooks (beforeAll, afterAll) */
  testsMs: number;
  ownCpuMs: number | null;
  childCpuMs: number | null;
  slowest: TestTime[];
}

export interface TimesFile {
  files: FileTime[];
  failures: number;
  /** The Node vitest ran on (test/run.mjs may have picked another than the one that started it). */
  node?: string;
}

const round = (ms: number): number => Math.round(ms);

function fileTime(module: TestModule, root: string): FileTime {
  const d = module.diagnostic();
  const tests: TestTime[] = [];
  for (const test of module.children.allTests()) {
    const result = test.result();
    tests.push({ name: test.fullName, state: result.state, ms: round(test.diagnostic()?.duration ?? 0) });
  }
  tests.sort((a, b) => b.ms - a.ms);
  const cpu = module.meta().cpu;
  return {
    file: path.relative(root, module.moduleId),
    state: module.state(),
    tests: tests.length,
    collectMs: round(d.collectDuration),
    setupMs: round(d.setupDuration + d.prepareDuration + d.environmentSetupDuration),
    runMs: round(d.duration),
    testsMs: round(tests.reduce((sum, t) => sum + t.ms, 0)),
    ownCpuMs: cpu ? round(cpu.ownMs) : null,
    childCpuMs: cpu && Number.isFinite(cpu.childrenMs) ? round(cpu.childrenMs) : null,
    slowest: tests.slice(0, 5),
  };
}

export default class TestTimesReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const out = process.env.TEST_TIMES;
    if (!out) return;
    const files = modules.map((m) => fileTime(m, this.root));
    const failures = files.filter((f) => f.state === "failed").length;
    const data: TimesFile = { files, failures, node: process.version };
    writeFileSync(out, `${JSON.stringify(data, null, 1)}\n`);
  }
}
