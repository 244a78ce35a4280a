/**
 * What is wrong with params that break the `x-limits` rules of the spec (spec/README.md), and the
 * ValidationError of params that do not pass: the failure path (failures.ts), loaded only then.
 * params-check.ts says whether params pass and which rules they break; no runtime import of it
 * here, or bundlers would make a chunk of it for this path and the success path to share.
 */
import { ValidationError } from "./base-error.js";
import type { Breach, LimitRule } from "./params-check.js";
import type { Issue, Validator } from "./validate.js";
import { explain, typeOf } from "./validate-explain.js";

/** The rule's own description when the table carries it (the generated client's table leaves it out). */
const why = (rule: LimitRule): string => (rule.description ? `; ${rule.description}` : ", by the spec's x-limits");

/** The issues of the rules params break (params-check.ts finds them): where, and why. */
export function limitIssues(
  broken: readonly Breach[],
  params: Record<string, unknown>,
  path: string,
  issues: Issue[],
): void {
  for (const [rule, how] of broken) {
    if (rule.rule === "maxBlockSpan") {
      issues.push({
        path: `${path}.${rule.to}`,
        rule: "x-limits.maxBlockSpan",
        message: `must be at most ${rule.max} blocks after ${rule.from} (${rule.to} − ${rule.from} is ${how})${why(rule)}`,
        received: typeOf(params[rule.to]),
      });
    } else {
      issues.push({
        path: `${path}.${rule.then}`,
        rule: "x-limits.requires",
        message: `must be true when ${rule.if} is true${why(rule)}`,
        received: typeOf(params[rule.then]),
      });
    }
  }
}

/**
 * The error of params that do not pass (params-check.ts): every issue of the method's validator,
 * then of the limit rules they break, in one ValidationError.
 */
export function paramsError(
  method: string,
  validator: Validator | undefined,
  named: Record<string, unknown>,
  broken: readonly Breach[],
): ValidationError {
  const issues: Issue[] = [];
  if (validator) explain(validator, named, "params", issues);
  limitIssues(broken, named, "params", issues);
  return new ValidationError(`params for ${method}`, issues, { method });
}
