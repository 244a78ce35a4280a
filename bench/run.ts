/**
 * `npm run bench [-- --only size,calls] [-- --quick]`: runs the benchmark sections, prints one
 * table and writes it to BENCHMARKS.md with the machine, Node version, date and command.
 * Not part of `npm test`. Sections: generation, scaling, incremental, calls, decode, memory, size, typecheck.
 */
import path from "node:path";
import type { Row, SectionResult } from "./report.js";
import { renderReport, writeReport } from "./report.js";
import { ROOT } from "./server.js";

export interface SectionOptions {
  quick: boolean;
  log: (line: string) => void;
}

const SECTIONS: Record<string, (options: SectionOptions) => Promise<SectionResult>> = {
  generation: async (o) => (await import("./generation.js")).runGeneration(o),
  scaling: async (o) => (await import("./scaling.js")).runScaling(o),
  incremental: async (o) => (await import("./incremental.js")).runIncremental(o),
  calls: async (o) => (await import("./calls.js")).runCalls(o),
  decode: async (o) => (await import("./decode.js")).runDecode(o),
  memory: async (o) => (await import("./memory.js")).runMemory(o),
  size: async (o) => (await import("./size.js")).runSize(o),
  typecheck: async (o) => (await import("./typecheck.js")).runTypecheck(o),
};

function parseArgs(argv: readonly string[]): { only: string[]; quick: boolean; out: string } {
  let only = Object.keys(SECTIONS);
  let quick = false;
  let out = path.join(ROOT, "BENCHMARKS.md");
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--quick") quick = true;
    else if (arg === "--only" || arg.startsWith("--only=")) {
      const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[++i];
      only = (value ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = only.filter((s) => !(s in SECTIONS));
      if (unknown.length > 0)
        throw new Error(`unknown section ${unknown.join(", ")}; choose from ${Object.keys(SECTIONS).join(", ")}`);
    } else if (arg === "--out") out = path.resolve(argv[++i] ?? out);
    else if (arg === "--help" || arg === "-h") {
      console.log(`npm run bench -- [--only ${Object.keys(SECTIONS).join(",")}] [--quick] [--out BENCHMARKS.md]`);
      process.exit(0);
    } else throw new Error(`unknown option ${arg}; see npm run bench -- --help`);
  }
  return { only, quick, out };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const started = new Date();
  const t0 = Date.now();
  const log = (line: string): void =>
    void process.stderr.write(`[bench ${((Date.now() - t0) / 1000).toFixed(0).padStart(3)} s] ${line}\n`);
  const rows: Row[] = [];
  const details: string[] = [];
  for (const name of args.only) {
    log(`section ${name}…`);
    try {
      const result = await SECTIONS[name]!({ quick: args.quick, log });
      rows.push(...result.rows);
      details.push(...(result.details ?? []));
    } catch (error) {
      // One broken section must not hide the others.
      const message = error instanceof Error ? error.message : String(error);
      log(`section ${name} failed: ${error instanceof Error ? (error.stack ?? message) : message}`);
      rows.push({
        section: name,
        case: "(section failed)",
        subject: "—",
        unit: "",
        samples: [],
        note: `the ${name} section failed: ${message.slice(0, 300)}`,
      });
    }
  }
  const extra = process.argv.slice(2);
  const command = `npm run bench${extra.length > 0 ? ` -- ${extra.join(" ")}` : ""}`;
  const report = renderReport({
    rows,
    details,
    command,
    started,
    durationMs: Date.now() - t0,
    quick: args.quick,
    sections: args.only,
  });
  console.log(report.console);
  await writeReport(args.out, report.markdown);
  log(`wrote ${path.relative(process.cwd(), args.out)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
