/**
 * One error hierarchy for everything a call can throw. Every error says which method and which
 * host it concerns; none ever holds the request URL, so an API key in the URL path cannot leak
 * into a message, a property, a stack, a cause chain, `util.inspect` or `JSON.stringify`.
 */
import type { Issue } from "./validate.js";

export interface ErrorContext {
  /** JSON-RPC method name. */
  method?: string;
  /** Host (and port) of the endpoint; never the path, which may hold the API key. */
  host?: string;
  cause?: unknown;
}

/** Base class of every error this package throws. */
export class RpcClientError extends Error {
  override name = "RpcClientError";
  /** The message without the method/host suffix. */
  readonly shortMessage: string;
  readonly method: string | undefined;
  readonly host: string | undefined;

  constructor(shortMessage: string, context: ErrorContext = {}) {
    const where = [context.method && `method ${context.method}`, context.host && `host ${context.host}`]
      .filter(Boolean)
      .join(", ");
    super(
      where ? `${shortMessage} (${where})` : shortMessage,
      context.cause === undefined ? undefined : { cause: context.cause },
    );
    this.shortMessage = shortMessage;
    this.method = context.method;
    this.host = context.host;
  }

  toJSON(): Record<string, unknown> {
    const { stack: _stack, cause: _cause, ...own } = Object.fromEntries(Object.entries(this));
    return { ...own, name: this.name, message: this.message };
  }
}

/** The server answered with a JSON-RPC error object. */
export class JsonRpcError<Code extends number = number> extends RpcClientError {
  override name = "JsonRpcError";
  readonly code: Code;
  readonly data: unknown;
  constructor(code: Code, message: string, data: unknown, context: ErrorContext) {
    super(`JSON-RPC error ${code}: ${message}`, context);
    this.code = code;
    this.data = data;
  }
}

/**
 * Whether `error` is a JSON-RPC error, optionally with one of the given codes. With the code
 * constants a generated client exports (`AdvancedErrors.NotFound`), the code narrows to them.
 */
export function isJsonRpcError<const Code extends number = number>(
  error: unknown,
  ...codes: Code[]
): error is JsonRpcError<Code> {
  return error instanceof JsonRpcError && (codes.length === 0 || codes.includes(error.code as Code));
}

/** The HTTP status was not 2xx. `body` is a short excerpt of the response body. */
export class HttpError extends RpcClientError {
  override name = "HttpError";
  readonly status: number;
  /** Milliseconds to wait, from a `Retry-After` header (seconds or HTTP-date), when given. */
  readonly retryAfter: number | undefined;
  readonly body: string;
  constructor(status: number, body: string, retryAfter: number | undefined, context: ErrorContext) {
    super(`HTTP ${status}${body ? `: ${body}` : ""}`, context);
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
  }
}

/** Params (or, with `validateResponses: "strict"`, a result) broke the spec's rules. */
export class ValidationError extends RpcClientError {
  override name = "ValidationError";
  readonly issues: readonly Issue[];
  constructor(what: string, issues: readonly Issue[], context: ErrorContext) {
    const list = issues.map((i) => `${i.path} ${i.message} (rule: ${i.rule}, got ${i.received})`).join("; ");
    super(`Invalid ${what}: ${list}.`, context);
    this.issues = issues;
  }
}

/** No answer within the timeout. */
export class TimeoutError extends RpcClientError {
  override name = "TimeoutError";
  readonly timeout: number;
  constructor(timeout: number, context: ErrorContext) {
    super(`No response within ${timeout} ms`, context);
    this.timeout = timeout;
  }
}

/** The caller's `AbortSignal` fired. */
export class AbortError extends RpcClientError {
  override name = "AbortError";
  constructor(context: ErrorContext) {
    super("The call was aborted", context);
  }
}

/** The request never got an HTTP answer (connection refused or reset, DNS failure, …). */
export class NetworkError extends RpcClientError {
  override name = "NetworkError";
}

/** The answer is not a JSON-RPC response we can use: not JSON, truncated, wrong id, no result. */
export class MalformedResponseError extends RpcClientError {
  override name = "MalformedResponseError";
  /** Up to 200 characters of what was received. */
  readonly body: string;
  constructor(reason: string, body: string, context: ErrorContext) {
    super(`Malformed response: ${reason}`, context);
    this.body = body;
  }
}

/** The response body was larger than the `maxResponseBytes` option allows. */
export class ResponseTooLargeError extends RpcClientError {
  override name = "ResponseTooLargeError";
  readonly limit: number;
  constructor(limit: number, context: ErrorContext) {
    super(`Response body larger than ${limit} bytes (raise maxResponseBytes to accept it)`, context);
    this.limit = limit;
  }
}

/** The WebSocket closed before the call was answered. */
export class SocketClosedError extends RpcClientError {
  override name = "SocketClosedError";
  readonly code: number | undefined;
  constructor(code: number | undefined, context: ErrorContext) {
    super(`WebSocket closed before the call was answered${code ? ` (close code ${code})` : ""}`, context);
    this.code = code;
  }
}

/** `text` with every occurrence of the secrets (the API key) replaced by `***`. */
export function hideSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((t, s) => (s ? t.split(s).join("***") : t), text);
}

/** A copy of `error` (and its causes) with every occurrence of the secrets replaced by `***`. */
export function redact(error: unknown, secrets: readonly string[]): unknown {
  const clean = (text: string): string => hideSecrets(text, secrets);
  if (!(error instanceof Error)) return typeof error === "string" ? clean(error) : error;
  const copy = new Error(
    clean(error.message),
    error.cause === undefined ? undefined : { cause: redact(error.cause, secrets) },
  );
  copy.name = error.name;
  copy.stack = clean(error.stack ?? "");
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") Object.assign(copy, { code });
  return copy;
}
