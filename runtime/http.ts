/**
 * The HTTP transport, `http(url, { apiKey, … })`: one POST per request or batch, with timeout, abort,
 * a limit on the decoded body size, no redirects, and typed errors that never hold the URL. It has
 * no server notifications (subscriptions need `webSocket` from the `./ws` subpath).
 */
import {
  AbortError,
  HttpError,
  MalformedResponseError,
  NetworkError,
  ResponseTooLargeError,
  TimeoutError,
  ValidationError,
  type ErrorContext,
} from "./errors.js";
import { excerpt, redact } from "./secrets.js";
import { createTransport, type SendOptions, type Transport } from "./transport.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "./defaults.js";
import { checkTarget, issue, secretsOf, type Target } from "./endpoint.js";
import type { Issue } from "./validate.js";

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

/**
 * An HTTP transport for any client factory's `transport` option.
 *
 * @example
 * ```ts
 * const adv = createAdvancedClient({ transport: http("https://host/multichain", { apiKey: process.env.API_KEY }) });
 * ```
 */
export function http(url: string, options: HttpTransportOptions = {}): Transport {
  const issues: Issue[] = [];
  if (options === null || typeof options !== "object") issue(issues, "options", "type", "must be an object", options);
  const o = issues.length > 0 ? {} : options;
  if (o.proxy && o.apiKey !== undefined)
    issue(issues, "options.apiKey", "exclusive", "cannot be used with proxy: the proxy takes no key", o.apiKey);
  const limit = o.maxResponseBytes;
  if (limit !== undefined && !(Number.isSafeInteger(limit) && limit >= 1))
    issue(issues, "options.maxResponseBytes", "minimum", "must be a whole number, 1 or more", limit);
  if (o.fetch !== undefined && typeof o.fetch !== "function")
    issue(issues, "options.fetch", "type", "must be a fetch function", o.fetch);
  const target = checkTarget(
    url,
    o.apiKey,
    { url: "url", apiKey: "options.apiKey" },
    false,
    o.dangerouslyAllowBrowser,
    issues,
  );
  if (issues.length > 0 || !target) throw new ValidationError("http transport", issues, {});
  return httpTransport(target, o);
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
  return createTransport(
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
  if (signal?.aborted) throw new AbortError(context);
  const controller = signal || lateExchanges > 0 ? new AbortController() : undefined;
  let timedOut = false;
  let expire: ((reason: typeof EXPIRED) => void) | undefined;
  const expired = controller ? undefined : new Promise<never>((_, reject) => (expire = reject));
  const timer =
    request.timeout > 0 && Number.isFinite(request.timeout)
      ? setTimeout(() => {
          timedOut = true;
          controller?.abort();
          expire?.(EXPIRED);
        }, request.timeout)
      : undefined;
  /** `promise`, or the timeout's rejection when it comes first (only when fetch has no signal). */
  const inTime = <T>(promise: Promise<T>): Promise<T> => (expired ? Promise.race([promise, expired]) : promise);
  // Only a caller's signal needs a listener; most calls have none.
  const onAbort = signal ? (): void => controller!.abort() : undefined;
  if (onAbort) signal!.addEventListener("abort", onAbort, { once: true });
  const failure = (error: unknown): Error => {
    if (timedOut) return new TimeoutError(request.timeout, context);
    if (signal?.aborted) return new AbortError(context);
    return new NetworkError(`Request failed: ${describe(error, secrets)}`, {
      ...context,
      cause: redact(error, secrets),
    });
  };
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
      throw failure(error);
    }
    if (response.type === "opaqueredirect" || (response.status >= 300 && response.status <= 399)) {
      await response.body?.cancel().catch(() => undefined);
      throw new HttpError(response.status, redirectNote(response, request.url), undefined, context);
    }
    let text: string;
    try {
      text = await inTime(readText(response, request.maxResponseBytes, context, () => timedOut));
    } catch (error) {
      if (error instanceof ResponseTooLargeError) throw error;
      if (timedOut || request.signal?.aborted) throw failure(error);
      throw new MalformedResponseError("the body was cut off before its end (truncated)", "", {
        ...context,
        cause: redact(error, secrets),
      });
    }
    if (response.status < 200 || response.status > 299) {
      throw new HttpError(
        response.status,
        excerpt(text, secrets),
        retryAfter(response.headers.get("retry-after")),
        context,
      );
    }
    return { status: response.status, text };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    if (onAbort) signal!.removeEventListener("abort", onAbort);
  }
}

/** What an HttpError says about a redirect: the target host only (its path may hold a key). */
function redirectNote(response: Response, url: string): string {
  let target = "an unknown location";
  try {
    const location = response.headers.get("location");
    if (location) target = `host ${new URL(location, url).host}`;
  } catch {
    target = "an invalid location";
  }
  return `redirect to ${target} not followed (JSON-RPC needs none: use the final URL)`;
}

function describe(error: unknown, secrets: readonly string[]): string {
  const cleaned = redact(error, secrets);
  if (!(cleaned instanceof Error)) return String(cleaned);
  const cause = cleaned.cause instanceof Error ? `: ${cleaned.cause.message}` : "";
  return `${cleaned.message}${cause}`;
}

/**
 * Reads the body as text, stopping as soon as its DECODED size exceeds `limit` bytes (a gzip, deflate
 * or br body is counted after decompression: its declared length says nothing). An uncompressed
 * body whose declared length fits is read in one go (undici's own `text()`); any other is streamed
 * and counted, its chunks decoded once at the end.
 */
async function readText(
  response: Response,
  limit: number,
  context: ErrorContext,
  expired: () => boolean,
): Promise<string> {
  const header = response.headers.get("content-length");
  const declared = header === null ? NaN : Number(header);
  const encoding = response.headers.get("content-encoding");
  const plain = encoding === null || /^\s*identity\s*$/i.test(encoding);
  if (plain && Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(limit, context);
  }
  if (!response.body || (plain && Number.isFinite(declared))) return response.text();
  const reader = response.body.getReader();
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
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(limit, context);
    }
    chunks.push(value);
  }
  return new Blob(chunks).text();
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP-date. */
export function retryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  // delay-seconds is 1*DIGIT; an HTTP-date ends in GMT (RFC 9110 §10.2.3).
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  if (!/GMT$/.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
