/**
 * The runtime every generated client imports, its one entry point: the call core, the HTTP
 * transport and `createTransport`, the error classes, the option types and defaults, the validator
 * types and the exact-number JSON codec. The WebSocket transport is apart, in ws-entry.ts (the
 * package's `./ws` subpath), so that an HTTP-only app never bundles it.
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
export { createTransport, http } from "./factories.js";
export {
  fromEip1193,
  type Eip1193ProviderLike,
  type Eip1193RequestArguments,
  type Eip1193TransportOptions,
} from "./eip1193.js";
export { ProviderRpcError, type Eip1193Provider } from "./eip1193-provider.js";
export type { HttpTransportOptions } from "./http.js";
export {
  type Answer,
  type ConnectionEvent,
  type Reply,
  type SendOptions,
  type ServerNotification,
  type Transport,
  type TransportCapabilities,
  type TransportConfig,
  type TransportRequest,
} from "./transport.js";
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
  Logger,
  LogLevel,
  SpanAttributeValue,
  SpanLike,
  SpanOptionsLike,
  TracerLike,
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
export type { ExactJson } from "./exact.js";
export type { Issue, Validator } from "./validate.js";
