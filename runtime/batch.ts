/**
 * A JSON-RPC batch answer matched to its requests by id, in any order. Loaded on first use: apps
 * that never batch never bundle it.
 */
import { MalformedResponseError, type ErrorContext } from "./errors.js";
import { replyId, toJsonRpcError } from "./wire.js";
import { scrub } from "./secrets.js";
import type { Reply, TransportRequest } from "./transport.js";

/**
 * One entry per request, in order: its own reply, or a MalformedResponseError when the answer has
 * none for its id. Throws when the answer as a whole is unusable: one error object answering the
 * whole batch (unauthorized, rate limited), not an array, or two answers with the same id.
 */
export function matchBatch(
  reply: Reply,
  messages: readonly TransportRequest[],
  context: ErrorContext,
  secrets: readonly string[],
): (Reply | Error)[] {
  const body = (): string => scrub(reply.raw, secrets);
  if (!Array.isArray(reply.message)) {
    const single = reply.message as { error?: { code?: unknown; message?: unknown; data?: unknown } } | null;
    throw single && typeof single === "object" && Object.hasOwn(single, "error") && single.error
      ? toJsonRpcError(single.error, reply.marked, context, secrets)
      : new MalformedResponseError("expected an array answering the batch", body(), context);
  }
  const byId = new Map<string, unknown>();
  for (const message of reply.message) {
    const key = replyId(message);
    if (key === undefined) continue;
    if (byId.has(key))
      throw new MalformedResponseError(
        `the batch answer holds two responses for id ${key.slice(0, 40)}`,
        body(),
        context,
      );
    byId.set(key, message);
  }
  return messages.map((m) => {
    const message = byId.get(String(m.id));
    return message === undefined
      ? new MalformedResponseError(`the batch answer has no response for request id ${m.id}`, body(), {
          ...context,
          method: m.method,
        })
      : { message, marked: reply.marked, raw: reply.raw };
  });
}
