/** What every rendering of the review shares: rows in report order, counts, the bump and its reason, note wording. */
import { show, type Change } from "./change.js";
import type { Note } from "./documentation.js";
import type { Effect, Finding } from "./findings.js";
import type { HeadProblem } from "./head-problems.js";
import { bumpOfReports, type SpecReport } from "./review.js";
import { atLeast, LEVELS, type Level } from "./rules.js";
import type { Bump } from "./semver.js";

export interface ReportInput {
  reports: SpecReport[];
  /** What was compared with what: `HEAD → working tree`, `old.json → new.json`. */
  compared: string;
  /** Findings at this level or worse fail the review (JUnit failures); default ERR. */
  failOn?: Level;
  /** Prefixed to file paths in annotations and JUnit (the working folder inside the repository, `pkg/`). */
  pathPrefix?: string;
  /**
   * `--allow-breaking`: the findings at `failOn` or worse are intended. Every format still reports
   * them at their level and says they are allowed; none counts them as failures (README.md).
   */
  allowBreaking?: boolean;
}

/** A finding or note with the spec it belongs to and its place as shown (the spec named when several were reviewed). */
export interface Row<T> {
  item: T;
  spec: string;
  where: string;
}

function place(several: boolean, spec: string, pointer: string): string {
  return several && pointer.startsWith("#") ? `${spec}${pointer}` : pointer;
}

/** All findings, most severe first (spec order within a level). */
export function findingRows(input: ReportInput): Row<Finding>[] {
  const several = input.reports.length > 1;
  return input.reports
    .flatMap((r) => r.findings.map((item) => ({ item, spec: r.spec, where: place(several, r.spec, item.pointer) })))
    .map((row, i) => ({ row, i }))
    .sort((x, y) => LEVELS.indexOf(x.row.item.level) - LEVELS.indexOf(y.row.item.level) || x.i - y.i)
    .map(({ row }) => row);
}

export function noteRows(input: ReportInput): Row<Note>[] {
  const several = input.reports.length > 1;
  return input.reports.flatMap((r) =>
    r.notes.map((item) => ({ item, spec: r.spec, where: place(several, r.spec, item.pointer) })),
  );
}

export function counts(items: readonly { level: Level }[]): Record<Level, number> {
  const out: Record<Level, number> = { ERR: 0, WARN: 0, INFO: 0 };
  for (const c of items) out[c.level]++;
  return out;
}

/** The findings that fail the review at `failOn`. */
export function failing(input: ReportInput): Finding[] {
  return input.reports.flatMap((r) => r.findings).filter((f) => atLeast(f.level, input.failOn ?? "ERR"));
}

/** The new spec's problems, with the spec each belongs to, errors first. */
export function problemRows(input: ReportInput): Row<HeadProblem>[] {
  const rows = input.reports.flatMap((r) =>
    (r.problems ?? []).map((item) => ({ item, spec: r.spec, where: `${item.file}#${item.pointer}` })),
  );
  return [...rows.filter((r) => r.item.level === "ERR"), ...rows.filter((r) => r.item.level === "WARN")];
}

/**
 * The new spec's problems that fail the review at `failOn`: an ERR (a problem `npm run gen`
 * refuses the spec for) always does at the default; `--allow-breaking` never allows one, since it
 * is no change of the contract that could be intended.
 */
export function failingProblems(input: ReportInput): HeadProblem[] {
  return problemRows(input)
    .map((r) => r.item)
    .filter((p) => atLeast(p.level, input.failOn ?? "ERR"));
}

/** Whether the review passes, fails, or passes because `--allow-breaking` allows its failing findings. */
export function outcome(input: ReportInput): "passes" | "fails" | "allowed" {
  if (failingProblems(input).length > 0) return "fails";
  if (failing(input).length === 0) return "passes";
  return input.allowBreaking ? "allowed" : "fails";
}

/** ` (new)` after a problem the base does not have. */
export function newMark(p: HeadProblem): string {
  return p.isNew ? " (new)" : "";
}

/** Whether this finding would fail the review, and `--allow-breaking` allows it. */
export function isAllowed(input: ReportInput, finding: Finding): boolean {
  return input.allowBreaking === true && atLeast(finding.level, input.failOn ?? "ERR");
}

/** What the formats say of an allowed finding. */
export const ALLOWED = "allowed by --allow-breaking";

export function bumpOf(input: ReportInput): Bump {
  return bumpOfReports(input.reports);
}

/** Why the bump: said in words after it. */
export function bumpReason(input: ReportInput): string {
  const findings = input.reports.flatMap((r) => r.findings);
  const n = counts(findings);
  if (n.ERR + n.WARN > 0) return "changes that break or may break callers";
  if (n.INFO > 0) return "compatible changes to the contract";
  const notes = input.reports.flatMap((r) => r.notes);
  if (notes.some((x) => x.kind === "documentation")) return "documentation only";
  return notes.length > 0 ? "edits no rule grades" : "no changes";
}

export function values(c: Pick<Change, "old" | "new">): string {
  return c.old === undefined && c.new === undefined ? "" : ` (${show(c.old)} → ${show(c.new)})`;
}

/** The methods of a finding by level, most severe first; at most `max` per level (`more` counts the rest). */
export function methodsByLevel(
  methods: readonly Effect[],
  max = 12,
): { level: Level; effects: Effect[]; more: number }[] {
  return LEVELS.map((level) => {
    const effects = methods.filter((m) => m.level === level);
    return { level, effects: effects.slice(0, max), more: Math.max(0, effects.length - max) };
  }).filter((g) => g.effects.length > 0);
}

/** `adv_getLogs (param blockchain)`: the method, and where it meets the node when that is in a shared type. */
export function effectName(e: Effect): string {
  return e.via ? `${e.method} (${e.via})` : e.method;
}

/** `ERR: a (param x), b; INFO: c (the result)`, as plain text. */
export function methodsText(methods: readonly Effect[], max = 12): string {
  return methodsByLevel(methods, max)
    .map((g) => `${g.level}: ${g.effects.map(effectName).join(", ")}${g.more > 0 ? `, and ${g.more} more` : ""}`)
    .join("; ");
}

/** The one-line name of a note's change, as the rule column shows it. */
export function noteRule(note: Note): string {
  return note.kind === "documentation" ? "documentation" : "not-graded";
}

export function noteMessage(note: Note): string {
  return note.kind === "documentation"
    ? `Documentation ${note.change}; existing callers are unaffected.`
    : `This part of the document was ${note.change}, and no rule grades it; review it by hand.`;
}

/** At most this many notes are listed in text and Markdown; the count says the rest. */
export const NOTES_SHOWN = 20;
