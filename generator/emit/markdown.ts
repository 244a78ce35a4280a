/**
 * Markdown in prettier's form, for README.md: tables with every column padded to its widest
 * cell (prettier aligns tables), and a test of whether a piece of inline Markdown (already
 * escaped by generator/escape.ts) is one prettier prints back unchanged. Texts that pass it are
 * plain words, punctuation and simple code spans; anything else (emphasis, links, HTML entities,
 * unusual characters) makes package.ts leave README.md to prettier.
 */
import { textWidth } from "./doc.js";

/** A GitHub table: a header row, a `| --- |` row and the rows, each cell padded to its column's width. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(3, textWidth(h), ...rows.map((r) => textWidth(r[i] ?? ""))));
  const row = (cells: string[]): string => `| ${cells.map((c, i) => c + " ".repeat(widths[i]! - textWidth(c))).join(" | ")} |`;
  return [row(header), row(widths.map((w) => "-".repeat(w))), ...rows.map(row)].join("\n");
}

/** Words, spaces, and punctuation prettier's Markdown printer leaves alone (one token at a time: linear). */
const PLAIN = /^(?:[A-Za-z0-9\u00C0-\u024F .,:;'"/?=%@()-]|\\[()!+{}~#*])*$/;

/**
 * Whether prettier prints this inline Markdown back unchanged, wherever the README puts it
 * (a heading, a paragraph of its own, a table cell): single spaces between words, nothing that
 * starts a block (`#`, `-`, `+`, `1.`), no emphasis, links, HTML or entities, and code spans
 * without backticks, pipes or backslashes inside.
 */
export function isPlainInline(text: string): boolean {
  if (text === "") return true;
  if (/^(?:\d+[.)]|[-+*#>=]| )|  | $/.test(text)) return false;
  const withoutCode = text.replace(/`([^`]*)`/g, (_all, code: string) => (/^[^|\\ ](?:.*[^|\\ ])?$/.test(code) && !/[|\\]/.test(code) ? "x" : "\u0000"));
  return PLAIN.test(withoutCode);
}
