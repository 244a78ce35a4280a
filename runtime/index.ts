/**
 * The runtime every generated client imports: the call core, the error classes, the
 * validator combinators, pagination and the exact-number JSON codec.
 */
export {
  AbortError,
  HttpError,
  JsonRpcError,
  MalformedResponseError,
  NetworkError,
  ResponseTooLargeError,
  RpcClientError,
  SocketClosedError,
  TimeoutError,
  ValidationError,
  isJsonRpcError,
  type ErrorContext,
} from "./errors.js";
export {
  createRpcClient,
  DEFAULT_BATCH_SIZE,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT,
  type ApiSpec,
  type CallFn,
  type CallOptions,
  type ClientOptions,
  type EndpointSpec,
  type MethodSpec,
  type Params,
  type RequestEvent,
  type ResponseEvent,
  type RpcClient,
} from "./client.js";
export { DEFAULT_RETRY, type RetryPolicy } from "./retry.js";
export type { PaginateOptions, Paginator } from "./paginate.js";
export type { ReconnectPolicy, WebSocketConstructor, WebSocketLike } from "./ws.js";
export type { LimitRule } from "./limits.js";
export { parseJson, stringifyJson, type U64Map } from "./json.js";
export type { Issue, Validator } from "./validate.js";
