/**
 * Section 5, bundle size: minified + gzipped (level 9) size of a small browser app that makes one
 * call, bundled by esbuild (format esm, platform browser, splitting on so that lazy `import()`s —
 * response validators, the WebSocket transport — land in their own chunks). Reported: the entry
 * chunk (what the app loads) and all chunks. Subjects: ours, the same app on @ankr.com/ankr.js
 * (the baseline), on `@open-rpc/generator`'s output for spec/advanced.openrpc.json, and viem's
 * `createPublicClient` + `http` for one eth call. test/size-budget.test.ts uses `measureOursApp`.
 */
import { build, type Metafile } from "esbuild";
import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Row, SectionResult } from "./report.js";
import { ROOT } from "./server.js";

const SECTION = "5. Bundle size";
const GENERATED = path.join(ROOT, "generated", "src");

/** Our one-call app: `createAdvancedClient({ url, apiKey }).getLogs({ blockchain: "eth" })`. */
export const OURS_APP = `import { createAdvancedClient } from ${JSON.stringify(path.join(GENERATED, "advanced", "index.ts"))};
const adv = createAdvancedClient({ url: "https://host.example/multichain", apiKey: "KEY", dangerouslyAllowBrowser: true });
adv.getLogs({ blockchain: "eth" }).then((r) => console.log(r.logs?.length));
`;

/** Ours, one eth call (to set beside viem's app). */
const OURS_ETH_APP = `import { createEthNodeClient } from ${JSON.stringify(path.join(GENERATED, "eth", "index.ts"))};
const eth = createEthNodeClient({ url: "https://host.example/eth", apiKey: "KEY", dangerouslyAllowBrowser: true });
eth.eth_blockNumber().then((n) => console.log(n));
`;

const ANKR_APP = `import { AnkrProvider } from "@ankr.com/ankr.js";
const adv = new AnkrProvider("https://host.example/multichain/KEY");
adv.getLogs({ blockchain: "eth" }).then((r) => console.log(r.logs?.length));
`;

const VIEM_APP = `import { createPublicClient, http } from "viem";
const client = createPublicClient({ transport: http("https://host.example/eth/KEY") });
client.request({ method: "eth_blockNumber" }).then((n) => console.log(n));
`;

const openRpcApp = (clientFile: string): string => `import AdvancedAPI from ${JSON.stringify(clientFile)};
const adv = new AdvancedAPI({ transport: { type: "https", host: "host.example", port: 443, path: "/multichain/KEY" } });
adv.adv_getLogs(undefined, "eth").then((r) => console.log(r.logs?.length));
`;

export interface BundleSize {
  /** Minified + gzipped bytes of what the app loads at start: the entry chunk and the chunks it imports statically. */
  entryGz: number;
  /** Minified + gzipped bytes of every chunk together (lazy ones included). */
  totalGz: number;
  /**
   * Minified + gzipped bytes fetched before the first call is sent: what loads at start, and the chunks
   * our client loads through import() at creation (HTTP transport, wire codec, request validators, limits).
   */
  firstCallGz: number;
  firstCallChunks: number;
  /** Minified bytes of what the app loads at start. */
  entryMin: number;
  /** Chunks loaded at start, and all chunks. */
  entryChunks: number;
  chunks: number;
  metafile: Metafile;
}

/** Modules our client loads through import() when it is created (client.ts `load`, `loadChecks`). */
const AT_CREATION = /(runtime\/(http|wire|limits)|\/validators)\.ts$/;

/**
 * The entry chunk and every chunk it reaches through static imports (metafile output keys); with
 * `atCreation`, also the chunks of the import()s a client makes when it is created, and their imports.
 */
function initialChunks(metafile: Metafile, atCreation = false): Set<string> {
  const outputs = metafile.outputs;
  // Every dynamic import() is an entry point of esbuild's too: the app's own is `app.ts`.
  const entry = Object.keys(outputs).find((k) => outputs[k]!.entryPoint === "app.ts");
  const seen = new Set<string>();
  const stack = entry ? [entry] : [];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const i of outputs[key]?.imports ?? []) {
      if (i.external) continue;
      const created = atCreation && i.kind === "dynamic-import" && AT_CREATION.test(outputs[i.path]?.entryPoint ?? "");
      if (i.kind === "import-statement" || created) stack.push(i.path);
    }
  }
  return seen;
}

/** Bundles one app (its source text) and measures it; each chunk is gzipped on its own, as it is served. */
export async function bundleApp(source: string): Promise<BundleSize> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-size-"));
  try {
    const entry = path.join(dir, "app.ts");
    await writeFile(entry, source);
    const result = await build({
      entryPoints: [entry],
      absWorkingDir: dir,
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      splitting: true,
      outdir: path.join(dir, "out"),
      write: false,
      metafile: true,
      logLevel: "silent",
      // The apps live in a temp folder; packages resolve from this project's node_modules.
      nodePaths: [path.join(ROOT, "node_modules")],
      define: { "process.env.NODE_ENV": '"production"' },
    });
    const initial = initialChunks(result.metafile);
    const firstCall = initialChunks(result.metafile, true);
    const size = { entryGz: 0, totalGz: 0, firstCallGz: 0, firstCallChunks: 0, entryMin: 0, entryChunks: 0, chunks: 0 };
    for (const file of result.outputFiles) {
      if (!file.path.endsWith(".js")) continue;
      const gz = gzipSync(file.contents, { level: 9 }).length;
      size.totalGz += gz;
      size.chunks++;
      if (firstCall.has(path.relative(dir, file.path))) {
        size.firstCallGz += gz;
        size.firstCallChunks++;
      }
      if (initial.has(path.relative(dir, file.path))) {
        size.entryGz += gz;
        size.entryMin += file.contents.length;
        size.entryChunks++;
      }
    }
    return { ...size, metafile: result.metafile };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Our one-call app, bundled exactly as the benchmark does (used by the size-budget test). */
export function measureOursApp(): Promise<BundleSize> {
  return bundleApp(OURS_APP);
}

/** Minified bytes loaded at start by input module, largest first, shortened to package or file. */
export function composition(metafile: Metafile, limit = 6): string {
  const byModule = new Map<string, number>();
  for (const key of initialChunks(metafile)) {
    for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[key]?.inputs ?? {})) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
      const name = pkg ?? input.replace(/.*generated\/src\//, "").replace(/^.*\/(?=client\/typescript)/, "");
      byModule.set(name, (byModule.get(name) ?? 0) + bytesInOutput);
    }
  }
  const total = [...byModule.values()].reduce((a, b) => a + b, 0);
  return [...byModule]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(1)} KB (${((bytes / total) * 100).toFixed(0)} %)`)
    .join(", ");
}

/** Generates the peer's client for spec/advanced.openrpc.json (server URL templates expanded: it rejects them). */
async function openRpcClient(dir: string): Promise<string> {
  const doc = JSON.parse(await readFile(path.join(ROOT, "spec", "advanced.openrpc.json"), "utf8")) as {
    servers?: { url: string; variables?: Record<string, { default?: string }> }[];
  };
  for (const server of doc.servers ?? [])
    server.url = server.url.replace(/\{(\w+)\}/g, (m, name: string) => server.variables?.[name]?.default ?? m);
  const specDir = path.join(dir, "spec");
  await cp(path.join(ROOT, "spec"), specDir, { recursive: true });
  await writeFile(path.join(specDir, "advanced.openrpc.json"), JSON.stringify(doc));
  const out = path.join(dir, "client");
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, "node_modules", "@open-rpc", "generator", "build", "cli.js"),
        "generate",
        "-t",
        "client",
        "-l",
        "typescript",
        "-n",
        "advanced-client",
        "-d",
        "advanced.openrpc.json",
        "-o",
        out,
      ],
      { cwd: specDir, stdio: "ignore" },
    );
    child.on("close", resolve);
  });
  const file = path.join(out, "client", "typescript", "src", "index.ts");
  const present = await readdir(path.dirname(file)).then(
    (f) => f.includes("index.ts"),
    () => false,
  );
  if (code !== 0 || !present)
    throw new Error(`@open-rpc/generator exited with code ${code} without writing ${path.relative(out, file)}`);
  return file;
}

export interface SizeOptions {
  quick: boolean;
  log: (line: string) => void;
}

const CASES = {
  entryGz: "one-call app, loaded at start: entry chunk + its static imports (min+gz)",
  firstCallGz:
    "one-call app, fetched before the first call is sent: start + what the client imports at creation (HTTP transport, wire codec, request validators) (min+gz) (information)",
  totalGz: "one-call app, all chunks incl. lazy ones (min+gz)",
} as const;

export async function runSize(options: SizeOptions): Promise<SectionResult> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-size-peer-"));
  const results = new Map<string, BundleSize | Error>();
  const subjects: { name: string; source: () => Promise<string>; note?: string }[] = [
    { name: "@ankr.com/ankr.js 0.6 (getLogs)", source: async () => ANKR_APP },
    { name: "ours (createAdvancedClient + getLogs)", source: async () => OURS_APP },
    { name: "ours, eth app (createEthNodeClient + eth_blockNumber)", source: async () => OURS_ETH_APP },
    {
      name: "@open-rpc/generator 1.22 output (adv_getLogs)",
      source: async () => openRpcApp(await openRpcClient(tmp)),
      note: "@open-rpc/generator's client for spec/advanced.openrpc.json (server URL templates expanded, which it otherwise rejects), its imports resolved from this project's node_modules (@open-rpc/client-js 2.x and @open-rpc/schema-utils-js 2.x instead of the 1.x it pins); its MethodCallValidator pulls in the OpenRPC meta-schema and a JSON Schema validator.",
    },
    { name: "viem 2 (createPublicClient + http, eth_blockNumber)", source: async () => VIEM_APP },
  ];
  try {
    for (const subject of subjects) {
      try {
        results.set(subject.name, await bundleApp(await subject.source()));
      } catch (error) {
        const message = error instanceof Error ? error.message.split("\n").slice(0, 3).join(" ") : String(error);
        results.set(subject.name, new Error(message));
      }
      options.log(`size: ${subject.name}`);
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  const base = results.get(subjects[0]!.name);
  const ours = results.get(subjects[1]!.name);
  const peers = subjects
    .filter((s) => !s.name.startsWith("ours"))
    .map((s) => results.get(s.name))
    .filter((r): r is BundleSize => r !== undefined && !(r instanceof Error));
  const rows: Row[] = [];
  for (const metric of ["entryGz", "firstCallGz", "totalGz"] as const) {
    for (const [i, subject] of subjects.entries()) {
      const result = results.get(subject.name);
      const ok = result && !(result instanceof Error) ? result : undefined;
      const baseOk = base && !(base instanceof Error) ? base : undefined;
      const isOurs = i === 1;
      let target: string | undefined;
      let met: boolean | undefined;
      // Issue 13: at most half of ankr.js at start, 0.8× with every chunk.
      if (isOurs && ok && metric === "entryGz") {
        target = "≤ 0.50× ankr.js and < every peer";
        met = baseOk !== undefined && ok.entryGz <= 0.5 * baseOk.entryGz && peers.every((p) => ok.entryGz < p.entryGz);
      } else if (isOurs && ok && metric === "totalGz") {
        target = "≤ 0.80× ankr.js";
        met = baseOk !== undefined && ok.totalGz <= 0.8 * baseOk.totalGz;
      }
      const note =
        result instanceof Error
          ? `${subject.name} did not build: ${result.message.slice(0, 300)}`
          : metric === "entryGz"
            ? subject.note
            : undefined;
      rows.push({
        section: SECTION,
        case: CASES[metric],
        subject:
          ok && ok.chunks > 1
            ? `${subject.name}, ${{ entryGz: ok.entryChunks, firstCallGz: ok.firstCallChunks, totalGz: ok.chunks }[metric]} chunks`
            : subject.name,
        unit: "B",
        samples: ok ? [ok[metric]] : [],
        exact: true,
        baseline: i === 0,
        ratio: i === 0 || !ok || !baseOk ? undefined : ok[metric] / baseOk[metric],
        ratioOf: "ankr.js",
        target,
        met,
        note,
      });
    }
  }
  const details = [
    "**Bundle composition** (what loads at start, minified bytes by module before gzip, from esbuild's metafile):",
    "",
    ...subjects.map((s) => {
      const r = results.get(s.name);
      return `- ${s.name}: ${r instanceof Error || !r ? "did not build" : `${(r.entryMin / 1024).toFixed(1)} KB min — ${composition(r.metafile)}`}`;
    }),
  ];
  if (ours instanceof Error) throw ours;
  return { rows, details: [details.join("\n")] };
}
