/**
 * The `onRequest` / `onResponse` hooks and their timing, wrapped once around any transport: one
 * event pair per exchange on the wire (a batch is one exchange naming all its methods).
 */
import type { EndpointSpec } from "./codec.js";
import { frame, frameBatch } from "./wire.js";
import type { ClientOptions, RequestEvent } from "./options.js";
import type { Transport } from "./transport.js";

/** The calls of a transport that go on the wire (what the hooks wrap). */
export type Wire = Pick<Transport, "request" | "batch" | "notify">;

export function withHooks<T extends Wire>(
  transport: T,
  hooks: Pick<ClientOptions, "onRequest" | "onResponse">,
  host: string,
  envelope: EndpointSpec["envelope"],
): T {
  const { onRequest, onResponse } = hooks;
  if (!onRequest && !onResponse) return transport;
  async function reported<T>(methods: string[], body: string, run: () => Promise<T>): Promise<T> {
    const event: RequestEvent = { methods, host, body };
    onRequest?.(event);
    const started = Date.now();
    try {
      const result = await run();
      onResponse?.({ ...event, durationMs: Date.now() - started });
      return result;
    } catch (error) {
      onResponse?.({ ...event, durationMs: Date.now() - started, error });
      throw error;
    }
  }
  return {
    ...transport,
    request: (message, options) =>
      reported([message.method], frame(message, envelope), () => transport.request(message, options)),
    batch: (messages, options) =>
      reported(
        messages.map((m) => m.method),
        frameBatch(messages),
        () => transport.batch(messages, options),
      ),
    notify: (message, options) =>
      reported([message.method], frame(message, envelope), () => transport.notify(message, options)),
  };
}
