/**
 * The text on the wire while all goes well: a request framed as JSON-RPC (or its params alone), and
 * the result taken from an answer that is what it should be. Any other answer (not JSON, an error
 * object, a wrong id, no result, nested too deep) is left to wire.ts, which the client loads on
 * the failure path only and which says what is wrong in a typed error.
 */
import type { MethodSpec } from "./codec.js";
import { MAX_RESPONSE_DEPTH } from "./defaults.js";
import type { ExactJson } from "./exact.js";
import { deeperThan } from "./json-depth.js";

/** A parsed answer: the JSON-RPC response object (or array), whether long integers were marked, the raw text. */
export interface Reply {
  /** The parsed JSON-RPC response object (or array, for a batch answer). */
  message: unknown;
  /** Whether integers too long for a `number` were kept as marked strings (json.ts). */
  marked: boolean;
  /** The raw text, for error excerpts. */
  raw: string;
}

/**
 * What a transport answers: the response text (the client parses it, keeping u64 values exact), or
 * a `Reply` when the transport had to parse it already (to route it by id, as the WebSocket one does).
 */
export type Answer = string | Reply;

/**
 * The text sent for a request (`id`) or a notification (no id): the JSON-RPC envelope around the
 * params' JSON text (`paramsText`), or the params alone (`jsonrpc` false: the keyless proxy form).
 */
export function frame(id: number | undefined, method: string, params: string, jsonrpc: boolean): string {
  if (!jsonrpc) return params;
  // The envelope as text around the params (JSON.stringify of the method escapes it): no object to build per call.
  const head = id === undefined ? '{"jsonrpc":"2.0","method":' : `{"jsonrpc":"2.0","id":${id},"method":`;
  return `${head}${JSON.stringify(method)},"params":${params}}`;
}

/**
 * Params as JSON text: `JSON.stringify`, or for params that hold `bigint`s (u64 values, which it
 * refuses) the method's exact writer (exact.ts); `undefined` when it has none, and the client then
 * loads extras.ts to write them.
 */
export function paramsText(params: unknown, exact: ExactJson | undefined): string | undefined {
  try {
    return JSON.stringify(params);
  } catch (error) {
    if (exact) return exact.stringify(params);
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

/** What `takeResult` returns for an answer it cannot take: wire.ts then says why. */
export const REFUSED: unique symbol = Symbol("refused");

/**
 * The result of an answer that is a JSON-RPC response object with a `result`, no error, and the
 * request's `id` (`undefined` accepts any id), nested no deeper than the limit; its u64 fields as
 * `bigint` and integers beyond 2^53 kept exact, by the method's `exact` parser (exact.ts): a method
 * without u64 fields takes `JSON.parse`. `REFUSED` for any other answer, and for long integers
 * without that parser (marked by a transport that parsed the answer, or a spec with `u64` and no
 * `exact`): wire.ts decodes those exactly.
 */
export function takeResult(answer: Answer, id: number | undefined, spec: MethodSpec | undefined): unknown {
  const exact = spec?.exact;
  let message: unknown;
  let marked = false;
  if (typeof answer === "string") {
    try {
      if (exact) ({ value: message, marked } = exact.parse(answer));
      else message = JSON.parse(answer);
    } catch {
      return REFUSED;
    }
    // Nesting deeper than the limit takes at least two brackets per level: a shorter text needs no walk.
    if (answer.length >= 2 * (MAX_RESPONSE_DEPTH + 1) && deeperThan(message, MAX_RESPONSE_DEPTH)) return REFUSED;
  } else ({ message, marked } = answer);
  if (message === null || typeof message !== "object" || Array.isArray(message)) return REFUSED;
  const m = message as { id?: unknown; result?: unknown; error?: unknown };
  if (Object.hasOwn(m, "error") && m.error !== undefined && m.error !== null) return REFUSED;
  if (id !== undefined && (!Object.hasOwn(m, "id") || (m.id !== id && m.id !== String(id)))) return REFUSED;
  if (!Object.hasOwn(m, "result")) return REFUSED;
  if (!marked && !spec?.u64) return m.result;
  return exact ? exact.decode(m.result, spec?.u64, marked) : REFUSED;
}
