/**
 * README.md's Markdown (generator/print/markdown.ts): aligned tables, and the test of which inline
 * texts prettier leaves unchanged. Every row is checked against prettier itself: a text called
 * plain must come back from prettier unchanged as a paragraph, a heading and a table cell.
 */
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { isPlainInline, markdownTable } from "../../../generator/print/markdown.js";
import { PRETTIER_OPTIONS } from "../../../generator/print/format.js";

/** The text in the three places README.md puts spec text, formatted by prettier. */
async function roundTrip(text: string): Promise<{ same: boolean; table: string }> {
  const table = markdownTable(["a", "b"], [[text, "x"]]);
  const page = `# T\n\n${text}\n\n${table}\n\n## \`x\` — ${text}\n`;
  return { same: (await format(page, { ...PRETTIER_OPTIONS, parser: "markdown" })) === page, table };
}

describe("isPlainInline", () => {
  it.each([
    ["words and punctuation", "Returns the balance (in wei), for an address; see `eth_call`.", true],
    ["snake_case inside a word", "call eth_getFilterChanges first", true],
    ["an escaped character", "C\\# and a\\_b", true],
    ["a link", "see [web3.js](https://web3js.readthedocs.io/) now", true],
    ["wide characters", "中文 说明", true],
    ["emoji the hand printer counted as one column", "Says hello ☕✅🚀", true],
    ["a ZWJ family, a flag, a keycap", "👨‍👩‍👧 🏳️‍🌈 🇺🇦 1️⃣", true],
    ["combining marks", "e\u0301 and a\u0310", true],
    ["right-to-left text", "שלום and مرحبا", true],
    ["a zero-width space", "a\u200bb", true],
    ["fullwidth forms", "ＡＢＣ", true],
    ["emphasis with *", "a *b* c", false],
    ["strong with __", "__a__", false],
    ["two spaces", "a  b", false],
    ["a padded code span", "` a `", false],
    ["a + list", "+ x", false],
    ["a thematic break", "***", false],
    ["a link target with parentheses", "[x](#unsafe-link:alert(1))", false],
    ["a control character", "a\u0007b", false],
  ])("%s", async (_name, text, plain) => {
    expect(isPlainInline(text)).toBe(plain);
    if (plain) expect((await roundTrip(text)).same).toBe(true);
  });

  it("is linear on hostile input", () => {
    const started = process.hrtime.bigint();
    isPlainInline("](".repeat(100_000));
    isPlainInline("`".repeat(100_000));
    expect(Number(process.hrtime.bigint() - started) / 1e9).toBeLessThan(5);
  });
});

describe("markdownTable", () => {
  it.each([
    ["short cells get the 3-column minimum", ["a", "b"], [["x", "y"]], "| a   | b   |\n| --- | --- |\n| x   | y   |"],
    [
      "columns take their widest cell",
      ["method", "summary"],
      [
        ["`getLogs`", "Returns logs."],
        ["`x`", ""],
      ],
      "| method    | summary       |\n| --------- | ------------- |\n| `getLogs` | Returns logs. |\n| `x`       |               |",
    ],
    ["wide characters count twice", ["a"], [["中文"]], "| a    |\n| ---- |\n| 中文 |"],
    ["emoji count twice, a ZWJ family once", ["a"], [["☕"], ["👨‍👩‍👧"]], "| a   |\n| --- |\n| ☕  |\n| 👨‍👩‍👧  |"],
  ])("%s", async (_name, header, rows, expected) => {
    const table = markdownTable(header, rows);
    expect(table).toBe(expected);
    expect(await format(`${table}\n`, { ...PRETTIER_OPTIONS, parser: "markdown" })).toBe(`${table}\n`);
  });
});
