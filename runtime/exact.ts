/**
 * Exact integers on the success path, for the methods whose result or params have u64 fields. The
 * generated method table names `exactJson` for each such method (`u64: { slot: true }, exact:
 * exactJson`), so an app that calls none of them bundles none of the marking and restoring of long
 * integers (json.ts) nor the writing of `bigint`s: its answers are parsed by `JSON.parse` and its
 * params written by `JSON.stringify`. A method spec without `exact` (a hand-written one) still gets
 * every digit: its answer is decoded by wire.ts, and `bigint` params are written by json.ts's
 * `stringifyJson` through extras.ts, which the client loads then.
 */
import { applyU64, parseJson, restoreNumbers, stringifyJson, type U64Map } from "./json.js";

/** The exact-integer parser of a method's answers (`MethodSpec.exact`). */
export interface ExactJson {
  /** Parses answer text; integer literals beyond 2^53 survive as marked strings. */
  parse(text: string): { value: unknown; marked: boolean };
  /** The result with its u64 fields as `bigint` and any other marked integer a number again. */
  decode(result: unknown, u64: U64Map | undefined, marked: boolean): unknown;
  /** Writes params that hold `bigint`s as plain JSON integers. */
  stringify(params: unknown): string;
}

export const exactJson: ExactJson = {
  parse: parseJson,
  decode(result, u64, marked) {
    const typed = u64 ? applyU64(result, u64) : result;
    return marked ? restoreNumbers(typed) : typed;
  },
  stringify: stringifyJson,
};
