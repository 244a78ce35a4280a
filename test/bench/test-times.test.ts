/**
 * `npm run test:times`' report (bench/test-times.ts renderTimes): besides each file's figures, how
 * busy the machine's cores were over the run, the figure that tells a run bound by CPU (only less
 * CPU or more cores make it shorter) from one that waits.
 */
import { describe, expect, it } from "vitest";
import { renderTimes } from "../../bench/test-times.js";
import type { TimesFile } from "../../bench/test-times-reporter.js";

const data: TimesFile = {
  failures: 0,
  files: [
    {
      file: "test/a.test.ts",
      state: "passed",
      tests: 2,
      collectMs: 100,
      setupMs: 0,
      runMs: 900,
      testsMs: 800,
      ownCpuMs: 700,
      childCpuMs: 300,
      slowest: [{ name: "a > one", state: "passed", ms: 500 }],
    },
  ],
};
const options = {
  steps: [{ name: "vitest run", wallMs: 100_000, cpuMs: 150_000, code: 0 }],
  othersMs: 10_000,
  cores: 2,
  wallMs: 100_000,
  load: [2],
  command: "npm test",
  date: new Date("2026-11-29T22:00:00Z"),
};
const run = (busyMs: number, cores = 2) => renderTimes(data, { ...options, busyMs, cores });

describe("the report of a measured run", () => {
  it("says how busy the cores were and how much of their time was idle", () => {
    const text = run(160_000);
    expect(text).toContain("2 cores (");
    expect(text).toContain("The 2 cores were busy 80% of the run: 40.0 s of core time idle, out of 200.0 s.");
  });

  it("never reports more than all of the cores, nor idle time below zero (the counters are read apart)", () => {
    expect(run(201_000)).toContain("busy 100% of the run: 0.0 s of core time idle, out of 200.0 s.");
    expect(run(50_000, 0)).toContain("The 0 cores were busy 0% of the run: 0.0 s of core time idle, out of 0.0 s.");
  });

  it("names the Node the suite ran on, which test/run.mjs may have picked, not the one that measured it", () => {
    const text = renderTimes({ ...data, node: "v0.0.1-suite" }, { ...options, busyMs: 160_000 });
    expect(text).toContain("Node v0.0.1-suite.");
    expect(text).not.toContain(`Node ${process.version}.`);
  });

  it("keeps the per-file table and the slowest tests", () => {
    const text = run(160_000);
    expect(text).toContain("| `test/a.test.ts` | 2 | 1.0 | 0.1 | 0.1 | 1.0 | 0.7 / 0.3 | in the worker |");
    expect(text).toContain("- `test/a.test.ts`: a > one (0.5 s)");
  });
});
