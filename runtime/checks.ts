/**
 * Every numeric option checked before any I/O, against one table of rules: a NaN, a negative
 * timeout, a retry count of 1e9 or a timer past 2^31 ms (which fires at once) is a ValidationError
 * naming the option and the rule, never a silent retry storm.
 */
import { MAX_BATCH_SIZE, MAX_RETRIES, MAX_TIMER_MS } from "./defaults.js";
import { ValidationError, type ErrorContext } from "./base-error.js";
import type { CallOptions, ClientOptions, PaginateOptions } from "./options.js";
import type { Issue } from "./validate.js";

/** [path, least, most, whole number only, why the most]. */
type Rule = readonly [string, number, number, boolean, string?];

const MS = ` ms (timers past 2^31 ms fire at once)`;
const CLIENT: readonly Rule[] = [
  ["timeout", 0, MAX_TIMER_MS, false, MS],
  ["retryCount", 0, MAX_RETRIES, true],
  ["retryDelay", 0, MAX_TIMER_MS, false, MS],
  ["retryMaxDelay", 0, MAX_TIMER_MS, false, MS],
  ["maxResponseBytes", 1, Number.MAX_SAFE_INTEGER, true],
  ["batch.maxSize", 1, MAX_BATCH_SIZE, true],
  ["batch.wait", 0, MAX_TIMER_MS, false, MS],
];
const CALL: readonly Rule[] = [CLIENT[0]!, CLIENT[1]!];
const PAGES: readonly Rule[] = [...CALL, ["maxItems", 0, Number.MAX_SAFE_INTEGER, true], ["maxPages", 1, 1e9, true]];

/** The JSON-ish type of a value, for `Issue.received`. */
export const typeOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value;

/** Reads `a.b` from `options` (own properties only). */
function read(options: object, path: string): unknown {
  let value: unknown = options;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The issues of the numeric options of `options` under `prefix` (`options`, `callOptions`). */
function numberIssues(options: object, rules: readonly Rule[], prefix: string, issues: Issue[]): void {
  for (const [path, min, max, whole, why = ""] of rules) {
    const value = read(options, path);
    if (value === undefined) continue;
    const issue = (rule: string, message: string): number =>
      issues.push({ path: `${prefix}.${path}`, rule, message, received: typeOf(value) });
    if (typeof value !== "number" || Number.isNaN(value) || value < min)
      issue("minimum", `must be a number, ${min} or more`);
    else if (value > max) issue("maximum", `must be at most ${max}${why}`);
    else if (whole && !Number.isInteger(value)) issue("integer", "must be a whole number");
  }
}

/** The issues of a client's numeric and list options (added to the endpoint's own, reported together). */
export function clientOptionIssues(options: ClientOptions, issues: Issue[]): void {
  numberIssues(options, CLIENT, "options", issues);
  const codes = options.retryJsonRpcCodes as unknown;
  if (codes !== undefined && !(Array.isArray(codes) && codes.every((c) => Number.isInteger(c))))
    issues.push({
      path: "options.retryJsonRpcCodes",
      rule: "type",
      message: "must be an array of integer JSON-RPC error codes",
      received: typeOf(codes),
    });
}

/** Per-call options: throws a ValidationError before anything is sent. */
export function checkCallOptions(options: CallOptions | PaginateOptions, context: ErrorContext, paging = false): void {
  if (options === null || typeof options !== "object") {
    throw new ValidationError(
      "call options",
      [{ path: "callOptions", rule: "type", message: "must be an object", received: typeOf(options) }],
      context,
    );
  }
  const issues: Issue[] = [];
  numberIssues(options, paging ? PAGES : CALL, "callOptions", issues);
  if (issues.length > 0) throw new ValidationError("call options", issues, context);
}
