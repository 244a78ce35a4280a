/**
 * Integration: the TanStack Query option factories of the generated package (the tanstack-query
 * plugin, `<subpath>/query`) with a real `QueryClient` from @tanstack/query-core, against the
 * project's mock server on 127.0.0.1 serving two pages per paginated method. One query (fetched
 * once, then served from the cache by its key), one two-page infinite query (the token sent
 * back), a cancelled query (the client's request sees the abort), and keys that hash with bigints.
 */
import { hashKey, QueryClient, type InfiniteData } from "@tanstack/query-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAdvancedClient,
  type AdvancedClient,
  type GetNFTHoldersResult,
} from "../../generated/src/advanced/index.js";
import {
  advancedQueryScope,
  getCurrenciesQueryOptions,
  getNFTHoldersInfiniteQueryOptions,
} from "../../generated/src/advanced/query.js";
import { eth_getTransactionCountQueryOptions } from "../../generated/src/eth/query.js";
import { createEthNodeClient } from "../../generated/src/eth/index.js";
import { http, type Transport } from "../../generated/src/runtime/index.js";
import { queryKey } from "../../generated/src/runtime/query-options.js";
import { startMockServer, type MockServer } from "../../generator/mock/server.js";

const SPECS = ["spec/advanced.openrpc.json", "spec/eth.openrpc.json"];
const KEY = "query-key-123";
const HOLDERS = {
  blockchain: "eth",
  contractAddress: "0x0000000000000000000000000000000000000008",
  pageSize: 4,
} as const;

let mock: MockServer;
let bodies: string[];
let adv: AdvancedClient;

beforeAll(async () => {
  mock = await startMockServer({ specs: SPECS, port: 0, pages: 2 });
  bodies = [];
  adv = createAdvancedClient({
    url: `${mock.url}/advanced`,
    apiKey: KEY,
    retryCount: 0,
    onRequest: (event) => void bodies.push(event.body),
  });
});
afterAll(async () => {
  await mock?.close();
});

const newQueryClient = (): QueryClient => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe("queryOptions through a real QueryClient", () => {
  it("fetches once, then answers from the cache under the same key", async () => {
    const queries = newQueryClient();
    bodies.length = 0;
    const options = getCurrenciesQueryOptions(adv, { blockchain: "eth" });
    const first = await queries.fetchQuery({ ...options, staleTime: Infinity });
    expect(Array.isArray(first.currencies)).toBe(true);
    expect(first.currencies?.length).toBeGreaterThan(0);
    const again = await queries.fetchQuery({
      ...getCurrenciesQueryOptions(adv, { blockchain: "eth" }),
      staleTime: Infinity,
    });
    expect(again).toBe(first);
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(bodies[0]!)).toMatchObject({ method: "adv_getCurrencies", params: { blockchain: "eth" } });
    expect(queries.getQueryData(options.queryKey)).toBe(first);
    expect(options.queryKey).toEqual([advancedQueryScope, "adv_getCurrencies", { blockchain: "eth" }]);
    queries.clear();
  });

  it("a positional method sends its params as an array", async () => {
    const eth = createEthNodeClient({ url: `${mock.url}/eth`, apiKey: KEY, retryCount: 0 });
    const queries = newQueryClient();
    const count = await queries.fetchQuery(
      eth_getTransactionCountQueryOptions(eth, ["0x0000000000000000000000000000000000000001", "latest"]),
    );
    expect(count).toMatch(/^0x[0-9a-f]+$/);
    queries.clear();
  });
});

describe("infiniteQueryOptions through a real QueryClient", () => {
  it("fetches two pages, sending the first page's nextPageToken back as pageToken, and knows there is no third", async () => {
    const queries = newQueryClient();
    bodies.length = 0;
    const options = getNFTHoldersInfiniteQueryOptions(adv, HOLDERS);
    const data = await queries.fetchInfiniteQuery({ ...options, pages: 2 });
    expect(data.pages).toHaveLength(2);
    expect(data.pageParams).toEqual([undefined, "page-2"]);
    expect(data.pages.map((p) => p.holders?.length)).toEqual([4, 4]);
    expect(data.pages[1]!.nextPageToken).toBeUndefined();
    expect(options.getNextPageParam(data.pages[1]!)).toBeUndefined();
    const sent = bodies.map((b) => (JSON.parse(b) as { params: Record<string, unknown> }).params);
    expect(sent).toEqual([{ ...HOLDERS }, { ...HOLDERS, pageToken: "page-2" }]);
    expect(queries.getQueryData<InfiniteData<GetNFTHoldersResult>>(options.queryKey)?.pages).toHaveLength(2);
    queries.clear();
  });

  it("keeps the infinite query's key apart from the plain query's", () => {
    const infinite = getNFTHoldersInfiniteQueryOptions(adv, HOLDERS).queryKey;
    expect(infinite).toEqual([advancedQueryScope, "adv_getNFTHolders", { ...HOLDERS }, "infinite"]);
  });
});

describe("the signal", () => {
  it("reaches the transport, and cancelling the query aborts the request", async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const real = http(`${mock.url}/advanced`, { apiKey: KEY });
    // A custom transport: it hangs until the signal aborts, recording what it was given.
    const hanging: Transport = {
      type: "hanging",
      host: real.host,
      capabilities: real.capabilities,
      request: (_request, options) => {
        signals.push(options.signal);
        return new Promise((_resolve, reject) =>
          options.signal?.addEventListener("abort", () => reject(new Error("aborted by the signal"))),
        );
      },
    };
    const client = createAdvancedClient({ transport: hanging, retryCount: 0 });
    const queries = newQueryClient();
    const options = getCurrenciesQueryOptions(client, { blockchain: "eth" });
    const fetching = queries.fetchQuery(options);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await queries.cancelQueries({ queryKey: options.queryKey });
    await expect(fetching).rejects.toThrow();
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
    queries.clear();
  });
});

describe("query keys", () => {
  it("hash with bigints inside (TanStack's hash is JSON.stringify, which refuses a bigint)", () => {
    const exact = 18446744073709551615n;
    const key = queryKey("scope", "m", { value: exact, nested: [exact, 1], gone: undefined });
    expect(key).toEqual([
      "scope",
      "m",
      { value: { $bigint: "18446744073709551615" }, nested: [{ $bigint: "18446744073709551615" }, 1] },
    ]);
    expect(() => hashKey(key)).not.toThrow();
    expect(() => hashKey(["scope", "m", { value: exact }])).toThrow(TypeError);
  });

  it("are the same for the same params in any property order, and differ for different params", () => {
    const a = hashKey(getNFTHoldersInfiniteQueryOptions(adv, { ...HOLDERS }).queryKey);
    const b = hashKey(
      getNFTHoldersInfiniteQueryOptions(adv, {
        pageSize: 4,
        contractAddress: HOLDERS.contractAddress,
        blockchain: "eth",
      }).queryKey,
    );
    const c = hashKey(getNFTHoldersInfiniteQueryOptions(adv, { ...HOLDERS, pageSize: 5 }).queryKey);
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it("keep a __proto__ param as data", () => {
    const params = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const key = queryKey("scope", "m", params);
    expect(Object.keys(key[2] as object)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
