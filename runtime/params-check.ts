/**
 * Whether a call's params pass before it is sent: the method's validator and the `x-limits` rules of
 * the spec (spec/README.md), without a message. What is wrong, and where, is said by limit-issues.ts
 * on the failure path (failures.ts), which the client loads only when params do not pass; it takes
 * `breach` from here (this module is in the start's shared chunk, see validate.ts).
 */
import type { Validator } from "./validate-core.js";

/** A rule of the `x-limits` extension (spec/README.md). */
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

/** A rule the params break: the block span past a `maxBlockSpan` rule's `max`, `true` for a `requires` rule. */
export type Breach = readonly [LimitRule, bigint | true];

/** How `params` break `rule` (see Breach); `undefined` when they keep to it. */
export function breach(rule: LimitRule, params: Record<string, unknown>): bigint | true | undefined {
  if (rule.rule === "maxBlockSpan") {
    const from = blockNumber(params[rule.from]);
    const to = blockNumber(params[rule.to]);
    return from !== undefined && to !== undefined && to - from > BigInt(rule.max) ? to - from : undefined;
  }
  return rule.rule === "requires" && params[rule.if] === true && params[rule.then] !== true ? true : undefined;
}

/** Whether the named params pass the method's validator (when it has one) and its limit rules. */
export const paramsPass = (
  spec: { readonly limits?: readonly LimitRule[] },
  validator: Validator | undefined,
  named: Record<string, unknown>,
): boolean =>
  (validator === undefined || validator.is(named)) &&
  (spec.limits === undefined || spec.limits.every((r) => breach(r, named) === undefined));
