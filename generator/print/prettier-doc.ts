/**
 * prettier's layout engine, `prettier/doc` (its Doc builders, printer and utilities), loaded on
 * first use: a module that prints now and then (./json.ts, imported with the marker that a run
 * with nothing to do reads) costs nothing until it prints. Every module shares one copy (Node's
 * require cache); prettier itself, with its parsers, is never loaded here.
 */
import { createRequire } from "node:module";
import type * as PrettierDoc from "prettier/doc";
import { PRINT_WIDTH } from "./options.js";

export type Doc = PrettierDoc.builders.Doc;

let engine: typeof PrettierDoc | undefined;

export function prettierDoc(): typeof PrettierDoc {
  engine ??= createRequire(import.meta.url)("prettier/doc") as typeof PrettierDoc;
  return engine;
}

/**
 * `doc` as text at PRINT_WIDTH columns (or `width`: code shown inside a comment), two spaces per
 * indentation level, by prettier's printer.
 */
export function printDoc(doc: Doc, width: number = PRINT_WIDTH): string {
  return prettierDoc().printer.printDocToString(doc, { printWidth: width, tabWidth: 2 }).formatted;
}
