/**
 * runtime/answer.ts, the success path's `takeResult`: a method without u64 fields takes `JSON.parse`;
 * one with them needs its `exact` parser (exact.ts) to keep every digit, and without it the answer is
 * left to wire.ts (REFUSED), which decodes it exactly; so is a reply whose long integers a transport
 * marked (the WebSocket one parses answers itself) when no exact parser is at hand.
 */
import { describe, expect, it } from "vitest";
import { REFUSED, takeResult, type Reply } from "../../runtime/answer.js";
import type { MethodSpec } from "../../runtime/codec.js";
import { exactJson } from "../../runtime/exact.js";
import { parseJson } from "../../runtime/json.js";
import { decodeReply } from "../../runtime/wire.js";

const U64_MAX = 18446744073709551615n;
const text = `{"jsonrpc":"2.0","id":1,"result":{"slot":18446744073709551615,"other":18446744073709551615,"n":1}}`;
const u64: MethodSpec = { params: [], u64: { slot: true } };
const exact: MethodSpec = { ...u64, exact: exactJson };
const plain: MethodSpec = { params: [] };
const reply = (): Reply => {
  const { value, marked } = parseJson(text);
  return { message: value, marked, raw: text };
};

describe("takeResult", () => {
  it.each<{ name: string; answer: () => string | Reply; spec: MethodSpec | undefined; want: unknown }>([
    {
      name: "u64 field with the exact parser: bigint, other long integers numbers",
      answer: () => text,
      spec: exact,
      want: { slot: U64_MAX, other: Number(U64_MAX), n: 1 },
    },
    { name: "u64 field without the exact parser: left to wire.ts", answer: () => text, spec: u64, want: REFUSED },
    {
      name: "no u64 field: JSON.parse (long integers as numbers)",
      answer: () => text,
      spec: plain,
      want: { slot: Number(U64_MAX), other: Number(U64_MAX), n: 1 },
    },
    {
      name: "no spec: JSON.parse",
      answer: () => text,
      spec: undefined,
      want: { slot: Number(U64_MAX), other: Number(U64_MAX), n: 1 },
    },
    { name: "a marked reply without the exact parser: left to wire.ts", answer: reply, spec: plain, want: REFUSED },
    {
      name: "a marked reply with the exact parser",
      answer: reply,
      spec: exact,
      want: { slot: U64_MAX, other: Number(U64_MAX), n: 1 },
    },
  ])("$name", ({ answer, spec, want }) => {
    expect(takeResult(answer(), 1, spec)).toStrictEqual(want);
  });

  it("what it leaves to wire.ts is decoded there with every digit", () => {
    expect(takeResult(reply(), 1, plain)).toBe(REFUSED);
    expect(decodeReply(reply(), 1, plain, {})).toStrictEqual({ slot: Number(U64_MAX), other: Number(U64_MAX), n: 1 });
    expect(decodeReply(reply(), 1, u64, {})).toStrictEqual({ slot: U64_MAX, other: Number(U64_MAX), n: 1 });
  });

  it("an exact answer whose id or shape is wrong is still refused", () => {
    expect(takeResult(text, 2, exact)).toBe(REFUSED);
    expect(takeResult(`{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"x"}}`, 1, exact)).toBe(REFUSED);
    expect(takeResult("not json", 1, exact)).toBe(REFUSED);
  });
});
