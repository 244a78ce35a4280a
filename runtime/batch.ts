/**
 * JSON-RPC batching over HTTP: many envelopes in one POST, answers matched by id in any order.
 * Used by the explicit `client.batch(...)` and by opt-in automatic batching (client.ts), and
 * loaded on first use.
 */
import { MalformedResponseError, type ErrorContext } from "./errors.js";
import { parseReply, toJsonRpcError, scrub } from "./codec.js";
import type { Reply } from "./ws.js";

export interface BatchItem {
  id: number;
  method: string;
  /** The JSON text of the item's envelope. */
  text: string;
  resolve(reply: Reply): void;
  reject(error: unknown): void;
}

/** Sends the items' envelopes as one JSON array and returns the raw answer text. */
export type SendBatch = (body: string, methods: string[]) => Promise<string>;

/**
 * Posts one batch and settles every item with its own answer. Throws (settling nothing) when
 * the batch as a whole failed — transport error, not JSON, or one error answering the whole
 * batch — so that the caller may retry it, then reject every item.
 */
export async function runBatch(
  items: BatchItem[],
  send: SendBatch,
  context: ErrorContext,
  secrets: readonly string[],
): Promise<void> {
  const text = await send(
    `[${items.map((i) => i.text).join(",")}]`,
    items.map((i) => i.method),
  );
  const reply = parseReply(text, context, secrets);
  if (!Array.isArray(reply.message)) {
    // A single answer to a whole batch: usually an error object (unauthorized, rate limited, parse error).
    const single = reply.message as { error?: { code?: unknown; message?: unknown; data?: unknown } } | null;
    throw single && typeof single === "object" && single.error
      ? toJsonRpcError(single.error, reply.marked, context, secrets)
      : new MalformedResponseError("expected an array answering the batch", scrub(reply.raw, secrets), context);
  }
  const byId = new Map<string, unknown>();
  for (const message of reply.message) {
    const id = (message as { id?: unknown } | null)?.id;
    if (id !== undefined && id !== null) byId.set(String(id), message);
  }
  for (const item of items) {
    const message = byId.get(String(item.id));
    if (message === undefined) {
      item.reject(
        new MalformedResponseError(
          `the batch answer has no response for request id ${item.id}`,
          scrub(reply.raw, secrets),
          { ...context, method: item.method },
        ),
      );
    } else item.resolve({ message, marked: reply.marked, raw: reply.raw });
  }
}
