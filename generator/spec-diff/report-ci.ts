/**
 * The review for CI systems. `github`: GitHub Actions workflow commands, `::error` for breaking
 * findings and `::warning` for risky ones, each at the file and line of the changed node (the
 * base document's line for removals), then the summary as a plain log line. `junit`: JUnit XML,
 * one test case per finding, failing at the `--fail-on` level (GitLab, Jenkins, Azure DevOps
 * and others show these in merge requests). With `--allow-breaking` those findings keep their
 * level and say they are allowed: the annotation's title, and a skipped (not failed) test case,
 * so that no CI marks the build failed or unstable when the command passed.
 */
import { githubCommandData, githubCommandProperty, xmlText } from "../print/escape.js";
import { isShared, type Finding } from "./findings.js";
import {
  ALLOWED,
  bumpOf,
  bumpReason,
  counts,
  findingRows,
  isAllowed,
  methodsText,
  newMark,
  problemRows,
  values,
  type ReportInput,
} from "./report-rows.js";
import { problemsTally, type HeadProblem } from "./head-problems.js";
import { atLeast, LEVELS } from "./rules.js";

const TITLES = { ERR: "Breaking change", WARN: "Risky change", INFO: "Compatible change" } as const;

function fileOf(input: ReportInput, f: Finding, spec: string): string {
  return `${input.pathPrefix ?? ""}${f.file ?? spec}`;
}

/** The message with the methods it affects, for both formats. */
function details(f: Finding): string {
  return `${f.message}${values(f)}${isShared(f) ? ` Methods — ${methodsText(f.methods, 30)}.` : ""}`;
}

function summary(input: ReportInput): string {
  const n = counts(input.reports.flatMap((r) => r.findings));
  const notes = input.reports.reduce((sum, r) => sum + r.notes.length, 0);
  const problems = problemsTally(problemRows(input).map((r) => r.item));
  return `OpenRPC review (${input.compared}): ${LEVELS.map((l) => `${n[l]} ${l}`).join(", ")}, ${notes} notes. Suggested version bump: ${bumpOf(input)} (${bumpReason(input)}).${problems ? ` ${problems}.` : ""}`;
}

/** A problem's file as CI resolves it: git names the base's files `<ref>:<path>`; the new side's are on disk. */
function problemFile(input: ReportInput, p: HeadProblem): string {
  return `${input.pathPrefix ?? ""}${p.file}`;
}

function problemText(p: HeadProblem): string {
  return `${p.message}${p.hint ? ` (${p.hint})` : ""}`;
}

export function renderGithub(input: ReportInput): string {
  const lines: string[] = [];
  for (const { item: f, spec } of findingRows(input)) {
    if (f.level === "INFO") continue;
    const command = f.level === "ERR" ? "error" : "warning";
    const props = [
      `file=${githubCommandProperty(fileOf(input, f, spec))}`,
      ...(f.line !== undefined ? [`line=${f.line}`] : []),
      `title=${githubCommandProperty(`${TITLES[f.level]}: ${f.rule}${f.side === "old" ? " (line in the base)" : ""}${isAllowed(input, f) ? ` (${ALLOWED})` : ""}`)}`,
    ];
    lines.push(`::${command} ${props.join(",")}::${githubCommandData(details(f))}`);
  }
  for (const { item: p } of problemRows(input)) {
    const props = [
      `file=${githubCommandProperty(problemFile(input, p))}`,
      ...(p.line !== undefined ? [`line=${p.line}`] : []),
      `title=${githubCommandProperty(`Problem in the spec: ${p.rule}${newMark(p)}`)}`,
    ];
    lines.push(`::${p.level === "ERR" ? "error" : "warning"} ${props.join(",")}::${githubCommandData(problemText(p))}`);
  }
  lines.push(githubCommandData(summary(input)));
  return `${lines.join("\n")}\n`;
}

/** The new spec's problems as a test suite of their own: one case each, failing at the threshold (never skipped). */
function problemSuite(
  input: ReportInput,
  spec: string,
  problems: readonly HeadProblem[],
  threshold: "ERR" | "WARN" | "INFO",
): { lines: string[]; tests: number; failures: number } | undefined {
  if (problems.length === 0) return undefined;
  const name = `problems of ${spec}`;
  const cases: string[] = [];
  let failures = 0;
  for (const p of problems) {
    const file = problemFile(input, p);
    const attributes = [
      `classname="${xmlText(name)}"`,
      `name="${xmlText(`${p.level} ${p.rule} ${p.pointer}${newMark(p)}`)}"`,
      `file="${xmlText(file)}"`,
      ...(p.line !== undefined ? [`line="${p.line}"`] : []),
    ].join(" ");
    if (!atLeast(p.level, threshold)) {
      cases.push(`    <testcase ${attributes}/>`);
      continue;
    }
    failures++;
    const where = `${file}${p.line !== undefined ? `:${p.line}` : ""} (${p.pointer})`;
    cases.push(
      `    <testcase ${attributes}>`,
      `      <failure type="${xmlText(p.rule)}" message="${xmlText(p.message)}">${xmlText(`${problemText(p)}\n${where}`)}</failure>`,
      `    </testcase>`,
    );
  }
  return {
    tests: problems.length,
    failures,
    lines: [
      `  <testsuite name="${xmlText(name)}" tests="${problems.length}" failures="${failures}" errors="0" skipped="0">`,
      ...cases,
      `  </testsuite>`,
    ],
  };
}

export function renderJunit(input: ReportInput): string {
  const threshold = input.failOn ?? "ERR";
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let allSkipped = 0;
  for (const report of input.reports) {
    const cases: string[] = [];
    let failed = 0;
    let skipped = 0;
    for (const f of report.findings) {
      const fails = atLeast(f.level, threshold);
      const file = fileOf(input, f, report.spec);
      const attributes = [
        `classname="${xmlText(report.spec)}"`,
        `name="${xmlText(`${f.level} ${f.rule} ${f.pointer}`)}"`,
        `file="${xmlText(file)}"`,
        ...(f.line !== undefined ? [`line="${f.line}"`] : []),
      ].join(" ");
      if (!fails) {
        cases.push(`    <testcase ${attributes}/>`);
        continue;
      }
      const where = `${file}${f.line !== undefined ? `:${f.line}` : ""} (${f.pointer})`;
      if (isAllowed(input, f)) {
        skipped++;
        const message = `${f.level}, ${ALLOWED}: ${f.message}`;
        cases.push(
          `    <testcase ${attributes}>`,
          `      <skipped message="${xmlText(message)}">${xmlText(`${details(f)}\n${where}`)}</skipped>`,
          `    </testcase>`,
        );
        continue;
      }
      failed++;
      cases.push(
        `    <testcase ${attributes}>`,
        `      <failure type="${xmlText(f.rule)}" message="${xmlText(f.message)}">${xmlText(`${details(f)}\n${where}`)}</failure>`,
        `    </testcase>`,
      );
    }
    if (report.findings.length === 0)
      cases.push(`    <testcase classname="${xmlText(report.spec)}" name="no changes to the API contract"/>`);
    const count = Math.max(1, report.findings.length);
    tests += count;
    failures += failed;
    allSkipped += skipped;
    suites.push(
      `  <testsuite name="${xmlText(report.spec)}" tests="${count}" failures="${failed}" errors="0" skipped="${skipped}">`,
      ...cases,
      `  </testsuite>`,
    );
    const problems = problemSuite(input, report.spec, report.problems ?? [], threshold);
    if (problems) {
      tests += problems.tests;
      failures += problems.failures;
      suites.push(...problems.lines);
    }
  }
  const name = `OpenRPC breaking-change review (${input.compared}); suggested version bump: ${bumpOf(input)}`;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="${xmlText(name)}" tests="${tests}" failures="${failures}" errors="0" skipped="${allSkipped}">`,
    ...suites,
    `</testsuites>`,
    "",
  ].join("\n");
}
