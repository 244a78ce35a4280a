/**
 * A small document printer with prettier's layout algorithm (Wadler-style groups that break when
 * their contents do not fit, as in prettier's `printDocToString`), for the parts of its document
 * language the type printer builds. Printing the same documents prettier builds for a piece of
 * TypeScript gives the same text prettier gives, without loading prettier.
 */

export type Doc = string | Doc[] | Group | Indent | Align | Line | IfBreak | BreakParent | Verbatim;
/** Text whose trailing spaces stay (a comment line). */
interface Verbatim { kind: "verbatim"; text: string }
interface Group { kind: "group"; contents: Doc; break: boolean; id?: symbol }
interface Indent { kind: "indent"; contents: Doc; ifBreakOf?: symbol }
interface Align { kind: "align"; n: number; contents: Doc }
interface Line { kind: "line"; soft: boolean; hard: boolean }
interface IfBreak { kind: "ifBreak"; breakContents: Doc; flatContents: Doc }
interface BreakParent { kind: "breakParent" }

export const line: Doc = { kind: "line", soft: false, hard: false };
export const softline: Doc = { kind: "line", soft: true, hard: false };
export const hardline: Doc = [{ kind: "line", soft: false, hard: true }, { kind: "breakParent" }];
export const group = (contents: Doc, options: { shouldBreak?: boolean; id?: symbol } = {}): Doc => ({ kind: "group", contents, break: options.shouldBreak ?? false, id: options.id });
export const indent = (contents: Doc): Doc => ({ kind: "indent", contents });
export const align = (n: number, contents: Doc): Doc => ({ kind: "align", n, contents });
export const ifBreak = (breakContents: Doc, flatContents: Doc = ""): Doc => ({ kind: "ifBreak", breakContents, flatContents });
/** Indented when the group `id` (printed before) broke. */
export const indentIfBreak = (contents: Doc, id: symbol): Doc => ({ kind: "indent", contents, ifBreakOf: id });
export const verbatim = (text: string): Doc => ({ kind: "verbatim", text });
export const join = (separator: Doc, docs: Doc[]): Doc => docs.flatMap((d, i) => (i === 0 ? [d] : [separator, d]));

type Mode = "break" | "flat";
interface Command { indent: string; mode: Mode; doc: Doc }

/** A group that holds a hard line (or a group that must break) breaks, and so do the groups around it. */
function propagateBreaks(doc: Doc): boolean {
  if (typeof doc === "string") return false;
  if (Array.isArray(doc)) {
    let broken = false;
    for (const d of doc) if (propagateBreaks(d)) broken = true;
    return broken;
  }
  switch (doc.kind) {
    case "group":
      if (propagateBreaks(doc.contents)) doc.break = true;
      return doc.break;
    case "indent":
    case "align":
      return propagateBreaks(doc.contents);
    case "ifBreak": {
      const inBreak = propagateBreaks(doc.breakContents);
      return propagateBreaks(doc.flatContents) || inBreak;
    }
    case "breakParent":
      return true;
    default:
      return false;
  }
}

/** Display width as prettier counts it: East Asian wide characters count 2, combining marks 0. */
export function textWidth(text: string): number {
  if (!/[^\x20-\x7e]/.test(text)) return text.length;
  let width = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f) || (code >= 0x300 && code <= 0x36f)) continue;
    width += /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1f64f}\u{1f900}-\u{1f9ff}\u{20000}-\u{3fffd}]/u.test(ch) ? 2 : 1;
  }
  return width;
}

/** Whether `next` and then the rest of the line fit in `width` columns (prettier's `fits`). */
function fits(next: Command, rest: Command[], width: number, modes: Map<symbol, Mode>): boolean {
  let restIndex = rest.length;
  const commands: Command[] = [next];
  while (width >= 0) {
    if (commands.length === 0) {
      if (restIndex === 0) return true;
      commands.push(rest[--restIndex]!);
      continue;
    }
    const { mode, doc, indent: ind } = commands.pop()!;
    if (typeof doc === "string") width -= textWidth(doc);
    else if (Array.isArray(doc)) for (let i = doc.length - 1; i >= 0; i--) commands.push({ indent: ind, mode, doc: doc[i]! });
    else if (doc.kind === "verbatim") width -= textWidth(doc.text);
    else if (doc.kind === "indent" || doc.kind === "align") commands.push({ indent: ind, mode, doc: doc.contents });
    else if (doc.kind === "group") commands.push({ indent: ind, mode: doc.break ? "break" : mode, doc: doc.contents });
    else if (doc.kind === "ifBreak") commands.push({ indent: ind, mode, doc: mode === "break" ? doc.breakContents : doc.flatContents });
    else if (doc.kind === "line") {
      if (mode === "break" || doc.hard) return true;
      if (!doc.soft) width -= 1;
    }
  }
  return false;
}

export function printDoc(doc: Doc, printWidth: number): string {
  propagateBreaks(doc);
  const modes = new Map<symbol, Mode>();
  const out: string[] = [];
  let position = 0;
  /** Output before this index is not trimmed. */
  let kept = 0;
  const commands: Command[] = [{ indent: "", mode: "break", doc }];
  while (commands.length > 0) {
    const { indent: ind, mode, doc: d } = commands.pop()!;
    if (typeof d === "string") {
      out.push(d);
      position += textWidth(d);
    } else if (Array.isArray(d)) {
      for (let i = d.length - 1; i >= 0; i--) commands.push({ indent: ind, mode, doc: d[i]! });
    } else if (d.kind === "verbatim") {
      out.push(d.text);
      position += textWidth(d.text);
      kept = out.length;
    } else if (d.kind === "indent") {
      const indented = d.ifBreakOf === undefined || modes.get(d.ifBreakOf) === "break";
      commands.push({ indent: indented ? `${ind}  ` : ind, mode, doc: d.contents });
    } else if (d.kind === "align") {
      commands.push({ indent: ind + " ".repeat(d.n), mode, doc: d.contents });
    } else if (d.kind === "group") {
      const flat: Command = { indent: ind, mode: "flat", doc: d.contents };
      const next = mode === "flat" ? { ...flat, mode: d.break ? ("break" as const) : ("flat" as const) } : !d.break && fits(flat, commands, printWidth - position, modes) ? flat : { indent: ind, mode: "break" as const, doc: d.contents };
      commands.push(next);
      if (d.id) modes.set(d.id, next.mode);
    } else if (d.kind === "ifBreak") {
      commands.push({ indent: ind, mode, doc: mode === "break" ? d.breakContents : d.flatContents });
    } else if (d.kind === "line") {
      if (mode === "flat" && !d.hard) {
        if (!d.soft) {
          out.push(" ");
          position += 1;
        }
      } else {
        // Trailing spaces are trimmed before a line end, as prettier does (not in verbatim text).
        while (out.length > kept && /[ \t]$/.test(out[out.length - 1]!)) {
          const trimmed = out[out.length - 1]!.replace(/[ \t]+$/, "");
          if (trimmed === "") out.pop();
          else {
            out[out.length - 1] = trimmed;
            break;
          }
        }
        out.push(`\n${ind}`);
        position = ind.length;
      }
    }
  }
  return out.join("");
}
