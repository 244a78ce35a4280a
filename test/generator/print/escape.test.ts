/**
 * The escapers for code (generator/print/escape.ts) write what prettier writes: a string literal with
 * prettier's choice of quotes, a key in a type bare exactly when prettier unquotes it. Each row
 * is checked against prettier itself (loaded only here): the text written into an interface
 * comes back from prettier unchanged, and it is the form prettier makes of the quoted key.
 */
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { identifier, parameterIdentifier, stringLiteral, typeMemberKey } from "../../../generator/print/escape.js";
import { PRETTIER_OPTIONS } from "../../../generator/print/format.js";

const format = (code: string): Promise<string> => prettier.format(code, { ...PRETTIER_OPTIONS, parser: "typescript" });

describe("identifier and parameterIdentifier", () => {
  it.each(["number", "string", "type", "any", "readonly", "namespace"])(
    "%s is a legal parameter name but not a name the generator declares",
    (word) => {
      expect(parameterIdentifier(word)).toBe(word);
      expect(() => identifier(word)).toThrow(/names must be made in normalize/);
    },
  );

  it.each(["class", "default", "this", "let", "yield", "await", "arguments", "eval", "a-b", ""])(
    "%j is refused as a parameter name too",
    (word) => {
      expect(() => parameterIdentifier(word)).toThrow(/names must be made in normalize/);
    },
  );
});

describe("typeMemberKey", () => {
  it.each([
    ["an identifier", "name", "property", "name"],
    ["a BMP letter", "é", "property", "é"],
    ["a zero-width joiner inside", "a\u200db", "property", "a\u200db"],
    ["a letter beyond the BMP (ES5 rule)", "𝑥", "property", '"𝑥"'],
    ["a dash", "a-b", "property", '"a-b"'],
    ["a leading digit", "1a", "property", '"1a"'],
    ["constructor, a property", "constructor", "property", "constructor"],
    ["new, a property", "new", "property", "new"],
    ["constructor, a method", "constructor", "method", "constructor"],
    ["new, a method (bare it would be a construct signature)", "new", "method", '"new"'],
    ["a beyond-BMP method", "𝑥", "method", '"𝑥"'],
  ] as const)("%s", async (_name, name, member, expected) => {
    const key = typeMemberKey(name, member);
    expect(key).toBe(expected);
    const declare = (k: string): string => `interface A {\n  ${k}${member === "method" ? "()" : ""}: 1;\n}\n`;
    expect(await format(declare(key))).toBe(declare(key));
    expect(await format(declare(JSON.stringify(name)))).toBe(declare(key));
  });
});

describe("stringLiteral", () => {
  it.each([
    ["plain", "abc"],
    ["more double quotes", 'say "hi"'],
    ["more single quotes", "it's"],
    ["as many of each", `'"`],
    ["a backslash and a quote", '\\"\'"'],
    ["a line separator", "a\u2028b"],
  ])("%s", async (_name, text) => {
    const code = `type A = ${stringLiteral(text)};\n`;
    expect(await format(code)).toBe(code);
    expect(new Function(`return ${stringLiteral(text)};`)()).toBe(text);
  });
});
