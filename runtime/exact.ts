/**
 * Exact integers on the success path, for the methods whose result has u64 fields. The generated
 * method table names `exactJson` beside each such method's `u64` map (`u64: { slot: true }, exact:
 * exactJson`), so an app that calls none of them bundles none of the marking and restoring of long
 * integers (json.ts): its answers are parsed by `JSON.parse`. A method spec with `u64` and without
 * `exact` (a hand-written one) still gets every digit: its answer is decoded by wire.ts.
 */
import { applyU64, parseJson, restoreNumbers, type U64Map } from "./json.js";

/** The exact-integer parser of a method's answers (`MethodSpec.exact`). */
export interface ExactJson {
  /** Parses answer text; integer literals beyond 2^53 survive as marked strings. */
  parse(text: string): { value: unknown; marked: boolean };
  /** The result with its u64 fields as `bigint` and any other marked integer a number again. */
  decode(result: unknown, u64: U64Map | undefined, marked: boolean): unknown;
}

export const exactJson: ExactJson = {
  parse: parseJson,
  decode(result, u64, marked) {
    const typed = u64 ? applyU64(result, u64) : result;
    return marked ? restoreNumbers(typed) : typed;
  },
};
