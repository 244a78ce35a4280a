/** The HTML escapers of generator/print/escape.ts and `valueLiteral`, as tables of given → wanted. */
import { describe, expect, it } from "vitest";
import { htmlFragmentHref, htmlScriptJson, htmlText, valueLiteral } from "../../generator/print/escape.js";

describe("htmlText", () => {
  it.each([
    ["plain", "Returns logs.", "Returns logs."],
    ["a script tag", "<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ["an attribute break-out", '"><img src=x onerror=alert(1)>', "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"],
    ["single quotes", "' onmouseover='x", "&#39; onmouseover=&#39;x"],
    ["an entity", "&lt; stays text", "&amp;lt; stays text"],
  ])("%s", (_name, given, want) => {
    expect(htmlText(given)).toBe(want);
  });
});

describe("htmlFragmentHref", () => {
  it.each([
    ["a method name", "adv_getLogs", "#adv_getLogs"],
    ["quotes and brackets", '"><x', "#%22%3E%3Cx"],
    ["a javascript: name", "javascript:alert(1)", "#javascript%3Aalert(1)"],
  ])("%s", (_name, given, want) => {
    expect(htmlFragmentHref(given)).toBe(want);
  });
});

describe("htmlScriptJson", () => {
  const hostile = {
    summary: "</script><script>alert(1)</script>",
    comment: "<!-- x",
    amp: "a&b",
    separators: "a\u2028b\u2029c",
  };
  it("cannot end the script element or open a comment, and parses back to the same value", () => {
    const text = htmlScriptJson(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});

describe("valueLiteral", () => {
  it.each([
    ["a bigint stays exact", { rentEpoch: 18446744073709551615n }, '{"rentEpoch":18446744073709551615n}'],
    ["a string that looks like the mark stays a string", ["\u0000bigint:1"], '["\\u0000bigint:1"]'],
    ["__proto__ is a computed key", JSON.parse('{"__proto__":1}') as unknown, '{["__proto__"]:1}'],
    ["line separators are escaped", "a\u2028b", '"a\\u2028b"'],
  ])("%s", (_name, given, want) => {
    expect(valueLiteral(given)).toBe(want);
  });
});
