/**
 * What the page says about a failed call: the client's own error classes (ValidationError with
 * its issues, JsonRpcError with code and data, HttpError with status and body, TimeoutError,
 * NetworkError, MalformedResponseError, …) as their name, message and own fields; and which
 * result variant the params select.
 */
import { JsonRpcError, RpcClientError, ValidationError } from "../../../generated/src/runtime/errors.js";
import { stringifyJson } from "../../../generated/src/runtime/json.js";
import type { SiteMethod } from "../types.js";
import type { Problem } from "./editor.js";

/** The issues of a ValidationError about the params, with paths as the form names them (`pageSize`, not `params.pageSize`). */
export function validationProblems(error: unknown): Problem[] | undefined {
  if (!(error instanceof ValidationError)) return undefined;
  return error.issues.map((i) => ({
    path: i.path.replace(/^params\.?/, "") || "params",
    rule: i.rule,
    message: i.message,
  }));
}

export function problemText(p: Problem): string {
  return `${p.path} ${p.message} (rule: ${p.rule})`;
}

/** `{ name, message, …own fields }` of an error, as the client's error class holds them. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof RpcClientError) {
    const { name, message, ...rest } = error.toJSON() as Record<string, unknown>;
    if (error instanceof JsonRpcError) return { name, message, code: error.code, data: error.data };
    return { name, message, ...rest };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

/** The variant of the result the params select, as `WithTransactions (fullTransactions is true)`, or undefined. */
export function selectedVariant(method: SiteMethod, named: Record<string, unknown>): string | undefined {
  for (const v of method.variants) {
    let value = named[v.when.param];
    if (v.when.property !== undefined)
      value =
        value !== null && typeof value === "object" ? (value as Record<string, unknown>)[v.when.property] : undefined;
    const holds = v.when.absent
      ? value === undefined || value === null || value === ""
      : "equals" in v.when
        ? same(value, v.when.equals)
        : Array.isArray(v.when.in) && v.when.in.some((o) => same(value, o));
    if (holds) return `${v.name} (${v.condition})`;
  }
  return method.variants.length > 0 ? "the default result (no variant's condition holds)" : undefined;
}

function same(a: unknown, b: unknown): boolean {
  return a !== undefined && stringifyJson(a) === stringifyJson(b);
}
