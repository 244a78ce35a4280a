/**
 * The runtime every generated client imports, its one entry point: the call core, the error
 * classes, the option types and defaults, the validator types and the exact-number JSON codec.
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
  SubscriptionError,
  TimeoutError,
  ValidationError,
  isJsonRpcError,
  type ErrorContext,
} from "./errors.js";
export { createRpcClient } from "./client.js";
export {
  DEFAULT_BATCH_SIZE,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_RETRY,
  DEFAULT_SUBSCRIPTION_BUFFER,
  DEFAULT_TIMEOUT,
  type ReconnectPolicy,
  type RetryPolicy,
} from "./defaults.js";
export type {
  ApiSpec,
  CallFn,
  CallOptions,
  ClientOptions,
  PaginateOptions,
  Paginator,
  RequestEvent,
  ResponseEvent,
  RpcClient,
  SubscribeFn,
  SubscribeOptions,
  Subscription,
  SubscriptionGap,
  WebSocketConstructor,
  WebSocketLike,
} from "./options.js";
export type { EndpointSpec, MethodSpec, Params } from "./codec.js";
export type { LimitRule } from "./limits.js";
export { parseJson, stringifyJson, type U64Map } from "./json.js";
export type { Issue, Validator } from "./validate.js";
