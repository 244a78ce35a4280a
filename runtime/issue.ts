/**
 * How every option check records a problem (checks.ts, endpoint.ts, transport.ts, factories.ts,
 * ws.ts, node.ts): a Finding, whose words option-text.ts holds. A leaf module: it imports types only.
 */
import type { Arg, Finding, TextKey } from "./option-text.js";

/** The JSON-ish type of a value, for `Issue.received`. */
export const typeOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value;

/** Records a problem of the option at `path`: the rule it breaks, the key of its words, and the type of the value found. */
export const issue = (issues: Finding[], path: string, rule: string, text: TextKey, value: unknown, arg?: Arg): void =>
  void issues.push({ path, rule, text, received: typeOf(value), arg });
