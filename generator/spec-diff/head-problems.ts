/**
 * The head's own problems in the review: every problem `loadModel` reports for the new side of a
 * spec (the lint rules, the examples, the reading policy's warnings: the list `npm run gen`
 * prints), graded for the reviewer: ERR for a problem gen refuses the document for, WARN for a
 * warning. A problem is `new` when the base does not have it: matched by its file's role (the
 * entry or a referenced file), rule and message, not by pointer, so that a method inserted above
 * it does not make an old problem look new. Pure.
 */
import type { LoadProblem } from "../load/load-model.js";

export interface HeadProblem {
  level: "ERR" | "WARN";
  /** The reading policy's rule (docs/READING.md), or `problem` for one without. */
  rule: string;
  file: string;
  pointer: string;
  line?: number;
  message: string;
  hint?: string;
  /** Absent from the base (or the spec is new). */
  isNew: boolean;
}

/** What a base problem and a head problem must share to be the same problem. */
function key(p: LoadProblem, entry: string): string {
  const file = p.file === entry ? "" : p.file.replace(/^[^:]*:/, "");
  // A message that names the entry file (`resolved against new.openrpc.json`) names it on each side.
  const plain = entry.replace(/^[^:]*:/, "");
  const message = [entry, plain].reduce((text, name) => (name ? text.split(name).join("\u0001") : text), p.message);
  return `${p.rule ?? ""}\u0000${file}\u0000${message}`;
}

/**
 * The head's problems, errors first, each marked new unless the base has it; `base` undefined when
 * the spec does not exist there (every problem is new). `entries`: each side's entry file, by
 * which a problem of the entry file is matched across sides (git names it `<ref>:<path>`).
 */
export function headProblems(
  head: readonly LoadProblem[],
  base: readonly LoadProblem[] | undefined,
  entries: { old: string; new: string },
): HeadProblem[] {
  const seen = new Map<string, number>();
  for (const p of base ?? []) {
    const k = key(p, entries.old);
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  const rows = head.map((p): HeadProblem => {
    const k = key(p, entries.new);
    const left = seen.get(k) ?? 0;
    if (left > 0) seen.set(k, left - 1);
    return {
      level: p.severity === "error" ? "ERR" : "WARN",
      rule: p.rule ?? "problem",
      file: p.file,
      pointer: p.pointer,
      message: p.message,
      ...(p.hint !== undefined ? { hint: p.hint } : {}),
      isNew: base === undefined || left === 0,
    };
  });
  return [...rows.filter((r) => r.level === "ERR"), ...rows.filter((r) => r.level === "WARN")];
}

/** `N problems in the head (E ERR, W WARN; K new)`, or nothing when there are none. */
export function problemsTally(problems: readonly HeadProblem[]): string {
  if (problems.length === 0) return "";
  const err = problems.filter((p) => p.level === "ERR").length;
  const fresh = problems.filter((p) => p.isNew).length;
  const noun = problems.length === 1 ? "problem" : "problems";
  return `${problems.length} ${noun} of the new spec, as npm run gen reports them (${err} ERR, ${problems.length - err} WARN; ${fresh} new)`;
}
