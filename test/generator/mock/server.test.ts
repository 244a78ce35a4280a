/**
 * The mock server on the three real specs, called with the generated clients: keyed (`url` +
 * `apiKey`) and proxy (`proxyUrl`) forms, example results, generated results that fit the
 * documented schemas, result variants, u64 values, batches and pagination.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdvancedClient, type AdvancedClient } from "../../../generated/src/advanced/index.js";
import { createEthNodeClient, type EthNodeClient } from "../../../generated/src/eth/index.js";
import { createSolanaNodeClient, type SolanaNodeClient } from "../../../generated/src/solana/index.js";
import type { DocumentModel, ExampleModel } from "../../../generator/model/document.js";
import { GeneratorError } from "../../../generator/problems.js";
import { startMockServer, type MockServer } from "../../../generator/mock/server.js";
import { loadModels, schemaChecker, SPECS } from "./fixtures.js";

const KEY = "test-key-123";
let mock: MockServer;
let twoPages: MockServer;
let models: Record<string, DocumentModel>;
let adv: AdvancedClient;
let advProxy: AdvancedClient;
let eth: EthNodeClient;
let sol: SolanaNodeClient;

beforeAll(async () => {
  [mock, twoPages, models] = await Promise.all([
    startMockServer({ specs: SPECS, port: 0 }),
    startMockServer({ specs: [SPECS[0]!], port: 0, pages: 2 }),
    loadModels(),
  ]);
  adv = createAdvancedClient({ url: `${mock.url}/advanced`, apiKey: KEY, retryCount: 0 });
  advProxy = createAdvancedClient({ proxyUrl: `${mock.url}/`, retryCount: 0 });
  eth = createEthNodeClient({ url: `${mock.url}/eth`, apiKey: KEY, retryCount: 0 });
  sol = createSolanaNodeClient({ url: `${mock.url}/solana`, apiKey: KEY, retryCount: 0 });
});
afterAll(async () => {
  await Promise.all([mock?.close(), twoPages?.close()]);
});

function example(api: string, method: string, index = 0): ExampleModel {
  const m = models[api]!.methods.find((x) => x.rpcName === method)!;
  return m.examples[index]!;
}

describe("the mock server", () => {
  it("serves every method of the three specs on 127.0.0.1", () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.methods).toHaveLength(24);
    expect(mock.warnings).toEqual([]);
  });

  it("answers an example's params with its result (keyed form, params by name)", async () => {
    const sample = example("advanced", "adv_getNFTMetadata");
    expect(await adv.getNFTMetadata(sample.params as never)).toEqual(sample.result);
  });

  it("answers an example's params with its result (proxy form, params by position)", async () => {
    const sample = example("advanced", "adv_getNFTMetadata");
    expect(await advProxy.getNFTMetadata(sample.params as never)).toEqual(sample.result);
    const price = example("advanced", "adv_getTokenPrice", 1);
    expect(await advProxy.getTokenPrice(price.params as never)).toEqual(price.result);
  });

  it("answers node-API examples by position", async () => {
    expect(await eth.eth_getBlockByNumber("0x1b4", true)).toEqual(example("eth", "eth_getBlockByNumber").result);
    expect(await eth.eth_blockNumber()).toBe(example("eth", "eth_blockNumber").result);
  });

  // Params that no example has (methods without params always match their example); the result
  // must fit the schema named (the variant the params select).
  const generated: [string, string, unknown, string][] = [
    ["advanced", "adv_getCurrencies", { blockchain: "bsc" }, "GetCurrenciesResult"],
    ["advanced", "adv_getLogs", { blockchain: "eth", fromBlock: 1, toBlock: 5, pageSize: 3 }, "GetLogsResult"],
    [
      "advanced",
      "adv_getBlocks",
      { blockchain: "eth", fromBlock: 100, toBlock: 101, includeTxs: true, includeLogs: true },
      "GetBlocksResult",
    ],
    ["advanced", "adv_getTransactionsByHash", { transactionHash: "0x01" }, "GetTransactionsByHashResult"],
    [
      "advanced",
      "adv_getInteractions",
      { address: "0x0000000000000000000000000000000000000001" },
      "GetInteractionsResult",
    ],
    [
      "advanced",
      "adv_getNFTsByOwner",
      { walletAddress: "0x0000000000000000000000000000000000000002", pageSize: 2 },
      "GetNFTsByOwnerResult",
    ],
    [
      "advanced",
      "adv_getNFTMetadata",
      { contractAddress: "0x0000000000000000000000000000000000000003", tokenId: "1" },
      "GetNFTMetadataResult",
    ],
    [
      "advanced",
      "adv_getNFTHolders",
      { blockchain: "bsc", contractAddress: "0x04", pageSize: 4 },
      "GetNFTHoldersResult",
    ],
    ["advanced", "adv_getTokenPrice", { blockchain: "bsc" }, "GetTokenPriceResult"],
    ["eth", "eth_getBlockByNumber", ["0x10", true], "EthGetBlockByNumberResultWithTransactions"],
    ["eth", "eth_getBlockByNumber", ["finalized", false], "EthGetBlockByNumberResultWithTransactionHashes"],
    ["eth", "eth_call", [{ to: "0x0000000000000000000000000000000000000005", data: "0x" }, "latest"], "EthCallResult"],
    [
      "eth",
      "eth_getTransactionCount",
      ["0x0000000000000000000000000000000000000006", "0x1"],
      "EthGetTransactionCountResult",
    ],
    [
      "eth",
      "debug_traceCall",
      [{ to: "0x0000000000000000000000000000000000000007" }, "latest"],
      "DebugTraceCallResultStructLogger",
    ],
    [
      "eth",
      "debug_traceCall",
      [{ to: "0x0000000000000000000000000000000000000007" }, "latest", { tracer: "callTracer" }],
      "DebugTraceCallResultCallTracer",
    ],
    [
      "solana",
      "getAccountInfo",
      ["11111111111111111111111111111111", { encoding: "base64" }],
      "GetAccountInfoResultEncoded",
    ],
    ["solana", "getAccountInfo", ["11111111111111111111111111111111"], "GetAccountInfoResult"],
  ];
  it.each(generated)("%s %s %j: a generated result that fits %s", async (api, method, params, typeName) => {
    const client = { advanced: adv, eth, solana: sol }[api] as unknown as {
      request(method: string, params: unknown): Promise<unknown>;
    };
    const result = await client.request(method, params);
    expect(schemaChecker(models[api]!)(typeName, result)).toEqual([]);
    for (const e of models[api]!.methods.find((m) => m.rpcName === method)!.examples)
      expect(result).not.toEqual(e.result);
    expect(await client.request(method, params)).toEqual(result); // the same request, the same answer
  });

  it("follows x-result-variants: full transactions or hashes", async () => {
    const full = await eth.eth_getBlockByNumber("0x10", true);
    const hashes = await eth.eth_getBlockByNumber("0x10", false);
    expect(full?.transactions[0]).toMatchObject({ hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(hashes?.transactions[0]).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("sends u64 values that the client reads as exact bigints", async () => {
    const sample = await sol.getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "base58" });
    expect(sample.value?.rentEpoch).toBe(18446744073709551615n);
    expect(typeof sample.context.slot).toBe("bigint");
    const made = await sol.getAccountInfo("11111111111111111111111111111111", { encoding: "base64" });
    expect(typeof made.value?.lamports).toBe("bigint");
    expect(typeof made.value?.rentEpoch).toBe("bigint");
    expect(made.value?.data).toEqual([expect.any(String), "base64"]); // the encoding asked for (follow.ts)
    expect(typeof (await sol.getBlockHeight())).toBe("bigint");
  });

  it("answers a batch item by item", async () => {
    const [number, block] = await eth.batch(
      (c) => [c.eth_blockNumber(), c.eth_getBlockByNumber("0x1b4", true)] as const,
    );
    expect(number).toEqual({ status: "fulfilled", value: example("eth", "eth_blockNumber").result });
    expect(block).toEqual({ status: "fulfilled", value: example("eth", "eth_getBlockByNumber").result });
  });

  it("pages adv_getNFTHolders through client.paginate, ending after the configured pages", async () => {
    const params = {
      blockchain: "eth",
      contractAddress: "0x0000000000000000000000000000000000000008",
      pageSize: 5,
    } as const;
    let requests = 0;
    const counted = createAdvancedClient({
      url: `${mock.url}/advanced`,
      apiKey: KEY,
      onRequest: () => void requests++,
    });
    const holders: string[] = [];
    for await (const holder of counted.paginate.getNFTHolders(params)) holders.push(holder);
    expect(holders).toHaveLength(15);
    expect(new Set(holders).size).toBe(15);
    expect(requests).toBe(3);
    const tokens: (string | undefined)[] = [];
    for await (const page of counted.paginate.getNFTHolders(params).pages()) tokens.push(page.nextPageToken);
    expect(tokens).toEqual(["page-2", "page-3", undefined]);

    const short = createAdvancedClient({ proxyUrl: `${twoPages.url}/` });
    const fromProxy: string[] = [];
    for await (const holder of short.paginate.getNFTHolders(params)) fromProxy.push(holder);
    expect(fromProxy).toHaveLength(10);
  });

  it("uses the schema default page size when pageSize is left out", async () => {
    const page = await adv.getNFTsByOwner({ walletAddress: "0x0000000000000000000000000000000000000009" });
    expect(page.assets).toHaveLength(10);
    expect(page.nextPageToken).toBe("page-2");
  });
});

describe("startMockServer", () => {
  it("refuses a spec that npm run gen would refuse, listing every problem", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "mock-"));
    try {
      const file = path.join(dir, "broken.openrpc.json");
      await writeFile(
        file,
        JSON.stringify({
          openrpc: "1.3.2",
          info: { title: "Broken", version: "1" },
          methods: [
            {
              name: "a",
              params: [{ name: "x", schema: { $ref: "#/components/schemas/Missing" } }],
              result: { name: "r", schema: {} },
            },
          ],
        }),
      );
      const error = await startMockServer({ specs: [file, path.join(dir, "absent.json")] }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GeneratorError);
      const messages = (error as GeneratorError).problems.map((p) => p.message).join("\n");
      expect(messages).toMatch(/cannot read .*absent\.json/);
      expect(messages).toMatch(/Missing/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a page count below 1", async () => {
    await expect(startMockServer({ specs: SPECS, pages: 0 })).rejects.toThrow(
      "pages must be a whole number of at least 1, not 0.",
    );
  });
});
