/**
 * The layout Docs (generator/print/js-code.ts, ts-code.ts) printed by prettier's printer
 * (generator/print/layout.ts): one line when it fits in 120
 * columns at its indentation, else one item per line with a trailing comma; the last object or
 * array argument hugged; forced breaks (items holding a newline) break every group around them.
 * Each expected text is also checked to be prettier's own layout of it, so the table is the
 * contract with prettier, not just with ourselves.
 */
import { format } from "prettier";
import { utils } from "prettier/doc";
import { describe, expect, it } from "vitest";
import { PRETTIER_OPTIONS } from "../../../generator/print/format.js";
import {
  align,
  fill,
  group,
  hardline,
  indent,
  join,
  breakParent,
  conditionalGroup,
  ifBreak,
  line,
  printDoc,
  softline,
  textWidth,
  willBreak,
  type Doc,
} from "../../../generator/print/layout.js";
import {
  arrayExpr,
  callExpr,
  constStatement,
  numberExpr,
  objectExpr,
  raw,
  stringExpr,
  type Expr,
} from "../../../generator/print/js-code.js";
import { docComment, importDeclaration } from "../../../generator/print/ts-code.js";

const id = (name: string): Expr => raw(name, "identifier");
/** `const <name> = [ "aaa…", … ];` with strings of `width` characters between the quotes. */
const strings = (count: number, width: number): Expr[] =>
  Array.from({ length: count }, (_, i) => stringExpr(String(i).padStart(width, "x")));

const rows: [string, Doc, string][] = [
  // `const a = [` (11) + a 53- and a 52-column string + `, ` + `];` = 120 columns; one more is 121.
  [
    "exactly 120 columns stays on one line",
    constStatement("const a", arrayExpr([stringExpr("a".repeat(51)), stringExpr("b".repeat(50))])),
    `const a = ["${"a".repeat(51)}", "${"b".repeat(50)}"];`,
  ],
  [
    "121 columns breaks one item per line, trailing comma",
    constStatement("const a", arrayExpr([stringExpr("a".repeat(51)), stringExpr("b".repeat(51))])),
    `const a = [\n  "${"a".repeat(51)}",\n  "${"b".repeat(51)}",\n];`,
  ],
  [
    "empty object and array",
    constStatement("const a", callExpr("f", [objectExpr([]), arrayExpr([])])),
    "const a = f({}, []);",
  ],
  ["an empty call", constStatement("const a", callExpr("v.string", [])), "const a = v.string();"],
  [
    "nested: the outer object breaks, the inner ones stay on their lines when they fit at their indentation",
    constStatement(
      "export const t",
      objectExpr([
        { key: "inner", value: objectExpr([{ key: "a", value: numberExpr(1) }]) },
        { key: "list", value: arrayExpr(strings(3, 30)) },
      ]),
    ),
    `export const t = {\n  inner: { a: 1 },\n  list: [${strings(3, 30)
      .map((s) => s.doc)
      .join(", ")}],\n};`,
  ],
  [
    "nested: an inner list that does not fit at its indentation breaks too",
    constStatement("export const t", objectExpr([{ key: "list", value: arrayExpr(strings(3, 36)) }])),
    `export const t = {\n  list: [\n${strings(3, 36)
      .map((s) => `    ${String(s.doc)},`)
      .join("\n")}\n  ],\n};`,
  ],
  [
    "the last array argument is hugged",
    constStatement(
      "const X$: Validator",
      callExpr("v.anyOf", [arrayExpr([id("A$"), id("B$")]), stringExpr("anyOf"), arrayExpr(strings(4, 20))]),
    ),
    `const X$: Validator = v.anyOf([A$, B$], "anyOf", [\n${strings(4, 20)
      .map((s) => `  ${String(s.doc)},`)
      .join("\n")}\n]);`,
  ],
  [
    "an object first argument breaks all arguments",
    constStatement(
      "const X$: Validator",
      callExpr("v.object", [
        objectExpr(strings(4, 25).map((s, i) => ({ key: `k${i}`, value: s }))),
        arrayExpr([]),
        raw("false", "boolean"),
      ]),
    ),
    `const X$: Validator = v.object(\n  {\n${strings(4, 25)
      .map((s, i) => `    k${i}: ${String(s.doc)},`)
      .join("\n")}\n  },\n  [],\n  false,\n);`,
  ],
  [
    "numbers are packed like words",
    constStatement(
      "const n",
      callExpr("v.literal", [arrayExpr(Array.from({ length: 40 }, (_, i) => numberExpr(i * 1000 - 7000)))]),
    ),
    "const n = v.literal([\n  -7000, -6000, -5000, -4000, -3000, -2000, -1000, 0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000,\n  11000, 12000, 13000, 14000, 15000, 16000, 17000, 18000, 19000, 20000, 21000, 22000, 23000, 24000, 25000, 26000, 27000,\n  28000, 29000, 30000, 31000, 32000,\n]);",
  ],
  [
    "an item holding a newline (a comment) breaks every group around it",
    constStatement(
      "const c",
      objectExpr([{ key: "a", value: { doc: ["/** doc */", hardline, "1"], kind: "number" } }]),
    ),
    "const c = {\n  a: /** doc */\n  1,\n};",
  ],
  [
    "imports break one name per line past 120 columns",
    importDeclaration(
      strings(6, 16).map((s) => `N${String(s.doc).slice(1, -1)}`),
      '"./types.js"',
      true,
    ),
    `import type {\n${strings(6, 16)
      .map((s) => `  N${String(s.doc).slice(1, -1)},`)
      .join("\n")}\n} from "./types.js";`,
  ],
];

describe("printDoc lays out as prettier does", () => {
  it.each(rows)("%s", async (_name, doc, expected) => {
    const text = printDoc(doc);
    expect(text).toBe(expected);
    if (!expected.includes("/** doc */"))
      expect(await format(`${expected}\n`, { ...PRETTIER_OPTIONS, parser: "babel-ts" })).toBe(`${expected}\n`);
  });

  it.each([
    ["group, flat", group(["[", indent([softline, join([",", line], ["a", "b"])]), softline, "]"]), "[a, b]"],
    [
      "group with a hardline inside",
      group(["[", indent([softline, join([",", line], ["a", ["b", hardline, "c"]])]), softline, "]"]),
      "[\n  a,\n  b\n  c\n]",
    ],
    ["fill, empty", fill([]), ""],
    ["no trailing blanks before a newline", ["a  ", hardline, "b"], "a\nb"],
    [
      "a doc comment line ending in two spaces (a Markdown break) keeps them, at any indentation",
      indent(["x", hardline, docComment("a  \nb  \nc"), "y"]),
      "x\n  /**\n   * a  \n   * b  \n   * c\n   */\n  y",
    ],
    [
      "align indents by spaces, inside an indent",
      indent(["x", align(2, [hardline, "| a", hardline, "| b"])]),
      "x\n    | a\n    | b",
    ],
    ["align in a group that fits stays flat", group(["x", align(2, [line, "| a"])]), "x | a"],
  ] as [string, Doc, string][])("%s", (_name, doc, expected) => {
    expect(printDoc(doc)).toBe(expected);
  });

  it.each([
    ["ascii", "abc", 3],
    ["wide CJK", "中文", 4],
    ["emoji", "🎉", 2],
    ["combining mark", "e\u0301", 1],
    ["a Yijing hexagram (wide, as prettier counts it)", "\u4dc0", 2],
    ["an emoji the hand printer counted as one column", "☕", 2],
    ["a ZWJ family (one emoji)", "👨‍👩‍👧", 2],
    ["a flag", "🇺🇦", 2],
    ["right-to-left text", "שלום", 4],
    ["a zero-width space (prettier counts it as one column)", "a\u200bb", 3],
    ["a control character", "a\u0007b", 2],
    ["fullwidth forms", "ＡＢ", 4],
  ])("textWidth: %s", (_name, text, width) => {
    expect(textWidth(text)).toBe(width);
  });
});

describe("willBreak answers as prettier's utils.willBreak", () => {
  // Shared subtrees, asked about again and again from deeper to higher levels (as js-code.ts asks).
  const flat = group(["a", indent([line, "b"])]);
  const broken = group(["c", hardline, "d"]);
  const rows: [string, () => Doc][] = [
    ["a string", () => "x"],
    ["a flat group", () => flat],
    ["a group holding a hardline", () => broken],
    ["a flat group around a flat group", () => group([flat, line, flat])],
    ["a flat doc beside a broken one", () => [flat, broken]],
    ["a group that must break", () => group("x", { shouldBreak: true })],
    ["a breakParent deep inside", () => indent([flat, [softline, [breakParent]]])],
    ["the break only in a later state of a conditional group (not looked at)", () => conditionalGroup([flat, broken])],
    ["the break in the first state of a conditional group", () => conditionalGroup([broken, flat])],
    ["the break in ifBreak's flat side", () => ifBreak("x", broken)],
    ["a fill of flat parts", () => fill([flat, line, "y"])],
  ];
  it.each(rows)("%s", (_name, make) => {
    const doc = make();
    const expected = utils.willBreak(doc);
    expect(willBreak(doc)).toBe(expected);
    // Asked again (now from what it remembers), and about a doc that holds it.
    expect(willBreak(doc)).toBe(expected);
    expect(willBreak(group([flat, doc]))).toBe(utils.willBreak(group([flat, doc])));
  });
});
