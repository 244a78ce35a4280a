/**
 * CPU profiles for the "why" under a missed target: runs a child `node` with `--cpu-prof` and sums
 * the self time of its samples by a category the caller chooses (package, runtime file, …).
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";

export interface CallFrame {
  url: string;
  functionName: string;
  lineNumber: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Self time in ms by category. */
export type Breakdown = Map<string, number>;

/** Runs `node <nodeArgs…> <args…>` with `--cpu-prof`; resolves with the profile's self time by `classify`. */
export async function profileProcess(
  args: readonly string[],
  cwd: string,
  classify: (frame: CallFrame) => string,
): Promise<{ breakdown: Breakdown; stdout: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-prof-"));
  try {
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
      (resolve) => {
        const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${dir}`, ...args], {
          cwd,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        let err = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString()));
        child.stderr.on("data", (d: Buffer) => (err += d.toString()));
        child.on("close", (c) => resolve({ code: c, stdout: out, stderr: err }));
      },
    );
    const file = (await readdir(dir)).find((f) => f.endsWith(".cpuprofile"));
    if (code !== 0 || !file) throw new Error(`the profiled process failed (code ${code}): ${stderr.slice(0, 300)}`);
    return { breakdown: await breakdownOf(path.join(dir, file), classify), stdout };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Profiles `run` in this process (no startup, no warm-up) and writes the .cpuprofile to `file`. */
export async function profileHere(file: string, run: () => Promise<void>): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
  await run();
  const { profile } = await session.post("Profiler.stop");
  session.disconnect();
  await writeFile(file, JSON.stringify(profile));
}

/** Runs a child that calls `profileHere(file, …)`; resolves with the self time by `classify`. */
export async function profileChild(
  args: (file: string) => readonly string[],
  cwd: string,
  classify: (frame: CallFrame) => string,
): Promise<Breakdown> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-prof-"));
  try {
    const file = path.join(dir, "child.cpuprofile");
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [...args(file)], { cwd, stdio: ["ignore", "ignore", "pipe"] });
      let err = "";
      child.stderr.on("data", (d: Buffer) => (err += d.toString()));
      child.on("close", (c) => resolve({ code: c, stderr: err }));
    });
    if (code !== 0) throw new Error(`the profiled process failed (code ${code}): ${stderr.slice(0, 300)}`);
    return await breakdownOf(file, classify);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function breakdownOf(profileFile: string, classify: (frame: CallFrame) => string): Promise<Breakdown> {
  const profile = JSON.parse(await readFile(profileFile, "utf8")) as CpuProfile;
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const out: Breakdown = new Map();
  profile.samples.forEach((id, i) => {
    const frame = frames.get(id);
    if (!frame) return;
    const key = classify(frame);
    out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

/** The largest categories, as "name: 12 ms (30 %)". */
export function topOf(breakdown: Breakdown, limit: number, perUnit = 1, unit = "ms"): string[] {
  const total = [...breakdown.values()].reduce((a, b) => a + b, 0);
  return [...breakdown]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(
      ([name, ms]) =>
        `${name}: ${(ms / perUnit).toFixed(unit === "µs" ? 0 : 0)} ${unit} (${((ms / total) * 100).toFixed(0)} %)`,
    );
}

/** A phase of a run and the functions whose calls (anywhere up the stack) belong to it. */
export type PhaseRule = readonly [phase: string, functionName: RegExp];

/**
 * Time by phase: each sample goes to the first rule (in the order given) that names a function on
 * its stack, else to "other"; the garbage collector and idle time are phases of their own. Also the
 * profile's span (first to last sample) in ms.
 */
export async function phasesOf(
  profileFile: string,
  rules: readonly PhaseRule[],
): Promise<{ phases: Breakdown; spanMs: number }> {
  const profile = JSON.parse(await readFile(profileFile, "utf8")) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const phases: Breakdown = new Map();
  profile.samples.forEach((id, i) => {
    const names: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      names.push(nodes.get(at)?.callFrame.functionName ?? "");
    const leaf = names[0] ?? "";
    const phase =
      leaf === "(garbage collector)"
        ? "garbage collection"
        : leaf === "(idle)"
          ? "idle (waiting)"
          : (rules.find(([, test]) => names.some((name) => test.test(name)))?.[0] ?? "other");
    phases.set(phase, (phases.get(phase) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return { phases, spanMs: (profile.endTime - profile.startTime) / 1000 };
}
