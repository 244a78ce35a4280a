/**
 * Section 4, memory: iterate 1,000,000 logs (1,000 pages of 1,000, generated on the fly by the
 * loopback server, the same number of bytes per page) through `client.paginate.getLogs(...)` in a
 * child process that samples its own RSS. Peak RSS must stay flat as pages go by: one page is held
 * at a time. Reported: the peak so far after 10 %, 50 % and 100 % of the pages (median of repeated
 * runs); ratio to the 10 % one.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import type { Row, SectionResult } from "./report.js";
import { ROOT, SOURCE_CONDITIONS, startServer, tsxArgs } from "./server.js";
import { median } from "./stats.js";

const SECTION = "4. Memory";
const MB = 1024 * 1024;

interface Sample {
  page: number;
  logs: number;
  rss: number;
  /** Peak RSS of the process so far (`process.resourceUsage().maxRSS`), bytes. */
  maxRss: number;
  heapUsed: number;
  ms: number;
}

/** The child: iterates every log, reports a sample line every `every` pages. */
async function child(base: string, pages: number, perPage: number, every: number): Promise<void> {
  const { createAdvancedClient } = await import("../generated/src/advanced/index.js");
  const adv = createAdvancedClient({ url: `${base}/pages/${pages}/${perPage}`, apiKey: "k" });
  const started = performance.now();
  let logs = 0;
  let checksum = 0;
  const report = (page: number): void => {
    const sample: Sample = {
      page,
      logs,
      rss: process.memoryUsage.rss(),
      maxRss: process.resourceUsage().maxRSS * 1024,
      heapUsed: process.memoryUsage().heapUsed,
      ms: performance.now() - started,
    };
    process.stdout.write(`${JSON.stringify(sample)}\n`);
  };
  report(0);
  for await (const log of adv.paginate.getLogs({ blockchain: "eth", pageSize: perPage })) {
    logs++;
    checksum += log.logIndex?.length ?? 0; // touch every log
    if (logs % perPage === 0 && (logs / perPage) % every === 0) report(logs / perPage);
  }
  if (logs % (perPage * every) !== 0) report(Math.ceil(logs / perPage));
  process.stdout.write(`${JSON.stringify({ done: true, logs, checksum })}\n`);
}

export interface MemoryOptions {
  quick: boolean;
  log: (line: string) => void;
}

/** One child run over every page; its samples in order. */
async function runOnce(
  base: string,
  pages: number,
  perPage: number,
  every: number,
  log: (line: string) => void,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  let total = 0;
  const proc = spawn(
    process.execPath,
    [
      SOURCE_CONDITIONS,
      ...tsxArgs(fileURLToPath(import.meta.url), ["--child", base, String(pages), String(perPage), String(every)]),
    ],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const lines = createInterface({ input: proc.stdout });
  lines.on("line", (line) => {
    const message = JSON.parse(line) as Sample | { done: true; logs: number };
    if ("done" in message) total = message.logs;
    else {
      samples.push(message);
      if (message.page % 250 === 0 && message.page > 0)
        log(`memory: page ${message.page}/${pages}, rss ${(message.rss / MB).toFixed(0)} MB`);
    }
  });
  const code = await new Promise<number | null>((resolve) => proc.on("close", resolve));
  if (code !== 0 || total !== pages * perPage)
    throw new Error(`the memory child exited with code ${code} after ${total} of ${pages * perPage} logs`);
  return samples;
}

/** The high-water mark of the RSS samples up to `page` (bytes). */
function peakUntil(samples: readonly Sample[], page: number): number {
  return Math.max(...samples.filter((x) => x.page > 0 && x.page <= page).map((x) => x.rss));
}

export async function runMemory(options: MemoryOptions): Promise<SectionResult> {
  // 1,000,000 logs take about 13 s a run; quick makes one run instead of three.
  const pages = 1000;
  const perPage = 1000;
  const every = 10;
  const runs = options.quick ? 1 : 3;
  const server = await startServer();
  const all: Sample[][] = [];
  try {
    for (let i = 0; i < runs; i++) all.push(await runOnce(server.url, pages, perPage, every, options.log));
  } finally {
    await server.close();
  }
  const points = [0.1, 0.5, 1].map((f) => ({ f, page: Math.round(pages * f) }));
  const peaks = points.map(({ page }) => all.map((samples) => peakUntil(samples, page) / MB));
  const rows: Row[] = points.map(({ f, page }, i) => {
    // The ratio of each run to its own 10 % figure, median over the runs.
    const ratios = all.map((_, run) => peaks[i]![run]! / peaks[0]![run]!);
    const r = median(ratios);
    const seconds = median(all.map((samples) => (samples.find((s) => s.page >= page)?.ms ?? Number.NaN) / 1000));
    return {
      section: SECTION,
      case: `paginate.getLogs, ${(pages * perPage).toLocaleString("en-US")} logs (${pages} pages of ${perPage})`,
      subject: `peak RSS after ${f * 100} % (page ${page}, ${seconds.toFixed(1)} s)`,
      unit: "MB",
      samples: peaks[i]!,
      baseline: f === 0.1,
      ratio: f === 0.1 ? undefined : r,
      ratioOf: "at 10 %",
      target: f === 1 ? "≤ 1.2 (flat)" : undefined,
      met: f === 1 ? r <= 1.2 : undefined,
    };
  });
  const describe = (samples: readonly Sample[], run: number): string => {
    const live = samples.filter((s) => s.page > 0);
    const heap = live.map((s) => s.heapUsed / MB);
    const last = samples[samples.length - 1]!;
    const series = live.filter((x) => x.page % 100 === 0).map((x) => (x.rss / MB).toFixed(0));
    return `run ${run + 1}: RSS every 100 pages ${series.join(", ")} MB; heap used ${Math.min(...heap).toFixed(0)}–${Math.max(...heap).toFixed(0)} MB; RSS at start ${(samples[0]!.rss / MB).toFixed(0)} MB; maxRSS ${(last.maxRss / MB).toFixed(0)} MB; ${((pages * perPage) / (last.ms / 1000)).toFixed(0)} logs/s.`;
  };
  return {
    rows,
    details: [
      [
        `**Memory**: RSS sampled every ${every} pages in a child process (Node + tsx + the client; the server is another process); ${runs} run(s), the ratio is the median of each run's own ratio. A live heap that stays within the same range while RSS moves means V8 sizing its heap, not logs being retained.`,
        "",
        ...all.map((samples, run) => `- ${describe(samples, run)}`),
      ].join("\n"),
    ],
  };
}

const childAt = process.argv.indexOf("--child");
if (childAt !== -1) {
  const [base, pages, perPage, every] = process.argv.slice(childAt + 1);
  child(base!, Number(pages), Number(perPage), Number(every)).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
