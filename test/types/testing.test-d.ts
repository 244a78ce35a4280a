/**
 * Type tests of the test kit (`<subpath>/testing`): handlers take the params by name (positional APIs
 * named by the spec's param names) and must return the method's result type (a wrong one is an error),
 * subscribe handlers return an async iterable of the item type, `calls` is a union by method,
 * `mockTransport` is a transport the client factories take, and `mswHandlers` gives msw's handlers,
 * which `setupServer` takes as they are.
 */
import type { HttpHandler } from "msw";
import { setupServer } from "msw/node";
import { describe, expectTypeOf, it } from "vitest";
import {
  createAdvancedClient,
  type GetCurrenciesParams,
  type GetCurrenciesResult,
} from "../../generated/src/advanced/index.js";
import {
  mockTransport as advancedMock,
  type Handlers as AdvancedHandlers,
} from "../../generated/src/advanced/testing.js";
import {
  createEthNodeClient,
  type EthGetBlockByNumberParams,
  type EthGetBlockByNumberResult,
  type EthSubscribeItem,
  type Head,
} from "../../generated/src/eth/index.js";
import {
  MockRpcError,
  mockTransport,
  mswHandlers,
  rpcError,
  type HandlerContext,
  type Handlers,
  type MockCall,
} from "../../generated/src/eth/testing.js";
import type { Transport } from "../../generated/src/runtime/index.js";

type ParamsOf<K extends keyof Handlers> = Parameters<NonNullable<Handlers[K]>>[0];

describe("handlers", () => {
  it("take the params by name, positional APIs named by the spec's param names", () => {
    expectTypeOf<ParamsOf<"eth_getBlockByNumber">>().toEqualTypeOf<EthGetBlockByNumberParams>();
    expectTypeOf<ParamsOf<"eth_getBlockByNumber">>().toHaveProperty("fullTransactions").toEqualTypeOf<boolean>();
    expectTypeOf<
      Parameters<NonNullable<AdvancedHandlers["adv_getCurrencies"]>>[0]
    >().toEqualTypeOf<GetCurrenciesParams>();
  });

  it("return the result type; a wrong one does not compile", () => {
    mockTransport({ eth_blockNumber: () => "0x10" });
    // Async handlers too (a bare literal needs `as const` there: TypeScript widens it in an async function's return).
    mockTransport({ eth_blockNumber: async () => "0x10" as const });
    advancedMock({ adv_getCurrencies: async () => ({ currencies: [] }) });
    // @ts-expect-error -- a block number is a hex string, not a number
    mockTransport({ eth_blockNumber: () => 16 });
    // @ts-expect-error -- "zz" is not `0x${string}`
    mockTransport({ eth_blockNumber: () => "zz" });
    advancedMock({ adv_getCurrencies: (): GetCurrenciesResult => ({ currencies: [] }) });
    // @ts-expect-error -- currencies is a list
    advancedMock({ adv_getCurrencies: () => ({ currencies: "none" }) });
    // @ts-expect-error -- no such method
    mockTransport({ eth_nope: () => 1 });
  });

  it("get a context whose fallback() is the result type", () => {
    mockTransport({
      eth_getBlockByNumber: (_params, context) => {
        expectTypeOf(context).toEqualTypeOf<HandlerContext<EthGetBlockByNumberResult>>();
        expectTypeOf(context.fallback()).toEqualTypeOf<EthGetBlockByNumberResult>();
        expectTypeOf(context.signal).toEqualTypeOf<AbortSignal>();
        return context.fallback();
      },
    });
  });

  it("of a subscribe method return an async iterable of its items, or the id", () => {
    const head = {} as Head;
    mockTransport({
      async *eth_subscribe() {
        yield head;
      },
    });
    mockTransport({ eth_subscribe: () => "0x1" });
    expectTypeOf<Awaited<ReturnType<NonNullable<Handlers["eth_subscribe"]>>>>().toEqualTypeOf<
      `0x${string}` | AsyncIterable<EthSubscribeItem>
    >();
    mockTransport({
      // @ts-expect-error -- items are heads, logs or hashes, not numbers
      async *eth_subscribe() {
        yield 1;
      },
    });
  });
});

describe("mockTransport", () => {
  it("is a Transport the client factories take, with calls typed by method", () => {
    const transport = mockTransport();
    expectTypeOf(transport).toMatchTypeOf<Transport>();
    createEthNodeClient({ transport });
    createAdvancedClient({ transport: advancedMock() });
    expectTypeOf(transport.calls).toEqualTypeOf<readonly MockCall<Handlers>[]>();
    const [first] = transport.calls;
    if (first?.method === "eth_getBlockByNumber") expectTypeOf(first.params).toEqualTypeOf<EthGetBlockByNumberParams>();
  });

  it("takes the options: seed (string or number), unhandled, latency", () => {
    mockTransport({}, { seed: 1, unhandled: "error", latency: (call) => (call.method === "eth_call" ? 10 : 0) });
    mockTransport({}, { seed: "x", latency: 5 });
    // @ts-expect-error -- a seed is a string or a number
    mockTransport({}, { seed: {} });
    // @ts-expect-error -- "fallback" or "error"
    mockTransport({}, { unhandled: "ignore" });
  });
});

describe("rpcError and mswHandlers", () => {
  it("rpcError makes a MockRpcError", () => {
    expectTypeOf(rpcError(-32000, "x")).toEqualTypeOf<MockRpcError>();
    expectTypeOf(rpcError(-32000, "x", { any: "data" }).code).toEqualTypeOf<number>();
  });

  it("mswHandlers gives msw's handlers (with the calls), which setupServer takes", async () => {
    const handlers = await mswHandlers({ eth_blockNumber: () => "0x1" }, { url: "https://host/eth", seed: 2 });
    expectTypeOf(handlers).toMatchTypeOf<HttpHandler[]>();
    expectTypeOf(handlers.calls).toEqualTypeOf<readonly MockCall<Handlers>[]>();
    setupServer(...handlers);
    // @ts-expect-error -- the url is required
    await mswHandlers({}, {});
  });
});
