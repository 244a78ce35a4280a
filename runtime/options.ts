/**
 * The contract between generated code, the runtime and users: what a generated client passes
 * (ApiSpec), the client and per-call options, the hook events and the policies. Types only: the
 * defaults are in defaults.ts, the checks of these options in checks.ts.
 */
import type { EndpointSpec, MethodSpec, Params } from "./codec.js";
import type { Transport } from "./transport.js";
import type { Validator } from "./validate.js";

/** What the generated code says about one API (one spec document). */
export interface ApiSpec {
  readonly name: string;
  readonly methods: Readonly<Record<string, MethodSpec>>;
  /** Request validators by method name (params as a named object), checked before any I/O. */
  readonly validators?: Readonly<Record<string, Validator>>;
  /** Result validators, loaded on first use when `validateResponses` is on. */
  readonly resultValidators?: () => Promise<Readonly<Record<string, Validator>>>;
  /** Validators of subscription items by subscribe method: the general item, then one per variant. */
  readonly itemValidators?: () => Promise<Readonly<Record<string, readonly Validator[]>>>;
  /** How keyed endpoints (and plain URLs such as a local node) take requests. */
  readonly keyed: EndpointSpec;
  /** How the keyless proxy takes requests, when the API has one. */
  readonly proxy?: EndpointSpec;
}

/** What `onRequest` and `onResponse` see. Never the URL (it may hold the API key). */
export interface RequestEvent {
  /** JSON-RPC methods in this request (several for a batch). */
  methods: string[];
  host: string;
  /** The request body as sent. */
  body: string;
}
export interface ResponseEvent extends RequestEvent {
  durationMs: number;
  /** The error, when the request failed. */
  error?: unknown;
}

export interface ClientOptions {
  /**
   * How requests travel: `http(url, { apiKey })`, `webSocket(url, { apiKey })` (the `./ws` subpath) or
   * any object of the `Transport` shape. Instead of `url`/`apiKey`/`proxyUrl` and the HTTP options.
   */
  transport?: Transport;
  /**
   * HTTP endpoint URL, shorthand for an HTTP transport: node:http in Node and Deno (as `nodeHttp` of
   * the `./node` subpath), `fetch` elsewhere, Bun included (as `http(url)`). With `apiKey`, requests
   * go to `<url>/<apiKey>`; without, to `url` as given.
   */
  url?: string;
  /** Project API key, sent as the last path segment of `url`. Never appears in errors. */
  apiKey?: string;
  /** Keyless proxy URL (the playground form: the body is the params array). */
  proxyUrl?: string;
  /**
   * Milliseconds to wait for each answer. Default 10 000; 0 disables the timeout. Over HTTP a timed-out
   * call rejects at its deadline and its connection is closed when the late answer comes; a call's
   * `signal` cuts the connection at once.
   */
  timeout?: number;
  /** Retries of idempotent calls on HTTP 408/429/5xx, network failures and `retryJsonRpcCodes`. Default 3. */
  retryCount?: number;
  /** Base delay between retries in ms, doubled each time, with jitter. Default 150. */
  retryDelay?: number;
  /** Longest wait between retries in ms; a longer `Retry-After` ends the retries. Default 5 000. */
  retryMaxDelay?: number;
  /** JSON-RPC error codes worth a retry. Default `[-32055, 429]` (no nodes available, rate limited). */
  retryJsonRpcCodes?: readonly number[];
  /** Send the calls made in the same tick as one JSON-RPC batch (HTTP keyed endpoints). Off by default. */
  batch?: boolean | { maxSize?: number; wait?: number };
  /** `fetch` to send with (shorthand form; else `http(url, { fetch })`): given, the client uses it in Node too, instead of node:http. */
  fetch?: typeof fetch;
  /** Extra HTTP headers sent with every request (shorthand form; else `http(url, { headers })`). */
  headers?: Record<string, string>;
  /** Called before every request is sent. */
  onRequest?: (event: RequestEvent) => void;
  /** Called after every request, with its duration and error if any. */
  onResponse?: (event: ResponseEvent) => void;
  /**
   * An OpenTelemetry tracer (`trace.getTracer("my-app")` of `@opentelemetry/api`): one CLIENT span per
   * call, named by its method, with the JSON-RPC attributes (`rpc.system` `jsonrpc`, `rpc.method`,
   * `rpc.jsonrpc.version`, `rpc.jsonrpc.request_id`, `server.address`, `server.port`), the error code and
   * status ERROR on failure, a `retry` event per retry; a batch is one span with a child per call. Never
   * the API key. Its code loads on the first call of a client that has it (observe.ts).
   */
  tracer?: TracerLike;
  /**
   * Where the client logs (`console`, pino, winston: anything with `debug`, `info`, `warn` and `error`):
   * each call once at `debug` (method, host, duration, attempts), retries and refused params at `warn`,
   * other failures at `error`. Never the API key, params or results. Default `console` when only
   * `logLevel` is set.
   */
  logger?: Logger;
  /** The lowest level written to `logger`. Default `"warn"`; `"off"` writes nothing. */
  logLevel?: LogLevel;
  /** Check params against the spec before sending. Default `true`. */
  validateRequests?: boolean;
  /** Check results against the spec: `"strict"` throws a ValidationError, `"warn"` reports through `onWarning`. Default off. */
  validateResponses?: false | "warn" | "strict";
  /** Where `"warn"` reports go. Default `console.warn`. */
  onWarning?: (message: string) => void;
  /** Largest response body accepted, in bytes once decompressed (and largest WebSocket message). Default 64 MiB. */
  maxResponseBytes?: number;
  /** A keyed client refuses to run in a browser (the key would ship to users) unless this is `true`. */
  dangerouslyAllowBrowser?: boolean;
}

/** A value of a span attribute or event attribute. */
export type SpanAttributeValue = string | number | boolean;

/** What the client passes to `startSpan` (OpenTelemetry's `SpanOptions`, the parts it uses). */
export interface SpanOptionsLike {
  /** 2: `SpanKind.CLIENT`. */
  kind?: number;
  attributes?: Record<string, SpanAttributeValue>;
  /** When the call started, in milliseconds since the epoch. */
  startTime?: number;
}

/** The parts of an OpenTelemetry `Span` the client uses. */
export interface SpanLike {
  setAttribute(key: string, value: SpanAttributeValue): unknown;
  addEvent(name: string, attributes?: Record<string, SpanAttributeValue>): unknown;
  /** `{ code: 2 }`: `SpanStatusCode.ERROR`. */
  setStatus(status: { code: number; message?: string }): unknown;
  end(): unknown;
}

/**
 * The part of an OpenTelemetry `Tracer` the client uses, typed by its shape: the package does not
 * depend on `@opentelemetry/api`, whose `Tracer` fits here as it is. A call's span starts in the active
 * context (`context` left out); the calls of a batch start in a context that holds the batch's span.
 */
export interface TracerLike {
  startSpan(name: string, options?: SpanOptionsLike, context?: unknown): SpanLike;
}

/** A console-compatible logger: `console`, pino, winston, … */
export interface Logger {
  debug(message: string, ...fields: unknown[]): void;
  info(message: string, ...fields: unknown[]): void;
  warn(message: string, ...fields: unknown[]): void;
  error(message: string, ...fields: unknown[]): void;
}

/** The levels of `logLevel`, lowest first; `"off"` writes nothing. */
export type LogLevel = "debug" | "info" | "warn" | "error" | "off";

/** Options of one call, passed after the method's params. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds to wait for this call; overrides the client's `timeout`. */
  timeout?: number;
  /** Retries for this call; overrides the client's `retryCount`. */
  retryCount?: number;
}

export type CallFn = (method: string, params: Params, options?: CallOptions) => Promise<unknown>;

export interface RpcClient {
  /** The transport the client sends through. */
  readonly transport: Transport;
  /** Calls `method`; `params` is an array (positional signature) or an object (named). */
  call: CallFn;
  /**
   * Calls `method` as described by `spec`, checking its params with `validator` (the per-method
   * functions of a `<api>/methods` subpath, which carry their own spec and validator).
   */
  invoke(
    method: string,
    spec: MethodSpec,
    validator: Validator | undefined,
    params: Params,
    options?: CallOptions,
  ): Promise<unknown>;
  /** Sends the calls `build` makes as one JSON-RPC batch; settles each on its own. */
  batch<T extends readonly Promise<unknown>[]>(
    build: (call: CallFn) => T,
  ): Promise<{ -readonly [K in keyof T]: PromiseSettledResult<Awaited<T[K]>> }>;
  /** Iterates the items (or `.pages()`) of a paginated method. */
  paginate<Item, Page>(method: string, params: object | undefined, options?: PaginateOptions): Paginator<Item, Page>;
  /** Opens the subscription of a method with `x-subscription` (a transport with the "subscriptions" capability); see subscription.ts. */
  subscribe: SubscribeFn;
  close(): void;
}

/** What a reconnect cost a subscription: the last item received before the drop, and how many missed items were back-filled. */
export interface SubscriptionGap<Item> {
  readonly lastSeen: Item | undefined;
  readonly backfilled: number;
}

export interface SubscribeOptions<Item = unknown> {
  /** Aborting it sends the unsubscribe; a waiting `next()` rejects with `AbortError`. */
  signal?: AbortSignal;
  /** Items held while the consumer is busy (default 1000); one more ends the subscription with a `SubscriptionError`. */
  bufferSize?: number;
  /** Total size of the messages those items came in (about bytes; default 32 MiB); past it the subscription ends with a `SubscriptionError` too. */
  bufferBytes?: number;
  /** Called after every reconnect, once the subscription is made again (and back-filled). */
  onGap?: (gap: SubscriptionGap<Item>) => void;
}

/** The items a node pushes, as an async iterable; leaving a `for await` loop unsubscribes. */
export interface Subscription<Item> extends AsyncIterable<Item> {
  /** The node's id of the subscription (a new one after each reconnect; "" once it ended). */
  readonly id: string | number;
  /** Sends the unsubscribe method and ends the iteration. */
  unsubscribe(): Promise<void>;
  /** Adds a gap listener (like `SubscribeOptions.onGap`); returns the function that removes it. */
  onGap(listener: (gap: SubscriptionGap<Item>) => void): () => void;
}

/** How the generated subscribe members reach the runtime: the JSON-RPC method and the arguments as given. */
export type SubscribeFn = (method: string, args: readonly unknown[]) => Promise<Subscription<unknown>>;

export interface PaginateOptions extends CallOptions {
  /** Stop after this many items (pages are still fetched whole). */
  maxItems?: number;
  /** Stop with an error after this many pages. Default 10 000. */
  maxPages?: number;
}

export interface Paginator<Item, Page> extends AsyncIterable<Item> {
  /** The pages themselves, each as the method returns it. */
  pages(): AsyncIterableIterator<Page>;
}

/** The part of the WebSocket API the transport uses (browser `WebSocket` and `ws` both have it). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(
    type: "open" | "close" | "error" | "message",
    listener: (event: { data?: unknown; code?: number; message?: string }) => void,
  ): void;
}
/** A WebSocket class; the `ws` package's also takes `{ maxPayload }`, which the transport passes. */
export type WebSocketConstructor = new (
  url: string,
  protocols?: string | string[],
  options?: { maxPayload?: number },
) => WebSocketLike;
