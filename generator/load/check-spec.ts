/**
 * The check of one loaded document, the part of `loadModel` (./load-model.ts) that sees one
 * document at a time: validate (with the fallbacks the policy allows) → normalize → examples,
 * each problem with its severity; and the same check with its slow parts beside this thread
 * (./examples-beside.ts), for a one-shot `npm run gen`. Pure: a function of the loaded files and
 * the policy (the worker reads nothing).
 *
 * The reading policy (generator/policy/): every finding names its rule, and the policy makes it an
 * error or a warning. A warning whose fallback is an edit of the document has it applied to a copy
 * of the files, and the copy is validated again, until nothing is left to repair; then the copy is
 * normalized (normalize applies the fallbacks that are not edits, and reports them by rule too).
 * Problems name places of the document as read, however many array items a fallback left out.
 */
import type { DocumentModel, Problem } from "../model/document.js";
import { normalizeDocument } from "../normalize/document.js";
import { asReported, severityOf, type Finding, type ReadingPolicy, type Severity } from "../policy/policy.js";
import { applyRepairs, originalPointer, type Removal, type Repair } from "../policy/repair.js";
import { RULES } from "../policy/rules.js";
import { validateExamples, type ExamplesCache } from "../validate/examples.js";
import type { RiskOf } from "../validate/keywords.js";
import { validateSpec } from "../validate/spec.js";
import { checkExamplesBeside, judgePatternsBeside } from "./examples-beside.js";
import type { LoadedSpec } from "./load.js";

export type { Severity } from "../policy/policy.js";

/** A problem found while loading, with what it means: `error` stops every command, `warning` does not. */
export interface LoadProblem extends Problem {
  severity: Severity;
}

/** What loading one document produced: kept by content in a warm process (see `LoadCache` in ./load-model.ts). */
export interface CheckedSpec {
  problems: LoadProblem[];
  /** The normalized document, when it has no problem of severity `error`. */
  document?: DocumentModel;
}

/** A check made beside: the first look (problems so far, the document), and the verdict to come. */
export interface PendingSpec extends CheckedSpec {
  verdict: Promise<CheckedSpec>;
}

/** Rounds of validate → repair before a document that keeps needing repairs is given up on. */
const MAX_ROUNDS = 32;

/**
 * Validate → normalize → examples for one document: pure, a function of the loaded files and the
 * policy. With "beside" for the examples cache, the slow checks run beside this thread and the
 * check resolves before them, as a PendingSpec (see checkBeside).
 */
export async function checkSpec(
  spec: LoadedSpec,
  policy: ReadingPolicy,
  examplesCache: ExamplesCache | "beside" | undefined,
): Promise<CheckedSpec> {
  if (examplesCache === "beside") return checkBeside(spec, policy);
  const read = readDocument(spec, policy, undefined);
  const first = normalized(read, policy, () => normalizeDocument(read.spec));
  if (!first.document) return first;
  return withExamples(first, await validateExamples(first.document, examplesCache), policy);
}

/** The document as read: the loaded files with the allowed fallbacks applied, and what was found. */
interface Read {
  spec: LoadedSpec;
  problems: LoadProblem[];
  failed: boolean;
  /** Array items the fallbacks left out, in order: problems found later are put back in place by them. */
  removals: Removal[];
  /** The edits made, as text: two reads with the same edits read the same document. */
  edits: string;
}

/**
 * Rounds of validation, each applying the edits of the findings that the policy makes warnings,
 * until a round finds nothing left to repair (or an error, which stops it). A round that holds
 * back a check (./validate/spec.ts) and has nothing to repair has findings without a usable
 * fallback: they are errors.
 */
function readDocument(loaded: LoadedSpec, policy: ReadingPolicy, riskOf: RiskOf | undefined): Read {
  const report = new Reporter(policy);
  let spec = loaded;
  const removals: Removal[] = [];
  const edits: Repair[] = [];
  report.add(loaded.findings ?? [], removals);
  // Places the fallbacks left out (file#pointer): a later finding that they are missing is no news.
  const leftOut = new Set<string>();
  let previous = "";
  for (let round = 1; !report.failed; round++) {
    const found = validateSpec(spec, riskOf);
    const findings = [...found.problems, ...found.warnings].map((f) =>
      f.after !== undefined && leftOut.has(f.after) ? { ...f, quiet: true } : f,
    );
    const repairs = report.add(findings, removals);
    if (report.failed) break;
    if (repairs.length === 0 || round > MAX_ROUNDS) {
      if (!found.complete || repairs.length > 0) report.giveUp(found.problems, removals);
      break;
    }
    // The same edits as the round before did not help: they will not now.
    const asked = JSON.stringify(repairs);
    const next = asked === previous ? undefined : applyRepairs(spec, repairs);
    previous = asked;
    if (!next || next.edits === 0) {
      report.giveUp(found.problems, removals);
      break;
    }
    spec = next.spec;
    for (const r of repairs) if (r.op === "remove") leftOut.add(`${r.file}#${r.pointer}`);
    removals.push(...next.removals);
    edits.push(...repairs);
  }
  return { spec, problems: report.problems, failed: report.failed, removals, edits: JSON.stringify(edits) };
}

/** The problems of a read, each once, in the order found, with their severities under the policy. */
class Reporter {
  readonly problems: LoadProblem[] = [];
  failed = false;
  private readonly seen = new Map<string, LoadProblem>();

  constructor(private readonly policy: ReadingPolicy) {}

  /** Reports the findings (placed as in the document as read); returns the edits of those that are warnings. */
  add(findings: readonly Finding[], removals: readonly Removal[]): Repair[] {
    const repairs: Repair[] = [];
    for (const f of findings) {
      const severity = severityOf(f.rule, this.policy);
      if (severity === "error") this.failed = true;
      else if (f.repair) repairs.push(...f.repair);
      this.report(f, severity, removals);
    }
    return repairs;
  }

  /** Findings whose fallback could not be made: errors, whatever the policy. */
  giveUp(findings: readonly Finding[], removals: readonly Removal[]): void {
    this.failed = true;
    for (const f of findings) {
      const problem = this.report({ ...f, quiet: false }, "error", removals)!;
      problem.severity = "error";
      problem.hint = `${f.hint ? `${f.hint} ` : ""}No fallback applies here: fix the document.`;
    }
  }

  private report(f: Finding, severity: Severity, removals: readonly Removal[]): LoadProblem | undefined {
    if (f.quiet) return undefined;
    const { repair: _repair, after: _after, quiet: _quiet, ...problem } = asReported(f, severity) as Finding;
    const placed = { ...problem, pointer: originalPointer(f.file, f.pointer, removals), severity };
    const key = `${placed.file}#${placed.pointer}\0${placed.message}`;
    const known = this.seen.get(key);
    if (known) return known;
    this.seen.set(key, placed);
    this.problems.push(placed);
    return placed;
  }
}

/**
 * The read's problems, then, when it has no error, normalize's (with the fallbacks it applies) and
 * the document; without the document when one of normalize's is an error under the policy.
 */
function normalized(read: Read, policy: ReadingPolicy, normalize: () => DocumentModel): CheckedSpec {
  if (read.failed) return { problems: read.problems };
  const document = normalize();
  const report = new Reporter(policy);
  for (const p of read.problems) report.problems.push(p);
  const findings = document.warnings.map((w): Finding => ({ ...w, rule: w.rule ?? "unchecked" }));
  report.add(findings, read.removals);
  const warnings = report.problems.slice(read.problems.length);
  const problems = [...read.problems, ...warnings];
  if (report.failed) return { problems };
  return { problems, document: { ...document, warnings: warnings.filter((w) => w.severity === "warning") } };
}

/** A normalized check with its examples' problems: without the document when one is an error. */
function withExamples(checked: CheckedSpec, found: Problem[], policy: ReadingPolicy): CheckedSpec {
  const exampleProblems = found.map((p) => {
    const severity = severityOf("example", policy);
    return { ...asReported({ ...p, rule: "example" }, severity), severity };
  });
  const problems = [...checked.problems, ...exampleProblems];
  return exampleProblems.some((p) => p.severity === "error") ? { problems } : { problems, document: checked.document! };
}

/**
 * The check of one document with its slow parts beside this thread (./examples-beside.ts: a worker
 * thread in the bundled CLI): the backtracking of its patterns and its examples. This thread
 * reads the document without the backtracking verdicts (their patterns go to the worker at once),
 * normalizes and sends the document for its examples; the caller may start on that document. The
 * verdict is the plain check's, made of the same parts: the document read again with every pattern
 * judged (normalized again only when a verdict changed what was read), then the examples' problems.
 */
function checkBeside(spec: LoadedSpec, policy: ReadingPolicy): PendingSpec {
  const patterns: [string, string][] = [];
  const asked = new Set<string>();
  const quick = readDocument(spec, policy, (pattern, flags) => {
    const key = `${flags}/${pattern}`;
    if (!asked.has(key)) {
      asked.add(key);
      patterns.push([pattern, flags]);
    }
    return undefined;
  });
  const judging = judgePatternsBeside(patterns);
  const normalizations = new Map<string, { document: DocumentModel } | { error: unknown }>();
  const normalizeOnce = (read: Read) => (): DocumentModel => {
    let made = normalizations.get(read.edits);
    if (!made) {
      try {
        made = { document: normalizeDocument(read.spec) };
      } catch (error) {
        made = { error };
      }
      normalizations.set(read.edits, made);
    }
    if ("error" in made) throw made.error;
    return made.document;
  };
  const first = normalized(quick, policy, normalizeOnce(quick));
  // Checked once no pattern is refused (checkExamplesBeside waits for the verdicts, the worker too).
  const examples = first.document ? checkExamplesBeside(first.document, judging) : undefined;
  const verdict = (async (): Promise<CheckedSpec> => {
    const judged = await judging.risks;
    const table = new Map(patterns.map(([pattern, flags], i) => [`${flags}/${pattern}`, judged[i]]));
    const full = readDocument(spec, policy, (pattern, flags) => table.get(`${flags}/${pattern}`));
    const checked = normalized(full, policy, normalizeOnce(full));
    if (!checked.document) return checked;
    // The same document as the first look's (no verdict changed what was read): its examples are being checked.
    const same = full.edits === quick.edits && examples !== undefined;
    return withExamples(checked, await (same ? examples : checkExamplesBeside(checked.document, judging)), policy);
  })();
  examples?.catch(() => undefined);
  return { ...first, verdict };
}

/** A problem with its severity (the policy's, or one a caller decides). */
export function withSeverity(problem: Problem, severity: Severity): LoadProblem {
  return { ...problem, severity };
}

/** Whether a rule stops every command (used by callers that report a refusal's cause). */
export function isFatal(problem: Problem): boolean {
  return problem.rule !== undefined && RULES[problem.rule].kind === "fatal";
}
