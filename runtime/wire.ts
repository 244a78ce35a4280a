/**
 * Answers parsed (long integers kept exact) and turned into results or typed errors, whatever the
 * transport: what the WebSocket transport, batches and subscriptions use, and what the client loads
 * (failures.ts) when an answer is not what answer.ts takes on the success path.
 */
import type { MethodSpec } from "./codec.js";
import { JsonRpcError, MalformedResponseError, type ErrorContext } from "./errors.js";
import { MAX_RESPONSE_DEPTH } from "./defaults.js";
import { applyU64, parseJson, restoreNumbers, type U64Map } from "./json.js";
import { deeperThan } from "./json-depth.js";
import { scrub, scrubDeep } from "./secrets.js";
import type { Reply } from "./answer.js";

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
