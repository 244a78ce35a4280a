/**
 * The HTTP transport, `http(url, { apiKey, … })`: one POST per request or batch, with timeout, abort,
 * a limit on the decoded body size, no redirects, and typed errors that never hold the URL. It has
 * no server notifications (subscriptions need `webSocket` from the `./ws` subpath).
 */
import { RpcClientError, type ErrorContext } from "./base-error.js";
import { failed } from "./fail.js";
import { sealTransport, type SendOptions, type Transport } from "./transport.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "./defaults.js";
import { secretsOf, type Target } from "./endpoint.js";

/** Options of `http(url, options)`. */
export interface HttpTransportOptions {
  /** Project API key, sent as the last path segment: `<url>/<apiKey>`. Never appears in errors. */
  apiKey?: string;
  /** The keyless proxy form (`POST <url>?<method>`, the body is the params alone) of the APIs that have one. */
  proxy?: boolean;
  /** Extra HTTP headers sent with every request (values of auth-like headers are hidden in errors too). */
  headers?: Record<string, string>;
  /** `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
  /** Largest response body accepted, in bytes once decompressed. Default 64 MiB. */
  maxResponseBytes?: number;
  /** A keyed transport refuses to run in a browser (the key would ship to users) unless this is `true`. */
  dangerouslyAllowBrowser?: boolean;
}

/** The transport of a checked target (the client's `{ url, apiKey }` / `{ proxyUrl }` shorthand comes here too). */
export function httpTransport(target: Target, options: HttpTransportOptions): Transport {
  const { url, host } = target;
  const headers = { "content-type": "application/json", accept: "application/json", ...options.headers };
  const fetcher = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const secrets = secretsOf(options.apiKey, options.headers);
  const query = options.proxy ? (url.includes("?") ? "&" : "?") : undefined;
  const send = (body: string, method: string, o: SendOptions): Promise<string> =>
    post({
      url: query === undefined ? url : `${url}${query}${encodeURIComponent(method)}`,
      body,
      headers,
      timeout: o.timeout,
      signal: o.signal,
      maxResponseBytes,
      fetch: fetcher,
      secrets,
      context: o.context,
    }).then((r) => r.text);
  return sealTransport(
    {
      type: "http",
      host,
      endpoint: options.proxy ? "proxy" : "jsonrpc",
      enforcesTimeouts: true,
      request: (r, o) => send(r.body, r.method, o),
      // The keyless proxy takes one call per request.
      ...(!options.proxy && { batch: (_r, body, o) => send(body, "batch", o) }),
      notify: async (r, o) => void (await send(r.body, r.method, o)),
    },
    secrets,
  );
}

export interface HttpRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeout: number;
  signal: AbortSignal | undefined;
  maxResponseBytes: number;
  fetch: typeof fetch;
  /** Strings that must never appear in an error (the API key). */
  secrets: readonly string[];
  context: ErrorContext;
}

export interface HttpResponse {
  status: number;
  text: string;
}

/** Cancels the body of an answer nobody waits for any more (which closes its connection). */
const discard = (response: Response): void => void response.body?.cancel().catch(() => undefined);

/** Exchanges that timed out without a signal and whose answer has not come yet (see `post`). */
let lateExchanges = 0;

/** What a timed-out exchange rejects with, inside `post` only (turned into a TimeoutError there). */
const EXPIRED = Symbol("expired");

/**
 * Sends one POST and returns the body text of a 2xx answer; throws a typed error otherwise.
 *
 * While the server answers in time, `fetch` gets a signal only when the caller passes one (its
 * abort drops the connection at once; the timeout then aborts through it too): undici links every
 * signal it is given to its own request, about a tenth of a loopback call's CPU (BENCHMARKS.md).
 * Without a signal the timeout rejects the call at its deadline, and the body of an answer that
 * comes later is cancelled, which closes that connection. A server that never answers would hold
 * such a connection (until undici's own 300 s limit): so while any timed-out exchange is still
 * open, every call gets a signal again, and its timeout closes its connection at once. The
 * connections left open are bounded by the calls in flight when the first timeout came.
 */
export async function post(request: HttpRequest): Promise<HttpResponse> {
  const { context, secrets, signal } = request;
  // Every error is made on the failure path (fail.ts), which loads its code then.
  if (signal?.aborted) throw await failed((f) => new f.AbortError(context), context);
  const controller = signal || lateExchanges > 0 ? new AbortController() : undefined;
  let timedOut = false;
  // Without a signal, the timeout rejects what the exchange waits for at the moment (fetch, then the body).
  let expire: ((reason: typeof EXPIRED) => void) | undefined;
  const timer =
    request.timeout > 0 && Number.isFinite(request.timeout)
      ? setTimeout(() => {
          timedOut = true;
          controller?.abort();
          expire?.(EXPIRED);
        }, request.timeout)
      : undefined;
  /** `promise`, or the timeout's rejection when it comes first (only when fetch has no signal). */
  const inTime = <T>(promise: Promise<T>): Promise<T> =>
    controller || timer === undefined
      ? promise
      : new Promise<T>((resolve, reject) => {
          if (timedOut) return reject(EXPIRED);
          expire = reject;
          promise.then(resolve, reject);
        });
  // Only a caller's signal needs a listener; most calls have none.
  const onAbort = signal ? (): void => controller!.abort() : undefined;
  if (onAbort) signal!.addEventListener("abort", onAbort, { once: true });
  const failure = (error: unknown): Promise<Error> =>
    failed(
      (f) => f.sendFailure(error, { timedOut, aborted: signal?.aborted, timeout: request.timeout }, secrets, context),
      context,
    );
  const sent = request.fetch(request.url, {
    method: "POST",
    headers: request.headers,
    body: request.body,
    signal: controller?.signal,
    // JSON-RPC needs no redirects; following one would send the body and headers elsewhere.
    redirect: "manual",
  });
  try {
    let response: Response;
    try {
      response = await inTime(sent);
    } catch (error) {
      // A late answer to a timed-out call without a signal: its body is dropped (and its connection
      // closed) when it comes; until then, calls carry a signal (see above).
      if (timedOut && !controller) {
        lateExchanges += 1;
        const settled = (): void => void (lateExchanges -= 1);
        sent.then((late) => (settled(), discard(late)), settled);
      }
      throw await failure(error);
    }
    if (response.type === "opaqueredirect" || (response.status >= 300 && response.status <= 399)) {
      await response.body?.cancel().catch(() => undefined);
      throw await failed((f) => f.redirected(response, request.url, context), context);
    }
    let text: string;
    try {
      text = await inTime(readText(response, request.maxResponseBytes, context, () => timedOut));
    } catch (error) {
      // readText's own error (ResponseTooLargeError) is the one to throw.
      if (error instanceof RpcClientError) throw error;
      if (timedOut || request.signal?.aborted) throw await failure(error);
      throw await failed((f) => f.truncated(error, secrets, context), context);
    }
    if (response.status < 200 || response.status > 299)
      throw await failed((f) => f.statusError(response, text, secrets, context), context);
    return { status: response.status, text };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    if (onAbort) signal!.removeEventListener("abort", onAbort);
  }
}

/**
 * Reads the body as text, stopping as soon as its DECODED size exceeds `limit` bytes (a gzip, deflate
 * or br body is counted after decompression: its declared length says nothing). An uncompressed
 * body whose declared length fits is read in one go (undici's own `text()`); any other is streamed
 * and counted, its chunks decoded once at the end. Not itself async: the common case hands back
 * `text()`'s own promise, without a step of its own.
 */
function readText(response: Response, limit: number, context: ErrorContext, expired: () => boolean): Promise<string> {
  const header = response.headers.get("content-length");
  const declared = header === null ? NaN : Number(header);
  const encoding = response.headers.get("content-encoding");
  const plain = encoding === null || /^\s*identity\s*$/i.test(encoding);
  if (plain && Number.isFinite(declared) && declared > limit) return tooLarge(response.body?.cancel(), limit, context);
  if (!response.body || (plain && Number.isFinite(declared))) return response.text();
  return streamText(response.body, limit, context, expired);
}

/** A body past the limit: cancelled (which closes its connection), then a ResponseTooLargeError. */
async function tooLarge(cancelled: Promise<void> | undefined, limit: number, context: ErrorContext): Promise<never> {
  await cancelled?.catch(() => undefined);
  throw await failed((f) => new f.ResponseTooLargeError(limit, context), context);
}

/** A body read chunk by chunk and counted (see readText). */
async function streamText(
  body: NonNullable<Response["body"]>,
  limit: number,
  context: ErrorContext,
  expired: () => boolean,
): Promise<string> {
  const reader = body.getReader();
  const chunks: BlobPart[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (expired()) {
      await reader.cancel().catch(() => undefined);
      break;
    }
    size += value.byteLength;
    if (size > limit) return tooLarge(reader.cancel(), limit, context);
    chunks.push(value);
  }
  return new Blob(chunks).text();
}
