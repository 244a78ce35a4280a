/**
 * Doc comments (generator/print/ts-code.ts `docComment`, used by every emitter of code, and by
 * type-print.ts): the text prettier makes of the same comment, at the top level and indented.
 * Prettier (loaded only here) drops the blanks at the end of a line but keeps two spaces (a
 * Markdown line break).
 */
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { printDoc } from "../../../generator/print/layout.js";
import { docComment, interfaceDeclaration } from "../../../generator/print/ts-code.js";
import { PRETTIER_OPTIONS } from "../../../generator/print/format.js";

const format = (code: string): Promise<string> => prettier.format(code, { ...PRETTIER_OPTIONS, parser: "typescript" });
const written = (lines: string[], indent: string): string =>
  [`${indent}/**`, ...lines.map((l) => `${indent} * ${l}`), `${indent} */`].join("\n");

describe("docComment", () => {
  it.each([
    ["one line", ["One line."]],
    ["a blank between paragraphs", ["First.", "", "Second."]],
    ["one trailing space (dropped)", ["a ", "b"]],
    ["two trailing spaces (a Markdown line break, kept)", ["a  ", "b"]],
    ["four trailing spaces (two kept)", ["a    ", "b"]],
    ["a trailing tab (dropped)", ["a\t", "b"]],
    ["a leading indent (kept)", ["list:", "  - item  ", "x"]],
  ])("%s", async (_name, lines) => {
    const text = lines.join("\n");
    const top = `${printDoc([docComment(text), "type X = 1;"])}\n`;
    expect(top).toBe(await format(`${lines.length === 1 ? `/** ${text} */` : written(lines, "")}\ntype X = 1;\n`));
    const nested = `${printDoc(interfaceDeclaration({ name: "A", docs: "", properties: [{ name: "a", type: "1", docs: text }] }))}\n`;
    expect(nested).toBe(
      await format(
        `export interface A {\n${lines.length === 1 ? `  /** ${text} */` : written(lines, "  ")}\n  a: 1;\n}\n`,
      ),
    );
  });
});
