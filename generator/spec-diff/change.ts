/** One reported change, how it is built from a rule, and value helpers shared by the comparers. */
import { levelOf, RULES, type Level, type RuleId } from "./rules.js";

export interface Change {
  level: Level;
  rule: RuleId;
  /** JSON-RPC method name, or `null` for document-level changes (servers). */
  method: string | null;
  /**
   * Where the change is: a JSON pointer into the new document, or into the old one for
   * removals (`#/methods/1`, `#/components/schemas/Log/properties/blockchain`); external
   * files are named before the `#` (`spec/schemas/values.json#/Address/pattern`).
   */
  pointer: string;
  /** Which document `pointer` points into: the new one, or the old one for removals. */
  side: Side;
  /**
   * Where the method meets the changed node when it sits in a named schema (a type shared by
   * several methods): `param blockchain`, `the result at logs[]`. Absent for changes the message
   * already places in the method.
   */
  via?: string;
  /** The old value, `undefined` when there was none. */
  old?: unknown;
  /** The new value, `undefined` when there is none. */
  new?: unknown;
  /** One sentence: what changed, where, and why it matters. */
  message: string;
}

export type Side = "old" | "new";

export interface ChangeInput {
  method: string | null;
  pointer: string;
  /** Default `new`; `old` for a pointer into the old document (a removal). */
  side?: Side;
  via?: string;
  old?: unknown;
  new?: unknown;
  /** What changed, naming the place: `param pageSize of adv_getLogs has a lower maximum`. */
  what: string;
}

/** Builds a change of `rule`: its level and reason come from the catalogue. */
export function change(rule: RuleId, input: ChangeInput): Change {
  const what = input.what.charAt(0).toUpperCase() + input.what.slice(1);
  return {
    level: levelOf(rule),
    rule,
    method: input.method,
    pointer: input.pointer,
    side: input.side ?? "new",
    ...(input.via !== undefined ? { via: input.via } : {}),
    ...(input.old !== undefined ? { old: input.old } : {}),
    ...(input.new !== undefined ? { new: input.new } : {}),
    message: `${what}; ${RULES[rule].why}.`,
  };
}

/** JSON text with object keys sorted, so that key order never counts as a change. */
export function canonical(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
  return out;
}

/** A value as shown in messages: JSON, shortened to `max` characters. */
export function show(value: unknown, max = 80): string {
  if (value === undefined) return "none";
  const text = typeof value === "string" ? JSON.stringify(value) : canonical(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
