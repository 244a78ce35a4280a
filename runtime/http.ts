/** HTTP transport: one POST, with timeout, abort, a body-size limit and typed errors. */
import {
  AbortError,
  HttpError,
  MalformedResponseError,
  NetworkError,
  ResponseTooLargeError,
  TimeoutError,
  hideSecrets,
  redact,
  type ErrorContext,
} from "./errors.js";

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

/** Sends one POST and returns the body text of a 2xx answer; throws a typed error otherwise. */
export async function post(request: HttpRequest): Promise<HttpResponse> {
  const { context } = request;
  if (request.signal?.aborted) throw new AbortError(context);
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    request.timeout > 0 && Number.isFinite(request.timeout)
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, request.timeout)
      : undefined;
  const onAbort = (): void => controller.abort();
  request.signal?.addEventListener("abort", onAbort, { once: true });
  const failure = (error: unknown): Error => {
    if (timedOut) return new TimeoutError(request.timeout, context);
    if (request.signal?.aborted) return new AbortError(context);
    return new NetworkError(`Request failed: ${describe(error, request.secrets)}`, {
      ...context,
      cause: redact(error, request.secrets),
    });
  };
  try {
    let response: Response;
    try {
      response = await request.fetch(request.url, {
        method: "POST",
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
      });
    } catch (error) {
      throw failure(error);
    }
    let text: string;
    try {
      text = await readText(response, request.maxResponseBytes, context);
    } catch (error) {
      if (error instanceof ResponseTooLargeError) throw error;
      if (timedOut || request.signal?.aborted) throw failure(error);
      throw new MalformedResponseError("the body was cut off before its end (truncated)", "", {
        ...context,
        cause: redact(error, request.secrets),
      });
    }
    if (response.status < 200 || response.status > 299) {
      throw new HttpError(
        response.status,
        excerpt(text, request.secrets),
        retryAfter(response.headers.get("retry-after")),
        context,
      );
    }
    return { status: response.status, text };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    request.signal?.removeEventListener("abort", onAbort);
  }
}

function describe(error: unknown, secrets: readonly string[]): string {
  const cleaned = redact(error, secrets);
  if (!(cleaned instanceof Error)) return String(cleaned);
  const cause = cleaned.cause instanceof Error ? `: ${cleaned.cause.message}` : "";
  return `${cleaned.message}${cause}`;
}

/**
 * Reads the body as text, stopping as soon as it exceeds `limit` bytes. A body whose declared
 * length fits is read in one go (undici's own `text()`); one without a length is streamed and
 * counted, its chunks decoded once at the end.
 */
async function readText(response: Response, limit: number, context: ErrorContext): Promise<string> {
  const header = response.headers.get("content-length");
  const declared = header === null ? NaN : Number(header);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    throw new ResponseTooLargeError(limit, context);
  }
  if (!response.body || Number.isFinite(declared)) return response.text();
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(limit, context);
    }
    chunks.push(value);
  }
  return new Blob(chunks).text();
}

/** The first 200 characters of a body, on one line, without secrets. */
export function excerpt(text: string, secrets: readonly string[]): string {
  const clean = hideSecrets(
    text
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
    secrets,
  );
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
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
