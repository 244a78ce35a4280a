/**
 * Section "scaling": generation time against the number of methods. The same flat document shape
 * at 1,000, 5,000 and 20,000 methods (each a by-name param of a shared `$ref`'d string and an
 * object result, an example each), through `generatePackage` in this process (load, validate,
 * normalize, examples, emit, format), one cold run each (three at 1,000, the smallest). Ratio =
 * time per method over the 1,000-method document's: about 1 when generation is linear (it was 3.5
 * at 8,000 methods before the quadratic steps were removed, and 20,000 did not finish in 5 minutes).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { generatePackage } from "../generator/commands/pipeline.js";
import { newCaches } from "../generator/commands/caches.js";
import type { Row, SectionResult } from "./report.js";
import { now } from "./stats.js";

const SECTION = "Scaling";
const CASE = "generation time against method count (bench/scaling.ts)";

/** A document of `n` methods of one flat shape (names from the index, an example each). */
export function flatDocument(n: number): Record<string, unknown> {
  const methods = Array.from({ length: n }, (_, i) => ({
    name: `scale_method${i}`,
    summary: `Method number ${i}.`,
    params: [{ name: "value", required: true, schema: { $ref: "#/components/schemas/Hex" } }],
    result: {
      name: "result",
      schema: {
        type: "object",
        properties: { hash: { $ref: "#/components/schemas/Hex" }, count: { type: "integer" } },
      },
    },
    examples: [
      {
        name: "one",
        params: [{ name: "value", value: "0x1f" }],
        result: { name: "result", value: { hash: "0xab", count: i } },
      },
    ],
  }));
  return {
    openrpc: "1.3.2",
    info: { title: "Scale", version: "1.0.0" },
    methods,
    components: { schemas: { Hex: { type: "string", pattern: "^0x[0-9a-f]*$" } } },
  };
}

/** Milliseconds of one cold `generatePackage` of an `n`-method document. */
async function timeOnce(n: number): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-scale-"));
  try {
    const file = path.join(dir, "scale.openrpc.json");
    await writeFile(file, JSON.stringify(flatDocument(n)));
    const start = now();
    // Fresh caches and no disk cache: every run is cold (load, examples, emit and prettier all run).
    await generatePackage({ specs: [file], packageName: "scale", cwd: dir }, newCaches());
    return now() - start;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runScaling(options: { quick: boolean; log: (line: string) => void }): Promise<SectionResult> {
  const counts = options.quick ? [1_000, 5_000] : [1_000, 5_000, 20_000];
  const rows: Row[] = [];
  const cache = process.env.OPENRPC_TS_CACHE;
  process.env.OPENRPC_TS_CACHE = "off";
  try {
    // A warm-up run (modules loaded, code compiled by V8), not counted.
    await timeOnce(200);
    await measure(counts, rows, options.log);
  } finally {
    if (cache === undefined) delete process.env.OPENRPC_TS_CACHE;
    else process.env.OPENRPC_TS_CACHE = cache;
  }
  return { rows };
}

async function measure(counts: number[], rows: Row[], log: (line: string) => void): Promise<void> {
  let perMethod1k = 0;
  for (const n of counts) {
    const samples: number[] = [];
    for (let run = 0; run < (n === counts[0] ? 3 : 1); run++) {
      samples.push(await timeOnce(n));
      log(`scaling: ${n} methods in ${samples.at(-1)!.toFixed(0)} ms`);
    }
    const median = [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
    if (n === counts[0]) perMethod1k = median / n;
    rows.push({
      section: SECTION,
      case: CASE,
      subject: `${n.toLocaleString("en-US")} methods`,
      unit: "ms",
      samples,
      ...(n === counts[0] ? { baseline: true } : { ratio: median / n / perMethod1k }),
      ratioOf: "time per method at 1,000",
      target: "≤ 1.5 (linear)",
      ...(n === counts[0] ? {} : { met: median / n / perMethod1k <= 1.5 }),
    });
  }
}
