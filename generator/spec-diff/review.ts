/**
 * The review of one spec, as a pure function: both sides (loaded specs and the text of their
 * files) in; findings (compare.ts grouped by findings.ts), documentation notes, each placed at
 * a file and line, and the suggested version bump out.
 */
import type { LoadedSpec } from "../load/load.js";
import type { Side } from "./change.js";
import { diffSpecs } from "./compare.js";
import { textChanges, type Note } from "./documentation.js";
import { bumpOfFindings, groupChanges, type Finding } from "./findings.js";
import { SideLines } from "./lines.js";
import { largestBump, type Bump } from "./semver.js";

/** One side of a spec: `spec` undefined when it does not exist there. */
export interface SideInput {
  spec: LoadedSpec | undefined;
  /** The text of each file read, by the same paths as `spec.files`. */
  texts: ReadonlyMap<string, string>;
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
}

export function reviewSpec(before: SideInput | undefined, after: SideInput | undefined): SpecReport {
  const findings = groupChanges(diffSpecs(before?.spec, after?.spec));
  const all = textChanges(before?.spec, after?.spec);
  const notes = findings.length > 0 ? all.filter((n) => n.kind === "documentation") : all;
  const lines = { old: new SideLines(before?.texts ?? new Map()), new: new SideLines(after?.texts ?? new Map()) };
  const entries = { old: before?.spec?.entry ?? "", new: after?.spec?.entry ?? "" };
  const place = <T extends { pointer: string; side: Side }>(item: T): T => {
    const hash = item.pointer.indexOf("#");
    const file = hash > 0 ? item.pointer.slice(0, hash) : entries[item.side] || entries.old || entries.new;
    const line = lines[item.side].lineOf(file, item.pointer.slice(hash + 1));
    return { ...item, file, ...(line !== undefined ? { line } : {}) };
  };
  return {
    spec: after?.spec?.entry ?? before?.spec?.entry ?? "",
    findings: findings.map(place),
    notes: notes.map(place),
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
