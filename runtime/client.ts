/**
 * The core every generated client is built on: turns a call into a JSON-RPC request for the
 * chosen endpoint (keyed or proxy, params by name or by position), validates it before any I/O,
 * sends it through the transport the URL selects (HTTP, or WebSocket loaded on first use) with
 * the hooks wrapped around it once, retries idempotent calls, batches when asked, and turns the
 * answer into a result or a typed error. Types are in options.ts, defaults in defaults.ts.
 */
import { checkCallOptions } from "./checks.js";
import { encodeParams, toNamed, type MethodSpec } from "./codec.js";
import {
  DEFAULT_BATCH_SIZE,
  DEFAULT_RETRY,
  DEFAULT_SUBSCRIPTION_BUFFER,
  DEFAULT_TIMEOUT,
  type RetryPolicy,
} from "./defaults.js";
import { resolveEndpoint, secretsOf } from "./endpoint.js";
import { type ErrorContext } from "./base-error.js";
import type { ApiSpec, CallFn, CallOptions, ClientOptions, PaginateOptions, Paginator, RpcClient } from "./options.js";
import { TRANSPORT, type Reply, type Transport } from "./transport.js";
import type { Validator } from "./validate.js";
import type * as WireCodec from "./wire.js";
import type { Wire } from "./hooks.js";

import type { Batcher, Queued } from "./queue.js";

/** The default call options: known valid, so a call without options skips their checks. */
const NO_OPTIONS: CallOptions = Object.freeze({});

/** `record[key]` when it is the record's own property (a method named `toString` must not reach Object.prototype). */
const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;

export function createRpcClient(api: ApiSpec, options: ClientOptions): RpcClient {
  const endpoint = resolveEndpoint(api.name, api.keyed, api.proxy, options);
  const { host, envelope } = endpoint;
  const secrets = secretsOf(options.apiKey, options.headers);
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  const isWs = endpoint.transport === "ws";
  const retry: RetryPolicy = {
    count: options.retryCount ?? DEFAULT_RETRY.count,
    delay: options.retryDelay ?? DEFAULT_RETRY.delay,
    maxDelay: options.retryMaxDelay ?? DEFAULT_RETRY.maxDelay,
    codes: options.retryJsonRpcCodes ?? DEFAULT_RETRY.codes,
    // Over WebSocket a connection failure has already used up the reconnect attempts.
    network: !isWs,
  };

  let loaded: Promise<Transport> | undefined;
  /** The transport once loaded (HTTP: at once), so that a call skips the extra awaits of `open`. */
  let ready: Transport | undefined;
  /** The reply decoder and result check, loaded with the transport (wire.ts): none of it is in the start bundle. */
  let wireCodec: typeof WireCodec | undefined;
  let closed = false;
  /**
   * The transport, loaded on first use (HTTP: at client creation) with the wire codec: HTTP-only apps
   * never bundle the WebSocket transport.
   */
  const load = (): Promise<Transport> =>
    (loaded ??= Promise.all([
      isWs
        ? import("./ws.js").then((m) => m.wsTransportFor(endpoint, options, secrets))
        : import("./http.js").then((m) => m.httpTransportFor(endpoint, options, secrets)),
      import("./wire.js"),
    ]).then(([t, codec]) => {
      wireCodec = codec;
      if (!isWs) ready = t;
      return t;
    }));
  /** The loaded transport, refused once a WebSocket client is closed. */
  const open = async (context: ErrorContext): Promise<Transport> => {
    const t = await load();
    if (closed && isWs) throw new (await import("./errors.js")).SocketClosedError(1000, context);
    return t;
  };
  const base: Wire = {
    request: (message, o) => (ready ? ready.request(message, o) : open(o.context).then((t) => t.request(message, o))),
    batch: async (messages, o) => (await open(o.context)).batch(messages, o),
    notify: async (message, o) => (await open(o.context)).notify(message, o),
  };
  // The hooks (loaded at creation when asked for) wrap the transport once, and fire when a call is
  // made, even before the transport has loaded; calls made before the hooks arrive wait for them.
  const hooks = options.onRequest || options.onResponse ? import("./hooks.js") : undefined;
  let wire = base;
  if (hooks) {
    const hooked = hooks.then((m) => (wire = m.withHooks(base, options, host, envelope)));
    hooked.catch(() => undefined);
    wire = {
      request: (message, o) => hooked.then((w) => w.request(message, o)),
      batch: (messages, o) => hooked.then((w) => w.batch(messages, o)),
      notify: (message, o) => hooked.then((w) => w.notify(message, o)),
    };
  }
  // HTTP: loaded at once, off the start bundle; calls made before it is ready wait for it in their order.
  if (!isWs) load().catch(() => undefined);
  /** What `transportOf(client)` gives runtime modules: the loaded transport with the same hooks. */
  const transport = (): Promise<Transport> =>
    Promise.all([load(), hooks]).then(([t, m]) => (m ? m.withHooks(t, options, host, envelope) : t));

  /**
   * Runs `attempt`; when it fails and `policy` allows, loads the retry code (never loaded while calls
   * succeed) and retries with backoff. A retry chunk that fails to load leaves the first error.
   */
  const retried = <T>(
    attempt: () => Promise<T>,
    policy: RetryPolicy,
    signal: AbortSignal | undefined,
    context: ErrorContext,
  ): Promise<T> =>
    policy.count <= 0
      ? attempt()
      : attempt().catch(async (error: unknown) => {
          const retry = await import("./retry.js").catch(() => Promise.reject(error));
          return retry.retryFailed(error, attempt, policy, signal, context);
        });

  /** What the batching code (queue.ts, loaded on first use) needs of this client. */
  const batcher: Batcher = {
    methods: api.methods,
    host,
    timeout,
    retry,
    send: (messages, o) => wire.batch(messages, o),
    retried,
  };
  const batchOption = typeof options.batch === "object" ? options.batch : {};
  /** The automatic batch queue, once loaded (at creation, with the `batch` option). */
  let enqueue: ((item: Queued) => void) | undefined;
  const batching =
    options.batch && !isWs && envelope === "jsonrpc"
      ? import("./queue.js").then(
          (m) =>
            (enqueue = m.batchQueue<Queued>(
              batchOption.maxSize ?? DEFAULT_BATCH_SIZE,
              batchOption.wait ?? 0,
              (items) => void m.sendBatch(batcher, items),
            )),
        )
      : undefined;
  batching?.catch(() => undefined);
  const autoBatch = batching
    ? (item: Queued): void => (enqueue ? enqueue(item) : void batching.then((q) => q(item), item.reject))
    : undefined;

  const validating = options.validateRequests !== false;
  /** The request check, once its validators and the limit rules are loaded (first validated call). */
  let checkParams: ((method: string, spec: MethodSpec, named: Record<string, unknown>) => void) | undefined;
  let loadingChecks: Promise<void> | undefined;
  const loadChecks = (): Promise<void> =>
    (loadingChecks ??= Promise.all([
      typeof api.validators === "function" ? api.validators() : api.validators,
      import("./limits.js"),
    ]).then(
      ([validators, { paramsCheck }]) => void (checkParams = paramsCheck(validators)),
      (error: unknown) => {
        // A failed load (a chunk that did not arrive) is tried again by the next call.
        loadingChecks = undefined;
        throw error;
      },
    ));

  // Started at once, so that it is usually done by the first call (which then sends with no extra wait).
  if (validating) loadChecks().catch(() => undefined);

  let nextId = 1;
  let resultValidators: Promise<Readonly<Record<string, Validator>>> | undefined;

  /** The call function; with `collect`, calls join that explicit batch instead of going out one by one. */
  function makeCall(collect: ((item: Queued) => void) | undefined): CallFn {
    return async (method, params, callOptions = NO_OPTIONS) => {
      const context: ErrorContext = { method, host };
      if (callOptions !== NO_OPTIONS) checkCallOptions(callOptions, context);
      const spec = own(api.methods, method);
      const named = toNamed(params, spec);
      if (validating && spec) {
        // Loaded once; after that the check runs with no await (a batch's calls queue synchronously).
        if (!checkParams) await loadChecks();
        checkParams!(method, spec, named);
      }
      const encoded = encodeParams(named, params, spec, endpoint);
      const send = {
        timeout: callOptions.timeout ?? timeout,
        signal: callOptions.signal,
        context,
        // Only results with u64 fields need the exact-integer parser (spec-driven; see json.ts).
        lossless: spec?.u64 !== undefined,
      };
      if (spec?.notification) return wire.notify({ method, params: encoded }, send);
      // A call with its own signal, timeout or retry count is sent on its own, so that they hold for it alone.
      const queue =
        collect ??
        (callOptions.signal === undefined && callOptions.timeout === undefined && callOptions.retryCount === undefined
          ? autoBatch
          : undefined);
      const attempt = async (): Promise<unknown> => {
        const message = { id: nextId++, method, params: encoded };
        const reply = queue
          ? await new Promise<Reply>((resolve, reject) => queue({ message, resolve, reject }))
          : await wire.request(message, send);
        return wireCodec!.decodeReply(reply, envelope === "jsonrpc" ? message.id : undefined, spec, context, secrets);
      };
      // Batched calls are retried as a whole batch (sendBatch), never one by one as well.
      const policy = callOptions.retryCount === undefined ? retry : { ...retry, count: callOptions.retryCount };
      const result =
        spec?.idempotent && !queue ? await retried(attempt, policy, callOptions.signal, context) : await attempt();
      if (options.validateResponses && api.resultValidators) {
        resultValidators ??= api.resultValidators();
        wireCodec!.checkResult(await resultValidators, method, result, context, options);
      }
      return result;
    };
  }

  const call = makeCall(undefined);
  const client: RpcClient = {
    call,
    async batch(build) {
      const { sendBatch, refuseBatch } = await import("./queue.js");
      if (envelope !== "jsonrpc") refuseBatch(host);
      if (validating && !checkParams) await loadChecks();
      const items: Queued[] = [];
      // Each call validates and queues its request synchronously, so `items` is complete when build returns.
      const settled = Promise.allSettled(build(makeCall((item) => items.push(item))));
      if (items.length > 0) await sendBatch(batcher, items);
      return (await settled) as never;
    },
    paginate<Item, Page>(method: string, params: object | undefined, paginateOptions?: PaginateOptions) {
      checkCallOptions(paginateOptions ?? {}, { method, host }, true);
      const page = own(api.methods, method)?.page;
      // The pagination code is loaded when iteration starts: apps that never paginate never bundle it.
      const load = import("./paginate.js").then((m) =>
        m.paginate<Item, Page>((p, o) => call(method, p, o), { method, host }, page, params, paginateOptions),
      );
      load.catch(() => undefined);
      return {
        async *pages() {
          yield* (await load).pages();
        },
        async *[Symbol.asyncIterator]() {
          yield* await load;
        },
      } satisfies Paginator<Item, Page>;
    },
    async subscribe(method, args) {
      // Loaded on first use: apps that never subscribe never bundle it. Over HTTP nothing is loaded or
      // sent: subscribeTo refuses before it would listen.
      const t = isWs ? await open({ method, host }) : undefined;
      return (await import("./subscription.js")).subscribeTo(
        {
          kind: endpoint.transport,
          host,
          call,
          bufferSize: DEFAULT_SUBSCRIPTION_BUFFER,
          validateResponses: options.validateResponses,
          onWarning: options.onWarning,
          listen: (l) => t!.listen(l),
          onConnection: (l) => t!.onConnection(l),
        },
        api,
        method,
        args,
      );
    },
    close() {
      closed = true;
      void loaded?.then((t) => t.close());
    },
  };
  // Internal: how runtime modules (subscriptions) reach the transport; see transport.ts `transportOf`.
  Object.defineProperty(client, TRANSPORT, { value: transport });
  return client;
}
