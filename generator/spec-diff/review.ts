/**
 * The review of one spec, as pure functions: both sides (loaded specs and the text of their
 * files) in; findings (compare.ts grouped by findings.ts) and notes, each placed in its file, out
 * (`reviewSpec`); then the line of each (`withLines`, which loads the YAML parser only when there
 * is something to place); and the suggested version bump.
 */
import type { LoadedSpec } from "../load/load.js";
import type { LoadProblem } from "../load/load-model.js";
import { headProblems, type HeadProblem } from "./head-problems.js";
import type { DocumentModel } from "../model/document.js";
import type { Side } from "./change.js";
import { diffDocuments, emptyModel } from "./compare.js";
import { textChanges, type Note } from "./documentation.js";
import { bumpOfFindings, groupChanges, type Finding } from "./findings.js";
import { largestBump, type Bump } from "./semver.js";

/** One side of a spec: `spec` undefined when it does not exist there. */
export interface SideInput {
  spec: LoadedSpec | undefined;
  /** The spec's normalized document, as `loadModel` made it (with every check `npm run gen` makes); set with `spec`. */
  document: DocumentModel | undefined;
  /** The text of each file read, by the same paths as `spec.files`. */
  texts: ReadonlyMap<string, string>;
  /** The side's own problems as `npm run gen` reports them, when the review reports them (spec:diff). */
  problems?: readonly LoadProblem[];
}

/** The document of a side, or `undefined` when the spec does not exist there. */
export function documentOf(side: SideInput | undefined): DocumentModel | undefined {
  return side?.spec ? side.document : undefined;
}

/** The review of one spec document. */
export interface SpecReport {
  /** The spec's path (the new side's, or the old side's when it was deleted). */
  spec: string;
  findings: Finding[];
  /**
   * Documentation changes; when the contract did not change at all, also the differences the
   * rules do not grade (`other`), so that no edit goes unreported.
   */
  notes: Note[];
  /** The new side's own problems (lint, examples, the reading policy), when its side carried them. */
  problems?: HeadProblem[];
}

export function reviewSpec(before: SideInput | undefined, after: SideInput | undefined): SpecReport {
  const source = after?.spec?.entry ?? before?.spec?.entry ?? "";
  const [old, now] = [documentOf(before), documentOf(after)];
  const findings = groupChanges(diffDocuments(old ?? emptyModel(source), now ?? emptyModel(source)));
  const all = textChanges(before?.spec, after?.spec);
  const notes = findings.length > 0 ? all.filter((n) => n.kind === "documentation") : all;
  const entries = { old: before?.spec?.entry ?? "", new: after?.spec?.entry ?? "" };
  const place = <T extends { pointer: string; side: Side }>(item: T): T => {
    const hash = item.pointer.indexOf("#");
    return { ...item, file: hash > 0 ? item.pointer.slice(0, hash) : entries[item.side] || entries.old || entries.new };
  };
  return {
    spec: source,
    findings: findings.map(place),
    notes: notes.map(place),
    ...(after?.problems
      ? { problems: headProblems(after.problems, before?.spec ? before.problems : undefined, entries) }
      : {}),
  };
}

/** The report with the line of each finding and note in its file (on its side), where the text is known. */
export async function withLines(
  report: SpecReport,
  before: SideInput | undefined,
  after: SideInput | undefined,
): Promise<SpecReport> {
  if (report.findings.length === 0 && report.notes.length === 0 && !report.problems?.length) return report;
  const { SideLines } = await import("./lines.js");
  const lines = { old: new SideLines(before?.texts ?? new Map()), new: new SideLines(after?.texts ?? new Map()) };
  const line = <T extends { pointer: string; side: Side; file?: string }>(item: T): T => {
    const at =
      item.file === undefined ? undefined : lines[item.side].lineOf(item.file, item.pointer.replace(/^[^#]*#/, ""));
    return at === undefined ? item : { ...item, line: at };
  };
  const problems = report.problems?.map((p) => {
    const at = lines.new.lineOf(p.file, p.pointer);
    return at === undefined ? p : { ...p, line: at };
  });
  return {
    ...report,
    findings: report.findings.map(line),
    notes: report.notes.map(line),
    ...(problems ? { problems } : {}),
  };
}

/** The bump one spec's review suggests: from its findings, or a patch for notes alone. */
export function bumpOfReport(report: SpecReport): Bump {
  return largestBump([bumpOfFindings(report.findings), report.notes.length > 0 ? "patch" : "none"]);
}

/** The bump for several specs reviewed together (one package): the largest. */
export function bumpOfReports(reports: readonly SpecReport[]): Bump {
  return largestBump(reports.map(bumpOfReport));
}
