/**
 * How every reader of a document's schemas compiles a `pattern`: with the `u` flag JSON Schema
 * implies, or without it when the pattern is only valid so (validate/keywords.ts warns, rule
 * pattern-u-flag), exactly as the generated validators do (plugins/validators/compile.ts). For
 * ajv's `code.regExp` option: the examples check and the mock server's params and results.
 */
import { patternFlags } from "../print/escape.js";

export function documentRegExp(pattern: string, flags: string): RegExp {
  return new RegExp(pattern, patternFlags(pattern) === "" ? flags.replace("u", "") : flags);
}
documentRegExp.code = "new RegExp";

/** The flags a document's pattern is compiled with (`u`, or none when only valid without it); `undefined` when it is not a regular expression. */
export function documentFlags(pattern: string): "u" | "" | undefined {
  return patternFlags(pattern);
}
