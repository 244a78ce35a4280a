/**
 * What every form editor (./form.ts, ./leaf.ts) is: labelled inputs whose `name` is the value's
 * path (`pageSize`, `config.encoding`, `topics[0]`), read back as a JSON value (or "not set") with
 * the problems the form itself sees, and filled from a value (an example, a link).
 */
import type { Field, InlineRun } from "../types.js";

/** A problem the form sees, named like the validators' issues: the value's path and a rule. */
export interface Problem {
  path: string;
  rule: string;
  message: string;
}

export type Read = { set: false } | { set: true; value: unknown };

export interface Editor {
  element: HTMLElement;
  read(problems: Problem[]): Read;
  fill(value: unknown): void;
}

export interface EditorSpec {
  path: string;
  label: string;
  required: boolean;
  /** The param's or property's description, parsed (`[]` when it has none: the field's own is shown then). */
  description: readonly InlineRun[];
  field: Field;
}

/** The input of one leaf value: a text, number or check box, a list or a JSON text area. */
export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export const UNSET: Read = { set: false };
