/**
 * `npm run test:times [-- <vitest filters…>] [-- --out docs/TEST-TIMES.md]`:
 * runs the README's `npm test` (`vitest run`, whose typecheck is tsc over the whole project) with bench/test-times-reporter.ts and
 * test/setup/cpu-meter.ts on, and writes what every test file costs — wall time by phase, CPU
 * in the worker and in its child processes, the slowest tests — under the generated marker of
 * docs/TEST-TIMES.md (the text above the marker is kept). The load beside the run (other
 * processes' CPU, from /proc/stat) is written with it, since wall times on a shared machine say
 * little alone. With filters (a focused run) the tables are printed and nothing is written
 * unless --out is given.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FileTime, TimesFile } from "./test-times-reporter.js";
import { fileURLToPath } from "node:url";
import { ROOT } from "../generator/root.js";
import { meterProcesses, renderKinds, type KindTotal } from "./process-kinds.js";

export const MARKER = "<!-- Everything below is written by `npm run test:times`; edit above this line. -->";
const TICKS = 100;

interface Args {
  filters: string[];
  out: string | undefined;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { filters: [], out: undefined };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--out") args.out = path.resolve(argv[++i] ?? "");
    else if (arg === "--help" || arg === "-h") {
      console.log("npm run test:times -- [test file filters…] [--out docs/TEST-TIMES.md]");
      process.exit(0);
    } else args.filters.push(arg);
  }
  if (args.filters.length === 0) args.out ??= path.join(ROOT, "docs", "TEST-TIMES.md");
  return args;
}

/** CPU ms of this process's waited-for children (every tool and worker the run started). */
function childrenCpuMs(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS;
}

/** Busy CPU ms of the whole machine (every core, every process) since boot. */
function machineBusyMs(): number {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const [user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  return (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) / TICKS;
}

interface Step {
  name: string;
  wallMs: number;
  cpuMs: number;
  code: number;
}

function runStep(name: string, command: string, argv: string[], env: NodeJS.ProcessEnv): Promise<Step> {
  const cpu0 = childrenCpuMs();
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd: ROOT, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("close", (code) =>
      resolve({ name, wallMs: performance.now() - t0, cpuMs: childrenCpuMs() - cpu0, code: code ?? 1 }),
    );
  });
}

const s = (ms: number | null): string => (ms === null ? "–" : (ms / 1000).toFixed(1));
const wallOf = (f: FileTime): number => f.collectMs + f.setupMs + f.runMs;
const cpuOf = (f: FileTime): number | null => (f.ownCpuMs === null ? null : f.ownCpuMs + (f.childCpuMs ?? 0));

function mainCost(f: FileTime): string {
  if (f.ownCpuMs === null) return "type-level (tsc in the main process)";
  const parts: string[] = [];
  if ((f.childCpuMs ?? 0) > f.ownCpuMs) parts.push("child processes");
  else parts.push("in the worker");
  if (f.collectMs > f.runMs) parts.push("mostly importing");
  else if (f.runMs - f.testsMs > f.testsMs) parts.push("mostly hooks");
  return parts.join(", ");
}

export function renderTimes(
  data: TimesFile,
  run: {
    steps: Step[];
    othersMs: number;
    /** Busy CPU of the whole machine over the run (ours and others'), from /proc/stat. */
    busyMs: number;
    cores: number;
    /** CPU by kind of process (./process-kinds.ts), where /proc can be read. */
    kinds?: readonly KindTotal[] | undefined;
    wallMs: number;
    load: number[];
    command: string;
    date: Date;
  },
): string {
  const files = [...data.files].sort((a, b) => (cpuOf(b) ?? wallOf(b)) - (cpuOf(a) ?? wallOf(a)));
  const tests = files.reduce((n, f) => n + f.tests, 0);
  const cpuMs = run.steps.reduce((n, st) => n + st.cpuMs, 0);
  const lines: string[] = [];
  lines.push(MARKER, "");
  lines.push(`## Last measured run`, "");
  lines.push(
    `\`${run.command}\` on ${run.date.toISOString().slice(0, 16).replace("T", " ")} UTC, ${run.cores} cores ` +
      `(${os.cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${data.node ?? process.version}.`,
    "",
  );
  lines.push("| step | wall (s) | CPU user+sys (s) | exit |", "| --- | ---: | ---: | ---: |");
  for (const st of run.steps) lines.push(`| ${st.name} | ${s(st.wallMs)} | ${s(st.cpuMs)} | ${st.code} |`);
  lines.push(`| **total** | **${s(run.wallMs)}** | **${s(cpuMs)}** | |`, "");
  const loadMean = run.load.reduce((a, b) => a + b, 0) / Math.max(1, run.load.length);
  lines.push(
    `${tests} tests in ${files.length} files, ${data.failures} files failed. Load beside the run: other ` +
      `processes used ${s(run.othersMs)} s of CPU (${(run.othersMs / run.wallMs).toFixed(2)} cores on average); ` +
      `1-minute load average ${loadMean.toFixed(1)} on average, ${Math.max(0, ...run.load).toFixed(1)} at most.`,
    "",
  );
  // What the cores could have given and did not: near zero, the run is bound by CPU, and only less CPU
  // (or more cores) makes it shorter; well above it, the run waits on something (servers, sleeps, a tail).
  const capacityMs = run.cores * run.wallMs;
  const idleMs = Math.max(0, capacityMs - run.busyMs);
  lines.push(
    `The ${run.cores} cores were busy ${((100 * Math.min(run.busyMs, capacityMs)) / Math.max(1, capacityMs)).toFixed(0)}% ` +
      `of the run: ${s(idleMs)} s of core time idle, out of ${s(capacityMs)} s.`,
    "",
  );
  if (run.kinds) lines.push(...renderKinds(run.kinds, run.busyMs));
  lines.push("### Per file", "");
  lines.push(
    "Sorted by CPU. Wall: import + setup + tests and hooks, as the file ran (other files ran beside it). " +
      "CPU: the worker's own (generation, prettier, TypeScript in process) + its child processes' (tsc, npm, " +
      "esbuild, Node scripts it waited for). Hooks: the file's run time outside its tests (beforeAll, afterAll).",
    "",
  );
  lines.push(
    "| file | tests | wall (s) | import (s) | hooks (s) | CPU (s) | own / children (s) | mostly |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  );
  for (const f of files) {
    const hooks = Math.max(0, f.runMs - f.testsMs);
    lines.push(
      `| \`${f.file}\` | ${f.tests} | ${s(wallOf(f))} | ${s(f.collectMs)} | ${s(hooks)} | ${s(cpuOf(f))} | ` +
        `${s(f.ownCpuMs)} / ${s(f.childCpuMs)} | ${mainCost(f)} |`,
    );
  }
  lines.push("", "### The slowest tests of the 20 costliest files", "");
  for (const f of files.slice(0, 20)) {
    lines.push(`- \`${f.file}\`: ${f.slowest.map((t) => `${t.name} (${s(t.ms)} s)`).join("; ")}`);
  }
  lines.push("");
  return lines.join("\n");
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const cacheDir = path.join(ROOT, "node_modules", ".cache", "test-times");
  mkdirSync(cacheDir, { recursive: true });
  const json = path.join(cacheDir, "last.json");
  const env = { ...process.env, TEST_TIMES: json };
  const load: number[] = [];
  const sampler = setInterval(() => load.push(os.loadavg()[0]!), 5_000);
  const meter = existsSync("/proc/self/stat") ? meterProcesses() : undefined;
  const busy0 = machineBusyMs();
  const ours0 = childrenCpuMs();
  const t0 = performance.now();
  const steps: Step[] = [];
  const reporters = ["--reporter=default", "--reporter=./bench/test-times-reporter.ts"];
  // As `npm test` starts it: test/run.mjs picks the Node the suite runs on.
  const launcher = path.join(ROOT, "test", "run.mjs");
  steps.push(await runStep("vitest run", process.execPath, [launcher, "run", ...reporters, ...args.filters], env));
  const wallMs = performance.now() - t0;
  clearInterval(sampler);
  const busyMs = machineBusyMs() - busy0;
  const kinds = meter?.stop();
  const othersMs = Math.max(0, busyMs - (childrenCpuMs() - ours0));
  if (!existsSync(json)) throw new Error(`vitest wrote no ${json}: did it start? See its output above.`);
  const data = JSON.parse(readFileSync(json, "utf8")) as TimesFile;
  const command = args.filters.length > 0 ? `vitest run ${args.filters.join(" ")}` : "npm test";
  const cores = os.cpus().length;
  const text = renderTimes(data, { steps, othersMs, busyMs, cores, kinds, wallMs, load, command, date: new Date() });
  if (args.out) {
    const before = existsSync(args.out) ? readFileSync(args.out, "utf8") : "# Test times\n\n";
    const head = before.includes(MARKER) ? before.slice(0, before.indexOf(MARKER)) : `${before.trimEnd()}\n\n`;
    writeFileSync(args.out, head + text);
    console.log(`wrote ${path.relative(ROOT, args.out)} (raw figures: ${path.relative(ROOT, json)})`);
  } else console.log(text);
  process.exitCode = steps.some((st) => st.code !== 0) ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
