/**
 * The core every generated client is built on: turns a call into a JSON-RPC request for the
 * chosen endpoint (keyed or proxy, params by name or by position, HTTP or WebSocket), validates
 * it before any I/O, sends it (retrying idempotent calls, batching when asked), and turns the
 * answer into a result or a typed error. The option and contract types are in options.ts.
 */
import { decodeReply, encodeParams, parseReply, toNamed, type MethodSpec } from "./codec.js";
import type { BatchItem } from "./batch.js";
import { resolveEndpoint } from "./endpoint.js";
import { SocketClosedError, ValidationError, type ErrorContext } from "./errors.js";
import { post } from "./http.js";
import { stringifyJson } from "./json.js";
import { checkLimits } from "./limits.js";
import {
  DEFAULT_BATCH_SIZE,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT,
  type ApiSpec,
  type CallFn,
  type CallOptions,
  type ClientOptions,
  type RequestEvent,
  type RpcClient,
} from "./options.js";
import type { PaginateOptions, Paginator } from "./paginate.js";
import { batchQueue } from "./queue.js";
import { DEFAULT_RETRY, withRetry, type RetryPolicy } from "./retry.js";
import type { Issue, Validator } from "./validate.js";
import type { Reply, WsTransport } from "./ws.js";

export * from "./options.js";
export type { EndpointSpec, MethodSpec, Params } from "./codec.js";
export { decodeResponse, encodeParams } from "./codec.js";

export function createRpcClient(api: ApiSpec, options: ClientOptions): RpcClient {
  const endpoint = resolveEndpoint(api.name, api.keyed, api.proxy, options);
  const secrets = options.apiKey ? [options.apiKey, encodeURIComponent(options.apiKey)] : [];
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const headers = { "content-type": "application/json", accept: "application/json", ...options.headers };
  const retry: RetryPolicy = {
    count: options.retryCount ?? DEFAULT_RETRY.count,
    delay: options.retryDelay ?? DEFAULT_RETRY.delay,
    maxDelay: options.retryMaxDelay ?? DEFAULT_RETRY.maxDelay,
    codes: options.retryJsonRpcCodes ?? DEFAULT_RETRY.codes,
  };
  // The WebSocket transport is loaded on first use, so HTTP-only apps never bundle it.
  const isWs = endpoint.transport === "ws";
  let wsTransport: Promise<WsTransport> | undefined;
  let closed = false;
  const ws = (context: ErrorContext): Promise<WsTransport> => {
    wsTransport ??= import("./ws.js").then((m) =>
      m.createWsTransport(
        endpoint.url,
        endpoint.host,
        secrets,
        { attempts: options.reconnect?.attempts ?? 5, delay: options.reconnect?.delay ?? 500 },
        options.WebSocket,
      ),
    );
    return wsTransport.then((t) => {
      if (closed) throw new SocketClosedError(1000, context);
      return t;
    });
  };
  let nextId = 1;
  let resultValidators: Promise<Readonly<Record<string, Validator>>> | undefined;

  /** One HTTP exchange, reported to the hooks. */
  async function postBody(body: string, methods: string[], method: string, callOptions: CallOptions): Promise<string> {
    const url =
      endpoint.methodIn === "query"
        ? `${endpoint.url}${endpoint.url.includes("?") ? "&" : "?"}${encodeURIComponent(method)}`
        : endpoint.url;
    const event: RequestEvent = { methods, host: endpoint.host, body };
    options.onRequest?.(event);
    const started = Date.now();
    try {
      const response = await post({
        url,
        body,
        headers,
        timeout: callOptions.timeout ?? options.timeout ?? DEFAULT_TIMEOUT,
        signal: callOptions.signal,
        maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
        fetch: fetchFn,
        secrets,
        context: { method: methods.length === 1 ? methods[0] : `batch of ${methods.length}`, host: endpoint.host },
      });
      options.onResponse?.({ ...event, durationMs: Date.now() - started });
      return response.text;
    } catch (error) {
      options.onResponse?.({ ...event, durationMs: Date.now() - started, error });
      throw error;
    }
  }

  /** Sends a batch over HTTP, retrying it whole when every call in it is idempotent; rejects every item if it fails. */
  const sendBatch = (items: BatchItem[]): Promise<void> => {
    const context = { host: endpoint.host, method: `batch of ${items.length}` };
    const idempotent = items.every((i) => api.methods[i.method]?.idempotent);
    // Batching code is loaded on first use: apps that never batch never bundle it.
    const once = async (): Promise<void> =>
      (await import("./batch.js")).runBatch(
        items,
        (body, methods) => postBody(body, methods, "batch", {}),
        context,
        secrets,
      );
    return withRetry(once, idempotent ? retry : { ...retry, count: 0 }, undefined, context).catch((error: unknown) => {
      for (const item of items) item.reject(error);
    });
  };

  const autoBatch =
    options.batch && endpoint.transport === "http" && endpoint.envelope === "jsonrpc"
      ? batchQueue(
          Math.max(1, (typeof options.batch === "object" ? options.batch.maxSize : undefined) ?? DEFAULT_BATCH_SIZE),
          (typeof options.batch === "object" ? options.batch.wait : undefined) ?? 0,
          (items) => void sendBatch(items),
        )
      : undefined;

  /** Runs a WebSocket exchange between the `onRequest` and `onResponse` hooks. */
  async function reported<T>(methods: string[], body: string, run: () => Promise<T>): Promise<T> {
    const event: RequestEvent = { methods, host: endpoint.host, body };
    options.onRequest?.(event);
    const started = Date.now();
    try {
      const result = await run();
      options.onResponse?.({ ...event, durationMs: Date.now() - started });
      return result;
    } catch (error) {
      options.onResponse?.({ ...event, durationMs: Date.now() - started, error });
      throw error;
    }
  }

  /**
   * Whether a call may join an automatic batch: a call with its own signal, timeout or retry
   * count is sent on its own, so that those options hold for it alone.
   */
  const batchable = (callOptions: CallOptions): boolean =>
    autoBatch !== undefined &&
    callOptions.signal === undefined &&
    callOptions.timeout === undefined &&
    callOptions.retryCount === undefined;

  /** Sends a notification: no id, no answer awaited beyond the HTTP status. */
  async function notify(method: string, wire: unknown, callOptions: CallOptions): Promise<void> {
    const text =
      endpoint.envelope === "params-only"
        ? stringifyJson(wire)
        : stringifyJson({ jsonrpc: "2.0", method, params: wire });
    if (isWs)
      return reported([method], text, async () =>
        (await ws({ method, host: endpoint.host })).notify(text, { method, host: endpoint.host }),
      );
    await postBody(text, [method], method, callOptions);
  }

  /** Sends one prepared request and resolves with its reply (not yet decoded). */
  function exchange(
    method: string,
    wire: unknown,
    id: number,
    callOptions: CallOptions,
    collect: ((item: BatchItem) => void) | undefined,
    context: ErrorContext,
  ): Promise<Reply> {
    // Only results with u64 fields need the exact-integer parser (spec-driven; see json.ts).
    const lossless = api.methods[method]?.u64 !== undefined;
    if (endpoint.envelope === "params-only") {
      return postBody(stringifyJson(wire), [method], method, callOptions).then((text) =>
        parseReply(text, context, secrets, lossless),
      );
    }
    const text = stringifyJson({ jsonrpc: "2.0", id, method, params: wire });
    const queue = collect ?? (!isWs && batchable(callOptions) ? autoBatch : undefined);
    if (queue) return new Promise((resolve, reject) => queue({ id, method, text, resolve, reject }));
    if (isWs)
      return reported(
        [method],
        text,
        async () =>
          (await ws(context)).send(
            text,
            [id],
            callOptions.timeout ?? options.timeout ?? DEFAULT_TIMEOUT,
            callOptions.signal,
            context,
          )[0]!,
      );
    return postBody(text, [method], method, callOptions).then((body) => parseReply(body, context, secrets, lossless));
  }

  async function checkResult(method: string, result: unknown, context: ErrorContext): Promise<void> {
    const mode = options.validateResponses;
    if (!mode || !api.resultValidators) return;
    resultValidators ??= api.resultValidators();
    const validate = (await resultValidators)[method];
    const issues: Issue[] = [];
    if (!validate || validate(result, "result", issues)) return;
    const error = new ValidationError(`result of ${method}`, issues, context);
    if (mode === "strict") throw error;
    (options.onWarning ?? console.warn)(error.message);
  }

  function makeCall(collect: ((item: BatchItem) => void) | undefined): CallFn {
    return async (method, params, callOptions = {}) => {
      const context: ErrorContext = { method, host: endpoint.host };
      const spec = api.methods[method];
      const named = toNamed(params, spec);
      if (options.validateRequests !== false && spec) validateParams(api, method, spec, named);
      const wire = encodeParams(named, params, spec, endpoint);
      if (spec?.notification) return notify(method, wire, callOptions);
      const attempt = async (): Promise<unknown> => {
        const id = nextId++;
        const reply = await exchange(method, wire, id, callOptions, collect, context);
        return decodeReply(reply, endpoint.envelope === "jsonrpc" ? id : undefined, spec, context, secrets);
      };
      // Over WebSocket a connection failure has already used up the reconnect attempts.
      const policy = { ...retry, count: callOptions.retryCount ?? retry.count, network: !isWs };
      // Batched calls are retried as a whole batch (sendBatch), never one by one as well.
      const inBatch =
        collect !== undefined ||
        (endpoint.transport === "http" && endpoint.envelope === "jsonrpc" && batchable(callOptions));
      const result =
        spec?.idempotent && !inBatch ? await withRetry(attempt, policy, callOptions.signal, context) : await attempt();
      await checkResult(method, result, context);
      return result;
    };
  }

  const call = makeCall(undefined);

  return {
    call,
    async batch(build) {
      if (endpoint.envelope !== "jsonrpc")
        throw new ValidationError(
          "batch",
          [
            {
              path: "options.proxyUrl",
              rule: "batch",
              message: "cannot batch: the keyless proxy takes one call per request",
              received: "string",
            },
          ],
          { host: endpoint.host },
        );
      const items: BatchItem[] = [];
      // Each call validates and queues its envelope synchronously, so `items` is complete when build returns.
      const promises = build(makeCall((item) => items.push(item)));
      const settled = Promise.allSettled(promises);
      if (items.length > 0) {
        if (isWs) {
          const text = `[${items.map((i) => i.text).join(",")}]`;
          const transport = await ws({ host: endpoint.host }).catch((error: unknown) => {
            for (const item of items) item.reject(error);
          });
          if (!transport) return (await settled) as never;
          const replies = transport.send(
            text,
            items.map((i) => i.id),
            options.timeout ?? DEFAULT_TIMEOUT,
            undefined,
            { host: endpoint.host },
          );
          items.forEach((item, i) => replies[i]!.then(item.resolve, item.reject));
          void reported(
            items.map((i) => i.method),
            text,
            () => Promise.allSettled(replies),
          );
        } else await sendBatch(items);
      }
      return (await settled) as never;
    },
    paginate<Item, Page>(
      method: string,
      params: object | undefined,
      paginateOptions?: PaginateOptions,
    ): Paginator<Item, Page> {
      const page = api.methods[method]?.page;
      if (!page)
        throw new ValidationError(
          `pagination of ${method}`,
          [
            {
              path: "method",
              rule: "pagination",
              message: "does not page: its result has no nextPageToken",
              received: "string",
            },
          ],
          { method },
        );
      // The pagination code is loaded when iteration starts: apps that never paginate never bundle it.
      const load = import("./paginate.js").then((m) =>
        m.paginate<Item, Page>(
          (p, o) => call(method, p, o),
          { method, host: endpoint.host },
          page,
          params,
          paginateOptions,
        ),
      );
      load.catch(() => undefined);
      return {
        async *pages() {
          yield* (await load).pages();
        },
        async *[Symbol.asyncIterator]() {
          yield* await load;
        },
      };
    },
    close() {
      closed = true;
      void wsTransport?.then((t) => t.close());
    },
  };
}

function validateParams(api: ApiSpec, method: string, spec: MethodSpec, named: Record<string, unknown>): void {
  const issues: Issue[] = [];
  api.validators?.[method]?.(named, "params", issues);
  if (spec.limits) checkLimits(named, spec.limits, "params", issues);
  if (issues.length > 0) throw new ValidationError(`params for ${method}`, issues, { method });
}
