/**
 * Prints a Doc (./doc.ts) to text at PRINT_WIDTH columns, two spaces per indent: the decisions
 * of prettier's printer (which group breaks, which state of a conditional group is taken, where
 * a fill wraps), so that text laid out here is left as it is by prettier.
 */
import type { Doc, DocNode } from "./doc.js";

export const PRINT_WIDTH = 120;

type Mode = "flat" | "break";
interface Command {
  /** The blanks that start each new line. */
  indent: string;
  mode: Mode;
  doc: Doc;
}

/** `doc` as text; every line starts at `indent` levels (two spaces each) after the first. */
export function printDoc(doc: Doc, startIndent = 0): string {
  propagateBreaks(doc, new Set<DocNode>());
  const modes = new Map<symbol, Mode>();
  const out: string[] = [];
  /** Output before this index is not trimmed (verbatim text). */
  let kept = 0;
  let position = startIndent * 2;
  const commands: Command[] = [{ indent: "  ".repeat(startIndent), mode: "break", doc }];
  while (commands.length > 0) {
    const { indent, mode, doc } = commands.pop()!;
    if (typeof doc === "string") {
      out.push(doc);
      position += textWidth(doc);
      continue;
    }
    if (Array.isArray(doc)) {
      for (let i = doc.length - 1; i >= 0; i--) commands.push({ indent, mode, doc: doc[i]! });
      continue;
    }
    switch (doc.type) {
      case "indent":
        commands.push({ indent: `${indent}  `, mode, doc: doc.contents });
        break;
      case "align":
        commands.push({ indent: indent + " ".repeat(doc.width), mode, doc: doc.contents });
        break;
      case "verbatim":
        out.push(doc.text);
        position += textWidth(doc.text);
        kept = out.length;
        break;
      case "group": {
        const next = chooseGroup(doc, indent, mode, commands, PRINT_WIDTH - position, modes);
        commands.push(next);
        if (doc.id) modes.set(doc.id, next.mode);
        break;
      }
      case "fill":
        printFill(doc.parts, indent, mode, commands, PRINT_WIDTH - position, modes);
        break;
      case "ifBreak":
      case "indentIfBreak": {
        const groupMode = doc.groupId ? (modes.get(doc.groupId) ?? "flat") : mode;
        const contents =
          doc.type === "ifBreak" ? (groupMode === "break" ? doc.breakContents : doc.flatContents) : doc.contents;
        const extra = doc.type === "indentIfBreak" && groupMode === "break" ? "  " : "";
        commands.push({ indent: indent + extra, mode, doc: contents });
        break;
      }
      case "line":
        if (mode === "flat" && !doc.hard) {
          if (!doc.soft) {
            out.push(" ");
            position += 1;
          }
          break;
        }
        trimTrailing(out, kept);
        out.push(`\n${indent}`);
        position = indent.length;
        break;
      case "breakParent":
        break;
    }
  }
  return out.join("");
}

function chooseGroup(
  doc: Extract<DocNode, { type: "group" }>,
  indent: string,
  mode: Mode,
  rest: Command[],
  width: number,
  modes: Map<symbol, Mode>,
): Command {
  if (mode === "flat") return { indent, mode: doc.break ? "break" : "flat", doc: doc.contents };
  const flat: Command = { indent, mode: "flat", doc: doc.contents };
  if (!doc.break && fits(flat, rest, width, modes, false)) return flat;
  if (!doc.states) return { indent, mode: "break", doc: doc.contents };
  if (!doc.break) {
    for (const state of doc.states.slice(1, -1)) {
      const candidate: Command = { indent, mode: "flat", doc: state };
      if (fits(candidate, rest, width, modes, false)) return candidate;
    }
  }
  return { indent, mode: "break", doc: doc.states[doc.states.length - 1]! };
}

function printFill(
  parts: Doc[],
  indent: string,
  mode: Mode,
  commands: Command[],
  width: number,
  modes: Map<symbol, Mode>,
): void {
  if (parts.length === 0) return;
  const [content, whitespace, second] = parts as [Doc, Doc?, Doc?];
  const contentFits = fits({ indent, mode: "flat", doc: content }, [], width, modes, true);
  const contentCommand: Command = { indent, mode: contentFits ? "flat" : "break", doc: content };
  if (whitespace === undefined) {
    commands.push(contentCommand);
    return;
  }
  if (second === undefined) {
    commands.push({ indent, mode: contentCommand.mode, doc: whitespace }, contentCommand);
    return;
  }
  commands.push({ indent, mode, doc: { type: "fill", parts: parts.slice(2) } });
  const bothFit = fits({ indent, mode: "flat", doc: [content, whitespace, second] }, [], width, modes, true);
  commands.push({ indent, mode: bothFit ? "flat" : "break", doc: whitespace }, contentCommand);
}

/** Whether `next` fits in `width` columns, followed by `rest` up to its first line break. */
function fits(next: Command, rest: Command[], width: number, modes: Map<symbol, Mode>, mustBeFlat: boolean): boolean {
  let restIndex = rest.length;
  const stack: { mode: Mode; doc: Doc }[] = [next];
  let remaining = width;
  while (remaining >= 0) {
    if (stack.length === 0) {
      if (restIndex === 0) return true;
      stack.push(rest[--restIndex]!);
      continue;
    }
    const { mode, doc } = stack.pop()!;
    if (typeof doc === "string") {
      remaining -= textWidth(doc);
      continue;
    }
    if (Array.isArray(doc)) {
      for (let i = doc.length - 1; i >= 0; i--) stack.push({ mode, doc: doc[i]! });
      continue;
    }
    switch (doc.type) {
      case "indent":
      case "align":
      case "indentIfBreak":
        stack.push({ mode, doc: doc.contents });
        break;
      case "verbatim":
        remaining -= textWidth(doc.text);
        break;
      case "fill":
        for (let i = doc.parts.length - 1; i >= 0; i--) stack.push({ mode, doc: doc.parts[i]! });
        break;
      case "group": {
        if (mustBeFlat && doc.break) return false;
        const groupMode = doc.break ? "break" : mode;
        const contents = doc.states && groupMode === "break" ? doc.states[doc.states.length - 1]! : doc.contents;
        stack.push({ mode: groupMode, doc: contents });
        break;
      }
      case "ifBreak": {
        const groupMode = doc.groupId ? (modes.get(doc.groupId) ?? "flat") : mode;
        stack.push({ mode, doc: groupMode === "break" ? doc.breakContents : doc.flatContents });
        break;
      }
      case "line":
        if (mode === "break" || doc.hard) return true;
        if (!doc.soft) remaining -= 1;
        break;
      case "breakParent":
        break;
    }
  }
  return false;
}

/** Drops the blanks at the end of the output before a newline (an empty line holds no indentation), back to `kept`. */
function trimTrailing(out: string[], kept: number): void {
  while (out.length > kept) {
    const trimmed = out[out.length - 1]!.replace(/[ \t]+$/, "");
    if (trimmed !== "") {
      out[out.length - 1] = trimmed;
      return;
    }
    out.pop();
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
    case "verbatim":
      return false;
    case "indent":
    case "align":
    case "indentIfBreak":
      return propagateBreaks(doc.contents, seen);
    case "ifBreak":
      return [propagateBreaks(doc.breakContents, seen), propagateBreaks(doc.flatContents, seen)].some(Boolean);
    case "fill":
      return doc.parts.map((d) => propagateBreaks(d, seen)).some(Boolean);
  }
}
