/**
 * Section 2, call overhead: sequential latency and concurrent throughput (64 in flight) of
 * `eth_blockNumber` and of `adv_getLogs` (a 100-log page) through our client — the packed build
 * (`npm pack` of generated/, installed into a temp project, its dist/; bench/packed.ts) — raw `fetch` +
 * `JSON.parse` (the floor and the baseline), viem, @ankr.com/ankr.js and @open-rpc/client-js,
 * all against the same loopback server (bench/server.ts, its own process). Every subject is
 * warmed up first; rounds rotate the order of the subjects, and each round gives one sample.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { createAdvancedClient as CreateAdvanced, GetLogsParams } from "../generated/src/advanced/index.js";
import type { createEthNodeClient as CreateEth } from "../generated/src/eth/index.js";
import { packedBuild } from "./packed.js";
import type { Row, SectionResult } from "./report.js";
import { profileChild, profileHere, type Breakdown, type CallFrame } from "./profile.js";
import { logsPageText, ROOT, startServer, tsxArgs } from "./server.js";
import { median, now, ratio } from "./stats.js";

const SECTION = "2. Calls";
const IN_FLIGHT = 64;

/** Params of every `getLogs` call, the same for every client. */
export const LOGS_PARAMS: GetLogsParams = {
  address: ["0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"],
  blockchain: "eth",
  fromBlock: "0xdaf6b1",
  toBlock: "0xdaf6b4",
  pageSize: 100,
};

type Call = () => Promise<unknown>;

interface Subject {
  readonly name: string;
  readonly baseline?: boolean;
  /** Ours: the throughput target applies. */
  readonly ours?: boolean;
  /** `undefined`: the subject has no such call (shown as N/A with the reason). */
  readonly call?: Call;
  readonly na?: string;
}

interface Scenario {
  readonly label: string;
  readonly subjects: Subject[];
  /** Sequential calls per sample, and calls per concurrent sample. */
  readonly sequential: number;
  readonly concurrent: number;
  /** Checks an answer, so that no subject is timed doing less work than the others. */
  readonly check: (result: unknown) => boolean;
}

const require = createRequire(import.meta.url);

/** The client factories from the installed package's dist/ (`dir` is its folder). */
async function clients(
  dir: string,
): Promise<{ createAdvancedClient: typeof CreateAdvanced; createEthNodeClient: typeof CreateEth }> {
  const entry = (sub: string): string => pathToFileURL(path.join(dir, "dist", "esm", sub, "index.js")).href;
  const { createAdvancedClient } = (await import(entry("advanced"))) as { createAdvancedClient: typeof CreateAdvanced };
  const { createEthNodeClient } = (await import(entry("eth"))) as { createEthNodeClient: typeof CreateEth };
  return { createAdvancedClient, createEthNodeClient };
}

async function subjects(base: string, packed: string): Promise<{ blockNumber: Subject[]; logs: Subject[] }> {
  const { createAdvancedClient, createEthNodeClient } = await clients(packed);
  const calls = `${base}/calls`;
  const keyed = `${calls}/k`;
  let id = 1;
  const raw =
    (method: string, params: unknown): Call =>
    async () => {
      const response = await fetch(keyed, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: id++, method, params }),
      });
      const message = JSON.parse(await response.text()) as { result?: unknown; error?: unknown };
      if (message.error) throw new Error(JSON.stringify(message.error));
      return message.result;
    };

  const advOn = createAdvancedClient({ url: calls, apiKey: "k" });
  const advOff = createAdvancedClient({ url: calls, apiKey: "k", validateRequests: false });
  const ethOn = createEthNodeClient({ url: calls, apiKey: "k" });
  const ethOff = createEthNodeClient({ url: calls, apiKey: "k", validateRequests: false });

  const { createPublicClient, http } = await import("viem");
  const viem = createPublicClient({ transport: http(keyed) });

  const ankrModule = require("@ankr.com/ankr.js") as {
    AnkrProvider: new (url: string) => { getLogs(params: unknown): Promise<unknown> };
  };
  const ankr = new ankrModule.AnkrProvider(keyed);

  const { Client, HTTPTransport, RequestManager } = await import("@open-rpc/client-js");
  const openrpc = new Client(new RequestManager([new HTTPTransport(keyed)]));

  const ankrNa = "@ankr.com/ankr.js has no eth_blockNumber (Advanced API only)";
  const viemNa = "viem is an Ethereum client: adv_getLogs is not one of its calls";
  return {
    blockNumber: [
      { name: "raw fetch + JSON.parse", baseline: true, call: raw("eth_blockNumber", []) },
      { name: "ours (packed dist/), validation on (default)", ours: true, call: () => ethOn.eth_blockNumber() },
      { name: "ours (packed dist/), validation off", ours: true, call: () => ethOff.eth_blockNumber() },
      { name: "viem 2 (http, client.request)", call: () => viem.request({ method: "eth_blockNumber" }) },
      { name: "@ankr.com/ankr.js 0.6", na: ankrNa },
      { name: "@open-rpc/client-js 2", call: () => openrpc.request({ method: "eth_blockNumber", params: [] }) },
    ],
    logs: [
      { name: "raw fetch + JSON.parse", baseline: true, call: raw("adv_getLogs", LOGS_PARAMS) },
      { name: "ours (packed dist/), validation on (default)", ours: true, call: () => advOn.getLogs(LOGS_PARAMS) },
      { name: "ours (packed dist/), validation off", ours: true, call: () => advOff.getLogs(LOGS_PARAMS) },
      { name: "viem 2 (http)", na: viemNa },
      { name: "@ankr.com/ankr.js 0.6", call: () => ankr.getLogs(LOGS_PARAMS) },
      { name: "@open-rpc/client-js 2", call: () => openrpc.request({ method: "adv_getLogs", params: LOGS_PARAMS }) },
    ],
  };
}

/** Sequential calls: wall µs per call, and this process's CPU µs per call (the server runs elsewhere). */
async function sequential(
  call: Call,
  count: number,
  check: (r: unknown) => boolean,
): Promise<{ wall: number; cpu: number }> {
  const start = now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const result = await call();
    if (i === 0 && !check(result)) throw new Error(`unexpected answer: ${JSON.stringify(result).slice(0, 120)}`);
  }
  const used = process.cpuUsage(cpu);
  return { wall: ((now() - start) / count) * 1000, cpu: (used.user + used.system) / count };
}

async function concurrent(call: Call, count: number): Promise<number> {
  let started = 0;
  const start = now();
  const worker = async (): Promise<void> => {
    while (started < count) {
      started++;
      await call();
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, count) }, worker));
  return count / ((now() - start) / 1000); // calls per second
}

function rotate<T>(items: readonly T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

async function measure(scenario: Scenario, rounds: number, log: (line: string) => void): Promise<Row[]> {
  const runnable = scenario.subjects.filter((s) => s.call);
  const latency = new Map<string, number[]>(runnable.map((s) => [s.name, []]));
  const throughput = new Map<string, number[]>(runnable.map((s) => [s.name, []]));
  const cpu = new Map<string, number[]>(runnable.map((s) => [s.name, []]));
  const failed = new Map<string, string>();
  for (const subject of runnable) {
    try {
      await sequential(subject.call!, Math.ceil(scenario.sequential / 2), scenario.check);
      await concurrent(subject.call!, Math.ceil(scenario.concurrent / 2));
    } catch (error) {
      failed.set(subject.name, error instanceof Error ? error.message : String(error));
    }
  }
  const live = runnable.filter((s) => !failed.has(s.name));
  for (let round = 0; round < rounds; round++) {
    for (const subject of rotate(live, round)) {
      const sample = await sequential(subject.call!, scenario.sequential, scenario.check);
      latency.get(subject.name)!.push(sample.wall);
      cpu.get(subject.name)!.push(sample.cpu);
    }
    for (const subject of rotate(live, round))
      throughput.get(subject.name)!.push(await concurrent(subject.call!, scenario.concurrent));
  }
  log(`calls: ${scenario.label} done`);
  const base = scenario.subjects.find((s) => s.baseline)!;
  const peers = live
    .filter((s) => !s.ours && !s.baseline)
    .map((s) => ({ name: s.name, value: median(throughput.get(s.name)!) }));
  const bestPeer = peers.reduce((a, b) => (b.value > a.value ? b : a), { name: "", value: 0 });
  const rows: Row[] = [];
  const CPU =
    "client CPU per sequential call (information: this process only; steadier than latency on a shared machine)";
  for (const [kind, table] of [
    ["sequential latency", latency],
    [CPU, cpu],
    [`throughput, ${IN_FLIGHT} in flight`, throughput],
  ] as const) {
    for (const subject of scenario.subjects) {
      const samples = table.get(subject.name) ?? [];
      const note =
        subject.na ?? (failed.has(subject.name) ? `${subject.name} failed: ${failed.get(subject.name)}` : undefined);
      const r = subject.baseline ? 1 : ratio(samples, table.get(base.name) ?? []);
      let target: string | undefined;
      let met: boolean | undefined;
      if (subject.ours && kind === "sequential latency") {
        target = "≤ 1.05× fetch";
        met = r <= 1.05;
      } else if (subject.ours && bestPeer.name && kind !== CPU) {
        target = `≥ every peer (best: ${bestPeer.name.replace(/ \(.*/, "")})`;
        met = median(samples) >= bestPeer.value;
      }
      rows.push({
        section: SECTION,
        case: `${scenario.label}: ${kind}`,
        subject: subject.name,
        unit: kind === "sequential latency" || kind === CPU ? "µs" : "req/s",
        samples,
        baseline: subject.baseline,
        ratio: subject.baseline ? undefined : r,
        ratioOf: "fetch",
        target,
        met,
        note: kind === "sequential latency" ? note : undefined,
      });
    }
  }
  return rows;
}

/** Where a call's CPU time goes: runtime files by function, fetch, JSON.parse, GC, idle. */
function classifyCall(frame: CallFrame): string {
  const fn = frame.functionName;
  // JSON.parse has no frame of its own: its time is the self time of its caller.
  if (/\/runtime\/json\.[jt]s$/.test(frame.url) && fn === "parseJson")
    return "parse: ours runtime/json.ts parseJson self time (u64 pre-check regex + JSON.parse), raw JSON.parse";
  if (frame.url.includes("/runtime/")) return `runtime/${path.basename(frame.url)} ${fn || "(anonymous functions)"}`;
  if (frame.url.endsWith("/bench/calls.ts"))
    return "parse: ours runtime/json.ts parseJson self time (u64 pre-check regex + JSON.parse), raw JSON.parse";
  if (fn.startsWith("RegExp:")) return `regular expression \`${fn.slice(8, 40)}${fn.length > 40 ? "…" : ""}\``;
  if (fn === "decode" && !frame.url) return "TextDecoder.decode (streamed body)";
  if (frame.url.includes("undici")) return "fetch (undici)";
  if (frame.url.startsWith("wasm://")) return "fetch (undici) HTTP parser, wasm";
  if (frame.url.startsWith("node:internal/webstreams")) return "Node.js web streams (reading response.body)";
  if (frame.url.startsWith("node:")) return "Node.js internals (http, net, timers, other)";
  if (fn === "(garbage collector)") return "garbage collection";
  if (fn === "(idle)") return "idle (waiting for the server)";
  if (fn === "(program)") return "native, other";
  return frame.url ? path.basename(frame.url) : `native ${fn || "(anonymous)"}`;
}

/** The profile child: a warm-up, then `count` sequential calls of one subject under the profiler. */
async function runProfileChild(
  file: string,
  base: string,
  subject: string,
  method: string,
  count: number,
  packed: string,
): Promise<void> {
  const { createAdvancedClient, createEthNodeClient } = await clients(packed);
  const keyed = `${base}/calls/k`;
  let id = 1;
  const adv = createAdvancedClient({ url: `${base}/calls`, apiKey: "k" });
  const eth = createEthNodeClient({ url: `${base}/calls`, apiKey: "k" });
  const rpc = method === "logs" ? "adv_getLogs" : "eth_blockNumber";
  const params = method === "logs" ? LOGS_PARAMS : [];
  const raw = async (): Promise<unknown> =>
    (
      JSON.parse(
        await (
          await fetch(keyed, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify({ jsonrpc: "2.0", id: id++, method: rpc, params }),
          })
        ).text(),
      ) as { result: unknown }
    ).result;
  const call: Call =
    subject === "raw" ? raw : method === "logs" ? () => adv.getLogs(LOGS_PARAMS) : () => eth.eth_blockNumber();
  for (let i = 0; i < Math.min(300, count); i++) await call();
  await profileHere(file, async () => {
    for (let i = 0; i < count; i++) await call();
  });
}

/** Profiles ours and raw fetch on one method; a paragraph of per-call CPU time by category. */
async function explain(base: string, method: "logs" | "blockNumber", count: number, packed: string): Promise<string> {
  const run = (subject: string): Promise<Breakdown> =>
    profileChild(
      (file) =>
        tsxArgs(fileURLToPath(import.meta.url), [
          "--profile-child",
          file,
          base,
          subject,
          method,
          String(count),
          packed,
        ]),
      ROOT,
      classifyCall,
    );
  const ours = await run("ours");
  const raw = await run("raw");
  const total = (b: Breakdown): number => [...b.values()].reduce((a, x) => a + x, 0);
  const keys = [...new Set([...ours.keys(), ...raw.keys()])].filter((k) => !k.startsWith("idle"));
  const lines = keys
    .map((k) => ({ k, ours: ((ours.get(k) ?? 0) / count) * 1000, raw: ((raw.get(k) ?? 0) / count) * 1000 }))
    .filter((x) => Math.max(x.ours, x.raw) >= 10)
    .sort((a, b) => Math.abs(b.ours - b.raw) - Math.abs(a.ours - a.raw))
    .slice(0, 10)
    .map((x) => `- ${x.k}: ours ${x.ours.toFixed(0)} µs, raw ${x.raw.toFixed(0)} µs per call`);
  const busy = (b: Breakdown): number => ((total(b) - (b.get("idle (waiting for the server)") ?? 0)) / count) * 1000;
  return [
    `**Where a call's CPU time goes**, ${method === "logs" ? "adv_getLogs (100 logs)" : "eth_blockNumber"} (the V8 profiler over ${count} sequential calls after a warm-up, in a child process; busy CPU per call: ours ${busy(ours).toFixed(0)} µs, raw fetch ${busy(raw).toFixed(0)} µs; self time by category, largest differences first):`,
    "",
    ...lines,
  ].join("\n");
}

export interface CallsOptions {
  quick: boolean;
  log: (line: string) => void;
}

export async function runCalls(options: CallsOptions): Promise<SectionResult> {
  options.log("calls: npm pack of generated/, installed into a temp project");
  const packed = await packedBuild();
  const server = await startServer();
  try {
    const s = await subjects(server.url, packed.dir);
    const rounds = options.quick ? 3 : 9;
    const rows = [
      ...(await measure(
        {
          label: "eth_blockNumber",
          subjects: s.blockNumber,
          sequential: 300,
          concurrent: 2000,
          check: (r) => r === "0x10",
        },
        rounds,
        options.log,
      )),
      ...(await measure(
        {
          label: `adv_getLogs (100 logs, ${Math.round(logsPageText(100).length / 1024)} KB)`,
          subjects: s.logs,
          sequential: 60,
          concurrent: 256,
          check: (r) =>
            Array.isArray((r as { logs?: unknown })?.logs) && (r as { logs: unknown[] }).logs.length === 100,
        },
        rounds,
        options.log,
      )),
    ];
    const profiles = [
      await explain(server.url, "logs", options.quick ? 300 : 1000, packed.dir),
      await explain(server.url, "blockNumber", options.quick ? 1000 : 3000, packed.dir),
    ];
    options.log("calls: profiles done");
    return {
      rows,
      details: [
        ...profiles,
        `**Calls**: ${rounds} rounds; a latency sample is the mean of ${300} (eth_blockNumber) or ${60} (adv_getLogs) sequential calls, a throughput sample is ${2000} or ${256} calls with ${IN_FLIGHT} in flight. The server runs in its own process on the same 2 cores, so throughput figures include its share of the CPU; the ratios compare clients under the same conditions.`,
      ],
    };
  } finally {
    await server.close();
    await packed.remove();
  }
}

const profileAt = process.argv.indexOf("--profile-child");
if (profileAt !== -1) {
  const [file, base, subject, method, count, packed] = process.argv.slice(profileAt + 1);
  runProfileChild(file!, base!, subject!, method!, Number(count), packed!).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
