/**
 * Section 1b, runs that have little or nothing to do, on this project's three specs:
 * - the no-op run: `npm run gen` and `npm run gen -- --check` when nothing changed (the marker's
 *   fingerprint answers), against a full cold `npm run gen` of the same specs, with the floor of
 *   any command started through npm beside them (npm running a script that runs `node -e 0`);
 *   target ≤ 0.5 s (issue 19);
 * - watch mode: `node generator/bin.mjs --watch` (what `npm run gen -- --watch` runs) in a temp copy
 *   of spec/; one method's summary is changed and saved, and the time from the save to the
 *   "regenerated" line is measured, as a user sees it.
 * Everything is written inside temp folders; the watcher is our child, stopped by its pid.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Row, SectionResult } from "./report.js";
import { ROOT } from "./server.js";
import { now, ratio } from "./stats.js";

const SECTION = "1b. No-op and watch";
const BIN = path.join(ROOT, "generator", "bin.mjs");
const SPECS = ["advanced", "eth", "solana"].map((n) => `spec/${n}.openrpc.json`);

export interface IncrementalOptions {
  quick: boolean;
  log: (line: string) => void;
}

function runNpm(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  cwd = ROOT,
  script = "gen",
): Promise<{ code: number | null; ms: number; output: string }> {
  const started = now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "-s", script, "--", ...args], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, ms: now() - started, output });
    });
  });
}

export async function runIncremental(options: IncrementalOptions): Promise<SectionResult> {
  const runs = options.quick ? 3 : 7;
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-incremental-"));
  const rows: Row[] = [];
  try {
    options.log("no-op runs");
    const caseLabel = "this project's 3 specs, nothing changed since the last run";
    const full: number[] = [];
    for (let i = 0; i < Math.min(runs, 3); i++) {
      const r = await runNpm(["--out", path.join(dir, `full-${i}`)], { ...process.env, OPENRPC_TS_CACHE: "off" });
      if (r.code === 0) full.push(r.ms);
    }
    const out = path.join(dir, "noop");
    const first = await runNpm(["--out", out]);
    if (first.code !== 0) throw new Error(`npm run gen failed: ${first.output.slice(0, 300)}`);
    // The floor of any command started through npm: npm, then a node that does nothing.
    const floorDir = path.join(dir, "npm-floor");
    await mkdir(floorDir);
    await writeFile(
      path.join(floorDir, "package.json"),
      JSON.stringify({ name: "npm-floor", private: true, scripts: { noop: "node -e 0" } }),
    );
    const noop: number[] = [];
    const check: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < runs; i++) {
      const f = await runNpm([], process.env, floorDir, "noop");
      if (f.code === 0) floor.push(f.ms);
      const a = await runNpm(["--out", out]);
      if (a.code === 0 && /nothing to write/.test(a.output)) noop.push(a.ms);
      const b = await runNpm(["--out", out, "--check"]);
      if (b.code === 0) check.push(b.ms);
    }
    rows.push({
      section: SECTION,
      case: caseLabel,
      subject: "full cold run, npm run gen (format cache off)",
      unit: "ms",
      samples: full,
      baseline: true,
    });
    for (const [subject, samples] of [
      ["npm run gen (no-op)", noop],
      ["npm run gen -- --check (no-op)", check],
    ] as const) {
      const median = [...samples].sort((x, y) => x - y)[Math.floor(samples.length / 2)];
      rows.push({
        section: SECTION,
        case: caseLabel,
        subject,
        unit: "ms",
        samples,
        ratio: ratio(samples, full),
        ratioOf: "full run",
        target: "≤ 0.5 s",
        met: median === undefined ? undefined : median <= 500,
      });
    }
    rows.push({
      section: SECTION,
      case: caseLabel,
      subject:
        "npm run -s of a script that runs `node -e 0` (information: the floor of any command started through npm)",
      unit: "ms",
      samples: floor,
      ratio: ratio(floor, full),
      ratioOf: "full run",
    });

    options.log("watch mode");
    rows.push(...(await watchRows(dir, runs)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return { rows };
}

/** Starts the watcher in a copy of spec/, saves `runs` edits of one method, times save → "regenerated". */
async function watchRows(dir: string, runs: number): Promise<Row[]> {
  const project = path.join(dir, "watch");
  await cp(path.join(ROOT, "spec"), path.join(project, "spec"), { recursive: true });
  const child = spawn(process.execPath, [BIN, "--watch", ...SPECS.flatMap((s) => ["--spec", s]), "--out", "out"], {
    cwd: project,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  createInterface({ input: child.stdout! }).on("line", (l) => lines.push(l));
  child.stderr!.resume();
  const lifetime = setTimeout(() => child.kill("SIGKILL"), 300_000);
  const external: number[] = [];
  const internal: number[] = [];
  try {
    await waitFor(child, lines, 0, /^watching /);
    const file = path.join(project, "spec/advanced.openrpc.json");
    for (let i = 0; i < runs; i++) {
      const doc = JSON.parse(await readFile(file, "utf8")) as { methods: { summary?: string }[] };
      doc.methods[i % doc.methods.length]!.summary = `Edited for the benchmark, round ${i}.`;
      const mark = lines.length;
      const started = now();
      await writeFile(file, `${JSON.stringify(doc, null, 2)}\n`);
      const line = await waitFor(child, lines, mark, /^(regenerated|✗)/);
      if (!line.startsWith("regenerated")) throw new Error(`the watcher reported: ${line}`);
      external.push(now() - started);
      const ms = / in (\d+) ms$/.exec(line);
      if (ms) internal.push(Number(ms[1]));
      // Let the debounce window and the write settle before the next save.
      await new Promise((r) => setTimeout(r, 300));
    }
  } finally {
    clearTimeout(lifetime);
    child.kill("SIGTERM");
  }
  const caseLabel =
    "watch: one method's summary changed and saved in advanced.openrpc.json (this project's 3 specs watched)";
  const median = (s: number[]): number => [...s].sort((x, y) => x - y)[Math.floor(s.length / 2)] ?? Number.NaN;
  return [
    {
      section: SECTION,
      case: caseLabel,
      subject: "npm run gen -- --watch: save → files written, as the user sees it",
      unit: "ms",
      samples: external,
      target: "≤ 300 ms",
      met: external.length > 0 ? median(external) <= 300 : undefined,
    },
    {
      section: SECTION,
      case: caseLabel,
      subject: "the same, the regeneration alone (the time the watcher prints)",
      unit: "ms",
      samples: internal,
    },
  ];
}

function waitFor(child: ChildProcess, lines: string[], from: number, pattern: RegExp, ms = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const hit = lines.slice(from).find((l) => pattern.test(l));
      if (hit !== undefined) {
        clearInterval(poll);
        resolve(hit);
      } else if (child.exitCode !== null || Date.now() - started > ms) {
        clearInterval(poll);
        reject(new Error(`the watcher printed no line like ${pattern}: ${lines.slice(-3).join(" | ")}`));
      }
    }, 5);
  });
}
