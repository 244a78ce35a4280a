/**
 * What a command does with each problem of a document it reads: the policy. Under the strict
 * policy (the default, for the project's own spec/) a `fallback` rule is an error and stops the
 * command; `--lenient` (for documents you do not own) makes every `fallback` rule a warning, so
 * that the fallback is what gets generated. `fatal` rules stop every command, `warning` rules
 * none. Two older switches relax one rule each: `--examples warn` (rule `example`) and
 * `--allow-duplicate-params` (rule `param-duplicate`).
 */
import type { Problem } from "../model/document.js";
import type { Repair } from "./repair.js";
import { RULES, type RuleId } from "./rules.js";

/**
 * A problem of the reading road: always with its rule, and with the edits that make the document
 * what the rule's fallback says, where the fallback is an edit (./repair.ts).
 */
export interface Finding extends Problem {
  rule: RuleId;
  repair?: readonly Repair[];
  /**
   * `file#pointer` of a place whose absence this finding reports: when an earlier fallback left that
   * place out, the finding is its consequence, applied but not reported again (one flaw, one problem).
   */
  after?: string;
  /** A consequence of a problem reported elsewhere (a `$ref` into a file that could not be read): applied, not reported. */
  quiet?: boolean;
}

export type Severity = "error" | "warning";

/** The reading options every command that reads a document takes (generator/commands/reading.ts). */
export interface ReadingPolicy {
  /** `--lenient`: every problem that has a fallback is a warning, and the fallback is generated. */
  lenient: boolean;
  /** `--examples warn`: examples that do not fit their schemas are warnings. */
  examples: "error" | "warn";
  /** `--allow-duplicate-params`: a method with two params of one name is generated, the later renamed. */
  duplicates: boolean;
}

export const STRICT: ReadingPolicy = { lenient: false, examples: "error", duplicates: false };

/** The severity of a problem of rule `rule` under `policy`. */
export function severityOf(rule: RuleId, policy: ReadingPolicy): Severity {
  const { kind } = RULES[rule];
  if (kind === "warning") return "warning";
  if (kind === "fatal") return "error";
  if (policy.lenient) return "warning";
  if (rule === "example" && policy.examples === "warn") return "warning";
  if (rule === "param-duplicate" && policy.duplicates) return "warning";
  return "error";
}

/**
 * The problem as the policy reports it: an error that has a fallback says what `--lenient` would
 * generate instead; a warning of a fallback rule says what was generated.
 */
export function asReported(problem: Problem & { rule: RuleId }, severity: Severity): Problem {
  const rule = RULES[problem.rule];
  if (rule.kind !== "fallback" || !rule.fallback) return problem;
  const note =
    severity === "error"
      ? `Or pass --lenient to generate it with the fallback of rule ${problem.rule}.`
      : `Generated anyway (rule ${problem.rule}): ${rule.fallback}`;
  return { ...problem, hint: problem.hint ? `${problem.hint} ${note}` : note };
}
