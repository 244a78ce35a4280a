/**
 * The runtime every generated client imports: the call core, the error classes, the
 * validator combinators and the exact-number JSON codec.
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
  type ErrorContext,
} from "./errors.js";
export {
  createRpcClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT,
  type ApiSpec,
  type CallOptions,
  type ClientOptions,
  type EndpointSpec,
  type MethodSpec,
  type Params,
  type RpcClient,
} from "./client.js";
export type { LimitRule } from "./limits.js";
export { parseJson, stringifyJson, type U64Map } from "./json.js";
export type { Issue, Validator } from "./validate.js";
export * as v from "./validate.js";
