/** The `x-limits` rules of the spec (spec/README.md), checked before a request is sent. */
import { ValidationError } from "./base-error.js";
import type { Issue, Validator } from "./validate.js";
import { typeOf } from "./validate.js";

export type LimitRule =
  | {
      readonly rule: "maxBlockSpan";
      readonly from: string;
      readonly to: string;
      readonly max: number;
      readonly description?: string;
    }
  | { readonly rule: "requires"; readonly if: string; readonly then: string; readonly description?: string };

/** A block number given as an integer or a hex string; `undefined` for tags and anything else. */
function blockNumber(value: unknown): bigint | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === "bigint") return value;
  if (typeof value === "string" && /^0x[0-9a-f]+$/i.test(value)) return BigInt(value);
  return undefined;
}

/** The rule's own description when the table carries it (the generated client's table leaves it out). */
const why = (rule: LimitRule): string => (rule.description ? `; ${rule.description}` : ", by the spec's x-limits");

export function checkLimits(
  params: Record<string, unknown>,
  rules: readonly LimitRule[],
  path: string,
  issues: Issue[],
): void {
  for (const rule of rules) {
    if (rule.rule === "maxBlockSpan") {
      const from = blockNumber(params[rule.from]);
      const to = blockNumber(params[rule.to]);
      if (from !== undefined && to !== undefined && to - from > BigInt(rule.max)) {
        issues.push({
          path: `${path}.${rule.to}`,
          rule: "x-limits.maxBlockSpan",
          message: `must be at most ${rule.max} blocks after ${rule.from} (${rule.to} − ${rule.from} is ${to - from})${why(rule)}`,
          received: typeOf(params[rule.to]),
        });
      }
    } else if (rule.rule === "requires") {
      if (params[rule.if] === true && params[rule.then] !== true) {
        issues.push({
          path: `${path}.${rule.then}`,
          rule: "x-limits.requires",
          message: `must be true when ${rule.if} is true${why(rule)}`,
          received: typeOf(params[rule.then]),
        });
      }
    }
  }
}

/**
 * A client's params check: the method's validator (when it has one), then its limit rules; throws
 * one ValidationError naming every issue.
 */
export function paramsCheck(): (
  method: string,
  spec: { readonly limits?: readonly LimitRule[] },
  validator: Validator | undefined,
  named: Record<string, unknown>,
) => void {
  // One list for every check (a call that passes allocates none); a failing check hands a copy to its error.
  const issues: Issue[] = [];
  return (method, spec, validator, named) => {
    issues.length = 0;
    if (validator) validator(named, "params", issues);
    if (spec.limits) checkLimits(named, spec.limits, "params", issues);
    if (issues.length > 0) throw new ValidationError(`params for ${method}`, issues.splice(0), { method });
  };
}
