/**
 * `mockTransport(handlers, options)`: a transport for `createXClient({ transport })` that answers in
 * memory, through the same client code path as any transport (framing, exact numbers, decoding,
 * errors). Each request body is read as a server reads it and answered by the kit (testing-kit.ts);
 * a fault of the test's own making (a handler result that breaks the spec, a thrown non-rpcError)
 * rejects the call with that error. It batches, takes notifications, enforces each call's timeout
 * and abort (a latency waiting then is cut short, no timer left), and carries subscriptions: the
 * async iterable a subscribe handler returns is pumped, after the subscribe answer, as the
 * subscription's notifications (each item checked against the item schema); unsubscribing stops it.
 */
import { AbortError, TimeoutError } from "./errors.js";
import { parseJson, stringifyJson } from "./json.js";
import { createKit, type Answered, type Stream } from "./testing-kit.js";
import type { MockOptions, MockTransport, TestingSetup } from "./testing-types.js";
import { readBody, responseText } from "./testing-wire.js";
import {
  sealTransport,
  type ConnectionEvent,
  type Reply,
  type SendOptions,
  type ServerNotification,
  type TransportConfig,
  type TransportRequest,
} from "./transport.js";

const WHAT = "mockTransport";

export function createMockTransport<H>(
  setup: TestingSetup,
  handlers?: H,
  options: MockOptions<H> = {},
): MockTransport<H> {
  const kit = createKit(setup, handlers, options, WHAT);
  const listeners = new Set<(notification: ServerNotification) => void>();
  const watchers = new Set<(event: ConnectionEvent) => void>();
  const notify = (n: ServerNotification): void => [...listeners].forEach((listener) => listener(n));

  /** One request body's messages answered, each with its subscription pumped once answered. */
  const answerAll = async (body: string, signal: AbortSignal): Promise<Answered[]> => {
    const read = readBody(body);
    const messages = read === undefined ? [undefined] : Array.isArray(read.value) ? read.value : [read.value];
    return Promise.all(messages.map((m) => kit.answer(m, signal)));
  };
  const started = (answered: Answered): Answered => {
    if (answered.outcome.kind === "result" && answered.outcome.stream)
      pump(kit.streams, setup, answered.outcome.stream, notify);
    return answered;
  };

  const config = {
    type: "mock",
    host: WHAT,
    endpoint: "jsonrpc",
    enforcesTimeouts: true,
    async request(r: TransportRequest, s: SendOptions): Promise<string> {
      const [answered] = await bounded(s, (signal) => answerAll(r.body, signal));
      const text = responseText(answered!, WHAT) ?? "";
      started(answered!);
      return text;
    },
    async batch(requests: readonly TransportRequest[], body: string, s: SendOptions): Promise<(Reply | Error)[]> {
      const answers = await bounded(s, (signal) => answerAll(body, signal));
      return requests.map((_, i) => {
        const answered = answers[i];
        if (!answered) return new Error(`The ${WHAT} got no answer for batch entry ${i}.`);
        try {
          const raw = responseText(answered, WHAT) ?? "null";
          const { value, marked } = parseJson(raw);
          started(answered);
          return { message: value, marked, raw };
        } catch (error) {
          return error instanceof Error ? error : new Error(String(error));
        }
      });
    },
    async notify(r: TransportRequest, s: SendOptions): Promise<void> {
      const [answered] = await bounded(s, (signal) => answerAll(r.body, signal));
      responseText(answered!, WHAT);
    },
    listen(listener: (notification: ServerNotification) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onConnection(listener: (event: ConnectionEvent) => void): () => void {
      watchers.add(listener);
      return () => void watchers.delete(listener);
    },
    close(): void {
      for (const stop of [...kit.streams.values()]) stop();
      const event: ConnectionEvent = { type: "closed", error: new Error(`The ${WHAT} was closed.`) };
      for (const watcher of [...watchers]) watcher(event);
      listeners.clear();
      watchers.clear();
    },
    calls: kit.calls,
    use: (more: H): void => kit.use(more),
    reset: (): void => kit.reset(),
  };
  return sealTransport(config as TransportConfig) as unknown as MockTransport<H>;
}

/**
 * `run` under the call's timeout and abort: it rejects with TimeoutError or AbortError at once, and the
 * signal `run` is given aborts then (a latency or a handler watching it stops).
 */
function bounded<T>(s: SendOptions, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const end = (settle: () => void): void => {
      if (timer !== undefined) clearTimeout(timer);
      s.signal?.removeEventListener("abort", onAbort);
      settle();
    };
    const onAbort = (): void => {
      controller.abort();
      end(() => reject(new AbortError(s.context)));
    };
    if (s.signal?.aborted) return onAbort();
    if (s.timeout > 0 && Number.isFinite(s.timeout))
      timer = setTimeout(() => {
        controller.abort();
        end(() => reject(new TimeoutError(s.timeout, s.context)));
      }, s.timeout);
    s.signal?.addEventListener("abort", onAbort, { once: true });
    run(controller.signal).then(
      (value) => end(() => resolve(value)),
      (error: unknown) => end(() => reject(error)),
    );
  });
}

/**
 * Pushes the items of `stream` as the subscription's notifications, one per macrotask, starting after
 * the subscribe answer has been delivered. An item that breaks the item schema (or an error the
 * iterable throws) ends the subscription with that error, after the items before it. The subscription
 * stays registered (its id taken) until unsubscribed, also once the iterable is done.
 */
function pump(
  streams: Map<string, () => void>,
  setup: TestingSetup,
  stream: Stream,
  notify: (n: ServerNotification) => void,
): void {
  const subscription = setup.api.methods[stream.method]!.subscription!;
  const [idName, itemName] = subscription.notificationParams ?? ["subscription", "result"];
  const iterator = stream.items[Symbol.asyncIterator]();
  let stopped = false;
  const key = String(stream.id);
  streams.set(key, () => {
    if (stopped) return;
    stopped = true;
    streams.delete(key);
    void Promise.resolve()
      .then(() => iterator.return?.())
      .catch(() => undefined);
  });
  // A listen method's events (no id): an object event is the params, another value `{ value }` (event-item.ts).
  const listen = subscription.mode === "listen";
  const shape = (item: unknown): unknown =>
    item !== null && typeof item === "object" && !Array.isArray(item) ? item : { value: item };
  const push = (params: unknown, error?: Error): void => {
    const text = stringifyJson({ jsonrpc: "2.0", method: subscription.notification, params });
    const { value } = parseJson(text);
    notify({
      method: subscription.notification,
      params: (value as { params: unknown }).params,
      size: text.length,
      ...(error ? { error } : {}),
    });
  };
  const fail = (error: Error): void => {
    push(listen ? {} : { [idName]: stream.id }, error);
    streams.get(key)?.();
  };
  const next = async (): Promise<void> => {
    try {
      while (!stopped) {
        const step = await iterator.next();
        if (stopped || step.done) return;
        const problem = stream.check(step.value);
        if (problem) return fail(problem);
        push(listen ? shape(step.value) : { [idName]: stream.id, [itemName]: step.value });
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    } catch (thrown) {
      if (!stopped)
        fail(
          thrown instanceof Error
            ? thrown
            : new Error(`The items of ${stream.method} from its ${WHAT} handler threw a non-Error value.`, {
                cause: thrown,
              }),
        );
    }
  };
  setTimeout(() => void next(), 0);
}
