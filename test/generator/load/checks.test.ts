import { describe, expect, it } from "vitest";
import { firstTooDeep, jsonErrorOffset, jsonErrorPlace } from "../../../generator/load/checks.js";

describe("jsonErrorPlace: where JSON text breaks, without quoting it", () => {
  it.each([
    ['{"a": }', "line 1, column 7"],
    ["abc", "line 1, column 1"],
    ['{"a":1} x', "line 1, column 9"],
    ['{\n  "secret-token" 1\n}', "line 2, column 18"],
    ['{"a": [1, 2', "unexpected end at line 1, column 12"],
    ["", "unexpected end at line 1, column 1"],
    ['{"a":"\u0001"}', "line 1, column 6"],
    ['{"a": 01}', "line 1, column 8"],
    ["[1,]", "line 1, column 4"],
  ])("%j → %s", (text, want) => expect(jsonErrorPlace(text)).toBe(want));

  it("agrees with JSON.parse on what is valid, over generated texts", () => {
    const pieces = [
      "{",
      "}",
      "[",
      "]",
      ",",
      ":",
      '"a"',
      '"b\\n"',
      "1",
      "-0.5e3",
      "true",
      "null",
      " ",
      "\n",
      "x",
      '"',
      "01",
      "1.",
      "\\",
    ];
    let seed = 7;
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({ length: 1 + (next() % 8) }, () => pieces[next() % pieces.length]).join("");
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect(jsonErrorOffset(text) === undefined, text).toBe(valid);
    }
  });
});

describe("firstTooDeep", () => {
  it("finds the first value past the limit without recursing (100 000 levels)", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(firstTooDeep({ a: deep }, 128)).toBe(`/a${"/0".repeat(127)}`);
    expect(firstTooDeep({ a: { b: [1, { c: 2 }] } }, 128)).toBeUndefined();
  });
});
