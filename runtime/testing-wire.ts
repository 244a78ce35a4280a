/**
 * The test kit's JSON on the wire: a request body read as a server reads it (integers beyond 2^53 kept
 * exact, as `bigint`; nesting bounded), and an outcome of testing-kit.ts written as the JSON-RPC
 * response a server sends (`bigint`s as plain integers). Shared by `mockTransport` and `mswHandlers`.
 */
import { MAX_RESPONSE_DEPTH } from "./defaults.js";
import { INTEGER_MARK, parseJson, stringifyJson } from "./json.js";
import { deeperThan } from "./json-depth.js";
import { isRecord, setOwn } from "./mock-json.js";
import type { Answered } from "./testing-kit.js";

/** A request body as a value; `undefined` when it is not JSON or nests deeper than the runtime reads. */
export function readBody(text: string): { value: unknown } | undefined {
  try {
    const { value, marked } = parseJson(text);
    if (deeperThan(value, MAX_RESPONSE_DEPTH)) return undefined;
    return { value: marked ? exact(value) : value };
  } catch {
    return undefined;
  }
}

/** Marked long integers as `bigint`s (in place where possible; a `__proto__` key stays an own property). */
function exact(value: unknown): unknown {
  if (typeof value === "string")
    return value.startsWith(INTEGER_MARK) ? BigInt(value.slice(INTEGER_MARK.length)) : value;
  if (Array.isArray(value)) return value.map(exact);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(out, key, exact(value[key]));
  return out;
}

/**
 * The JSON-RPC response text of an answered request (`undefined` for a notification); a fault is thrown
 * (the caller decides: mockTransport rejects the call with it, mswHandlers answers -32603).
 */
export function responseText(answered: Answered, what: string): string | undefined {
  const { id, outcome } = answered;
  if (id === undefined) {
    if (outcome.kind === "fault") throw outcome.error;
    return undefined;
  }
  if (outcome.kind === "fault") throw outcome.error;
  if (outcome.kind === "result") return stringifyJson({ jsonrpc: "2.0", id, result: outcome.value });
  const error = { code: outcome.code, message: outcome.message };
  if (outcome.data === undefined) return stringifyJson({ jsonrpc: "2.0", id, error });
  try {
    return stringifyJson({ jsonrpc: "2.0", id, error: { ...error, data: outcome.data } });
  } catch (cause) {
    throw new Error(`The data of a JSON-RPC error the ${what} answers cannot be written as JSON.`, { cause });
  }
}

/** The text of a fault as the -32603 error `mswHandlers` answers (a ValidationError's issues as `data`). */
export function faultText(id: string | number | null, error: Error): string {
  const issues = (error as { issues?: unknown }).issues;
  const data = Array.isArray(issues) ? { issues } : undefined;
  return stringifyJson({
    jsonrpc: "2.0",
    id,
    error: { code: -32603, message: `Internal error: ${error.message}`, ...(data ? { data } : {}) },
  });
}
