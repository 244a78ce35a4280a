/**
 * Section 6, type-check cost: `tsc --extendedDiagnostics --noEmit` (strict) on consumer files
 * written by the benchmark into bench/.build/:
 * - consumer-all.ts: every method of the three clients, once per spec example (so result variants
 *   are resolved), plus every paginator; absolute figures (no peer covers the node APIs).
 * - consumer-advanced.ts vs consumer-ankr.ts: the 9 Advanced methods, the same code shape on our
 *   client and on @ankr.com/ankr.js (the baseline of this section).
 * Both sides are checked against declaration files (ours emitted into bench/.build/dts first).
 * Reported: "Instantiations" (deterministic) and "Check time" (median of repeated runs).
 */
import { spawn } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Row, SectionResult } from "./report.js";
import { ROOT } from "./server.js";
import { ratio } from "./stats.js";

const SECTION = "6. Type-check";
const BUILD = path.join(ROOT, "bench", ".build");
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc");

interface SpecMethod {
  name: string;
  params?: { name: string }[];
  examples?: { params?: { name: string; value: unknown }[] }[];
}

interface ClientInfo {
  subpath: string;
  factory: string;
  variable: string;
  /** Client member name → JSON-RPC method, and whether params go as one object. */
  calls: { member: string; method: string; named: boolean }[];
  paginators: string[];
  methods: Map<string, SpecMethod>;
}

const CLIENTS = [
  { subpath: "advanced", spec: "advanced.openrpc.json", variable: "advanced" },
  { subpath: "eth", spec: "eth.openrpc.json", variable: "eth" },
  { subpath: "solana", spec: "solana.openrpc.json", variable: "solana" },
];

/** Reads the member → method table from the generated client (its `calls()` function) and the examples from the spec. */
async function clientInfo(subpath: string, specFile: string, variable: string): Promise<ClientInfo> {
  const source = await readFile(path.join(ROOT, "generated", "src", subpath, "client.ts"), "utf8");
  const factory = /export function (create\w+Client)\(/.exec(source)?.[1];
  if (!factory) throw new Error(`no create…Client function in generated/src/${subpath}/client.ts`);
  const body = source.slice(source.indexOf("function calls("));
  const calls = [...body.matchAll(/(\w+):\s*\([^]*?\)\s*=>\s*call\("([^"]+)",\s*(params|\[)/g)].map((m) => ({
    member: m[1]!,
    method: m[2]!,
    named: m[3] === "params",
  }));
  const paginateBlock = /paginate:\s*\{([^]*?)\n\s*\},/.exec(source)?.[1] ?? "";
  const paginators = [...paginateBlock.matchAll(/(\w+):\s*\(params/g)].map((m) => m[1]!);
  const spec = JSON.parse(await readFile(path.join(ROOT, "spec", specFile), "utf8")) as { methods: SpecMethod[] };
  return { subpath, factory, variable, calls, paginators, methods: new Map(spec.methods.map((m) => [m.name, m])) };
}

/** The argument list of one call from one example (by name: one object; by position: the values in order). */
function argumentsOf(method: SpecMethod, example: NonNullable<SpecMethod["examples"]>[number], named: boolean): string {
  const values = new Map((example.params ?? []).map((p) => [p.name, p.value]));
  if (named) return JSON.stringify(Object.fromEntries(values));
  const order = (method.params ?? []).map((p) => p.name);
  let last = order.length;
  while (last > 0 && !values.has(order[last - 1]!)) last--;
  return order
    .slice(0, last)
    .map((name) => (values.has(name) ? JSON.stringify(values.get(name)) : "undefined"))
    .join(", ");
}

/** Every method of the three clients, once per example of the spec (or with declared params when it has none). */
export async function consumerAll(): Promise<{ text: string; calls: number }> {
  const infos = await Promise.all(CLIENTS.map((c) => clientInfo(c.subpath, c.spec, c.variable)));
  const lines = ["// Written by bench/typecheck.ts: every method of the three generated clients.", ""];
  for (const info of infos) lines.push(`import { ${info.factory} } from "./dts/${info.subpath}/index.js";`);
  lines.push("", "export async function main(): Promise<void> {");
  for (const info of infos)
    lines.push(`  const ${info.variable} = ${info.factory}({ url: "http://127.0.0.1:8545", apiKey: "KEY" });`);
  let n = 0;
  for (const info of infos) {
    for (const call of info.calls) {
      const method = info.methods.get(call.method);
      const examples = method?.examples?.length ? method.examples : [undefined];
      for (const example of examples) {
        const args =
          method && example
            ? argumentsOf(method, example, call.named)
            : `...(undefined as unknown as Parameters<typeof ${info.variable}.${call.member}>)`;
        lines.push(`  const r${n++} = await ${info.variable}.${call.member}(${args});`, `  void r${n - 1};`);
      }
    }
    for (const member of info.paginators) {
      const rpc = info.calls.find((c) => c.member === member);
      const method = rpc ? info.methods.get(rpc.method) : undefined;
      const example = method?.examples?.[0];
      const args = method && example ? argumentsOf(method, example, true) : "{}";
      lines.push(
        `  for await (const item of ${info.variable}.paginate.${member}(${args}, { maxItems: 10 })) void item;`,
      );
      n++;
    }
  }
  lines.push("}", "");
  return { text: lines.join("\n"), calls: n };
}

const ANKR_METHODS = [
  "getCurrencies",
  "getLogs",
  "getBlocks",
  "getTransactionsByHash",
  "getInteractions",
  "getNFTsByOwner",
  "getNFTMetadata",
  "getNFTHolders",
  "getTokenPrice",
];

/** The same 9 Advanced calls, on our client or on ankr.js, params declared with the client's own types. */
export function consumerAdvanced(on: "ours" | "ankr"): string {
  const head =
    on === "ours"
      ? [
          'import { createAdvancedClient, type AdvancedClient } from "./dts/advanced/index.js";',
          'const client: AdvancedClient = createAdvancedClient({ url: "http://127.0.0.1:8545", apiKey: "KEY" });',
          "type C = AdvancedClient;",
        ]
      : [
          'import { AnkrProvider } from "@ankr.com/ankr.js";',
          'const client = new AnkrProvider("http://127.0.0.1:8545/KEY");',
          "type C = AnkrProvider;",
        ];
  const body = ANKR_METHODS.flatMap((m, i) => [
    `declare const p${i}: Parameters<C["${m}"]>[0];`,
    `export const r${i} = client.${m}(p${i}).then((r) => r);`,
  ]);
  return [
    `// Written by bench/typecheck.ts: the Advanced methods on ${on === "ours" ? "our client" : "@ankr.com/ankr.js"}.`,
    ...head,
    ...body,
    "",
  ].join("\n");
}

interface Diagnostics {
  instantiations: number;
  checkMs: number;
  errors: string[];
}

async function tsc(file: string): Promise<Diagnostics> {
  const config = `${file.replace(/\.ts$/, "")}.tsconfig.json`;
  await writeFile(
    config,
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        lib: ["ES2022", "DOM"],
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      files: [path.basename(file)],
    }),
  );
  const output = await new Promise<string>((resolve) => {
    const child = spawn(process.execPath, [TSC, "-p", config, "--extendedDiagnostics"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let text = "";
    child.stdout.on("data", (d: Buffer) => (text += d.toString()));
    child.stderr.on("data", (d: Buffer) => (text += d.toString()));
    child.on("close", () => resolve(text));
  });
  const instantiations = Number(/Instantiations:\s+(\d+)/.exec(output)?.[1]);
  const checkS = Number(/Check time:\s+([\d.]+)s/.exec(output)?.[1]);
  if (!Number.isFinite(instantiations) || !Number.isFinite(checkS))
    throw new Error(`tsc printed no diagnostics for ${path.basename(file)}: ${output.slice(0, 300)}`);
  const errors = output.split("\n").filter((l) => /error TS\d+/.test(l));
  return { instantiations, checkMs: checkS * 1000, errors };
}

export interface TypecheckOptions {
  quick: boolean;
  log: (line: string) => void;
}

/** The package's declaration files, as a consumer of the published package sees them: bench/.build/dts/. */
async function emitDeclarations(): Promise<void> {
  const output = await new Promise<{ code: number | null; text: string }>((resolve) => {
    const args = [
      TSC,
      "-p",
      path.join(ROOT, "generated", "tsconfig.json"),
      "--emitDeclarationOnly",
      "--outDir",
      path.join(BUILD, "dts"),
    ];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    child.stdout.on("data", (d: Buffer) => (text += d.toString()));
    child.stderr.on("data", (d: Buffer) => (text += d.toString()));
    child.on("close", (code) => resolve({ code, text }));
  });
  if (output.code !== 0)
    throw new Error(`emitting the declarations of generated/ failed: ${output.text.slice(0, 300)}`);
}

export async function runTypecheck(options: TypecheckOptions): Promise<SectionResult> {
  await mkdir(BUILD, { recursive: true });
  await emitDeclarations();
  const runs = options.quick ? 1 : 3;
  const all = await consumerAll();
  const files = {
    ankr: { file: path.join(BUILD, "consumer-ankr.ts"), text: consumerAdvanced("ankr") },
    advanced: { file: path.join(BUILD, "consumer-advanced.ts"), text: consumerAdvanced("ours") },
    all: { file: path.join(BUILD, "consumer.ts"), text: all.text },
  };
  for (const f of Object.values(files)) await writeFile(f.file, f.text);
  const results: Record<keyof typeof files, Diagnostics[]> = { ankr: [], advanced: [], all: [] };
  for (let i = 0; i < runs; i++) {
    for (const key of Object.keys(files) as (keyof typeof files)[]) results[key].push(await tsc(files[key].file));
  }
  options.log("typecheck: done");
  const rows: Row[] = [];
  const subjects: { key: keyof typeof files; case: string; subject: string; baseline?: boolean }[] = [
    { key: "ankr", case: "9 Advanced calls, same code", subject: "@ankr.com/ankr.js 0.6", baseline: true },
    { key: "advanced", case: "9 Advanced calls, same code", subject: "ours" },
    {
      key: "all",
      case: `every method of the 3 clients (${all.calls} calls from the spec examples + paginators)`,
      subject: "ours",
    },
  ];
  for (const metric of ["instantiations", "checkMs"] as const) {
    for (const s of subjects) {
      const samples = results[s.key].map((d) => d[metric]);
      const base = results.ankr.map((d) => d[metric]);
      const errors = results[s.key][0]?.errors ?? [];
      rows.push({
        section: SECTION,
        case: `${s.case}: ${metric === "instantiations" ? "type instantiations" : "check time"}`,
        subject: s.subject,
        unit: metric === "instantiations" ? "" : "ms",
        samples,
        exact: metric === "instantiations",
        baseline: s.baseline,
        ratio: s.baseline || s.key === "all" ? undefined : ratio(samples, base),
        ratioOf: "ankr.js",
        note:
          metric === "instantiations" && errors.length > 0
            ? `${files[s.key].file.replace(`${ROOT}/`, "")} has ${errors.length} type errors (figures still count): ${errors[0]!.slice(0, 200)}`
            : metric === "instantiations" && s.key === "all"
              ? "Absolute figures: no peer covers the node APIs. bench/.build/consumer.ts is kept for inspection."
              : undefined,
      });
    }
  }
  return {
    rows,
    details: [
      `**Type-check**: \`tsc --extendedDiagnostics --noEmit\`, strict, skipLibCheck, module NodeNext, against the package's declaration files (emitted from generated/src into bench/.build/dts, as a consumer of the published package sees them; ankr.js ships .d.ts too); ${runs} run(s) each, check time is the median. The 9-call consumers declare each call's params with the client's own parameter type, so both sides have the same code shape.`,
    ],
  };
}
