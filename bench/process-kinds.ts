/**
 * CPU by kind of process over a run (`npm run test:times`), read from Linux's /proc.
 *
 * The per-file table counts a worker's own CPU and its waited-for children's. It cannot count a
 * process that ends as someone else's child: Chromium's renderers, started by its zygote, are
 * reparented to init when they end, so their CPU reaches no parent of the run. This meter samples
 * every process of the machine every half second and charges each one's CPU since the run began to
 * a kind named from its command line (vitest's workers, TypeScript 5.9, tsgo, Chromium, …). A
 * process shorter than a sample is missed: the rest of the machine's busy time is reported as such.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux Node runs on). */
const TICKS = 100;

/** One process as /proc shows it at one moment. */
export interface ProcessSample {
  /** pid and start time: a pid the kernel reuses is another process. */
  key: string;
  /** The kernel's name for the process (comm, at most 15 bytes). */
  comm: string;
  ppid: number;
  /** user + system time, in ticks. */
  cpuTicks: number;
  /** When it started, in ticks since boot. */
  startTicks: number;
}

/** The fields of /proc/<pid>/stat this meter reads; undefined when the text is not such a line. */
export function parseStat(pid: string, text: string): ProcessSample | undefined {
  // comm is in parentheses and may itself hold spaces and parentheses: the last ")" ends it.
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return undefined;
  const fields = text.slice(close + 2).split(" ");
  // After comm: state (3), ppid (4), … utime (14), stime (15), … starttime (22), 1-based as in proc(5).
  const [ppid, utime, stime, start] = [fields[1], fields[11], fields[12], fields[19]].map(Number);
  if (![ppid, utime, stime, start].every((n) => Number.isInteger(n) && n! >= 0)) return undefined;
  return {
    key: `${pid}:${start}`,
    comm: text.slice(open + 1, close),
    ppid: ppid!,
    cpuTicks: utime! + stime!,
    startTicks: start!,
  };
}

/**
 * The kind a process is counted under, from its command line (argv; empty for kernel threads and
 * processes gone before it was read) and comm. A fixed set of labels: no text of the process
 * reaches the report.
 */
export function kindOf(argv: readonly string[], comm: string, ppid: number): string {
  const line = argv.join(" ");
  const program = (argv[0] ?? "").split("/").pop() ?? "";
  if (/chrom(e|ium)/i.test(program) || /^chrom/i.test(comm))
    // Chromium rewrites its command line as one string (argv holds one element): matched in the joined line.
    return /(^| )--type=renderer( |$)/.test(line) ? "Chromium: renderers" : "Chromium: browser, GPU, utility";
  if (program === "tsgo" || comm === "tsgo") return "TypeScript 7 (tsgo)";
  if (program === "node" || comm === "node") {
    if (line.includes("vitest/dist/workers/")) return "vitest: workers (the test files)";
    if (/node_modules\/(\.bin\/vitest|vitest\/vitest\.mjs)/.test(line)) return "vitest: main process";
    if (/(typescript\/(bin|lib)|node_modules\/\.bin)\/tsc( |$)/.test(line)) return "TypeScript 5.9 (tsc)";
    if (line.includes("hardhat")) return "hardhat node";
    if (/generator\/bin\.mjs/.test(line)) return "the generator's CLI (child processes)";
    if (/npm-cli\.js|\/npm( |$)|npx-cli\.js/.test(line)) return "npm";
    return "other Node programs";
  }
  if (/^npm( |$)/.test(comm) || program === "npm" || program === "npx") return "npm";
  if (program === "esbuild" || comm === "esbuild") return "esbuild";
  if (["deno", "bun", "workerd"].includes(program) || ["deno", "bun", "workerd"].includes(comm))
    return "Deno, Bun, workerd";
  if (argv.length === 0 && (ppid === 2 || ppid === 0)) return "the kernel's threads";
  return "other programs (git, shells, …)";
}

export interface KindTotal {
  kind: string;
  cpuMs: number;
  processes: number;
}

/** Reads every process of /proc: its stat always, its command line once per process (`argvs`, by key). */
export function readProcesses(
  argvs: Map<string, string[]>,
  proc = "/proc",
): { sample: ProcessSample; argv: string[] }[] {
  const out: { sample: ProcessSample; argv: string[] }[] = [];
  for (const pid of readdirSync(proc)) {
    if (!/^\d+$/.test(pid)) continue;
    let sample: ProcessSample | undefined;
    try {
      sample = parseStat(pid, readFileSync(`${proc}/${pid}/stat`, "utf8"));
    } catch {
      continue; // gone since the listing
    }
    if (!sample) continue;
    let argv = argvs.get(sample.key);
    if (argv === undefined) {
      try {
        argv = readFileSync(`${proc}/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
      } catch {
        argv = [];
      }
      // A process read between fork and exec shows its parent's command line for a moment: kept
      // only once it has one of its own (a kernel thread never has one, and is named by comm).
      if (argv.length > 0 || sample.ppid === 2 || sample.ppid === 0) argvs.set(sample.key, argv);
    }
    out.push({ sample, argv });
  }
  return out;
}

/**
 * Samples every `intervalMs` until `stop()`, which takes a last sample and returns the CPU each kind
 * used since the meter was made: a process that was running before counts from its CPU at the first sample,
 * one started since from zero.
 */
export function meterProcesses(
  options: { intervalMs?: number; read?: typeof readProcesses; uptimeTicks?: () => number } = {},
): { stop(): KindTotal[] } {
  const read = options.read ?? readProcesses;
  const uptime = options.uptimeTicks ?? (() => Number(readFileSync("/proc/uptime", "utf8").split(" ")[0]) * TICKS);
  const argvs = new Map<string, string[]>();
  const first = new Map<string, number>();
  const last = new Map<string, { cpuTicks: number; argv: string[]; comm: string; ppid: number }>();
  const since = uptime();
  const sample = (): void => {
    for (const { sample: s, argv } of read(argvs)) {
      if (!first.has(s.key)) first.set(s.key, s.startTicks < since ? s.cpuTicks : 0);
      last.set(s.key, { cpuTicks: s.cpuTicks, argv, comm: s.comm, ppid: s.ppid });
    }
  };
  sample();
  const timer = setInterval(sample, options.intervalMs ?? 500);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const totals = new Map<string, KindTotal>();
      for (const [key, p] of last) {
        const ticks = p.cpuTicks - first.get(key)!;
        if (ticks <= 0) continue;
        const kind = kindOf(p.argv, p.comm, p.ppid);
        const total = totals.get(kind) ?? { kind, cpuMs: 0, processes: 0 };
        total.cpuMs += (ticks * 1000) / TICKS;
        total.processes++;
        totals.set(kind, total);
      }
      return [...totals.values()].sort((a, b) => b.cpuMs - a.cpuMs);
    },
  };
}

/** The report's table: each kind's CPU and share of the machine's busy time, and what no sample saw. */
export function renderKinds(kinds: readonly KindTotal[], busyMs: number): string[] {
  const s = (ms: number): string => (ms / 1000).toFixed(1);
  const pct = (ms: number): string => `${((100 * ms) / Math.max(1, busyMs)).toFixed(0)}%`;
  const seen = kinds.reduce((n, k) => n + k.cpuMs, 0);
  return [
    "### CPU by kind of process",
    "",
    "Every process of the machine during the run, sampled from /proc every half second (so also the " +
      "processes no parent waits for, which the per-file table cannot count: Chromium's renderers). " +
      "A process shorter than a sample is missed; that time is in the last row.",
    "",
    "| kind | CPU (s) | share of the busy time | processes |",
    "| --- | ---: | ---: | ---: |",
    ...kinds.map((k) => `| ${k.kind} | ${s(k.cpuMs)} | ${pct(k.cpuMs)} | ${k.processes} |`),
    `| not seen by a sample (short processes, interrupts) | ${s(Math.max(0, busyMs - seen))} | ${pct(Math.max(0, busyMs - seen))} | |`,
    "",
  ];
}
