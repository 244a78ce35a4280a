/**
 * Renders the review: plain text for terminals (one line per change and a summary line),
 * Markdown for a pull-request comment, JSON for tools. Pure: changes in, text out.
 */
import { markdownCodeSpan, markdownComment, terminalText } from "../print/escape.js";
import { show, type Change } from "./change.js";
import { LEVELS, type Level } from "./rules.js";

/** The changes found in one spec document. */
export interface SpecReport {
  /** The spec's path (the new side's, or the old side's when it was deleted). */
  spec: string;
  changes: Change[];
}

export type Format = "text" | "markdown" | "json";

export interface ReportInput {
  reports: SpecReport[];
  /** What was compared with what: `HEAD → working tree`, `old.json → new.json`. */
  compared: string;
}

export function render(format: Format, input: ReportInput): string {
  if (format === "json") return renderJson(input);
  return format === "markdown" ? renderMarkdown(input) : renderText(input);
}

interface Row {
  change: Change;
  where: string;
}

/** All changes, most severe first; places carry the spec path when several specs are compared. */
function rows(input: ReportInput): Row[] {
  const several = input.reports.length > 1;
  const all = input.reports.flatMap((r) =>
    r.changes.map((change) => ({
      change,
      where: several && change.pointer.startsWith("#") ? `${r.spec}${change.pointer}` : change.pointer,
    })),
  );
  return all
    .map((row, i) => ({ row, i }))
    .sort((x, y) => LEVELS.indexOf(x.row.change.level) - LEVELS.indexOf(y.row.change.level) || x.i - y.i)
    .map(({ row }) => row);
}

export function counts(changes: Change[]): Record<Level, number> {
  const out: Record<Level, number> = { ERR: 0, WARN: 0, INFO: 0 };
  for (const c of changes) out[c.level]++;
  return out;
}

function countLine(changes: Change[]): string {
  const n = counts(changes);
  return LEVELS.map((level) => `${n[level]} ${level}`).join(", ");
}

function values(c: Change): string {
  return c.old === undefined && c.new === undefined ? "" : ` (${show(c.old)} → ${show(c.new)})`;
}

function renderText(input: ReportInput): string {
  const list = rows(input);
  const width = (pick: (r: Row) => string) => Math.max(0, ...list.map((r) => pick(r).length));
  const [rule, method, where] = [
    width((r) => r.change.rule),
    width((r) => r.change.method ?? "-"),
    width((r) => r.where),
  ];
  const lines = list.map(({ change: c, where: w }) =>
    [
      c.level.padEnd(4),
      c.rule.padEnd(rule),
      (c.method ?? "-").padEnd(method),
      w.padEnd(where),
      `— ${c.message}${values(c)}`,
    ].join("  "),
  );
  const all = list.map((r) => r.change);
  const specs = input.reports.length === 1 ? "1 spec" : `${input.reports.length} specs`;
  const total = all.length === 0 ? "no changes" : all.length === 1 ? "1 change" : `${all.length} changes`;
  lines.push(`${countLine(all)}: ${total} in ${specs} (${input.compared}).`);
  return `${terminalText(lines.join("\n"))}\n`;
}

/** Spec-controlled text in a table cell: inert Markdown (no HTML, links, mentions or issue references). */
function cell(text: string): string {
  return markdownComment(text);
}

/** Spec-controlled text as inline code (inert by nature: no mentions or HTML inside code). */
function code(text: string): string {
  return markdownCodeSpan(text);
}

function renderMarkdown(input: ReportInput): string {
  const list = rows(input);
  const all = list.map((r) => r.change);
  const n = counts(all);
  const tally = LEVELS.map((level) =>
    n[level] > 0 && level !== "INFO" ? `**${n[level]} ${level}**` : `${n[level]} ${level}`,
  ).join(" · ");
  const specs = input.reports.map((r) => code(r.spec)).join(", ");
  const out = ["### OpenRPC breaking-change review", "", `${tally} — ${specs} (${cell(input.compared)})`, ""];
  if (list.length === 0) {
    out.push("No changes to the API contract.");
    return `${out.join("\n")}\n`;
  }
  out.push("| Level | Rule | Method | Where | Change |", "|---|---|---|---|---|");
  for (const { change: c, where } of list) {
    const level = c.level === "INFO" ? c.level : `**${c.level}**`;
    const change =
      c.old === undefined && c.new === undefined
        ? cell(c.message)
        : `${cell(c.message)} (${code(show(c.old))} → ${code(show(c.new))})`;
    out.push(`| ${level} | ${code(c.rule)} | ${c.method ? code(c.method) : "—"} | ${code(where)} | ${change} |`);
  }
  return `${out.join("\n")}\n`;
}

function renderJson(input: ReportInput): string {
  const list = rows(input).map(({ change: c }) => c);
  const spec = new Map(input.reports.flatMap((r) => r.changes.map((c) => [c, r.spec] as const)));
  const entries = list.map((c) => ({
    spec: spec.get(c),
    level: c.level,
    rule: c.rule,
    method: c.method,
    pointer: c.pointer,
    old: c.old ?? null,
    new: c.new ?? null,
    message: c.message,
  }));
  return `${JSON.stringify(entries, null, 2)}\n`;
}
