/**
 * The review as Markdown: a pull-request comment or a CI job summary (`$GITHUB_STEP_SUMMARY`).
 * The counts, the suggested version bump, a table of findings with the methods each affects,
 * and the documentation notes. Spec text is inert: no HTML, links, mentions or issue references.
 */
import { markdownCodeSpan, markdownComment } from "../print/escape.js";
import { isShared, type Finding } from "./findings.js";
import {
  bumpOf,
  bumpReason,
  counts,
  failing,
  outcome,
  ALLOWED,
  findingRows,
  methodsByLevel,
  noteMessage,
  noteRows,
  NOTES_SHOWN,
  problemRows,
  failingProblems,
  type ReportInput,
} from "./report-rows.js";
import { problemsTally } from "./head-problems.js";
import { show } from "./change.js";
import { LEVELS } from "./rules.js";

/** Spec-controlled text in a table cell. */
const cell = markdownComment;
/** Spec-controlled text as inline code (inert by nature: no mentions or HTML inside code). */
const code = markdownCodeSpan;

function where(text: string, line: number | undefined): string {
  return line === undefined ? code(text) : `${code(text)} (line ${line})`;
}

function methodsCell(f: Finding): string {
  if (f.methods.length === 0) return "—";
  if (!isShared(f)) return code(f.methods[0]!.method);
  return methodsByLevel(f.methods, 20)
    .map((g) => {
      const level = g.level === "INFO" ? g.level : `**${g.level}**`;
      const names = g.effects.map((e) => (e.via ? `${code(e.method)} (${cell(e.via)})` : code(e.method)));
      return `${level}: ${names.join(", ")}${g.more > 0 ? `, and ${g.more} more` : ""}`;
    })
    .join("; ");
}

/** The new spec's own problems: a table under its heading, or nothing. */
function problemsSection(input: ReportInput): string[] {
  const rows = problemRows(input);
  if (rows.length === 0) return [];
  const out = [
    // Our own words and counts: no spec text in the heading.
    `#### ${problemsTally(rows.map((r) => r.item))}`,
    "",
    "| Level | Rule | Where | Problem | New |",
    "|---|---|---|---|---|",
  ];
  for (const { item: p } of rows) {
    const level = `**${p.level}**`;
    const problem = p.hint ? `${cell(p.message)} ${cell(`(${p.hint})`)}` : cell(p.message);
    out.push(
      `| ${level} | ${code(p.rule)} | ${where(`${p.file}#${p.pointer}`, p.line)} | ${problem} | ${p.isNew ? "**new**" : "—"} |`,
    );
  }
  out.push("");
  return out;
}

export function renderMarkdown(input: ReportInput): string {
  const list = findingRows(input);
  const notes = noteRows(input);
  const n = counts(list.map((r) => r.item));
  const tally = LEVELS.map((level) =>
    n[level] > 0 && level !== "INFO" ? `**${n[level]} ${level}**` : `${n[level]} ${level}`,
  ).join(" · ");
  const specs = input.reports.map((r) => code(r.spec)).join(", ");
  const bump = bumpOf(input);
  const out = [
    "### OpenRPC breaking-change review",
    "",
    `${tally} — ${specs} (${cell(input.compared)})`,
    "",
    `Suggested version bump for the generated package: **${bump}** (${bumpReason(input)}).`,
    "",
  ];
  const failures = failing(input).length + failingProblems(input).length;
  const verdict = outcome(input) === "allowed" ? `passes: ${failures}` : `fails: ${failures}`;
  const allowed = outcome(input) === "allowed" ? `, ${ALLOWED} (the break is intended)` : "";
  if (failures > 0) out.push(`The review ${verdict} at ${input.failOn ?? "ERR"} or worse${allowed}.`, "");
  out.push(...problemsSection(input));
  if (list.length === 0 && notes.length === 0) {
    out.push("No changes to the API contract.");
    return `${out.join("\n")}\n`;
  }
  if (list.length === 0) out.push("No changes to the API contract.", "");
  else {
    out.push("| Level | Rule | Where | Change | Methods |", "|---|---|---|---|---|");
    for (const { item: f, where: w } of list) {
      const level = f.level === "INFO" ? f.level : `**${f.level}**`;
      const change =
        f.old === undefined && f.new === undefined
          ? cell(f.message)
          : `${cell(f.message)} (${code(show(f.old))} → ${code(show(f.new))})`;
      out.push(`| ${level} | ${code(f.rule)} | ${where(w, f.line)} | ${change} | ${methodsCell(f)} |`);
    }
    out.push("");
  }
  if (notes.length > 0) {
    out.push(`**Notes** (${notes.length}):`, "");
    for (const { item, where: w } of notes.slice(0, NOTES_SHOWN))
      out.push(`- ${where(w, item.line)}: ${cell(noteMessage(item))}`);
    if (notes.length > NOTES_SHOWN) out.push(`- … and ${notes.length - NOTES_SHOWN} more.`);
    out.push("");
  }
  return `${out.join("\n").trimEnd()}\n`;
}
