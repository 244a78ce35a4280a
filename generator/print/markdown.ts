/**
 * Markdown in prettier's form, for README.md: tables with every column padded to its widest
 * cell as prettier counts widths (prettier aligns tables), and a test of whether a piece of inline Markdown (already
 * escaped by generator/print/escape.ts) is one prettier prints back unchanged. Texts that pass it are
 * plain words, punctuation and simple code spans; anything else (emphasis, links, HTML entities,
 * unusual characters) makes package.ts leave README.md to prettier.
 */
import { textWidth } from "./layout.js";

/** A GitHub table: a header row, a `| --- |` row and the rows, each cell padded to its column's width. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(3, textWidth(h), ...rows.map((r) => textWidth(r[i] ?? ""))));
  const row = (cells: string[]): string =>
    `| ${cells.map((c, i) => c + " ".repeat(widths[i]! - textWidth(c))).join(" | ")} |`;
  return [row(header), row(widths.map((w) => "-".repeat(w))), ...rows.map(row)].join("\n");
}

/**
 * What prettier's Markdown printer rewrites (each rule found by running prettier on it):
 * `*emphasis*` becomes `_emphasis_` (so any unescaped `*`), `__strong__` becomes `**strong**`,
 * runs of spaces become one, code spans lose their padding spaces, `+ ` and `1) ` lists and
 * `***` rules are restyled, a link target with a parenthesis or a space is put in `<…>`.
 */
const REWRITTEN = [/\*/, /__/, / {2}|^ | $/, /^(?:\+|\d+[.)]|[-_=]{3})/, /\]\([^)( <]*[( <]/];
/** Control characters, and a trailing backslash (a line break). */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern is for
const UNCERTAIN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\\$/;
/**
 * Whether prettier prints this inline Markdown (already escaped by generator/print/escape.ts) back
 * unchanged, wherever the README puts it: a heading, a paragraph of its own, a table cell (whose
 * width `markdownTable` counts with prettier's own printer, emoji and CJK included).
 */
export function isPlainInline(text: string): boolean {
  if (UNCERTAIN.test(text)) return false;
  // Escaped characters (`\*`, `\\`, `\``) are kept as they are; the rules look at the rest.
  const unescaped = text.replace(/\\[\s\S]/g, "e");
  if (REWRITTEN.some((rule) => rule.test(unescaped))) return false;
  // Code spans: single backticks, in pairs, with no space just inside.
  if (unescaped.includes("``") || (unescaped.split("`").length - 1) % 2 === 1) return false;
  return [...unescaped.matchAll(/`([^`]*)`/g)].every(([, code]) => /^[^ ](?:.*[^ ])?$/.test(code!));
}
