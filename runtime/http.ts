/**
 * HTTP transport: one POST per request or batch, with timeout, abort, a limit on the decoded body
 * size, no redirects, and typed errors. Server notifications need a WebSocket: `listen` refuses.
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
import type { EndpointSpec } from "./codec.js";
import { frame, frameBatch, parseReply } from "./wire.js";
import { excerpt, redact } from "./secrets.js";
import type { SendOptions, Transport } from "./transport.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "./defaults.js";
import type { Endpoint } from "./endpoint.js";
import type { ClientOptions } from "./options.js";

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

export interface HttpTransportConfig {
  /** The full URL (it may hold the key: never put in an error). */
  url: string;
  host: string;
  endpoint: EndpointSpec;
  headers: Record<string, string>;
  fetch: typeof fetch;
  maxResponseBytes: number;
  secrets: readonly string[];
}

/** The HTTP transport of a client: its endpoint, and the options that shape a request (`headers`, `fetch`, `maxResponseBytes`). */
export function httpTransportFor(endpoint: Endpoint, options: ClientOptions, secrets: readonly string[]): Transport {
  return createHttpTransport({
    url: endpoint.url,
    host: endpoint.host,
    endpoint,
    headers: { "content-type": "application/json", accept: "application/json", ...options.headers },
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    secrets,
  });
}

export function createHttpTransport(config: HttpTransportConfig): Transport {
  const { url, headers, fetch, maxResponseBytes, secrets } = config;
  const query = config.endpoint.methodIn === "query" ? (url.includes("?") ? "&" : "?") : undefined;
  /** The POST of one body (no extra async step: a call's path to the wire is short). */
  const send = (body: string, method: string, options: SendOptions): Promise<HttpResponse> =>
    post({
      url: query === undefined ? url : `${url}${query}${encodeURIComponent(method)}`,
      body,
      headers,
      timeout: options.timeout,
      signal: options.signal,
      maxResponseBytes,
      fetch,
      secrets,
      context: options.context,
    });
  const refuse = (): never => {
    throw new ValidationError(
      "transport for server notifications",
      [{ path: "options.url", rule: "protocol", message: "must be a ws:// or wss:// URL", received: "string" }],
      { host: config.host },
    );
  };
  return {
    kind: "http",
    async request(message, options) {
      const { text } = await send(frame(message, config.endpoint.envelope), message.method, options);
      return parseReply(text, options.context, config.secrets, options.lossless);
    },
    async batch(messages, options) {
      const { text } = await send(frameBatch(messages), "batch", options);
      // Batching code is loaded on first use: apps that never batch never bundle it.
      const { matchBatch } = await import("./batch.js");
      return matchBatch(parseReply(text, options.context, config.secrets), messages, options.context, config.secrets);
    },
    async notify(message, options) {
      await send(frame(message, config.endpoint.envelope), message.method, options);
    },
    listen: refuse,
    onConnection: refuse,
    async close() {},
  };
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
