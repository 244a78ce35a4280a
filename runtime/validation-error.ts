/**
 * The error of input that breaks the rules: a client's options, a call's options, params, or (with
 * `validateResponses: "strict"`) a result. Made on the failure path (failures.ts) or by a factory that
 * throws at once (factories.ts), never by the start path: an app whose input is right never loads it.
 */
import { RpcClientError, type ErrorContext } from "./base-error.js";
import type { Issue } from "./validate-core.js";

/** Params (or, with `validateResponses: "strict"`, a result) broke the spec's rules. */
export class ValidationError extends RpcClientError {
  static override readonly brand: string = "ValidationError";
  override name = "ValidationError";
  readonly issues: readonly Issue[];
  constructor(what: string, issues: readonly Issue[], context: ErrorContext) {
    // `got 20000`: the value found when the validator shows it (as JSON), else its type.
    const list = issues.map((i) => `${i.path} ${i.message} (rule: ${i.rule}, got ${i.value ?? i.received})`).join("; ");
    super(`Invalid ${what}: ${list}.`, context);
    this.issues = issues;
  }
}
