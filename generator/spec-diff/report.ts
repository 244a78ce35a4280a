/**
 * Renders the review. Pure: reviews in, text out. Plain text for terminals (one line per
 * finding, the methods of shared ones below it, and a summary line) and JSON for tools here;
 * Markdown (a pull-request comment or job summary) in report-markdown.ts; GitHub Actions
 * annotations and JUnit XML in report-ci.ts. Every format carries the suggested version bump.
 */
import { terminalText } from "../print/escape.js";
import { isShared, type Finding } from "./findings.js";
import { renderGithub, renderJunit } from "./report-ci.js";
import { renderMarkdown } from "./report-markdown.js";
import {
  bumpOf,
  bumpReason,
  counts,
  effectName,
  findingRows,
  isAllowed,
  methodsByLevel,
  noteMessage,
  noteRows,
  noteRule,
  NOTES_SHOWN,
  outcome,
  problemRows,
  values,
  type ReportInput,
} from "./report-rows.js";
import { problemsTally, type HeadProblem } from "./head-problems.js";
import type { Format } from "./options.js";
import { LEVELS } from "./rules.js";

export type { SpecReport } from "./review.js";
export { counts, failing, failingProblems, type ReportInput } from "./report-rows.js";

export { FORMATS, type Format } from "./options.js";

export function render(format: Format, input: ReportInput): string {
  switch (format) {
    case "json":
      return renderJson(input);
    case "markdown":
      return renderMarkdown(input);
    case "github":
      return renderGithub(input);
    case "junit":
      return renderJunit(input);
    default:
      return renderText(input);
  }
}

function summaryLine(input: ReportInput): string {
  const findings = input.reports.flatMap((r) => r.findings);
  const n = counts(findings);
  const notes = input.reports.flatMap((r) => r.notes);
  const specs = input.reports.length === 1 ? "1 spec" : `${input.reports.length} specs`;
  const total =
    findings.length === 0 ? "no changes" : findings.length === 1 ? "1 change" : `${findings.length} changes`;
  const docs = notes.length === 0 ? "" : ` and ${notes.length} ${notes.length === 1 ? "note" : "notes"}`;
  const tally = LEVELS.map((level) => `${n[level]} ${level}`).join(", ");
  const contract = findings.length === 0 && notes.length > 0 ? "no contract changes" : total;
  const problems = problemsTally(problemRows(input).map((r) => r.item));
  return `${tally}: ${contract}${docs} in ${specs} (${input.compared}). Suggested version bump: ${bumpOf(input)} (${bumpReason(input)}).${problems ? ` ${problems[0]!.toUpperCase()}${problems.slice(1)}.` : ""}`;
}

/** The new spec's problems as text lines, under a heading; none when it has none. */
function problemLines(input: ReportInput): string[] {
  const rows = problemRows(input);
  if (rows.length === 0) return [];
  const where = (p: HeadProblem) => `${p.file}#${p.pointer}${p.line !== undefined ? ` (line ${p.line})` : ""}`;
  const rule = Math.max(...rows.map((r) => r.item.rule.length));
  const place = Math.max(...rows.map((r) => where(r.item).length));
  return [
    "Problems of the new spec (as npm run gen reports them):",
    ...rows.map(({ item: p }) =>
      [p.level.padEnd(4), p.rule.padEnd(rule), (p.isNew ? "new" : "-").padEnd(3), where(p).padEnd(place)]
        .join("  ")
        .concat(`  — ${p.message}${p.hint ? ` (${p.hint})` : ""}`),
    ),
  ];
}

function renderText(input: ReportInput): string {
  const list = findingRows(input);
  const notes = noteRows(input);
  const methodColumn = (f: Finding) => {
    const distinct = new Set(f.methods.map((m) => m.method));
    return distinct.size === 0 ? "-" : distinct.size === 1 ? f.methods[0]!.method : `${distinct.size} methods`;
  };
  const width = (texts: string[]) => Math.max(0, ...texts.map((t) => t.length));
  const shown = notes.slice(0, NOTES_SHOWN);
  const rule = width([...list.map((r) => r.item.rule), ...shown.map((r) => noteRule(r.item))]);
  const method = width(list.map((r) => methodColumn(r.item)));
  const where = width([...list.map((r) => r.where), ...shown.map((r) => r.where)]);
  const lines: string[] = [];
  for (const { item: f, where: w } of list) {
    lines.push(
      [f.level.padEnd(4), f.rule.padEnd(rule), methodColumn(f).padEnd(method), w.padEnd(where)]
        .join("  ")
        .concat(`  — ${f.message}${values(f)}`),
    );
    if (isShared(f))
      for (const g of methodsByLevel(f.methods))
        lines.push(
          `      ${g.level.padEnd(4)}  ${g.effects.map(effectName).join(", ")}${g.more > 0 ? `, and ${g.more} more` : ""}`,
        );
  }
  for (const { item: n, where: w } of shown)
    lines.push(
      ["NOTE", noteRule(n).padEnd(rule), "-".padEnd(method), w.padEnd(where)].join("  ") + `  — ${noteMessage(n)}`,
    );
  if (notes.length > shown.length) lines.push(`NOTE  … and ${notes.length - shown.length} more notes.`);
  lines.push(...problemLines(input));
  lines.push(summaryLine(input));
  return `${terminalText(lines.join("\n"))}\n`;
}

function renderJson(input: ReportInput): string {
  const findings = findingRows(input).map(({ item: f, spec }) => ({
    spec,
    level: f.level,
    rule: f.rule,
    pointer: f.pointer,
    file: f.file ?? null,
    line: f.line ?? null,
    old: f.old ?? null,
    new: f.new ?? null,
    message: f.message,
    allowed: isAllowed(input, f),
    methods: f.methods.map((m) => ({
      method: m.method,
      level: m.level,
      rule: m.rule,
      via: m.via ?? null,
      message: m.message,
    })),
  }));
  const notes = noteRows(input).map(({ item: n, spec }) => ({
    spec,
    kind: n.kind,
    change: n.change,
    pointer: n.pointer,
    file: n.file ?? null,
    line: n.line ?? null,
  }));
  const all = input.reports.flatMap((r) => r.findings);
  // `review`: passes, fails, or `allowed` (findings at --fail-on, allowed by --allow-breaking); `allowed` per finding too.
  const problems = problemRows(input).map(({ item: p, spec }) => ({
    spec,
    level: p.level,
    rule: p.rule,
    file: p.file,
    pointer: p.pointer,
    line: p.line ?? null,
    message: p.message,
    hint: p.hint ?? null,
    new: p.isNew,
  }));
  const value = {
    compared: input.compared,
    bump: bumpOf(input),
    review: outcome(input),
    counts: counts(all),
    findings,
    notes,
    // The new spec's own problems, as `npm run gen` reports them (ERR: gen refuses the spec; WARN: a warning).
    problems,
  };
  return `${JSON.stringify(value, null, 2)}\n`;
}
