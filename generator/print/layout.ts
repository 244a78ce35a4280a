/**
 * The layout engine of every emitter: prettier's own Doc builders and printer (`prettier/doc`),
 * the model and the algorithm prettier lays out code with. The emitters build the Docs prettier's
 * printers build for the same code (./ts-code.ts, ./js-code.ts, ./json.ts,
 * plugins/types/type-print.ts), and `printDoc` prints them at the width the generated package
 * declares (./options.ts, shipped as the `prettier` key of its package.json), so the text is
 * exactly what `prettier --check` accepts — whatever characters it holds: widths of emoji, CJK
 * and combining marks are counted by prettier's own code.
 *
 * Only `prettier/doc` (about 60 KB, no dependencies; ./prettier-doc.ts) is loaded here; prettier itself is not.
 * Everything here is layout: callers pass text already escaped (generator/print/escape.ts).
 */
import { prettierDoc, printDoc, type Doc } from "./prettier-doc.js";

export { printDoc, type Doc };

const { builders, printer, utils } = prettierDoc();

export const {
  align,
  breakParent,
  conditionalGroup,
  fill,
  group,
  hardline,
  ifBreak,
  indent,
  indentIfBreak,
  join,
  line,
  literalline,
  markAsRoot,
  softline,
} = builders;

/**
 * Docs asked about before and found to hold no forced break. The emitters ask about the docs they
 * nest at every level (js-code.ts: a call asks about its arguments, its caller about the call), so
 * without this each question walked the whole subtree again: quadratic in the depth of a schema.
 * Only the docs asked about are kept (keeping every node walked costs more than the walks).
 */
const unbreaking = new WeakSet<object>();

/**
 * Whether the doc holds a forced break (a hardline, a breakParent or a group that must break):
 * prettier's `utils.willBreak`, answered by the same walk (`utils.traverseDoc`, the contents of a
 * conditional group only), that skips the subtrees found unbreaking before. Sound because a doc is
 * never changed once built, but for the breaks prettier's printer propagates out of a subtree that
 * already holds one.
 */
export function willBreak(doc: Doc): boolean {
  if (typeof doc === "string" || unbreaking.has(doc)) return false;
  let found = false;
  utils.traverseDoc(doc, (d) => {
    if (found || typeof d === "string" || (d !== doc && unbreaking.has(d))) return false;
    if (forcesBreak(d)) {
      found = true;
      return false;
    }
    return undefined;
  });
  if (!found) unbreaking.add(doc);
  return found;
}

/** prettier's test of one doc node in `willBreak` (its `willBreakFn`). */
function forcesBreak(doc: Doc): boolean {
  if (typeof doc !== "object" || Array.isArray(doc)) return false;
  return (doc.type === "group" && !!doc.break) || (doc.type === "line" && !!doc.hard) || doc.type === "break-parent";
}

const widths = new Map<string, number>();

/**
 * The columns `text` takes as prettier counts them (wide East Asian characters and most emoji take
 * two, combining marks and control characters none). prettier/doc does not export its width
 * function, so its printer answers: `text` fits in `w` columns when a group holding it stays flat
 * at printWidth `w`; the width is the least such `w` (a binary search over a few prints of a tiny
 * Doc, only for text that is not printable ASCII).
 */
export function textWidth(text: string): number {
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  const known = widths.get(text);
  if (known !== undefined) return known;
  const flatAt = (w: number): boolean =>
    printer.printDocToString(group([text, softline, "."]), { printWidth: w, tabWidth: 2 }).formatted === `${text}.`;
  // Every UTF-16 code unit takes at most two columns; one more for the "." that must fit.
  let low = 0;
  let high = 2 * text.length + 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (flatAt(mid)) high = mid;
    else low = mid + 1;
  }
  const width = Math.max(0, low - 1);
  if (widths.size > 10_000) widths.clear();
  widths.set(text, width);
  return width;
}
