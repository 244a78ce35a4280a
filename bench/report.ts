/**
 * The one table the benchmark prints, and BENCHMARKS.md: the same table with the machine, the
 * Node version, the date and the exact command, then the notes and profiles the sections add.
 */
import { writeFile } from "node:fs/promises";
import os from "node:os";
import { formatRange, formatValue, summarize } from "./stats.js";

/** One line of the table. */
export interface Row {
  readonly section: string;
  readonly case: string;
  readonly subject: string;
  /** Unit of the samples: "ms", "µs", "req/s", "B", "MB" or "" (a count). */
  readonly unit: string;
  /** Repeated measurements; none when the subject could not run (say why in `note`). */
  readonly samples: readonly number[];
  /** `true` for the row the others of its case are divided by. */
  readonly baseline?: boolean;
  /** This row's median over the baseline's median (computed by the section). */
  readonly ratio?: number;
  /** The lowest and highest ratio over the rounds (each round's sample over the baseline's of the same round). */
  readonly ratioRange?: readonly [number, number];
  /** Name of the baseline in the ratio column ("× fetch"). */
  readonly ratioOf?: string;
  /** The target in words ("≤ 1.10"), and whether it was met. */
  readonly target?: string;
  readonly met?: boolean;
  /** Shown as a numbered footnote under the table. */
  readonly note?: string;
  /** The figure does not vary between runs (a byte count, a count of type instantiations). */
  readonly exact?: boolean;
}

/** What a section hands back. */
export interface SectionResult {
  readonly rows: Row[];
  /** Paragraphs for BENCHMARKS.md under the table (profiles, bundle composition…). */
  readonly details?: string[];
}

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly ramGiB: number;
  readonly node: string;
  readonly platform: string;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() || "unknown CPU",
    cores: cpus.length,
    ramGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  };
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function ratioText(row: Row): string {
  if (row.baseline) return "1 (baseline)";
  if (row.ratio === undefined || !Number.isFinite(row.ratio)) return "—";
  // Three decimals below 10, so that a ratio just over a target never prints as the target itself.
  const digits = row.ratio >= 10 ? 1 : 3;
  const range = row.ratioRange ? ` (${row.ratioRange[0].toFixed(2)}–${row.ratioRange[1].toFixed(2)})` : "";
  return `${row.ratio.toFixed(digits)}×${row.ratioOf ? ` ${row.ratioOf}` : ""}${range}`;
}

/** The table as Markdown, and the footnotes its rows refer to. */
export function renderTable(rows: readonly Row[]): { table: string; notes: string[] } {
  const notes: string[] = [];
  const lines = [
    "| Section | Case | Subject | Median | Min–max | Ratio | Target | Met |",
    "|---|---|---|---:|---:|---:|---|:-:|",
  ];
  for (const row of rows) {
    let subject = row.subject;
    if (row.note) {
      notes.push(row.note);
      subject += ` [${notes.length}]`;
    }
    const summary = summarize(row.samples);
    const medianText = row.samples.length === 0 ? "n/a" : formatValue(summary.median, row.unit);
    const met = row.met === undefined ? "" : row.met ? "yes" : "**no**";
    const range = row.exact && row.samples.length > 0 ? "(exact)" : formatRange(summary, row.unit);
    lines.push(
      `| ${[row.section, row.case, subject, medianText, range, ratioText(row), row.target ?? "", met].map(cell).join(" | ")} |`,
    );
  }
  return { table: lines.join("\n"), notes };
}

export interface ReportInput {
  readonly rows: readonly Row[];
  readonly details: readonly string[];
  readonly command: string;
  readonly started: Date;
  readonly durationMs: number;
  readonly quick: boolean;
  readonly sections: readonly string[];
}

export function renderReport(input: ReportInput): { console: string; markdown: string } {
  const m = machine();
  const { table, notes } = renderTable(input.rows);
  const noteLines = notes.map((n, i) => `${i + 1}. ${n}`);
  const header = [
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.ramGiB} GiB RAM (${m.platform})`,
    `Node: ${m.node}`,
    `Date: ${input.started.toISOString()}`,
    `Command: \`${input.command}\`${input.quick ? " (quick: fewer repetitions)" : ""}`,
    `Sections: ${input.sections.join(", ")}; total time ${(input.durationMs / 1000).toFixed(0)} s`,
  ];
  const consoleText = [table, "", ...noteLines, "", ...header.map((h) => h.replace(/`/g, ""))].join("\n");
  const markdown = [
    "# Benchmarks",
    "",
    "Written by `npm run bench` (see `bench/`); do not edit by hand. Every ratio divides a median by the",
    "median of the baseline of its case, measured in the same run, so the ratios hold on a noisy machine",
    "even when the absolute figures do not. Min–max is the spread over the repeated runs.",
    "",
    ...header.map((h) => `- ${h}`),
    "",
    table,
    "",
    ...(noteLines.length > 0 ? ["Notes:", "", ...noteLines, ""] : []),
    ...(input.details.length > 0 ? ["## Details", "", ...input.details.flatMap((d) => [d, ""])] : []),
  ].join("\n");
  return { console: consoleText, markdown };
}

export async function writeReport(file: string, markdown: string): Promise<void> {
  await writeFile(file, markdown.endsWith("\n") ? markdown : `${markdown}\n`);
}
