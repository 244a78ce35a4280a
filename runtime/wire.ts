/**
 * The text on the wire: requests framed as JSON-RPC (or params alone), answers parsed (long integers
 * kept exact) and turned into results or typed errors, whatever the transport.
 */
import type { MethodSpec } from "./codec.js";
import { JsonRpcError, MalformedResponseError, ValidationError, type ErrorContext } from "./errors.js";
import { MAX_RESPONSE_DEPTH } from "./defaults.js";
import { applyU64, deeperThan, parseJson, restoreNumbers, stringifyJson, type U64Map } from "./json.js";
import { scrub, scrubDeep } from "./secrets.js";
import type { ClientOptions } from "./options.js";
import type { Reply } from "./transport.js";
import type { Issue, Validator } from "./validate.js";

/**
 * The text sent for a request (`id`) or a notification (no id): the JSON-RPC envelope, or the params
 * alone (`jsonrpc` false: the keyless proxy form).
 */
export function frame(id: number | undefined, method: string, params: unknown, jsonrpc: boolean): string {
  if (!jsonrpc) return stringifyJson(params);
  // The envelope as text around the params (JSON.stringify of the method escapes it): no object to build per call.
  const head = id === undefined ? '{"jsonrpc":"2.0","method":' : `{"jsonrpc":"2.0","id":${id},"method":`;
  return `${head}${JSON.stringify(method)},"params":${stringifyJson(params)}}`;
}

/**
 * Parses a reply text; throws MalformedResponseError when it is not JSON. `lossless` (default
 * true) keeps integers beyond 2^53 exact; callers pass `false` when the method's result has no
 * `uint64` field, which skips the scan for long integers (plain `JSON.parse`).
 */
export function parseReply(text: string, context: ErrorContext, secrets: readonly string[], lossless = true): Reply {
  let reply: Reply;
  try {
    if (!lossless) reply = { message: JSON.parse(text), marked: false, raw: text };
    else {
      const { value, marked } = parseJson(text);
      reply = { message: value, marked, raw: text };
    }
  } catch {
    throw new MalformedResponseError(
      text.trim() === "" ? "the body is empty" : "the body is not valid JSON (truncated or not JSON at all)",
      scrub(text, secrets),
      context,
    );
  }
  // Nesting deeper than the limit takes at least two brackets per level: a shorter text needs no walk.
  if (text.length >= 2 * (MAX_RESPONSE_DEPTH + 1) && deeperThan(reply.message, MAX_RESPONSE_DEPTH))
    throw new MalformedResponseError(
      `the answer nests arrays/objects deeper than ${MAX_RESPONSE_DEPTH} levels`,
      scrub(text, secrets),
      context,
    );
  return reply;
}

/**
 * The result of one JSON-RPC answer, or the typed error it stands for. `id` is the request id
 * to match (integer or its string form); `undefined` accepts any id (the proxy form sends none).
 */
export function decodeReply(
  reply: Reply,
  id: number | undefined,
  spec: MethodSpec | undefined,
  context: ErrorContext,
  secrets: readonly string[] = [],
): unknown {
  const message = reply.message as {
    id?: unknown;
    result?: unknown;
    error?: { code?: unknown; message?: unknown; data?: unknown };
  } | null;
  if (message === null || typeof message !== "object" || Array.isArray(message)) {
    throw new MalformedResponseError("expected a JSON-RPC response object", scrub(reply.raw, secrets), context);
  }
  if (Object.hasOwn(message, "error") && message.error !== undefined && message.error !== null)
    throw toJsonRpcError(message.error, reply.marked, context, secrets);
  if (id !== undefined && (!Object.hasOwn(message, "id") || (message.id !== id && message.id !== String(id)))) {
    throw new MalformedResponseError(
      `the response id ${JSON.stringify(message.id)} does not match the request id ${id}`,
      scrub(reply.raw, secrets),
      context,
    );
  }
  if (!Object.hasOwn(message, "result"))
    throw new MalformedResponseError("the response has neither result nor error", scrub(reply.raw, secrets), context);
  let result = message.result;
  if (spec?.u64) result = applyU64(result, spec.u64);
  if (reply.marked) result = restoreNumbers(result);
  return result;
}

/** A pushed subscription item (parsed with long integers marked): its u64 fields as `bigint`, other long integers as numbers. */
/** The key a reply is matched by: its own `id` as text (other JSON as JSON); undefined for none/null (a notification). */
export function replyId(message: unknown): string | undefined {
  if (message === null || typeof message !== "object" || !Object.hasOwn(message, "id")) return undefined;
  const id = (message as { id: unknown }).id;
  if (id === undefined || id === null) return undefined;
  return typeof id === "string" || typeof id === "number" ? String(id) : JSON.stringify(id);
}

export function decodeItem(result: unknown, u64: U64Map | undefined): unknown {
  return restoreNumbers(u64 ? applyU64(result, u64) : result);
}

export function toJsonRpcError(
  e: { code?: unknown; message?: unknown; data?: unknown },
  marked: boolean,
  context: ErrorContext,
  secrets: readonly string[],
): JsonRpcError {
  // A missing or non-numeric code (null, true, "abc") reads as -32603 (internal error).
  const code =
    typeof e.code === "number" && Number.isInteger(e.code)
      ? e.code
      : typeof e.code === "string" && /^-?\d+$/.test(e.code)
        ? Number(e.code)
        : -32603;
  const data = scrubDeep(marked ? restoreNumbers(e.data) : e.data, secrets);
  return new JsonRpcError(
    code,
    scrub(typeof e.message === "string" ? e.message : "(no message)", secrets),
    data,
    context,
  );
}

/** `decodeReply` for a reply still in text form. */
export function decodeResponse(
  text: string,
  id: number | undefined,
  spec: MethodSpec | undefined,
  context: ErrorContext,
  secrets: readonly string[] = [],
): unknown {
  return decodeReply(parseReply(text, context, secrets), id, spec, context, secrets);
}

/**
 * A result checked against its method's validator (`validateResponses`): "strict" throws a
 * ValidationError, "warn" passes its message to `onWarning` (or console.warn). A method without a
 * validator passes.
 */
export function checkResult(
  validators: Readonly<Record<string, Validator>>,
  method: string,
  result: unknown,
  context: ErrorContext,
  options: Pick<ClientOptions, "validateResponses" | "onWarning">,
): void {
  const validate = Object.hasOwn(validators, method) ? validators[method] : undefined;
  const issues: Issue[] = [];
  if (!options.validateResponses || !validate || validate(result, "result", issues)) return;
  const error = new ValidationError(`result of ${method}`, issues, context);
  if (options.validateResponses === "strict") throw error;
  (options.onWarning ?? console.warn)(error.message);
}
