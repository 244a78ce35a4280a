/**
 * A width-aware layout algebra for the emitters, after Wadler's "prettier printer" and with the
 * semantics of prettier's own document printer (the layout our generated code follows): a
 * `group` is printed on one line when it fits in the remaining width (counting the text that
 * follows it up to the next possible line break), else its `line`s become newlines.
 * `conditionalGroup` tries layouts in turn; `fill` packs items like words in a paragraph;
 * `ifBreak` / `indentIfBreak` follow the mode of a group; a `hardline` breaks every group around it.
 * Everything here is layout: callers pass text already escaped (generator/escape.ts).
 */

export type Doc = string | Doc[] | DocNode;

type DocNode =
  | { type: "group"; contents: Doc; break: boolean; id?: symbol; states?: Doc[] }
  | { type: "indent"; contents: Doc }
  | { type: "line"; soft: boolean; hard: boolean }
  | { type: "breakParent" }
  | { type: "ifBreak"; breakContents: Doc; flatContents: Doc; groupId?: symbol }
  | { type: "indentIfBreak"; contents: Doc; groupId: symbol }
  | { type: "fill"; parts: Doc[] };

export const PRINT_WIDTH = 120;

export const line: Doc = { type: "line", soft: false, hard: false };
export const softline: Doc = { type: "line", soft: true, hard: false };
export const breakParent: Doc = { type: "breakParent" };
export const hardline: Doc = [{ type: "line", soft: false, hard: true }, breakParent];

export function group(contents: Doc, options: { shouldBreak?: boolean; id?: symbol } = {}): Doc {
  return { type: "group", contents, break: options.shouldBreak ?? false, ...(options.id ? { id: options.id } : {}) };
}

/** The first state that fits flat (a broken group inside a state counts up to its first line); else the last, broken. */
export function conditionalGroup(states: Doc[]): Doc {
  return { type: "group", contents: states[0]!, break: false, states };
}

export function indent(contents: Doc): Doc {
  return { type: "indent", contents };
}

export function ifBreak(breakContents: Doc, flatContents: Doc = "", groupId?: symbol): Doc {
  return { type: "ifBreak", breakContents, flatContents, ...(groupId ? { groupId } : {}) };
}

export function indentIfBreak(contents: Doc, groupId: symbol): Doc {
  return { type: "indentIfBreak", contents, groupId };
}

/** Alternating contents and separators (`line`s): each separator breaks only when the next item does not fit. */
export function fill(parts: Doc[]): Doc {
  return { type: "fill", parts };
}

export function join(separator: Doc, docs: Doc[]): Doc[] {
  return docs.flatMap((doc, i) => (i === 0 ? [doc] : [separator, doc]));
}

/** Whether the doc holds a forced break (a hardline or a group that must break). */
export function willBreak(doc: Doc): boolean {
  if (typeof doc === "string") return false;
  if (Array.isArray(doc)) return doc.some(willBreak);
  switch (doc.type) {
    case "group":
      return doc.break || willBreak(doc.contents);
    case "line":
      return doc.hard;
    case "breakParent":
      return true;
    case "indent":
    case "indentIfBreak":
      return willBreak(doc.contents);
    case "ifBreak":
      return willBreak(doc.breakContents) || willBreak(doc.flatContents);
    case "fill":
      return doc.parts.some(willBreak);
  }
}

/** Columns a string takes in a terminal, as prettier counts them (wide East Asian characters and emoji take two). */
export function textWidth(text: string): number {
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let width = 0;
  for (const c of text) {
    const code = c.codePointAt(0)!;
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || (code >= 0x300 && code <= 0x36f)) continue;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

/** Marks every group that holds a forced break as broken, up to the nearest conditional group. */
function propagateBreaks(doc: Doc, seen: Set<DocNode>): boolean {
  if (typeof doc === "string") return false;
  if (Array.isArray(doc)) return doc.map((d) => propagateBreaks(d, seen)).some(Boolean);
  switch (doc.type) {
    case "group": {
      if (seen.has(doc)) return doc.break;
      seen.add(doc);
      const inner = (doc.states ?? [doc.contents]).map((d) => propagateBreaks(d, seen)).some(Boolean);
      if (inner && !doc.states) doc.break = true;
      return doc.break;
    }
    case "breakParent":
      return true;
    case "line":
      return false;
    case "indent":
    case "indentIfBreak":
      return propagateBreaks(doc.contents, seen);
    case "ifBreak":
      return [propagateBreaks(doc.breakContents, seen), propagateBreaks(doc.flatContents, seen)].some(Boolean);
    case "fill":
      return doc.parts.map((d) => propagateBreaks(d, seen)).some(Boolean);
  }
}

export { printDoc } from "./doc-printer.js";
export { propagateBreaks };
export type { DocNode };
