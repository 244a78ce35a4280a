/**
 * Section 1, generation: our generator through `npm run gen` (what users type: npm, then
 * generator/bin.mjs running the bundled generator) vs `@open-rpc/generator` started the same way,
 * through an npm script (`npm run -s peer`, a temp package whose script runs
 * `node @open-rpc/generator/build/cli.js` in the document's folder), on the same documents, each a
 * whole process from a cold start, alternating, 5 runs each (3 for the 240-method document). Both
 * are also timed with bare `node` (information): npm itself costs about 0.2 s per start here. Ours is timed with its format cache off (cold: every file goes through
 * prettier) — the target row — and on (a second run of an unchanged generator, as in a project).
 * Ratio = ours / peer. A tool that fails on a document is reported, not fatal; when one fails,
 * both are also timed on the nearest variant of the document that both accept.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { phasesOf, topOf, type PhaseRule } from "./profile.js";
import type { Row, SectionResult } from "./report.js";
import { ROOT } from "./server.js";
import { now, ratio } from "./stats.js";
import { SYNTHETIC_METHODS, syntheticDocument } from "./synthetic-doc.js";
import { CORPUS_DIR } from "./corpus.js";

const SECTION = "1. Generation";
const BUILD_DIR = path.join(ROOT, "bench", ".build");
const BIN = path.join(ROOT, "generator", "bin.mjs");
const PEER_CLI = path.join(ROOT, "node_modules", "@open-rpc", "generator", "build", "cli.js");
/** The peer normally finishes in a few seconds; on recursive schemas it never does. */
const TIMEOUT_MS = 90_000;
const SYNTHETIC_LABEL = `synthetic ${SYNTHETIC_METHODS}-method document (bench/synthetic-doc.ts)`;

export const DOCUMENTS: readonly { label: string; file: string }[] = [
  { label: "advanced.openrpc.json (this project)", file: path.join(ROOT, "spec", "advanced.openrpc.json") },
  { label: "eth.openrpc.json (this project)", file: path.join(ROOT, "spec", "eth.openrpc.json") },
  { label: "solana.openrpc.json (this project)", file: path.join(ROOT, "spec", "solana.openrpc.json") },
  {
    label: "petstore (@open-rpc/examples)",
    file: path.join(
      ROOT,
      "node_modules",
      "@open-rpc",
      "examples",
      "build",
      "service-descriptions",
      "petstore-openrpc.json",
    ),
  },
  {
    label: "MetaMask API, 270 KB (@metamask/api-specs)",
    file: path.join(ROOT, "node_modules", "@metamask", "api-specs", "dist", "build", "openrpc.json"),
  },
  // Written into a temp folder at run time by runGeneration.
  { label: SYNTHETIC_LABEL, file: "" },
];

/**
 * ours: `npm run gen`, format cache off; warm: the same with the cache filled; node: `node generator/bin.mjs`
 * (no npm); peer: @open-rpc/generator through an npm script; peer-node: the same with bare node.
 */
type Tool = "ours" | "warm" | "node" | "peer" | "peer-node" | "profile";

const SUBJECTS: Record<Exclude<Tool, "peer" | "peer-node" | "profile">, string> = {
  ours: "ours, npm run gen (format cache off: cold)",
  warm: "ours, npm run gen (format cache warm) (information)",
  node: "ours, node generator/bin.mjs, no npm (format cache off) (information)",
};

/**
 * A temp package whose `peer` script starts @open-rpc/generator in the folder named by PEER_DOC_DIR
 * (it resolves `$ref`s against its working folder), so that the peer starts through npm as ours does.
 */
let peerPackage: string | undefined;

async function makePeerPackage(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-gen-peer-pkg-"));
  const script = `cd "$PEER_DOC_DIR" && node ${JSON.stringify(PEER_CLI).slice(1, -1)}`;
  await writeFile(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "bench-peer", private: true, scripts: { peer: script } }, null, 2),
  );
  return dir;
}

interface RunResult {
  ok: boolean;
  ms: number;
  /** Why it failed: the first telling line of its output. */
  reason?: string;
  stderr: string;
}

/** The command of one tool on one document (absolute path), and the folder it runs in. */
function command(
  tool: Tool,
  doc: string,
  out: string,
): { file: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv } {
  // The peer resolves `$ref`s against the working folder: run it in the document's folder.
  const peerArgs = ["generate", "-t", "client", "-l", "typescript", "-n", "x", "-d", path.basename(doc), "-o", out];
  if (tool === "peer-node")
    return { file: process.execPath, args: [PEER_CLI, ...peerArgs], cwd: path.dirname(doc), env: process.env };
  if (tool === "peer")
    return {
      file: "npm",
      args: ["run", "-s", "peer", "--", ...peerArgs],
      cwd: peerPackage!,
      env: { ...process.env, PEER_DOC_DIR: path.dirname(doc) },
    };
  // `--examples warn`: third-party documents (MetaMask's) carry examples that contradict their own
  // schemas; ours still checks every example, reporting them as warnings instead of refusing.
  const ours = ["--spec", doc, "--out", out, "--examples", "warn"];
  const env = { ...process.env, OPENRPC_TS_CACHE: tool === "warm" ? "on" : "off" };
  if (tool === "node") return { file: process.execPath, args: [BIN, ...ours], cwd: ROOT, env };
  // Profiled as `npm run gen` runs (bin.mjs: the cached bundle and its worker thread, each thread a profile).
  if (tool === "profile")
    return {
      file: process.execPath,
      args: ["--cpu-prof", `--cpu-prof-dir=${path.dirname(out)}`, BIN, ...ours],
      cwd: ROOT,
      env,
    };
  return { file: "npm", args: ["run", "-s", "gen", "--", ...ours], cwd: ROOT, env };
}

/** Runs one tool on one document as a fresh process. */
async function runTool(tool: Tool, docFile: string, outParent?: string): Promise<RunResult> {
  const out = await mkdtemp(path.join(outParent ?? os.tmpdir(), `bench-gen-${tool}-`));
  const { file, args, cwd, env } = command(tool, docFile, out);
  try {
    const started = now();
    const { code, stdout, stderr, timedOut } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
      timedOut: boolean;
    }>((resolve) => {
      // A process group of its own: a timeout kills npm and what it started (sh, node), not npm alone,
      // whose orphaned children would hold the pipes open and the benchmark with them.
      const child = spawn(file, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
      let stdoutText = "";
      let stderrText = "";
      let killed = false;
      child.stdout.on("data", (d: Buffer) => (stdoutText += d.toString()));
      child.stderr.on("data", (d: Buffer) => (stderrText += d.toString()));
      const timer = setTimeout(() => {
        killed = true;
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          child.kill("SIGKILL");
        }
      }, TIMEOUT_MS);
      child.on("close", (c) => {
        clearTimeout(timer);
        resolve({ code: c, stdout: stdoutText, stderr: stderrText, timedOut: killed });
      });
    });
    const ms = now() - started;
    // The peer prints its errors and may still exit 0; it also exits 0 when it wrote nothing.
    const wrote = existsSync(out) && (await readdir(out)).length > 0;
    if (timedOut) return { ok: false, ms, reason: `no result after ${TIMEOUT_MS / 1000} s (killed)`, stderr };
    if (code !== 0 || !wrote)
      return { ok: false, ms, reason: failureReason(`${stderr}\n${stdout}`, code), stderr: `${stderr}\n${stdout}` };
    return { ok: true, ms, stderr };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

function failureReason(output: string, code: number | null): string {
  // @open-rpc/generator prints ajv errors as JSON inside a string: take the path and the message.
  const dataPath = /"dataPath": "([^"\\]*)/.exec(output);
  const message = /"message": "((?:[^"\\]|\\\\.)*)/.exec(output);
  if (dataPath && message) return `meta-schema: ${dataPath[1]} ${message[1]!.replace(/\\+"/g, '"')}`;
  const problems = output.match(/found (\d+) problems?/);
  const first = output
    .split("\n")
    .map((l) => l.trim())
    .find((l) => /#\/|message|Error|error/.test(l) && !/^at /.test(l));
  const text = (first ?? `exit code ${code}`).replace(/\s+/g, " ").slice(0, 160);
  return problems ? `${problems[1]} problems, first: ${text}` : text;
}

interface Variant {
  file: string;
  changes: string[];
  dir: string;
}

/**
 * A copy of the document (in a temp folder whose other entries link to the original folder's,
 * so relative `$ref`s still resolve) with the changes that let both tools accept it:
 * server URL templates expanded (the peer checks `url` as `format: uri`).
 */
async function makeVariant(docFile: string, peer: RunResult, _ours: RunResult): Promise<Variant | undefined> {
  const doc = JSON.parse(await readFile(docFile, "utf8")) as {
    servers?: { url: string; variables?: Record<string, { default?: string }> }[];
  };
  const changes: string[] = [];
  if (!peer.ok && /servers|format \\?"uri/.test(peer.stderr) && doc.servers?.some((s) => s.url.includes("{"))) {
    for (const server of doc.servers)
      server.url = server.url.replace(/\{(\w+)\}/g, (m, name: string) => server.variables?.[name]?.default ?? m);
    changes.push("server URL templates expanded to their defaults");
  }
  if (changes.length === 0) return undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-gen-doc-"));
  const base = path.basename(docFile);
  for (const entry of await readdir(path.dirname(docFile))) {
    if (entry !== base) await symlink(path.join(path.dirname(docFile), entry), path.join(dir, entry));
  }
  const file = path.join(dir, base);
  await writeFile(file, JSON.stringify(doc, null, 2));
  return { file, changes, dir };
}

export interface GenerationOptions {
  quick: boolean;
  log: (line: string) => void;
}

export async function runGeneration(options: GenerationOptions): Promise<SectionResult> {
  const { buildGenerator } = (await import(pathToFileURL(path.join(ROOT, "generator", "build.mjs")).href)) as {
    buildGenerator: () => Promise<unknown>;
  };
  await rm(BUILD_DIR, { recursive: true, force: true });
  await buildGenerator();
  peerPackage = await makePeerPackage();
  const synthetic = await mkdtemp(path.join(os.tmpdir(), "bench-gen-synthetic-"));
  const rows: Row[] = [];
  const details: string[] = [];
  try {
    const syntheticFile = path.join(synthetic, "synthetic.openrpc.json");
    const text = JSON.stringify(syntheticDocument(), null, 2);
    await writeFile(syntheticFile, text);
    for (const doc of DOCUMENTS) {
      const file = doc.file || syntheticFile;
      const label = doc.file ? doc.label : `${doc.label}, ${(text.length / 1024 / 1024).toFixed(1)} MB`;
      await generationCase(label, file, options, rows, details, doc.file ? 5 : 3);
    }
    await scalingCase(options, rows);
  } finally {
    await rm(synthetic, { recursive: true, force: true });
    await rm(peerPackage, { recursive: true, force: true });
    peerPackage = undefined;
  }
  return { rows, details };
}

async function generationCase(
  label: string,
  file: string,
  options: GenerationOptions,
  rows: Row[],
  details: string[],
  fullRuns: number,
): Promise<void> {
  const runs = options.quick ? 2 : fullRuns;
  options.log(`generation: ${label}`);
  const probeOurs = await runTool("ours", file);
  const probePeer = await runTool("peer", file);
  let target = file;
  let caseLabel = label;
  const notes: string[] = [];
  let useOurs = probeOurs.ok;
  let usePeer = probePeer.ok;
  if (!probeOurs.ok) notes.push(`ours fails on the original: ${probeOurs.reason}`);
  if (!probePeer.ok) notes.push(`@open-rpc/generator fails on the original: ${probePeer.reason}`);
  let variant: Variant | undefined;
  if (!probeOurs.ok || !probePeer.ok) {
    variant = await makeVariant(file, probePeer, probeOurs);
    if (variant) {
      const [vOurs, vPeer] = [await runTool("ours", variant.file), await runTool("peer", variant.file)];
      if (vOurs.ok && vPeer.ok) {
        target = variant.file;
        caseLabel = `${label}, ${variant.changes.join("; ")}`;
        useOurs = usePeer = true;
        notes.push(`so both are timed on a copy with ${variant.changes.join(" and ")}`);
      } else {
        notes.push(
          `a copy with ${variant.changes.join(" and ")} does not help: ${[vOurs.ok ? "" : `ours: ${vOurs.reason}`, vPeer.ok ? "" : `@open-rpc/generator: ${vPeer.reason}`].filter(Boolean).join("; ")}`,
        );
      }
    }
  }
  // Fill the format cache once, so that the "warm" runs find it.
  if (useOurs) await runTool("warm", target);
  type Timed = "ours" | "warm" | "node" | "peer" | "peer-node";
  const samples: Record<Timed, number[]> = { ours: [], warm: [], node: [], peer: [], "peer-node": [] };
  for (let i = 0; i < runs; i++) {
    // Rotate which tool goes first, so none always runs on a warmer disk cache.
    const tools: Timed[] = ["ours", "peer", "warm", "node", "peer-node"];
    const order = [...tools.slice(i % tools.length), ...tools.slice(0, i % tools.length)];
    for (const tool of order) {
      if (tool.startsWith("peer") ? !usePeer : !useOurs) continue;
      const result = await runTool(tool, target);
      if (result.ok) samples[tool].push(result.ms);
    }
  }
  const note = notes.length > 0 ? `${label}: ${notes.join("; ")}.` : undefined;
  rows.push({
    section: SECTION,
    case: caseLabel,
    subject: "@open-rpc/generator 1.22, through npm (npm run -s peer)",
    unit: "ms",
    samples: samples.peer,
    baseline: samples.peer.length > 0,
    note: usePeer ? undefined : note,
  });
  rows.push({
    section: SECTION,
    case: caseLabel,
    subject: "@open-rpc/generator 1.22, bare node (information)",
    unit: "ms",
    samples: samples["peer-node"],
  });
  for (const tool of ["ours", "warm", "node"] as const) {
    // Bare node against bare node; the npm-started ones against the npm-started peer.
    const peerSamples = tool === "node" ? samples["peer-node"] : samples.peer;
    const r = ratio(samples[tool], peerSamples);
    const isTarget = tool === "ours";
    rows.push({
      section: SECTION,
      case: caseLabel,
      subject: SUBJECTS[tool],
      unit: "ms",
      samples: samples[tool],
      ratio: r,
      ratioOf: tool === "node" ? "peer, bare node" : "peer",
      ...(isTarget
        ? { target: "≤ 1.00", met: Number.isFinite(r) ? r <= 1 : undefined, note: usePeer ? note : undefined }
        : {}),
    });
  }
  if (useOurs && (label.startsWith("MetaMask") || label.startsWith("synthetic") || label.startsWith("advanced")))
    details.push(await profileGeneration(target, label));
  if (variant) await rm(variant.dir, { recursive: true, force: true });
}

/**
 * Generation time grows linearly with the document: lotus full (240 methods, from the shared
 * corpus, bench/corpus.ts) within 3× the MetaMask document (55 methods), both through
 * `node generator/bin.mjs` with the format cache off, alternating. Skipped, with a note, where
 * the shared corpus is absent.
 */
async function scalingCase(options: GenerationOptions, rows: Row[]): Promise<void> {
  const caseLabel = "scaling: lotus_full.json (240 methods) over MetaMask (55 methods)";
  const metamask = DOCUMENTS.find((d) => d.label.startsWith("MetaMask"))!.file;
  const lotus = path.join(CORPUS_DIR, "lotus_full.json");
  const base = { section: SECTION, case: caseLabel, unit: "ms" } as const;
  if (!existsSync(lotus)) {
    rows.push({ ...base, subject: "ours, lotus_full.json", samples: [], note: `${lotus} is absent: no scaling row.` });
    return;
  }
  options.log(`generation: ${caseLabel}`);
  const samples = { metamask: [] as number[], lotus: [] as number[] };
  for (let i = 0; i < (options.quick ? 2 : 5); i++) {
    const order = i % 2 === 0 ? (["metamask", "lotus"] as const) : (["lotus", "metamask"] as const);
    for (const which of order) {
      const result = await runTool("node", which === "lotus" ? lotus : metamask);
      if (result.ok) samples[which].push(result.ms);
    }
  }
  const r = ratio(samples.lotus, samples.metamask);
  rows.push({
    ...base,
    subject: "ours, MetaMask API (node generator/bin.mjs)",
    samples: samples.metamask,
    baseline: true,
  });
  rows.push({
    ...base,
    subject: "ours, lotus_full.json (node generator/bin.mjs)",
    samples: samples.lotus,
    ratio: r,
    ratioOf: "MetaMask",
    target: "≤ 3.00",
    met: Number.isFinite(r) ? r <= 3 : undefined,
  });
}

/**
 * The phases of a run, by the functions on the stack (the first rule that matches wins): what the
 * main thread does from its start to its exit, and what the worker of the checks beside does.
 */
const PHASES: readonly PhaseRule[] = [
  ["write", /^(writeOutput|writePackage|recordRun)$/],
  ["format (prettier's layout)", /^printDocToString$/],
  ["emit", /^(makePackage|generate)$/],
  ["normalize", /^(normalizeOnce|normalizeDocument)$/],
  ["validate (meta-schema, lints)", /^(validationParts|validateSpec|validation|withKeywords)$/],
  ["read the document", /^(loadSpec|readDocument)$/],
  ["patterns' backtracking (redos-detector)", /^patternRisk$/],
  ["examples (ajv)", /^validateExamples$/],
  [
    "start: loading and compiling modules",
    /^(compileSourceTextModule|loadAndTranslate|_link|getModuleJobForImport|evaluate|compileForInternalLoader|compileForPublicLoader|requireBuiltin)$/,
  ],
];

/**
 * One `--cpu-prof` run of `node generator/bin.mjs` (format cache off), one profile per thread:
 * each thread's time by phase, and its self time by package.
 */
async function profileGeneration(docFile: string, label: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-gen-prof-"));
  try {
    const result = await runTool("profile", docFile, dir);
    // CPU.<date>.<time>.<pid>.<thread id>.<n>.cpuprofile: the main thread is thread 0.
    const threadOf = (f: string): number => Number(f.split(".").at(-3));
    const files = (await readdir(dir))
      .filter((f) => f.endsWith(".cpuprofile"))
      .sort((a, b) => threadOf(a) - threadOf(b));
    if (!result.ok || files.length === 0)
      return `Generation profile: the profiled run failed (${result.reason ?? "no profile written"}).`;
    const lines = [
      `**Where our generator's time goes**, ${label} (one \`OPENRPC_TS_CACHE=off node --cpu-prof generator/bin.mjs\` run: the bundle \`npm run gen\` runs, with its worker thread; by phase, then self time by package):`,
      "",
    ];
    for (const [i, file] of files.entries()) {
      const profile = path.join(dir, file);
      const { phases, spanMs } = await phasesOf(profile, PHASES);
      const byPackage = await selfTimeByPackage(profile);
      const thread = i === 0 ? "main thread" : "worker thread (the checks beside)";
      lines.push(`- ${thread}, ${spanMs.toFixed(0)} ms from its start to its end:`);
      lines.push(`  - by phase: ${topOf(phases, 12).join("; ")}`);
      lines.push(`  - by package: ${topOf(byPackage, 6).join("; ")}`);
    }
    return lines.join("\n");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface CpuProfile {
  nodes: { id: number; callFrame: { url: string; functionName: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time (ms) by package; lines of the bundle's chunks are mapped to their source by esbuild's
 * `// path` comments (the bundle's folder: the one its frames name, generator/bin.mjs's cache).
 */
export async function selfTimeByPackage(profileFile: string): Promise<Map<string, number>> {
  const profile = JSON.parse(await readFile(profileFile, "utf8")) as CpuProfile;
  const sources = new Map<string, string[]>();
  const bundleFile = profile.nodes.map((n) => n.callFrame.url).find((u) => /\/cli-[0-9a-f]+\/[^/]+\.mjs$/.test(u));
  const buildDir = bundleFile ? path.dirname(fileURLToPath(bundleFile)) : BUILD_DIR;
  for (const name of (await readdir(buildDir)).filter((f) => f.endsWith(".mjs"))) {
    const lines = (await readFile(path.join(buildDir, name), "utf8")).split("\n");
    const sourceAt: string[] = [];
    let current = "generator/";
    for (let i = 0; i < lines.length; i++) {
      const m = /^\/\/ ((?:node_modules|generator|runtime)\/\S+)/.exec(lines[i]!);
      if (m) current = m[1]!;
      sourceAt[i] = current;
    }
    sources.set(pathToFileURL(path.join(buildDir, name)).href, sourceAt);
  }
  const pkg = (p: string): string => {
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(p);
    if (m) return m[1] === "typescript" ? "TypeScript" : m[1]!;
    return p.startsWith("generator/") || p.startsWith("runtime/") ? "our generator code" : p;
  };
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) return;
    let key: string;
    const chunk = sources.get(frame.url);
    if (chunk) key = pkg(chunk[frame.lineNumber] ?? "generator/");
    else if (frame.url.includes("node_modules/")) key = pkg(frame.url);
    else if (frame.url.startsWith("node:")) key = "Node.js internals (loading and compiling modules, fs)";
    else if (frame.functionName === "(garbage collector)") key = "garbage collection";
    else if (frame.functionName === "(idle)" || frame.functionName === "(program)") key = "idle / native";
    else key = frame.url ? "other" : "native code";
    out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}
