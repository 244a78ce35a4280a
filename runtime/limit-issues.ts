/**
 * What is wrong with params that break the `x-limits` rules of the spec (spec/README.md), and the
 * ValidationError of params that do not pass: the failure path (failures.ts), loaded only then.
 * params-check.ts says whether params pass; which rules they break is found here, with its `breach`
 * (a runtime import that costs no chunk: validate.ts puts params-check.ts in the start's shared chunk).
 */
import { ValidationError } from "./validation-error.js";
import { breach, type Breach, type LimitRule } from "./params-check.js";
import type { Issue, Validator } from "./validate.js";
import { explain, typeOf } from "./validate-explain.js";

/** The rule's own description when the table carries it (the generated client's table leaves it out). */
const why = (rule: LimitRule): string => (rule.description ? `; ${rule.description}` : ", by the spec's x-limits");

/** The rules `params` break, in order. */
export function breaches(rules: readonly LimitRule[] | undefined, params: Record<string, unknown>): Breach[] {
  const found: Breach[] = [];
  for (const rule of rules ?? []) {
    const how = breach(rule, params);
    if (how !== undefined) found.push([rule, how]);
  }
  return found;
}

/** The issues of the rules params break (found by `breaches`): where, and why. */
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
  limits: readonly LimitRule[] | undefined,
): ValidationError {
  const issues: Issue[] = [];
  if (validator) explain(validator, named, "params", issues);
  limitIssues(breaches(limits, named), named, "params", issues);
  return new ValidationError(`params for ${method}`, issues, { method });
}
