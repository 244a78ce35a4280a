/**
 * Section 2, call overhead: sequential latency (wall time and client CPU per call) and concurrent
 * throughput (64 in flight) of `eth_blockNumber` and of `adv_getLogs` (a 100-log page) through our
 * client — the packed build (`npm pack` of generated/, installed into a temp project, its dist/;
 * bench/packed.ts) — raw `fetch` + `JSON.parse` (the floor and the baseline), viem's `http`
 * transport, @ankr.com/ankr.js and @open-rpc/client-js, all against the same loopback server
 * (bench/server.ts, its own process). "Ours" is a default client (`{ url, apiKey }`): in Node it
 * sends over node:http with keep-alive (the package's `#default-transport`, runtime/node.ts); a row
 * of information keeps ours over `fetch` (`transport: http(…)`, what browsers and workers run) in view.
 *
 * Quiet and honest: every sample is taken in a fresh child process that loads one subject only,
 * warms it up, then measures (so no subject's JIT state, garbage or sockets touch another's);
 * subjects alternate within each round in a rotating order; each round gives one sample per
 * subject, and the ratio to raw fetch is reported with its spread over the rounds (each round's
 * ratio pairs samples taken seconds apart). Two rows of information beside them: raw `node:http`
 * (the floor of axios, so of ankr.js), and each client's own CPU per call with `fetch` stubbed
 * (no network), which stays readable when the machine's load swamps the loopback rows. Issue 34's
 * target, a sequential eth_blockNumber through the default client against raw node:http keep-alive
 * of the same JSON, is measured with both in one child, alternating (`againstRawHttp`).
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { createAdvancedClient as CreateAdvanced, GetLogsParams } from "../generated/src/advanced/index.js";
import type { createEthNodeClient as CreateEth } from "../generated/src/eth/index.js";
import type { http as Http } from "../generated/src/runtime/index.js";
import { packedBuild } from "./packed.js";
import type { Row, SectionResult } from "./report.js";
import { profileChild, profileHere, type Breakdown, type CallFrame } from "./profile.js";
import { ROOT, logsPageText, startServer, tsxArgs } from "./server.js";
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

/** `http()` of the installed package's root entry (the fetch transport). */
async function httpOf(dir: string): Promise<typeof Http> {
  const root = pathToFileURL(path.join(dir, "dist", "esm", "index.js")).href;
  return ((await import(root)) as { http: typeof Http }).http;
}

/**
 * The other floor (information, not a peer): the same request over `node:http` (its global agent,
 * keep-alive), which axios (so ankr.js), @open-rpc/client-js (node-fetch) and, in Node, our default
 * client run on. Raw `fetch` stays the baseline of the ratios: the target is stated against it.
 */
const RAW_HTTP = {
  key: "raw-http",
  name: "raw node:http + JSON.parse (information: the floor of axios, ankr.js)",
  floor: true,
};

const OURS = { key: "ours", name: "ours (packed dist/), validation on (default: node:http in Node)", ours: true };
const OURS_OFF = { key: "ours-off", name: "ours (packed dist/), validation off (node:http)", ours: true };
const OURS_FETCH = {
  key: "ours-fetch",
  name: "ours over fetch (`http()`, as in browsers and workers), validation on (information)",
  ours: true,
};

/** The subjects of each scenario, by key (the child process builds the one it measures). */
const SUBJECTS: Record<
  "blockNumber" | "logs",
  { key: string; name: string; baseline?: boolean; ours?: boolean; floor?: boolean; na?: string }[]
> = {
  blockNumber: [
    { key: "raw", name: "raw fetch + JSON.parse", baseline: true },
    RAW_HTTP,
    OURS,
    OURS_OFF,
    OURS_FETCH,
    { key: "viem", name: "viem 2 (http transport, client.request)" },
    { key: "ankr", name: "@ankr.com/ankr.js 0.6", na: "@ankr.com/ankr.js has no eth_blockNumber (Advanced API only)" },
    { key: "openrpc", name: "@open-rpc/client-js 2" },
  ],
  logs: [
    { key: "raw", name: "raw fetch + JSON.parse", baseline: true },
    RAW_HTTP,
    OURS,
    OURS_OFF,
    OURS_FETCH,
    {
      key: "viem",
      name: "viem 2 (http transport)",
      na: "viem is an Ethereum client: adv_getLogs is not one of its calls",
    },
    { key: "ankr", name: "@ankr.com/ankr.js 0.6" },
    { key: "openrpc", name: "@open-rpc/client-js 2" },
  ],
};

/** The call of one subject on one scenario, built in the child process that measures it. */
async function subjectCall(key: string, scenario: "blockNumber" | "logs", base: string, packed: string): Promise<Call> {
  const calls = `${base}/calls`;
  const keyed = `${calls}/k`;
  const method = scenario === "logs" ? "adv_getLogs" : "eth_blockNumber";
  const params = scenario === "logs" ? LOGS_PARAMS : [];
  if (key === "raw") {
    let id = 1;
    return async () => {
      const response = await fetch(keyed, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: id++, method, params }),
      });
      const message = JSON.parse(await response.text()) as { result?: unknown; error?: unknown };
      if (message.error) throw new Error(JSON.stringify(message.error));
      return message.result;
    };
  }
  if (key === "raw-http") {
    const { request } = await import("node:http");
    let id = 1;
    return () =>
      new Promise((resolve, reject) => {
        const body = JSON.stringify({ jsonrpc: "2.0", id: id++, method, params });
        const headers = {
          "content-type": "application/json",
          accept: "application/json",
          "content-length": Buffer.byteLength(body),
        };
        const req = request(keyed, { method: "POST", headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            try {
              const message = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
                result?: unknown;
                error?: unknown;
              };
              if (message.error) reject(new Error(JSON.stringify(message.error)));
              else resolve(message.result);
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
        });
        req.on("error", reject);
        req.end(body);
      });
  }
  if (key === "ours" || key === "ours-off" || key === "ours-fetch") {
    const { createAdvancedClient, createEthNodeClient } = await clients(packed);
    const options =
      key === "ours-fetch"
        ? { transport: (await httpOf(packed))(calls, { apiKey: "k" }) }
        : { url: calls, apiKey: "k", ...(key === "ours-off" && { validateRequests: false }) };
    if (scenario === "logs") {
      const adv = createAdvancedClient(options);
      return () => adv.getLogs(LOGS_PARAMS);
    }
    const eth = createEthNodeClient(options);
    return () => eth.eth_blockNumber();
  }
  if (key === "viem") {
    const { createPublicClient, http } = await import("viem");
    const viem = createPublicClient({ transport: http(keyed) });
    return () => viem.request({ method: "eth_blockNumber" });
  }
  if (key === "ankr") {
    const ankrModule = require("@ankr.com/ankr.js") as {
      AnkrProvider: new (url: string) => { getLogs(params: unknown): Promise<unknown> };
    };
    const ankr = new ankrModule.AnkrProvider(keyed);
    return () => ankr.getLogs(LOGS_PARAMS);
  }
  const { Client, HTTPTransport, RequestManager } = await import("@open-rpc/client-js");
  const openrpc = new Client(new RequestManager([new HTTPTransport(keyed)]));
  return () => openrpc.request({ method, params });
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

/** `count` calls with IN_FLIGHT in flight: calls per second. */
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
  return count / ((now() - start) / 1000);
}

const SCENARIOS = {
  blockNumber: { label: "eth_blockNumber", sequential: 400, concurrent: 2000, check: (r: unknown) => r === "0x10" },
  logs: {
    label: "adv_getLogs (100 logs, 121 KB)",
    sequential: 80,
    concurrent: 256,
    check: (r: unknown) =>
      Array.isArray((r as { logs?: unknown })?.logs) && (r as { logs: unknown[] }).logs.length === 100,
  },
} as const;
type ScenarioKey = keyof typeof SCENARIOS;

/** One sample of one subject, in this (child) process: warm-up, sequential calls, then concurrent calls. */
export interface Sample {
  wall: number;
  cpu: number;
  throughput: number;
}

async function runSampleChild(key: string, scenario: ScenarioKey, base: string, packed: string): Promise<void> {
  const s = SCENARIOS[scenario];
  const call = await subjectCall(key, scenario, base, packed);
  // Warm-up: the JIT compiles the call path, sockets to the server are open.
  await sequential(call, s.sequential, s.check);
  await concurrent(call, Math.ceil(s.concurrent / 2));
  const { wall, cpu } = await sequential(call, s.sequential, s.check);
  const throughput = await concurrent(call, s.concurrent);
  process.stdout.write(`${JSON.stringify({ wall, cpu, throughput } satisfies Sample)}\n`);
}

/** Spawns the child that takes one sample of `key` on `scenario`. */
function sampleInChild(key: string, scenario: ScenarioKey, base: string, packed: string): Promise<Sample> {
  const args = tsxArgs(fileURLToPath(import.meta.url), ["--sample-child", key, scenario, base, packed]);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill(), 120_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      const line = out.trim().split("\n").pop() ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line) as Sample);
      else reject(new Error(`the ${key} sample exited with code ${code}: ${err.trim().slice(-300)}`));
    });
  });
}

function rotate<T>(items: readonly T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

/** Per round, a subject's sample over the baseline's sample of the same round: the spread of the ratio. */
function pairedRange(samples: readonly number[], base: readonly number[]): [number, number] | undefined {
  const ratios = samples.map((x, i) => x / base[i]!).filter((r) => Number.isFinite(r));
  return ratios.length > 1 ? [Math.min(...ratios), Math.max(...ratios)] : undefined;
}

async function measure(
  scenario: ScenarioKey,
  rounds: number,
  base: string,
  packed: string,
  log: (line: string) => void,
): Promise<Row[]> {
  const { label } = SCENARIOS[scenario];
  const subjects = SUBJECTS[scenario];
  const runnable = subjects.filter((s) => !s.na);
  const samples = new Map<string, Sample[]>(runnable.map((s) => [s.key, []]));
  const failed = new Map<string, string>();
  for (let round = 0; round < rounds; round++) {
    for (const subject of rotate(runnable, round)) {
      if (failed.has(subject.key)) continue;
      try {
        samples.get(subject.key)!.push(await sampleInChild(subject.key, scenario, base, packed));
      } catch (error) {
        failed.set(subject.key, error instanceof Error ? error.message : String(error));
      }
    }
    log(`calls: ${label} round ${round + 1}/${rounds}`);
  }
  const of = (key: string, field: keyof Sample): number[] =>
    failed.has(key) ? [] : samples.get(key)!.map((x) => x[field]);
  const baseKey = subjects.find((s) => s.baseline)!.key;
  const peers = runnable
    .filter((s) => !s.ours && !s.baseline && !s.floor && !failed.has(s.key))
    .map((s) => ({ name: s.name, value: median(of(s.key, "throughput")) }));
  const bestPeer = peers.reduce((a, b) => (b.value > a.value ? b : a), { name: "", value: 0 });
  const CPU = "client CPU per sequential call (this process only: the server runs in its own)";
  const rows: Row[] = [];
  for (const [kind, field] of [
    ["sequential latency (wall time per call)", "wall"],
    [CPU, "cpu"],
    [`throughput, ${IN_FLIGHT} in flight`, "throughput"],
  ] as const) {
    for (const subject of subjects) {
      const values = subject.na ? [] : of(subject.key, field);
      const baseValues = of(baseKey, field);
      const note =
        subject.na ?? (failed.has(subject.key) ? `${subject.name} failed: ${failed.get(subject.key)}` : undefined);
      const r = subject.baseline ? 1 : ratio(values, baseValues);
      let target: string | undefined;
      let met: boolean | undefined;
      if (subject.key === "ours" && field !== "throughput") {
        target = "≤ 1.05× fetch";
        met = r <= 1.05;
      } else if (subject.key === "ours" && field === "throughput" && bestPeer.name) {
        target = `≥ 1.0× the best peer (${bestPeer.name.replace(/ \(.*/, "")}: ${Math.round(bestPeer.value)} req/s)`;
        met = median(values) >= bestPeer.value;
      }
      rows.push({
        section: SECTION,
        case: `${label}: ${kind}`,
        subject: subject.name,
        unit: field === "throughput" ? "req/s" : "µs",
        samples: values,
        baseline: subject.baseline,
        ratio: subject.baseline ? undefined : r,
        ratioRange: subject.baseline ? undefined : pairedRange(values, baseValues),
        ratioOf: "fetch",
        target,
        met,
        note: field === "wall" ? note : undefined,
      });
    }
  }
  return rows;
}

/**
 * The per-call target of issue 34: a sequential eth_blockNumber through the default client (node:http
 * in Node, the packed build) against a raw node:http keep-alive request of the same JSON. Both run in
 * one child process, warmed up alike, then in alternating rounds of sequential calls (the order flips
 * each round): a round's two samples are taken a moment apart, so the machine's load weighs on both
 * alike, which the separate children of the rows above cannot promise on a busy machine.
 */
const PAIRED_ROUNDS = 9;

async function runPairedChild(base: string, packed: string): Promise<void> {
  const s = SCENARIOS.blockNumber;
  const subjects = [
    ["raw", await subjectCall(RAW_HTTP.key, "blockNumber", base, packed)],
    ["ours", await subjectCall(OURS.key, "blockNumber", base, packed)],
  ] as const;
  for (const [, call] of subjects) {
    await sequential(call, s.sequential, s.check);
    await concurrent(call, Math.ceil(s.concurrent / 2));
  }
  const out: Record<"raw" | "ours", { wall: number[]; cpu: number[] }> = {
    raw: { wall: [], cpu: [] },
    ours: { wall: [], cpu: [] },
  };
  for (let round = 0; round < PAIRED_ROUNDS; round++)
    for (const [key, call] of round % 2 === 0 ? subjects : [...subjects].reverse()) {
      const { wall, cpu } = await sequential(call, s.sequential, s.check);
      out[key].wall.push(wall);
      out[key].cpu.push(cpu);
    }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

async function againstRawHttp(label: string, base: string, packed: string): Promise<Row[]> {
  const args = tsxArgs(fileURLToPath(import.meta.url), ["--paired-child", base, packed]);
  type Paired = Record<"raw" | "ours", { wall: number[]; cpu: number[] }>;
  const result = await new Promise<Paired | Error>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill(), 180_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      const line = out.trim().split("\n").pop() ?? "";
      resolve(
        code === 0 && line.startsWith("{")
          ? (JSON.parse(line) as Paired)
          : new Error(`the paired child exited with code ${code}: ${err.trim().slice(-300)}`),
      );
    });
  });
  const rows: Row[] = [];
  for (const [kind, field] of [
    ["sequential latency (wall time per call)", "wall"],
    ["client CPU per sequential call", "cpu"],
  ] as const) {
    const failed = result instanceof Error ? result.message : undefined;
    const raw = result instanceof Error ? [] : result.raw[field];
    const ours = result instanceof Error ? [] : result.ours[field];
    const r = ratio(ours, raw);
    const common = {
      section: SECTION,
      case: `${label}: ${kind}, against raw node:http keep-alive (alternating in one process, ${PAIRED_ROUNDS} rounds)`,
      unit: "µs",
    };
    rows.push(
      {
        ...common,
        subject: "raw node:http keep-alive + JSON.parse, the same JSON",
        samples: raw,
        baseline: true,
        note: failed,
      },
      {
        ...common,
        subject: OURS.name,
        samples: ours,
        ratio: r,
        ratioRange: pairedRange(ours, raw),
        ratioOf: "raw node:http",
        target: "≤ 1.05× raw node:http",
        met: r <= 1.05,
      },
    );
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
  // Ours over fetch (`http()`): beside raw fetch, the breakdown shows what our code adds to the same fetch.
  const options = { transport: (await httpOf(packed))(`${base}/calls`, { apiKey: "k" }) };
  const adv = createAdvancedClient(options);
  const eth = createEthNodeClient(options);
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
    `**Where a call's CPU time goes**, ${method === "logs" ? "adv_getLogs (100 logs)" : "eth_blockNumber"} (the V8 profiler over ${count} sequential calls after a warm-up, in a child process; ours over fetch, \`http()\`, beside raw fetch; busy CPU per call: ours ${busy(ours).toFixed(0)} µs, raw fetch ${busy(raw).toFixed(0)} µs; self time by category, largest differences first):`,
    "",
    ...lines,
  ].join("\n");
}

/**
 * What each client adds to `fetch` itself, with the network taken away: `fetch` is a stub that
 * answers with a ready `Response` (no socket, no HTTP parser), so the figure is the client's own
 * CPU per call, quiet enough to read where the loopback rows above vary by more than the whole
 * difference. Raw: the stub + `text()` + `JSON.parse`. Ours: the packed client with its HTTP
 * transport (`{ url, apiKey, fetch: stub }`): options, validation, framing, timeout, the size
 * limit, parsing and decoding. Measured in one child, the two alternating, `ROUNDS_OWN` rounds.
 */
const ROUNDS_OWN = 7;

async function runOwnCostChild(scenario: ScenarioKey, packed: string): Promise<void> {
  const text =
    scenario === "logs"
      ? `{"jsonrpc":"2.0","id":1,"result":${logsPageText(100)}}`
      : '{"jsonrpc":"2.0","id":1,"result":"0x10"}';
  const headers = { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) };
  // Ours checks the answer's id: the stub echoes the request's.
  const stub = (async (_url: unknown, init?: RequestInit) => {
    const id = /"id":(\d+)/.exec(String(init?.body))?.[1] ?? "1";
    return new Response(text.replace('"id":1', `"id":${id}`), { status: 200, headers });
  }) as typeof fetch;
  const { createAdvancedClient, createEthNodeClient } = await clients(packed);
  const options = { url: "http://127.0.0.1:9/calls", apiKey: "k", fetch: stub };
  let id = 1;
  const method = scenario === "logs" ? "adv_getLogs" : "eth_blockNumber";
  const params = scenario === "logs" ? LOGS_PARAMS : [];
  const raw: Call = async () => {
    const response = await stub("http://127.0.0.1:9/calls/k", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: id++, method, params }),
    });
    return (JSON.parse(await response.text()) as { result: unknown }).result;
  };
  const adv = createAdvancedClient(options);
  const eth = createEthNodeClient(options);
  const ours: Call = scenario === "logs" ? () => adv.getLogs(LOGS_PARAMS) : () => eth.eth_blockNumber();
  const count = scenario === "logs" ? 400 : 5000;
  const check = SCENARIOS[scenario].check;
  await sequential(raw, count, check);
  await sequential(ours, count, check);
  const out: { raw: number[]; ours: number[] } = { raw: [], ours: [] };
  for (let round = 0; round < ROUNDS_OWN; round++) {
    out.raw.push((await sequential(raw, count, check)).cpu);
    out.ours.push((await sequential(ours, count, check)).cpu);
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

/** The rows of the stubbed-fetch measurement of one scenario (run in its own child). */
async function ownCost(scenario: ScenarioKey, packed: string, fetchCpu: number | undefined): Promise<Row[]> {
  const args = tsxArgs(fileURLToPath(import.meta.url), ["--own-child", scenario, packed]);
  const result = await new Promise<{ raw: number[]; ours: number[] } | Error>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill(), 180_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      const line = out.trim().split("\n").pop() ?? "";
      resolve(
        code === 0 && line.startsWith("{")
          ? (JSON.parse(line) as { raw: number[]; ours: number[] })
          : new Error(`the stubbed-fetch child exited with code ${code}: ${err.trim().slice(-300)}`),
      );
    });
  });
  const label = `${SCENARIOS[scenario].label}: client CPU per call with fetch stubbed (no network: what the client adds to fetch) (information)`;
  const failed = result instanceof Error ? result.message : undefined;
  const raw = result instanceof Error ? [] : result.raw;
  const ours = result instanceof Error ? [] : result.ours;
  const added = median(ours) - median(raw);
  return [
    {
      section: SECTION,
      case: label,
      subject: "raw: stub fetch + text() + JSON.parse",
      unit: "µs",
      samples: raw,
      baseline: true,
      note: failed,
    },
    {
      section: SECTION,
      case: label,
      subject: "ours (packed dist/), validation on (default), HTTP transport over the stub",
      unit: "µs",
      samples: ours,
      ratio: ratio(ours, raw),
      ratioRange: pairedRange(ours, raw),
      ratioOf: "stub",
      note: failed
        ? undefined
        : `Ours adds ${added.toFixed(1)} µs per call to what the stubbed fetch costs.${
            fetchCpu
              ? ` A real loopback call of raw fetch + JSON.parse took ${fetchCpu.toFixed(0)} µs of CPU in this run (its CPU row above), so our code adds ${((added / fetchCpu) * 100).toFixed(1)} % to it (not in this figure: what fetch itself does differently for our request, which asks for redirect: "manual").`
              : ""
          }`,
    },
  ];
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
    const rounds = options.quick ? 3 : 11;
    const rows: Row[] = [];
    for (const scenario of ["blockNumber", "logs"] as const) {
      const measured = await measure(scenario, rounds, server.url, packed.dir, options.log);
      const fetchCpu = measured.find((r) => r.baseline && r.case.includes("client CPU"))?.samples;
      rows.push(...measured, ...(await ownCost(scenario, packed.dir, fetchCpu && median(fetchCpu))));
      if (scenario === "blockNumber") {
        rows.push(...(await againstRawHttp(SCENARIOS.blockNumber.label, server.url, packed.dir)));
        options.log("calls: eth_blockNumber against raw node:http, alternating in one process");
      }
    }
    options.log("calls: stubbed-fetch rows done");
    const profiles = [
      await explain(server.url, "logs", options.quick ? 300 : 1000, packed.dir),
      await explain(server.url, "blockNumber", options.quick ? 1000 : 3000, packed.dir),
    ];
    options.log("calls: profiles done");
    const b = SCENARIOS.blockNumber;
    const l = SCENARIOS.logs;
    return {
      rows,
      details: [
        ...profiles,
        `**Calls**: ${rounds} rounds; in each, every subject in turn (the order rotates) runs in a fresh child process that loads only that subject, warms it up (${b.sequential} sequential and ${b.concurrent / 2} concurrent calls of eth_blockNumber; ${l.sequential} and ${l.concurrent / 2} of adv_getLogs), then takes one sample: the mean of ${b.sequential} (${l.sequential}) sequential calls, with the child's CPU time per call, and ${b.concurrent} (${l.concurrent}) calls with ${IN_FLIGHT} in flight. The ratio is of the medians; in brackets its spread, the lowest and highest of the per-round ratios (a round's samples are taken seconds apart). The server runs in its own process on the same 2 cores, so throughput figures include its share of the CPU; the ratios compare clients under the same conditions.`,
      ],
    };
  } finally {
    await server.close();
    await packed.remove();
  }
}

const sampleAt = process.argv.indexOf("--sample-child");
if (sampleAt !== -1) {
  const [key, scenario, base, packed] = process.argv.slice(sampleAt + 1);
  runSampleChild(key!, scenario as ScenarioKey, base!, packed!).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
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

const pairedAt = process.argv.indexOf("--paired-child");
if (pairedAt !== -1) {
  const [base, packed] = process.argv.slice(pairedAt + 1);
  runPairedChild(base!, packed!).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

const ownAt = process.argv.indexOf("--own-child");
if (ownAt !== -1) {
  const [scenario, packed] = process.argv.slice(ownAt + 1);
  runOwnCostChild(scenario as ScenarioKey, packed!).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
