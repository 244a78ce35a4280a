/**
 * Type tests of the TanStack Query factories (`<subpath>/query`): what they return is accepted by
 * QueryClient and the observers as it is (the package imports nothing of @tanstack/query-core:
 * its types meet structurally), the data is the method's result type, the infinite
 * query's pages and page params are typed, and wrong params do not type-check.
 */
import { InfiniteQueryObserver, QueryClient, QueryObserver, type InfiniteData } from "@tanstack/query-core";
import { describe, expectTypeOf, it } from "vitest";
import {
  createAdvancedClient,
  type GetLogsResult,
  type GetNFTHoldersResult,
} from "../../generated/src/advanced/index.js";
import {
  getLogsInfiniteQueryOptions,
  getLogsQueryOptions,
  getNFTHoldersInfiniteQueryOptions,
} from "../../generated/src/advanced/query.js";
import { createEthNodeClient, type EthBlockNumberResult } from "../../generated/src/eth/index.js";
import { eth_blockNumberQueryOptions, eth_getBlockByNumberQueryOptions } from "../../generated/src/eth/query.js";

const adv = createAdvancedClient({ url: "https://host/multichain", apiKey: "k" });
const eth = createEthNodeClient({ url: "http://127.0.0.1:8545" });
const queries = new QueryClient();

describe("queryOptions", () => {
  it("fetchQuery gives the method's result type", () => {
    expectTypeOf(
      queries.fetchQuery(getLogsQueryOptions(adv, { blockchain: "eth" })),
    ).resolves.toEqualTypeOf<GetLogsResult>();
    expectTypeOf(queries.fetchQuery(eth_blockNumberQueryOptions(eth))).resolves.toEqualTypeOf<EthBlockNumberResult>();
  });

  it("a QueryObserver takes them as they are", () => {
    const observer = new QueryObserver(queries, getLogsQueryOptions(adv));
    expectTypeOf(observer.getCurrentResult().data).toEqualTypeOf<GetLogsResult | undefined>();
  });

  it("params are checked: by name for named methods, as a tuple for positional ones", () => {
    // @ts-expect-error -- blockchain is an enum of chain names, not a number
    getLogsQueryOptions(adv, { blockchain: 1 });
    // @ts-expect-error -- eth_getBlockByNumber takes [block, fullTransactions]
    eth_getBlockByNumberQueryOptions(eth, [true]);
    // @ts-expect-error -- the params are required for a method with a required param
    eth_getBlockByNumberQueryOptions(eth);
  });
});

describe("infiniteQueryOptions", () => {
  it("pages are the method's results; page params are its tokens", () => {
    const options = getNFTHoldersInfiniteQueryOptions(adv, { blockchain: "eth", contractAddress: "0x00" });
    expectTypeOf(queries.fetchInfiniteQuery(options)).resolves.toEqualTypeOf<
      InfiniteData<GetNFTHoldersResult, string | undefined>
    >();
    expectTypeOf(options.getNextPageParam).returns.toEqualTypeOf<string | undefined>();
    const observer = new InfiniteQueryObserver(queries, getLogsInfiniteQueryOptions(adv));
    expectTypeOf(observer.getCurrentResult().data?.pages).toEqualTypeOf<GetLogsResult[] | undefined>();
  });

  it("the token is the factory's to send: params without pageToken", () => {
    // @ts-expect-error -- pageToken is left out of the infinite query's params
    getLogsInfiniteQueryOptions(adv, { pageToken: "p2" });
  });
});
