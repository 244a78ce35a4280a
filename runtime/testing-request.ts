/**
 * One request object as the test kit reads it (testing-kit.ts): the envelope (`jsonrpc`, `id`,
 * `method`: -32600 when wrong), the method (-32601 when the API has none of that name, own
 * properties only: `__proto__` and `toString` are names like any other), and the params by name
 * (positional ones named by the spec's param names; -32602 when their form is wrong).
 */
import type { MethodSpec } from "./codec.js";
import { isRecord, setOwn } from "./mock-json.js";
import { error, type Outcome } from "./testing-outcome.js";
import type { TestingSetup } from "./testing-types.js";
import { typeOf } from "./validate-labels.js";

const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;

export type Read =
  | { id: string | number | null | undefined; outcome: Outcome }
  | {
      id: string | number | null | undefined;
      method: string;
      spec: MethodSpec;
      named: Record<string, unknown>;
      positional: boolean;
    };

/** The envelope, the method and the params by name of one request object; an error outcome when one is wrong. */
export function readRequest(setup: TestingSetup, message: unknown): Read {
  if (!isRecord(message)) return { id: null, outcome: error(-32600, "Invalid Request: not a JSON-RPC request object") };
  const rawId = own(message, "id");
  const hasId = Object.hasOwn(message, "id");
  if (hasId && rawId !== null && typeof rawId !== "string" && typeof rawId !== "number")
    return { id: null, outcome: error(-32600, "Invalid Request: id must be a string, a number or null") };
  const id = hasId ? (rawId as string | number | null) : undefined;
  const method = own(message, "method");
  if (own(message, "jsonrpc") !== "2.0" || typeof method !== "string")
    return { id, outcome: error(-32600, 'Invalid Request: jsonrpc must be "2.0" and method a string') };
  const spec = own(setup.api.methods, method);
  if (!spec)
    return {
      id,
      outcome: error(-32601, `Method not found: ${method.slice(0, 80)} is not a method of the ${setup.title}`),
    };
  const structure = spec.structure ?? setup.api.keyed.paramStructure;
  const named = namedParams(own(message, "params"), spec, method, structure);
  if (typeof named === "string") return { id, outcome: error(-32602, `Invalid params for ${method}: params ${named}`) };
  return { id, method, spec, named, positional: Array.isArray(own(message, "params")) };
}

export function withoutNulls(named: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(named)) if (named[key] !== null) setOwn(out, key, named[key]);
  return out;
}

/** Params by name, or what is wrong with them. */
function namedParams(
  params: unknown,
  spec: MethodSpec,
  method: string,
  structure: "by-name" | "by-position",
): Record<string, unknown> | string {
  const named: Record<string, unknown> = {};
  if (params === undefined) return named;
  if (Array.isArray(params)) {
    if (spec.structure === "by-name")
      return `must be an object keyed by param name (${method} takes its params by name), not an array`;
    if (params.length > spec.params.length)
      return `has ${params.length} positional params, but ${method} takes at most ${spec.params.length}`;
    params.forEach((value, i) => value !== undefined && setOwn(named, spec.params[i]!, value));
    return named;
  }
  if (!isRecord(params)) return `must be an array or an object, not ${typeOf(params)}`;
  if (structure === "by-position" && spec.structure === "by-position")
    return `must be an array in the order ${spec.params.join(", ") || "(none)"} (${method} takes its params by position), not an object`;
  for (const key of Object.keys(params)) setOwn(named, key, params[key]);
  return named;
}
