/**
 * One error hierarchy for everything a call can throw. Every error says which method and which
 * host it concerns; none ever holds the request URL, so an API key in the URL path cannot leak
 * into a message, a property, a stack, a cause chain, `util.inspect` or `JSON.stringify`.
 */
import { RpcClientError, type ErrorContext } from "./base-error.js";

export { NetworkError, RpcClientError, type ErrorContext } from "./base-error.js";
export { ValidationError } from "./validation-error.js";
// Apart, so that an app whose first call cannot reach them (no WebSocket, no subscription) does not
// load them at start: bundlers split chunks by module.
export { SocketClosedError, SubscriptionError } from "./stream-errors.js";

/** The server answered with a JSON-RPC error object. */
export class JsonRpcError<Code extends number = number> extends RpcClientError {
  static override readonly brand: string = "JsonRpcError";
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
  return JsonRpcError.is(error) && (codes.length === 0 || codes.includes((error as JsonRpcError).code as Code));
}

/** The HTTP status was not 2xx. `body` is a short excerpt of the response body. */
export class HttpError extends RpcClientError {
  static override readonly brand: string = "HttpError";
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

/** No answer within the timeout. */
export class TimeoutError extends RpcClientError {
  static override readonly brand: string = "TimeoutError";
  override name = "TimeoutError";
  readonly timeout: number;
  constructor(timeout: number, context: ErrorContext) {
    super(`No response within ${timeout} ms`, context);
    this.timeout = timeout;
  }
}

/** The caller's `AbortSignal` fired. */
export class AbortError extends RpcClientError {
  static override readonly brand: string = "AbortError";
  override name = "AbortError";
  constructor(context: ErrorContext) {
    super("The call was aborted", context);
  }
}

/** The answer is not a JSON-RPC response we can use: not JSON, truncated, wrong id, no result. */
export class MalformedResponseError extends RpcClientError {
  static override readonly brand: string = "MalformedResponseError";
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
  static override readonly brand: string = "ResponseTooLargeError";
  override name = "ResponseTooLargeError";
  readonly limit: number;
  constructor(limit: number, context: ErrorContext) {
    super(`Response body larger than ${limit} bytes (raise maxResponseBytes to accept it)`, context);
    this.limit = limit;
  }
}
