/**
 * The `onRequest` / `onResponse` hooks and their timing, wrapped once around any transport (by the
 * observer, observe.ts, loaded on the first call of a client that has them): one event pair per
 * exchange on the wire (a batch is one exchange naming all its methods).
 */
import type { ClientOptions, RequestEvent } from "./options.js";
import type { Transport } from "./transport.js";

/** The calls of a transport that go on the wire (what the hooks wrap). */
export type Wire = Pick<Transport, "request" | "batch" | "notify">;

export function withHooks(transport: Wire, hooks: Pick<ClientOptions, "onRequest" | "onResponse">, host: string): Wire {
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
  const { batch, notify } = transport;
  return {
    request: (request, options) => reported([request.method], request.body, () => transport.request(request, options)),
    batch:
      batch &&
      ((requests, body, options) =>
        reported(
          requests.map((r) => r.method),
          body,
          () => batch.call(transport, requests, body, options),
        )),
    notify:
      notify &&
      ((request, options) => reported([request.method], request.body, () => notify.call(transport, request, options))),
  };
}
