/**
 * Section 5, bundle size: minified + gzipped (level 9, each chunk on its own, as it is served) size
 * of a small browser app that makes one call, with every chunk counted that the browser fetches
 * before the first call resolves: the entry chunk and the chunks it imports statically (our client
 * makes no `import()` on the way to its first answer: test/package/side-effects.test.ts checks that
 * what it needs is static and the rest is not at start). Bundled twice: by esbuild (format esm,
 * platform browser, splitting on) and by Rollup 4 (ES output, terser), whose chunking differs
 * (Rollup keeps a lazy chunk's dependencies that are already loaded in the entry chunk; esbuild
 * makes shared chunks of them). All chunks, lazy ones included, are shown as information.
 * Subjects: ours (the client object, and the same app on the per-method functions of `advanced/methods`), the same app on @ankr.com/ankr.js (the baseline), on `@open-rpc/generator`'s
 * output for spec/advanced.openrpc.json, and viem's `createPublicClient` + `http` for one eth call.
 * test/size-budget.test.ts uses `measureOursApp` and `measureOursAppRollup`.
 */
import { build, type Metafile } from "esbuild";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Row, SectionResult } from "./report.js";
import { ROOT } from "./server.js";
import { SOURCE_CONDITION } from "../generator/defaults.js";

const SECTION = "5. Bundle size";
const GENERATED = path.join(ROOT, "generated", "src");

/** Our one-call app: `createAdvancedClient({ url, apiKey }).getLogs({ blockchain: "eth" })`. */
export const OURS_APP = `import { createAdvancedClient } from ${JSON.stringify(path.join(GENERATED, "advanced", "index.ts"))};
const adv = createAdvancedClient({ url: "https://host.example/multichain", apiKey: "KEY", dangerouslyAllowBrowser: true });
adv.getLogs({ blockchain: "eth" }).then((r) => console.log(r.logs?.length));
`;

/** The same one-call app on the per-method functions: `getLogs(createAdvancedCore({ url, apiKey }), …)`. */
export const OURS_METHODS_APP = `import { createAdvancedCore, getLogs } from ${JSON.stringify(path.join(GENERATED, "advanced", "methods.ts"))};
const core = createAdvancedCore({ url: "https://host.example/multichain", apiKey: "KEY", dangerouslyAllowBrowser: true });
getLogs(core, { blockchain: "eth" }).then((r) => console.log(r.logs?.length));
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
  /**
   * Minified + gzipped bytes the browser fetches before the first call resolves: the entry chunk and
   * the chunks it imports statically (each gzipped alone).
   */
  entryGz: number;
  /** Minified + gzipped bytes of every chunk together (lazy ones included). */
  totalGz: number;
  /** Minified bytes of what the app loads at start. */
  entryMin: number;
  /** Chunks loaded at start, and all chunks. */
  entryChunks: number;
  chunks: number;
  /** esbuild's metafile (undefined for Rollup). */
  metafile?: Metafile;
}

/** The entry chunk and every chunk it reaches through static imports (metafile output keys). */
function initialChunks(metafile: Metafile): Set<string> {
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
      if (i.kind === "import-statement") stack.push(i.path);
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
      // generated/src itself, not its build: the package's `#…` imports map to the sources under this condition.
      conditions: [SOURCE_CONDITION],
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
    const size = { entryGz: 0, totalGz: 0, entryMin: 0, entryChunks: 0, chunks: 0 };
    for (const file of result.outputFiles) {
      if (!file.path.endsWith(".js")) continue;
      const gz = gzipSync(file.contents, { level: 9 }).length;
      size.totalGz += gz;
      size.chunks++;
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

/** Our one-call app bundled by Rollup (used by the size-budget test). */
export function measureOursAppRollup(): Promise<BundleSize> {
  return rollupApp(OURS_APP);
}

/** The one-call app on the per-method functions, by esbuild and by Rollup (used by the size-budget test). */
export function measureOursMethodsApp(bundler: "esbuild" | "rollup"): Promise<BundleSize> {
  return bundler === "esbuild" ? bundleApp(OURS_METHODS_APP) : rollupApp(OURS_METHODS_APP);
}

/** A plugin factory from its module's default export (CommonJS types seen from ESM nest it one level deeper). */
function callable<F>(value: unknown): F {
  return (typeof value === "function" ? value : (value as { default: unknown }).default) as F;
}

/**
 * Bundles one app with Rollup 4: TypeScript sources stripped by esbuild's transform (no type
 * check), `.js` specifiers resolved to the `.ts` files beside them, packages through node-resolve
 * (browser fields) and commonjs, minified by terser, ES chunks. Measured like `bundleApp`.
 */
export async function rollupApp(source: string): Promise<BundleSize> {
  const [{ rollup }, { nodeResolve }, commonjs, terser, { transform }] = await Promise.all([
    import("rollup"),
    import("@rollup/plugin-node-resolve"),
    import("@rollup/plugin-commonjs").then((m) => callable<typeof m.default.default>(m.default)),
    import("@rollup/plugin-terser").then((m) => callable<typeof m.default.default>(m.default)),
    import("esbuild"),
  ]);
  const APP = "\0app.ts";
  const bundle = await rollup({
    input: APP,
    onwarn: () => undefined,
    plugins: [
      {
        name: "app-and-typescript",
        resolveId(id, importer) {
          if (id === APP) return id;
          if (!importer || !/^[./]/.test(id)) return null;
          const file = path.resolve(importer === APP ? GENERATED : path.dirname(importer), id);
          // Only our TypeScript sources (`./x.js` → `./x.ts`); anything else is node-resolve's.
          const ts = file.replace(/\.js$/, ".ts");
          return ts.endsWith(".ts") && existsSync(ts) ? ts : null;
        },
        load: (id) => (id === APP ? source : null),
        async transform(code, id) {
          if (!id.endsWith(".ts")) return null;
          return { code: (await transform(code, { loader: "ts", format: "esm", target: "es2022" })).code, map: null };
        },
      },
      nodeResolve({
        browser: true,
        rootDir: ROOT,
        modulePaths: [path.join(ROOT, "node_modules")],
        exportConditions: [SOURCE_CONDITION],
      }),
      commonjs(),
      {
        name: "node-env",
        transform: (code) =>
          code.includes("process.env.NODE_ENV") ? code.replace(/process\.env\.NODE_ENV/g, '"production"') : null,
      },
    ],
  });
  try {
    const { output } = await bundle.generate({ format: "es", plugins: [terser()] });
    const chunks = new Map(output.flatMap((o) => (o.type === "chunk" ? [[o.fileName, o] as const] : [])));
    const entry = output.find((o) => o.type === "chunk" && o.isEntry)!.fileName;
    const initial = new Set<string>();
    const stack = [entry];
    while (stack.length > 0) {
      const name = stack.pop()!;
      if (initial.has(name)) continue;
      initial.add(name);
      stack.push(...(chunks.get(name)?.imports ?? []));
    }
    const size = { entryGz: 0, totalGz: 0, entryMin: 0, entryChunks: 0, chunks: 0 };
    for (const [name, chunk] of chunks) {
      const gz = gzipSync(chunk.code, { level: 9 }).length;
      size.totalGz += gz;
      size.chunks++;
      if (!initial.has(name)) continue;
      size.entryGz += gz;
      size.entryMin += Buffer.byteLength(chunk.code);
      size.entryChunks++;
    }
    return size;
  } finally {
    await bundle.close();
  }
}

/** The input files (paths as esbuild names them) of the chunks loaded before the first call resolves. */
export function startInputs(metafile: Metafile | undefined): string[] {
  if (!metafile) return [];
  return [...initialChunks(metafile)].flatMap((key) => Object.keys(metafile.outputs[key]?.inputs ?? {}));
}

/** Minified bytes loaded at start by input module, largest first, shortened to package or file. */
export function composition(metafile: Metafile | undefined, limit = 6): string {
  const byModule = new Map<string, number>();
  for (const key of metafile ? initialChunks(metafile) : []) {
    for (const [input, { bytesInOutput }] of Object.entries(metafile!.outputs[key]?.inputs ?? {})) {
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

const OURS_METHODS = "ours, per-method functions (createAdvancedCore + getLogs)";

const BUNDLERS = {
  esbuild: { label: "esbuild 0.25 (minify, splitting)", bundle: bundleApp },
  rollup: { label: "Rollup 4 (terser)", bundle: rollupApp },
} as const;

export async function runSize(options: SizeOptions): Promise<SectionResult> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-size-peer-"));
  const subjects: { name: string; source: () => Promise<string>; note?: string; rollup?: boolean }[] = [
    { name: "@ankr.com/ankr.js 0.6 (getLogs)", source: async () => ANKR_APP, rollup: true },
    { name: "ours (createAdvancedClient + getLogs)", source: async () => OURS_APP, rollup: true },
    {
      name: OURS_METHODS,
      source: async () => OURS_METHODS_APP,
      rollup: true,
      note: "The same app on the tree-shakable functions of `@blockchain-rpc/clients/advanced/methods`: a core without any method's validator, and getLogs with only its own.",
    },
    { name: "ours, eth app (createEthNodeClient + eth_blockNumber)", source: async () => OURS_ETH_APP },
    {
      name: "@open-rpc/generator 1.22 output (adv_getLogs)",
      source: async () => openRpcApp(await openRpcClient(tmp)),
      note: "@open-rpc/generator's client for spec/advanced.openrpc.json (server URL templates expanded, which it otherwise rejects), its imports resolved from this project's node_modules (@open-rpc/client-js 2.x and @open-rpc/schema-utils-js 2.x instead of the 1.x it pins); its MethodCallValidator pulls in the OpenRPC meta-schema and a JSON Schema validator.",
    },
    { name: "viem 2 (createPublicClient + http, eth_blockNumber)", source: async () => VIEM_APP },
  ];
  const rows: Row[] = [];
  const details: string[] = [];
  try {
    for (const [key, bundler] of Object.entries(BUNDLERS)) {
      const results = new Map<string, BundleSize | Error>();
      const measured = subjects.filter((s) => key === "esbuild" || s.rollup);
      for (const subject of measured) {
        try {
          results.set(subject.name, await bundler.bundle(await subject.source()));
        } catch (error) {
          const message = error instanceof Error ? error.message.split("\n").slice(0, 3).join(" ") : String(error);
          results.set(subject.name, new Error(message));
        }
        options.log(`size: ${bundler.label}: ${subject.name}`);
      }
      const ok = (name: string): BundleSize | undefined => {
        const r = results.get(name);
        return r && !(r instanceof Error) ? r : undefined;
      };
      const base = ok(measured[0]!.name);
      if (results.get(measured[1]!.name) instanceof Error) throw results.get(measured[1]!.name);
      for (const metric of ["entryGz", "totalGz"] as const) {
        for (const [i, subject] of measured.entries()) {
          const result = ok(subject.name);
          const isOurs = i === 1 || subject.name === OURS_METHODS;
          const error = results.get(subject.name);
          const chunks = result ? (metric === "entryGz" ? result.entryChunks : result.chunks) : 0;
          rows.push({
            section: SECTION,
            case:
              metric === "entryGz"
                ? `one-call app, every chunk fetched before the first call resolves (min+gz), ${bundler.label}`
                : `one-call app, all chunks incl. lazy ones never fetched by it (min+gz), ${bundler.label} (information)`,
            subject: chunks > 1 ? `${subject.name}, ${chunks} chunks` : subject.name,
            unit: "B",
            samples: result ? [result[metric]] : [],
            exact: true,
            baseline: i === 0,
            ratio: i === 0 || !result || !base ? undefined : result[metric] / base[metric],
            ratioOf: "ankr.js",
            target: isOurs && metric === "entryGz" ? "≤ 0.80× ankr.js" : undefined,
            met: isOurs && metric === "entryGz" && result && base ? result.entryGz <= 0.8 * base.entryGz : undefined,
            note:
              error instanceof Error
                ? `${subject.name} did not build: ${error.message.slice(0, 300)}`
                : metric === "entryGz" && key === "esbuild"
                  ? subject.note
                  : undefined,
          });
        }
      }
      if (key === "esbuild")
        details.push(
          [
            "**Bundle composition** (esbuild: what loads before the first call resolves, minified bytes by module before gzip, from its metafile):",
            "",
            ...measured.map((s) => {
              const r = ok(s.name);
              return `- ${s.name}: ${r ? `${(r.entryMin / 1024).toFixed(1)} KB min — ${composition(r.metafile)}` : "did not build"}`;
            }),
          ].join("\n"),
        );
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return { rows, details };
}
