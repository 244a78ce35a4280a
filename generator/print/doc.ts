/**
 * A width-aware layout algebra for the emitters, after Wadler's "prettier printer" and with the
 * semantics of prettier's own document printer (the layout our generated code follows): a
 * `group` is printed on one line when it fits in the remaining width (counting the text that
 * follows it up to the next possible line break), else its `line`s become newlines.
 * `conditionalGroup` tries layouts in turn; `fill` packs items like words in a paragraph;
 * `ifBreak` / `indentIfBreak` follow the mode of a group; a `hardline` breaks every group around it.
 * `align` indents by a number of spaces; `verbatim` is text whose trailing blanks stay (a comment line).
 * Everything here is layout: callers pass text already escaped (generator/print/escape.ts).
 */

export type Doc = string | Doc[] | DocNode;

type DocNode =
  | { type: "group"; contents: Doc; break: boolean; id?: symbol; states?: Doc[] }
  | { type: "indent"; contents: Doc }
  | { type: "align"; width: number; contents: Doc }
  | { type: "verbatim"; text: string }
  | { type: "line"; soft: boolean; hard: boolean }
  | { type: "breakParent" }
  | { type: "ifBreak"; breakContents: Doc; flatContents: Doc; groupId?: symbol }
  | { type: "indentIfBreak"; contents: Doc; groupId: symbol }
  | { type: "fill"; parts: Doc[] };

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

/** `contents` indented by `width` more spaces (not a level) where its lines break. */
export function align(width: number, contents: Doc): Doc {
  return { type: "align", width, contents };
}

/** Text printed as it is: the blanks at its end stay when a line break follows (prettier keeps them in a comment). */
export function verbatim(text: string): Doc {
  return { type: "verbatim", text };
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
    case "align":
    case "indentIfBreak":
      return willBreak(doc.contents);
    case "verbatim":
      return false;
    case "ifBreak":
      return willBreak(doc.breakContents) || willBreak(doc.flatContents);
    case "fill":
      return doc.parts.some(willBreak);
  }
}

export { PRINT_WIDTH, printDoc, textWidth } from "./doc-printer.js";
export type { DocNode };
