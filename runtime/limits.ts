/**
 * The `x-limits` rules of the spec (spec/README.md) as one check: the issues of `params` under
 * `rules`. What the mock checks a request with; the client checks params in two steps, whether
 * they pass (params-check.ts) and, when not, what is wrong (limit-issues.ts, on the failure path).
 */
import { breaches, limitIssues } from "./limit-issues.js";
import type { LimitRule } from "./params-check.js";
import type { Issue } from "./validate.js";

export type { LimitRule } from "./params-check.js";

/** Adds to `issues` one issue for each rule of `rules` that `params` break. */
export function checkLimits(
  params: Record<string, unknown>,
  rules: readonly LimitRule[],
  path: string,
  issues: Issue[],
): void {
  limitIssues(breaches(rules, params), params, path, issues);
}
