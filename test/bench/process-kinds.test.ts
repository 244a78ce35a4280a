/**
 * `npm run test:times`' CPU by kind of process (bench/process-kinds.ts): the lines of /proc it reads,
 * the kinds it names from command lines (a fixed set: nothing a process calls itself reaches the
 * report), the arithmetic of a run's samples, and a real orphaned process on this machine, the case
 * the per-file table cannot count.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  kindOf,
  meterProcesses,
  parseStat,
  readProcesses,
  renderKinds,
  type ProcessSample,
} from "../../bench/process-kinds.js";

/** A /proc/<pid>/stat line with the fields the meter reads (ppid 4th, utime 14th, stime 15th, starttime 22nd). */
const stat = (pid: number, comm: string, ppid: number, utime: number, stime: number, start: number): string =>
  `${pid} (${comm}) S ${ppid} ${Array.from({ length: 9 }, () => "0").join(" ")} ${utime} ${stime} ${Array.from({ length: 6 }, () => "0").join(" ")} ${start} 123 456\n`;

describe("a line of /proc/<pid>/stat", () => {
  it("gives the parent, the CPU time and the start, under a key a reused pid does not share", () => {
    expect(parseStat("42", stat(42, "node", 7, 150, 50, 9000))).toEqual({
      key: "42:9000",
      comm: "node",
      ppid: 7,
      cpuTicks: 200,
      startTicks: 9000,
    });
    expect(parseStat("42", stat(42, "node", 7, 1, 1, 9001))!.key).not.toBe("42:9000");
  });

  it("keeps a name holding spaces and parentheses whole (the last ')' ends it)", () => {
    const parsed = parseStat("9", stat(9, "a) S 1 (b", 3, 10, 5, 77));
    expect(parsed).toMatchObject({ comm: "a) S 1 (b", ppid: 3, cpuTicks: 15, startTicks: 77 });
  });

  it("is undefined for text that is not such a line", () => {
    for (const text of ["", "garbage", "1 (x", "1 (x) S one two", stat(1, "x", -1, 0, 0, 0)])
      expect(parseStat("1", text)).toBeUndefined();
  });
});

describe("the kind of a process", () => {
  const worker = ["/usr/bin/node", "--conditions", "node", "/p/node_modules/vitest/dist/workers/forks.js"];
  it.each([
    [worker, "node", 10, "vitest: workers (the test files)"],
    [["node", "/p/node_modules/.bin/vitest", "run"], "node", 10, "vitest: main process"],
    [["node", "/p/node_modules/typescript/bin/tsc", "-p", "x"], "node", 10, "TypeScript 5.9 (tsc)"],
    [["node", "/p/node_modules/.bin/tsc", "-p", "tsconfig.cjs.json"], "node", 10, "TypeScript 5.9 (tsc)"],
    [["node", "/p/node_modules/.bin/tscx"], "node", 10, "other Node programs"],
    [["/p/node_modules/@typescript/native-preview-linux-x64/lib/tsgo", "-p", "x"], "tsgo", 10, "TypeScript 7 (tsgo)"],
    [["/usr/lib/chromium/chromium", "--type=renderer", "--lang=en-US"], "chromium", 10, "Chromium: renderers"],
    [["/usr/lib/chromium/chromium --type=renderer --lang=en-US"], "chromium", 10, "Chromium: renderers"],
    [["/usr/lib/chromium/chromium", "--type=gpu-process"], "chromium", 10, "Chromium: browser, GPU, utility"],
    [
      ["/usr/lib/chromium/chromium --type=utility --x=--type=renderer"],
      "chromium",
      10,
      "Chromium: browser, GPU, utility",
    ],
    [["/usr/lib/chromium/chromium", "--headless"], "chromium", 10, "Chromium: browser, GPU, utility"],
    [["node", "/p/node_modules/hardhat/internal/cli/bootstrap.js", "node"], "node", 10, "hardhat node"],
    [["/usr/bin/node", "/p/generator/bin.mjs", "mock"], "node", 10, "the generator's CLI (child processes)"],
    [["npm test"], "npm test", 10, "npm"],
    [["node", "/usr/lib/node_modules/npm/bin/npm-cli.js", "pack"], "node", 10, "npm"],
    [["/p/node_modules/@esbuild/linux-x64/bin/esbuild", "--service=0.25.0"], "esbuild", 10, "esbuild"],
    [["/p/node_modules/deno/deno", "run", "x.ts"], "deno", 10, "Deno, Bun, workerd"],
    [[], "kworker/0:1", 2, "the kernel's threads"],
    [["node", "out/main.js"], "node", 10, "other Node programs"],
    [["git", "commit"], "git", 10, "other programs (git, shells, …)"],
  ] as const)("%j (%s, parent %i) is counted as %s", (argv, comm, ppid, kind) => {
    expect(kindOf(argv, comm, ppid)).toBe(kind);
  });

  it("is one of the fixed labels whatever a process calls itself (no text of it reaches the report)", () => {
    const hostile = ["| kind | 9999 |\n<script>", "node_modules/vitest/dist/workers/| x", "--type=renderer"];
    for (const comm of ["| evil |", "node", "chromium\n| 1 |", ""]) {
      const kind = kindOf(hostile, comm, 5);
      expect(kind).not.toMatch(/evil|script|9999|\n/);
      expect(renderKinds([{ kind, cpuMs: 1000, processes: 1 }], 2000).join("\n")).not.toMatch(/evil|<script>|9999/);
    }
  });
});

describe("a run's samples", () => {
  /** A fake /proc whose processes the test changes between samples. */
  function fakeProc(): {
    procs: Map<string, { sample: ProcessSample; argv: string[] }>;
    read: () => { sample: ProcessSample; argv: string[] }[];
  } {
    const procs = new Map<string, { sample: ProcessSample; argv: string[] }>();
    return { procs, read: () => [...procs.values()] };
  }
  const proc = (key: string, argv: string[], cpuTicks: number, startTicks: number) => ({
    sample: { key, comm: argv[0] ?? "", ppid: 1, cpuTicks, startTicks },
    argv,
  });

  it("charge a process running before the run from its first sample, one started since from zero, a reused pid apart", () => {
    vi.useFakeTimers();
    try {
      const { procs, read } = fakeProc();
      procs.set("1:100", proc("1:100", ["tsgo"], 500, 100)); // running before the meter started (uptime 1000)
      const meter = meterProcesses({ read, intervalMs: 500, uptimeTicks: () => 1000 });
      procs.set("1:100", proc("1:100", ["tsgo"], 650, 100)); // +150 ticks during the run
      procs.set("2:1500", proc("2:1500", ["tsgo"], 40, 1500)); // started during the run: all 40
      procs.set("3:1600", proc("3:1600", ["esbuild"], 0, 1600)); // no CPU: left out
      vi.advanceTimersByTime(500);
      procs.delete("2:1500");
      procs.set("2:1700", proc("2:1700", ["tsgo"], 10, 1700)); // pid 2 reused by another process: its own 10
      expect(meter.stop()).toEqual([{ kind: "TypeScript 7 (tsgo)", cpuMs: 2000, processes: 3 }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keep a process that ended with the CPU of its last sample, and add up a kind's processes, sorted by CPU", () => {
    vi.useFakeTimers();
    try {
      const { procs, read } = fakeProc();
      const meter = meterProcesses({ read, intervalMs: 500, uptimeTicks: () => 0 });
      procs.set("5:10", proc("5:10", ["esbuild"], 30, 10));
      procs.set("6:11", proc("6:11", ["tsgo"], 70, 11));
      vi.advanceTimersByTime(500); // a sample sees 5 and 6; then 5 ends and 7 starts
      procs.delete("5:10");
      procs.set("7:12", proc("7:12", ["esbuild"], 5, 12));
      expect(meter.stop()).toEqual([
        { kind: "TypeScript 7 (tsgo)", cpuMs: 700, processes: 1 },
        { kind: "esbuild", cpuMs: 350, processes: 2 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("reading a /proc folder", () => {
  it("reads a command line again while it is empty (a process between fork and exec), once it is not; skips what vanished", async () => {
    const proc = await mkdtemp(path.join(os.tmpdir(), "process-kinds-"));
    try {
      const put = async (pid: number, statLine: string | undefined, cmdline: string) => {
        await mkdir(path.join(proc, String(pid)), { recursive: true });
        if (statLine !== undefined) await writeFile(path.join(proc, String(pid), "stat"), statLine);
        await writeFile(path.join(proc, String(pid), "cmdline"), cmdline);
      };
      await put(10, stat(10, "node", 1, 5, 5, 300), ""); // forked, not yet exec'd
      await put(2, stat(2, "kthreadd", 0, 1, 0, 1), ""); // a kernel thread: never has one
      await put(11, undefined, "gone\0"); // listed, then gone before its stat was read
      await mkdir(path.join(proc, "self"));
      const argvs = new Map<string, string[]>();
      const first = readProcesses(argvs, proc);
      expect(first.map((p) => [p.sample.key, p.argv])).toEqual(
        expect.arrayContaining([
          ["10:300", []],
          ["2:1", []],
        ]),
      );
      expect(first).toHaveLength(2);
      await put(10, stat(10, "tsgo", 1, 9, 5, 300), "/x/tsgo\0-p\0tsconfig.json\0");
      const second = readProcesses(argvs, proc).find((p) => p.sample.key === "10:300")!;
      expect(second.argv).toEqual(["/x/tsgo", "-p", "tsconfig.json"]);
      expect(second.sample.cpuTicks).toBe(14);
      expect(argvs.get("2:1")).toEqual([]);
    } finally {
      await rm(proc, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!existsSync("/proc/self/stat"))("on this machine's /proc", () => {
  it("reads an orphaned process that nobody here waits for, with its command line and its CPU", async () => {
    const marker = `process-kinds-probe-${process.pid}`;
    // sh starts node in the background and exits: node is reparented, and its CPU reaches no parent of ours.
    // It burns 0.6 s of CPU, not of wall time, so a busy machine cannot make it burn less.
    const burn = `while (process.cpuUsage().user < 600000); /* ${marker} */`;
    const sh = spawn("sh", ["-c", `"${process.execPath}" -e "${burn}" >/dev/null 2>&1 & echo $!`], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    sh.stdout.on("data", (d: Buffer) => (out += d.toString()));
    await new Promise((resolve) => sh.on("close", resolve));
    const pid = out.trim();
    const argvs = new Map<string, string[]>();
    let seen: { sample: ProcessSample; argv: string[] } | undefined;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && existsSync(`/proc/${pid}/stat`)) {
      seen = readProcesses(argvs).find((p) => p.argv.some((a) => a.includes(marker))) ?? seen;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen, `the probe (pid ${pid}) was never read`).toBeDefined();
    expect(seen!.sample.key.startsWith(`${pid}:`)).toBe(true);
    expect(kindOf(seen!.argv, seen!.sample.comm, seen!.sample.ppid)).toBe("other Node programs");
    // It burned 0.6 s; the last sample before it ended saw most of it (samples every 50 ms).
    expect(seen!.sample.cpuTicks).toBeGreaterThanOrEqual(30);
  }, 20_000);
});
if (!existsSync("/proc/self/stat")) console.log("skipped: no /proc here (the meter reads Linux's)");
