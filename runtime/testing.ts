/**
 * The test kit every generated `<subpath>/testing` module binds to its API (its method table,
 * validators and the result schemas as data): `mockTransport` (testing-mock.ts), `mswHandlers`
 * (testing-msw.ts, msw loaded on first use), `rpcError`, and the types. An app that does not import a
 * testing module carries none of it: no client module imports this one.
 */
export { createMockTransport } from "./testing-mock.js";
export { createMswHandlers } from "./testing-msw.js";
export { MockRpcError, isRpcError, rpcError } from "./testing-rpc-error.js";
export type {
  ExampleData,
  Handler,
  HandlerContext,
  HandlerParams,
  MethodData,
  MockCall,
  MockOptions,
  MockTransport,
  MswHandler,
  MswHandlers,
  MswOptions,
  SubscriptionHandler,
  TestingData,
  TestingSetup,
} from "./testing-types.js";
export type { MockNode } from "./mock-schema.js";
