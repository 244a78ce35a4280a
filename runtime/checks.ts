/**
 * Every numeric option checked before any I/O, against one table of rules: a NaN, a negative
 * timeout, a retry count of 1e9 or a timer past 2^31 ms (which fires at once) is a ValidationError
 * naming the option and the rule, never a silent retry storm.
 */
import { MAX_BATCH_SIZE, MAX_RETRIES, MAX_TIMER_MS } from "./defaults.js";
import type { CallOptions, ClientOptions, PaginateOptions } from "./options.js";
import type { Finding } from "./option-text.js";
import { issue } from "./issue.js";

/** [path, least, most, whole number only, the most is a timer's]. */
type Rule = readonly [string, number, number, boolean, boolean?];

const CLIENT: readonly Rule[] = [
  ["timeout", 0, MAX_TIMER_MS, false, true],
  ["retryCount", 0, MAX_RETRIES, true],
  ["retryDelay", 0, MAX_TIMER_MS, false, true],
  ["retryMaxDelay", 0, MAX_TIMER_MS, false, true],
  ["maxResponseBytes", 1, Number.MAX_SAFE_INTEGER, true],
  ["batch.maxSize", 1, MAX_BATCH_SIZE, true],
  ["batch.wait", 0, MAX_TIMER_MS, false, true],
];
const CALL: readonly Rule[] = [CLIENT[0]!, CLIENT[1]!];
const PAGES: readonly Rule[] = [...CALL, ["maxItems", 0, Number.MAX_SAFE_INTEGER, true], ["maxPages", 1, 1e9, true]];

/** Reads `a.b` from `options` (own properties only). */
function read(options: object, path: string): unknown {
  let value: unknown = options;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The findings of the numeric options of `options` under `prefix` (`options`, `callOptions`). */
function numberIssues(options: object, rules: readonly Rule[], prefix: string, issues: Finding[]): void {
  for (const [path, min, max, whole, timer] of rules) {
    const value = read(options, path);
    if (value === undefined) continue;
    const at = `${prefix}.${path}`;
    if (typeof value !== "number" || Number.isNaN(value) || value < min)
      issue(issues, at, "minimum", "atLeast", value, min);
    else if (value > max) issue(issues, at, "maximum", timer ? "atMostMs" : "atMost", value, max);
    else if (whole && !Number.isInteger(value)) issue(issues, at, "integer", "whole", value);
  }
}

/** The findings of a client's numeric and list options (added to the endpoint's own, reported together). */
export function clientOptionIssues(options: ClientOptions, issues: Finding[]): void {
  numberIssues(options, CLIENT, "options", issues);
  const codes = options.retryJsonRpcCodes as unknown;
  if (codes !== undefined && !(Array.isArray(codes) && codes.every((c) => Number.isInteger(c))))
    issue(issues, "options.retryJsonRpcCodes", "type", "codes", codes);
}

/**
 * What is wrong with per-call (or, with `paging`, pagination) options; none when they are right. The
 * caller rejects with their ValidationError, made on the failure path, before anything is sent.
 */
export function callOptionIssues(options: CallOptions | PaginateOptions, paging = false): Finding[] {
  const issues: Finding[] = [];
  if (options === null || typeof options !== "object") issue(issues, "callOptions", "type", "object", options);
  else numberIssues(options, paging ? PAGES : CALL, "callOptions", issues);
  return issues;
}
