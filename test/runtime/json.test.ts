/**
 * Exact-number JSON of runtime/json.ts: long integers survive parsing as marked strings, u64
 * fields become bigint, unclaimed marks go back to numbers, and bigint is written as a bare integer.
 */
import { describe, expect, it } from "vitest";
import { applyU64, INTEGER_MARK, parseJson, restoreNumbers, stringifyJson, type U64Map } from "../../runtime/json.js";

const MARK = INTEGER_MARK;
const mark = (digits: string): string => `${MARK}${digits}`;
const U64_MAX = 18446744073709551615n;

describe("parseJson", () => {
  it.each<{ name: string; given: string; want: { value: unknown; marked: boolean } }>([
    {
      name: "u64::MAX is kept exact as a marked string",
      given: '{"lamports":18446744073709551615}',
      want: { value: { lamports: mark("18446744073709551615") }, marked: true },
    },
    {
      name: "negative big integer",
      given: "[-18446744073709551615, 1]",
      want: { value: [mark("-18446744073709551615"), 1], marked: true },
    },
    {
      name: "whitespace and newline before the number",
      given: '{"a": \n  12345678901234567890}',
      want: { value: { a: mark("12345678901234567890") }, marked: true },
    },
    {
      name: "2^53 + 1 (16 digits, unsafe) is marked",
      given: '{"a":9007199254740993}',
      want: { value: { a: mark("9007199254740993") }, marked: true },
    },
    {
      name: "2^53 - 1 (16 digits, safe) stays a number",
      given: '{"a":9007199254740991}',
      want: { value: { a: 9007199254740991 }, marked: false },
    },
    {
      name: "digits inside strings are untouched, the number next to them is marked",
      given: '{"s":",1234567890123456789","n":12345678901234567890}',
      want: { value: { s: ",1234567890123456789", n: mark("12345678901234567890") }, marked: true },
    },
    {
      name: "digits inside a string with an escaped quote are untouched",
      given: '{"s":"a\\",12345678901234567890","t":"[12345678901234567890]"}',
      want: { value: { s: 'a",12345678901234567890', t: "[12345678901234567890]" }, marked: false },
    },
    {
      name: "a long integer as an object key stays a key",
      given: '{"12345678901234567890":1}',
      want: { value: { "12345678901234567890": 1 }, marked: false },
    },
    {
      name: "long number with a fraction is left to JSON.parse",
      given: '{"a":1234567890123456789.5}',
      want: { value: { a: Number("1234567890123456789.5") }, marked: false },
    },
    {
      name: "long number with an exponent is left to JSON.parse",
      given: '{"a":12345678901234567890e2,"b":-12345678901234567890E-3}',
      want: { value: { a: Number("12345678901234567890e2"), b: -Number("12345678901234567890e-3") }, marked: false },
    },
    {
      name: "long fraction part with an exponent is left to JSON.parse",
      given: '{"a":1.2345678901234567890e5}',
      want: { value: { a: Number("1.234567890123456789e5") }, marked: false },
    },
    {
      name: "text without long integers is not marked",
      given: '{"a":1,"b":[2,3.5],"c":"12345678901234567890"}',
      want: { value: { a: 1, b: [2, 3.5], c: "12345678901234567890" }, marked: false },
    },
    {
      name: "a long fraction alone is not marked",
      given: '{"b":0.30000000000000004}',
      want: { value: { b: 0.30000000000000004 }, marked: false },
    },
    {
      // A double printed by JSON.stringify often has 17 fraction digits; next to a u64 it must still parse.
      name: "a long fraction next to a big integer is untouched",
      given: '{"a":18446744073709551615,"b":0.30000000000000004}',
      want: { value: { a: mark("18446744073709551615"), b: 0.30000000000000004 }, marked: true },
    },
  ])("$name", ({ given, want }) => {
    expect(parseJson(given)).toEqual(want);
  });

  it.each([
    { name: "truncated", given: '{"a":' },
    { name: "truncated after a big integer", given: '{"a":18446744073709551615' },
    { name: "empty", given: "" },
  ])("throws on invalid JSON: $name", ({ given }) => {
    expect(() => parseJson(given)).toThrow(SyntaxError);
  });
});

describe("applyU64", () => {
  it.each<{ name: string; given: { value: unknown; map: U64Map }; want: unknown }>([
    {
      name: "true turns a mark into a bigint",
      given: { value: mark("18446744073709551615"), map: true },
      want: U64_MAX,
    },
    {
      name: "true turns a negative mark into a bigint",
      given: { value: mark("-18446744073709551615"), map: true },
      want: -U64_MAX,
    },
    { name: "true turns a safe integer into a bigint", given: { value: 5, map: true }, want: 5n },
    { name: "a fraction is left alone", given: { value: 1.5, map: true }, want: 1.5 },
    { name: "a plain digit string is left alone", given: { value: "5", map: true }, want: "5" },
    { name: "null is left alone", given: { value: null, map: true }, want: null },
    {
      name: "nested maps",
      given: {
        value: {
          context: { slot: 7 },
          value: {
            lamports: mark("18446744073709551615"),
            rentEpoch: 361,
            owner: "11111111111111111111111111111111",
            space: 0,
          },
        },
        map: { context: { slot: true }, value: { lamports: true, rentEpoch: true } },
      },
      want: {
        context: { slot: 7n },
        value: { lamports: U64_MAX, rentEpoch: 361n, owner: "11111111111111111111111111111111", space: 0 },
      },
    },
    {
      name: "`*` for array items",
      given: {
        value: [
          { a: mark("18446744073709551615"), b: 1 },
          { a: 2, b: 3 },
        ],
        map: { "*": { a: true } },
      },
      want: [
        { a: U64_MAX, b: 1 },
        { a: 2n, b: 3 },
      ],
    },
    {
      name: "`*` with true: every item",
      given: { value: { slots: [1, 2, mark("18446744073709551615")] }, map: { slots: { "*": true } } },
      want: { slots: [1n, 2n, U64_MAX] },
    },
    { name: "array without `*` in the map is left alone", given: { value: [1, 2], map: { a: true } }, want: [1, 2] },
    { name: "missing keys are not added", given: { value: { b: 1 }, map: { a: true } }, want: { b: 1 } },
    { name: "null where an object is mapped", given: { value: null, map: { a: true } }, want: null },
    { name: "`*` on an object is ignored", given: { value: { "*": 1 }, map: { "*": true } }, want: { "*": 1 } },
  ])("$name", ({ given, want }) => {
    expect(applyU64(given.value, given.map)).toStrictEqual(want);
  });

  it("works in place on the parsed value", () => {
    const value = { a: { b: 1 } };
    const out = applyU64(value, { a: { b: true } });
    expect(out).toBe(value);
    expect(value.a.b).toBe(1n);
  });
});

describe("restoreNumbers", () => {
  it.each<{ name: string; given: unknown; want: unknown }>([
    {
      name: "a mark becomes a (lossy) number",
      given: mark("18446744073709551615"),
      want: Number("18446744073709551615"),
    },
    {
      name: "nested objects and arrays",
      given: {
        a: mark("12345678901234567890"),
        b: [mark("-18446744073709551615"), "x", 1],
        c: { d: mark("9007199254740993") },
      },
      want: {
        a: Number("12345678901234567890"),
        b: [-Number("18446744073709551615"), "x", 1],
        c: { d: Number("9007199254740993") },
      },
    },
    {
      name: "bigints already claimed stay bigints",
      given: { a: U64_MAX, b: mark("18446744073709551615") },
      want: { a: U64_MAX, b: Number("18446744073709551615") },
    },
    {
      name: "plain strings stay strings",
      given: ["n:5", "18446744073709551615", ""],
      want: ["n:5", "18446744073709551615", ""],
    },
    { name: "null and booleans", given: [null, true], want: [null, true] },
  ])("$name", ({ given, want }) => {
    expect(restoreNumbers(given)).toStrictEqual(want);
  });

  it("parse → applyU64 → restoreNumbers: claimed fields are bigint, unclaimed ones numbers like JSON.parse gives", () => {
    const text = '{"lamports":18446744073709551615,"other":18446744073709551615,"small":1}';
    const { value, marked } = parseJson(text);
    expect(marked).toBe(true);
    const out = restoreNumbers(applyU64(value, { lamports: true }));
    expect(out).toStrictEqual({ lamports: U64_MAX, other: JSON.parse(text).other, small: 1 });
  });

  it("a string the server sent that starts like a mark stays a string", () => {
    // The text holds the JSON string "\u0000n:7" (a NUL, then "n:7"), next to a big integer: the
    // mark has a random part, so a server string that looks like an old-style mark stays a string.
    const { value } = parseJson('{"a":18446744073709551615,"s":"\\u0000n:7"}');
    expect(restoreNumbers(value)).toStrictEqual({ a: Number("18446744073709551615"), s: "\u0000n:7" });
  });
});

describe("stringifyJson", () => {
  it.each<{ name: string; given: unknown; want: string }>([
    { name: "u64::MAX as a bare integer", given: { lamports: U64_MAX }, want: '{"lamports":18446744073709551615}' },
    { name: "negative bigint", given: { a: -5n }, want: '{"a":-5}' },
    { name: "top-level bigint", given: 5n, want: "5" },
    { name: "bigints in arrays", given: [1n, "x", 2, 3n], want: '[1,"x",2,3]' },
    {
      name: "no bigint: same as JSON.stringify",
      given: { a: 1, b: "x", c: [null] },
      want: '{"a":1,"b":"x","c":[null]}',
    },
    {
      name: "digit strings stay strings",
      given: { a: 1n, s: "18446744073709551615" },
      want: '{"a":1,"s":"18446744073709551615"}',
    },
    {
      name: "a mark-like string without bigints stays a string",
      given: { s: "\u0000n:5" },
      want: '{"s":"\\u0000n:5"}',
    },
    { name: "'n:5' next to a bigint stays a string", given: { a: 1n, s: "n:5" }, want: '{"a":1,"s":"n:5"}' },
    {
      name: "a mark-like string next to a bigint stays a string",
      given: { a: 1n, s: "\u0000n:5" },
      want: '{"a":1,"s":"\\u0000n:5"}',
    },
    { name: "undefined fields are dropped", given: { a: undefined, b: 2n }, want: '{"b":2}' },
  ])("$name", ({ given, want }) => {
    expect(stringifyJson(given)).toBe(want);
  });

  it("round-trips u64 values through parseJson + applyU64", () => {
    const original = { slots: [0n, 2n ** 53n + 1n, U64_MAX], neg: -(2n ** 63n) };
    const { value } = parseJson(stringifyJson(original));
    expect(applyU64(value, { slots: { "*": true }, neg: true })).toStrictEqual(original);
  });
});
