/**
 * The core every generated client is built on: turns a call into a JSON-RPC request in the form
 * its transport's endpoint takes (params by name or by position, envelope or params alone),
 * validates it before any I/O, sends it through the transport with the hooks wrapped around it
 * once, retries idempotent calls, batches when asked, and turns the answer into a result or a
 * typed error. It never asks which kind of transport it has, only what it can do. Types are in
 * options.ts, defaults in defaults.ts, the transports in http.ts and ws.ts.
 */
import { callOptionIssues, clientOptionIssues } from "./checks.js";
import { issue } from "./issue.js";
import { encodeParams, toNamed, type MethodSpec, type Params } from "./codec.js";
import { DEFAULT_RETRY, DEFAULT_TIMEOUT } from "./defaults.js";
import { shorthandTarget } from "./endpoint.js";
import type { ErrorContext } from "./base-error.js";
// The package's subpath import: node:http in Node, fetch elsewhere (default-transport*.ts).
import { defaultTransport } from "#default-transport";
import { paramsPass } from "./params-check.js";
import type { ApiSpec, CallFn, CallOptions, ClientOptions, PaginateOptions, Paginator, RpcClient } from "./options.js";
import {
  RECONNECTS,
  sealTransport,
  secretsIn,
  shapeIssues,
  type Answer,
  type Reply,
  type SendOptions,
  type Transport,
  type TransportRequest,
} from "./transport.js";
import type { Validator } from "./validate.js";
import type { Finding } from "./option-text.js";
import { REFUSED, frame, paramsText, takeResult } from "./answer.js";
import { failed, loadFailures, loadModule } from "./fail.js";
import type { Watch, Watcher } from "./observe.js";
import type { Batcher, Queued } from "./queue.js";
import type { RetrySource } from "./retry.js";

/** The default call options: known valid, so a call without options skips their checks. */
const NO_OPTIONS: CallOptions = Object.freeze({});

/** `record[key]` when it is the record's own property (a method named `toString` must not reach Object.prototype). */
const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;

/**
 * The transport the options name: `transport`, or an HTTP one made from the `{ url, apiKey }` /
 * `{ proxyUrl }` shorthand; or, when the options are wrong, what is wrong with them (its words are
 * loaded when a call rejects with it).
 */
function transportFor(api: ApiSpec, options: ClientOptions): Transport | Finding[] {
  const issues: Finding[] = [];
  if (options === null || typeof options !== "object") {
    issue(issues, "options", "type", "object", options);
    return issues;
  }
  const target = shorthandTarget(api.name, api.proxy !== undefined, options, issues);
  const given = options.transport;
  if (given !== undefined) {
    issues.push(...shapeIssues(given, "options.transport"));
    if (issues.length === 0 && given.endpoint === "proxy" && !api.proxy)
      issue(issues, "options.transport.endpoint", "unsupported", "transportNoProxy", "string", api.name);
  }
  clientOptionIssues(options, issues);
  if (issues.length > 0) return issues;
  if (given !== undefined) return sealTransport(given);
  const { apiKey, proxyUrl, headers, fetch, maxResponseBytes } = options;
  return defaultTransport(target!, { apiKey, proxy: proxyUrl !== undefined, headers, fetch, maxResponseBytes });
}

/** Rejects with the ValidationError of wrong options (`what`: "client options", "call options"), made on the failure path. */
const refuse = (what: string, issues: readonly Finding[], context: ErrorContext): Promise<never> =>
  failed((f) => f.optionsError(what, issues, context), context).then((error) => Promise.reject(error));

/**
 * A client of `api`. Wrong options do not make it throw: when `given` is wrong (a missing URL, a key
 * in a browser, a negative timeout), every call, batch, page and subscription rejects with the
 * ValidationError that names each problem, and nothing is sent. A client made at module scope
 * (before its environment is filled in, as a build does) does not take its module down.
 */
export function createRpcClient(api: ApiSpec, given: ClientOptions): RpcClient {
  const made = transportFor(api, given);
  const issues = Array.isArray(made) ? made : undefined;
  const refused = issues && ((): Promise<never> => refuse("client options", issues, {}));
  const options: ClientOptions = refused ? {} : given;
  // A refused client's transport sends nothing: it answers with the same error.
  const transport = refused
    ? sealTransport({ type: "none", enforcesTimeouts: true, request: refused })
    : (made as Transport);
  const { host } = transport;
  const endpoint = transport.endpoint === "proxy" ? api.proxy! : api.keyed;
  const jsonrpc = endpoint.envelope === "jsonrpc";
  const secrets = secretsIn(transport);
  const timeout = options.timeout ?? DEFAULT_TIMEOUT;
  const retryCount = options.retryCount ?? DEFAULT_RETRY.count;
  // The rest of the retry policy is made on the first retry (retry.ts). A transport that reconnects on
  // its own has used up its attempts when it reports a network failure.
  const retry: RetrySource = { options, network: !(transport as { [RECONNECTS]?: boolean })[RECONNECTS] };
  const checkParams = options.validateRequests !== false;

  /**
   * What batching (queue.ts, loaded on first use) needs of this client. Every exchange on the wire goes
   * through its `wire`: the transport, or (once observe.ts is loaded) the transport with the hooks and
   * the tracing of batches around it.
   */
  const batcher: Batcher = { methods: api.methods, host, timeout, retry, wire: transport, secrets };
  // What loads on first use (batching, pagination, subscriptions, retries); a refused client's refuses.
  const extras = (): Promise<typeof import("./extras.js")> => (refused ? refused() : import("./extras.js"));
  /** The automatic batch queue, once loaded (at creation, with the `batch` option and a transport that batches). */
  let enqueue: ((item: Queued) => void) | undefined;
  const batching =
    options.batch && transport.capabilities.batch && jsonrpc
      ? extras().then((m) => (enqueue = m.autoBatch(batcher, options.batch)))
      : undefined;
  batching?.catch(() => undefined);
  const autoBatch = batching
    ? (item: Queued): void => (enqueue ? enqueue(item) : void batching.then((q) => q(item), item.reject))
    : undefined;

  /** Per method: its error context and send options for calls without options (made once, not per call). */
  const prepared = new Map<string, { context: ErrorContext; send: SendOptions }>();
  const prepare = (method: string, spec: MethodSpec | undefined): { context: ErrorContext; send: SendOptions } => {
    let p = prepared.get(method);
    if (!p) {
      const context: ErrorContext = Object.freeze({ method, host });
      // Only results with u64 fields need the exact-integer parser (spec-driven; see exact.ts).
      p = { context, send: Object.freeze({ timeout, context, lossless: spec?.u64 !== undefined }) };
      if (spec) prepared.set(method, p);
    }
    return p;
  };

  let nextId = 1;
  let resultCheck: Promise<(method: string, result: unknown, context: ErrorContext) => void> | undefined;

  /**
   * With the `onRequest`/`onResponse` hooks, `tracer`, `logger` or `logLevel`, every call goes through the
   * observer (observe.ts, loaded on the first call: a client without them never fetches it), which puts
   * the hooks around the wire once and watches each call from start to end.
   */
  let watcher: Promise<Watcher> | undefined;
  const enter: typeof run =
    options.onRequest || options.onResponse || "tracer" in options || "logger" in options || "logLevel" in options
      ? (...args) =>
          (watcher ??= loadModule(() => import("./observe.js"), { host }).then((m) =>
            m.watcher(options, batcher, jsonrpc),
          )).then((w) => w.call(run, args))
      : run;

  /** The call function; with `collect`, calls join that explicit batch instead of going out one by one. */
  function makeCall(collect: ((item: Queued) => void) | undefined): CallFn {
    return (method, params, callOptions) =>
      enter(method, own(api.methods, method), own(api.validators, method), params, callOptions, collect);
  }

  /** One call of `method`, described by `spec` and checked by `validator` (from the table, or given by a method function). */
  async function run(
    method: string,
    spec: MethodSpec | undefined,
    validator: Validator | undefined,
    params: Params,
    callOptions: CallOptions = NO_OPTIONS,
    collect?: (item: Queued) => void,
    watch?: Watch,
  ): Promise<unknown> {
    if (refused) return refused();
    const { context, send: fixed } = prepare(method, spec);
    const plain = callOptions === NO_OPTIONS;
    const optionIssues = plain ? undefined : callOptionIssues(callOptions);
    if (optionIssues?.length) return refuse("call options", optionIssues, context);
    const named = toNamed(params, spec);
    // What is wrong is said on the failure path (limit-issues.ts, through failures.ts); nothing is sent.
    if (checkParams && spec && !paramsPass(spec, validator, named)) {
      throw await failed((f) => f.paramsError(method, validator, named, spec.limits), context);
    }
    const encoded = encodeParams(named, params, spec, endpoint);
    const text = paramsText(encoded, spec?.exact) ?? (await loadModule(extras, context)).stringifyJson(encoded);
    const send: SendOptions = plain
      ? fixed
      : { timeout: callOptions.timeout ?? timeout, signal: callOptions.signal, context, lossless: fixed.lossless };
    if (spec?.notification) {
      // A notification through the transport (or, when it has no `notify`, a request whose answer is ignored).
      const request = { method, params: encoded, body: frame(undefined, method, text, jsonrpc) };
      watch?.sent(request);
      const { wire } = batcher;
      await (wire.notify ? wire.notify(request, send) : wire.request(request, send));
      return undefined;
    }
    // A call with its own signal, timeout or retry count is sent on its own, so that they hold for it alone.
    const queue =
      collect ??
      (callOptions.signal === undefined && callOptions.timeout === undefined && callOptions.retryCount === undefined
        ? autoBatch
        : undefined);
    const attempt = async (): Promise<unknown> => {
      const id = nextId++;
      const request: TransportRequest = { id, method, params: encoded, body: frame(id, method, text, jsonrpc) };
      watch?.sent(request, queue);
      const answer: Answer = queue
        ? await new Promise<Reply>((resolve, reject) => queue({ request, resolve, reject }))
        : await batcher.wire.request(request, send);
      const result = takeResult(answer, jsonrpc ? id : undefined, spec);
      if (result !== REFUSED) return result;
      // Not a result: the typed error is made on the failure path (wire.ts, through failures.ts); or long
      // integers answer.ts has no exact parser for, which wire.ts decodes exactly.
      const failures = await loadFailures(context);
      return failures.decodeAnswer(answer, jsonrpc ? id : undefined, spec, context, secrets, send.lossless);
    };
    let result: unknown;
    try {
      result = await attempt();
    } catch (error) {
      const count = callOptions.retryCount ?? retryCount;
      // Batched calls are retried as a whole batch (queue.ts), never one by one as well.
      if (!spec?.idempotent || queue || count <= 0) throw error;
      // The retry loop is loaded now (a chunk that fails to load leaves the first error).
      result = await extras().then(
        (m) =>
          m.retryFailed(
            error,
            watch ? watch.retrying(error, attempt) : attempt,
            m.retryPolicy(retry, count),
            callOptions.signal,
            context,
          ),
        () => Promise.reject(error),
      );
    }
    if (options.validateResponses && api.resultValidators) {
      // The result validators and their check (with the failure path, whose errors it makes) are loaded
      // on the first call that needs them.
      resultCheck ??= loadFailures(context).then((m) => m.resultChecker(api, options));
      (await resultCheck)(method, result, context);
    }
    return result;
  }

  const call = makeCall(undefined);
  const client: RpcClient = {
    transport,
    call,
    invoke: enter,
    batch: async (build) => (await extras()).batchOf(batcher, transport, jsonrpc, makeCall, build) as never,
    paginate<Item, Page>(method: string, params: object | undefined, paginateOptions?: PaginateOptions) {
      const issues = callOptionIssues(paginateOptions ?? {}, true);
      // The pagination code is loaded when iteration starts: apps that never paginate never fetch it.
      // Wrong options reject the first step of the iteration.
      const load: Promise<Paginator<Item, Page>> =
        issues.length > 0 && !refused
          ? refuse("call options", issues, { method, host })
          : extras().then((m) => m.paginateMethod<Item, Page>(client, api, method, params, paginateOptions));
      load.catch(() => undefined);
      async function* later<T>(pick: (paginator: Paginator<Item, Page>) => AsyncIterable<T>): AsyncGenerator<T> {
        yield* pick(await load);
      }
      return { pages: () => later((p) => p.pages()), [Symbol.asyncIterator]: () => later((p) => p) };
    },
    // Loaded on first use: apps that never subscribe never fetch it. It refuses a transport without
    // the "subscriptions" capability before anything is sent.
    subscribe: async (method, args) => (await extras()).subscribeTo(client, options, api, method, args),
    close() {
      void Promise.resolve()
        .then(() => transport.close?.())
        .catch(() => undefined);
    },
  };
  return client;
}
