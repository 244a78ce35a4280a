/**
 * End to end: every method of the three generated clients against a real HTTP server that answers
 * the published samples of shared/real-samples (raw bytes as published). Each test checks the exact
 * request on the wire (URL, headers, body text) and the typed result.
 *
 * A fresh client is made for every call: the samples answer with id 1 (or "1"), which is the id of
 * a fresh client's first request (the keyed client rejects a response whose id differs).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import {
  createAdvancedClient,
  type AdvancedClient,
  type GetInteractionsResult,
  type GetLogsParams,
  type GetLogsResult,
  type GetNFTMetadataParams,
  type Log,
} from "../../generated/src/advanced/index.js";
import {
  createEthNodeClient,
  type CallObject,
  type CallTracerFrame,
  type EthNodeClient,
  type HexQuantity,
  type StructLoggerResult,
  type Transaction,
} from "../../generated/src/eth/index.js";
import {
  createSolanaNodeClient,
  type GetAccountInfoResult,
  type GetAccountInfoResultEncoded,
  type SolanaNodeClient,
} from "../../generated/src/solana/index.js";
import { fromSample, sampleText, startSampleServer, type SampleServer } from "../helpers/sample-server.js";

const API_KEY = "test-key-123";

let server: SampleServer;
beforeAll(async () => {
  server = await startSampleServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
});

const advancedKeyed = (): AdvancedClient => createAdvancedClient({ url: `${server.url}/multichain`, apiKey: API_KEY });
const advancedProxy = (): AdvancedClient => createAdvancedClient({ proxyUrl: `${server.url}/proxy` });
const ethKeyed = (): EthNodeClient => createEthNodeClient({ url: `${server.url}/eth`, apiKey: API_KEY });
const ethProxy = (): EthNodeClient => createEthNodeClient({ proxyUrl: `${server.url}/proxy` });
const solanaKeyed = (): SolanaNodeClient => createSolanaNodeClient({ url: `${server.url}/solana`, apiKey: API_KEY });

/** `result` of a sample response, as JSON.parse reads it (only for samples without u64 values). */
function sampleResult(file: string): unknown {
  return (JSON.parse(sampleText(file)) as { result: unknown }).result;
}

/** `params` of a published request. */
function sampleParams(file: string): unknown {
  return (JSON.parse(sampleText(file)) as { params?: unknown }).params;
}

/** The one request the server got; fails when there were none or several. */
function onlyRequest() {
  expect(server.requests).toHaveLength(1);
  return server.requests[0]!;
}

function expectKeyedRequest(path: string, body: string): void {
  const request = onlyRequest();
  expect(request.method).toBe("POST");
  expect(request.url).toBe(path);
  expect(request.headers["content-type"]).toBe("application/json");
  expect(request.body).toBe(body);
}

function expectProxyRequest(method: string, body: string): void {
  const request = onlyRequest();
  expect(request.method).toBe("POST");
  expect(request.url).toBe(`/proxy?${method}`);
  expect(request.headers["content-type"]).toBe("application/json");
  expect(request.body).toBe(body);
  expect(request.url).not.toContain(API_KEY);
}

// ---------------------------------------------------------------------------------------------
// Advanced API
// ---------------------------------------------------------------------------------------------

const LOGS_PARAMS = {
  blockchain: "eth",
  fromBlock: "0xdaf6b1",
  toBlock: 14350010,
  address: ["0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"],
  topics: [[], ["0x000000000000000000000000def1c0ded9bec7f1a1670819833240f027b25eff"]],
} satisfies GetLogsParams;

const NFT_METADATA_PARAMS = {
  blockchain: "avalanche",
  contractAddress: "0x8d01c8ee82e581e55c02117a676b5bbd4734fabb",
  tokenId: "23240",
} satisfies GetNFTMetadataParams;

interface AdvancedCase {
  method: string;
  call: (client: AdvancedClient) => Promise<unknown>;
  /** Published request whose params the call uses (same values, same order). */
  request: string;
  /** Published response the server answers (the default sample of the method). */
  response: string;
  /** Exact body on the keyed endpoint. */
  keyedBody: string;
  /** Exact body on the proxy (params array, documented positional order). */
  proxyBody: string;
}

const advancedCases: AdvancedCase[] = [
  {
    method: "adv_getCurrencies",
    call: (c) => c.getCurrencies({ blockchain: "eth" }),
    request: "ankr_getCurrencies.request.json",
    response: "ankr_getCurrencies.response.json",
    keyedBody: `{"jsonrpc":"2.0","id":1,"method":"adv_getCurrencies","params":{"blockchain":"eth"}}`,
    proxyBody: `["eth"]`,
  },
  {
    method: "adv_getLogs",
    call: (c) => c.getLogs(LOGS_PARAMS),
    request: "ankr_getLogs.request.json",
    response: "ankr_getLogs.response.json",
    keyedBody:
      `{"jsonrpc":"2.0","id":1,"method":"adv_getLogs","params":{"blockchain":"eth","fromBlock":"0xdaf6b1",` +
      `"toBlock":14350010,"address":["0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"],` +
      `"topics":[[],["0x000000000000000000000000def1c0ded9bec7f1a1670819833240f027b25eff"]]}}`,
    // address, blockchain, decodeLogs, descOrder, fromBlock, fromTimestamp, pageSize, pageToken, toBlock, toTimestamp, topics
    proxyBody:
      `[["0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"],"eth",null,null,"0xdaf6b1",null,null,null,14350010,null,` +
      `[[],["0x000000000000000000000000def1c0ded9bec7f1a1670819833240f027b25eff"]]]`,
  },
  {
    method: "adv_getBlocks",
    call: (c) =>
      c.getBlocks({
        blockchain: "eth",
        fromBlock: 14500000,
        toBlock: 14500000,
        decodeLogs: false,
        decodeTxData: true,
        includeLogs: true,
        includeTxs: true,
      }),
    request: "ankr_getBlocks.request.json",
    response: "ankr_getBlocks.response.json",
    keyedBody:
      `{"jsonrpc":"2.0","id":1,"method":"adv_getBlocks","params":{"blockchain":"eth","fromBlock":14500000,` +
      `"toBlock":14500000,"decodeLogs":false,"decodeTxData":true,"includeLogs":true,"includeTxs":true}}`,
    // blockchain, decodeLogs, decodeTxData, descOrder, fromBlock, includeLogs, includeTxs, toBlock
    proxyBody: `["eth",false,true,null,14500000,true,true,14500000]`,
  },
  {
    method: "adv_getTransactionsByHash",
    call: (c) =>
      c.getTransactionsByHash({
        transactionHash: "0x82c13aaac6f0b6471afb94a3a64ae89d45baa3608ad397621dbb0d847f51196f",
        decodeLogs: true,
        decodeTxData: true,
      }),
    request: "ankr_getTransactionsByHash.request.json",
    response: "ankr_getTransactionsByHash.response.json",
    keyedBody:
      `{"jsonrpc":"2.0","id":1,"method":"adv_getTransactionsByHash","params":{"transactionHash":` +
      `"0x82c13aaac6f0b6471afb94a3a64ae89d45baa3608ad397621dbb0d847f51196f","decodeLogs":true,"decodeTxData":true}}`,
    // transactionHash, blockchain, decodeLogs, decodeTxData, includeLogs
    proxyBody: `["0x82c13aaac6f0b6471afb94a3a64ae89d45baa3608ad397621dbb0d847f51196f",null,true,true]`,
  },
  {
    method: "adv_getInteractions",
    call: (c) => c.getInteractions({ address: "0xF977814e90dA44bFA03b6295A0616a897441aceC" }),
    request: "ankr_getInteractions.request.json",
    response: "ankr_getInteractions.response.json",
    keyedBody: `{"jsonrpc":"2.0","id":1,"method":"adv_getInteractions","params":{"address":"0xF977814e90dA44bFA03b6295A0616a897441aceC"}}`,
    proxyBody: `["0xF977814e90dA44bFA03b6295A0616a897441aceC"]`,
  },
  {
    method: "adv_getNFTsByOwner",
    call: (c) =>
      c.getNFTsByOwner({
        blockchain: ["eth"],
        walletAddress: "0x0E11A192d574b342C51be9e306694C41547185DD",
        pageSize: 2,
        pageToken: "",
        filter: [
          { "0x700b4b9f39bb1faf5d0d16a20488f2733550bff4": [] },
          { "0xd8682bfa6918b0174f287b888e765b9a1b4dc9c3": ["8937"] },
        ],
      }),
    request: "ankr_getNFTsByOwner.request.json",
    response: "ankr_getNFTsByOwner.response.json",
    keyedBody:
      `{"jsonrpc":"2.0","id":1,"method":"adv_getNFTsByOwner","params":{"blockchain":["eth"],` +
      `"walletAddress":"0x0E11A192d574b342C51be9e306694C41547185DD","pageSize":2,"pageToken":"",` +
      `"filter":[{"0x700b4b9f39bb1faf5d0d16a20488f2733550bff4":[]},{"0xd8682bfa6918b0174f287b888e765b9a1b4dc9c3":["8937"]}]}}`,
    // walletAddress, blockchain, filter, pageSize, pageToken
    proxyBody:
      `["0x0E11A192d574b342C51be9e306694C41547185DD",["eth"],` +
      `[{"0x700b4b9f39bb1faf5d0d16a20488f2733550bff4":[]},{"0xd8682bfa6918b0174f287b888e765b9a1b4dc9c3":["8937"]}],2,""]`,
  },
  {
    method: "adv_getNFTMetadata",
    call: (c) => c.getNFTMetadata(NFT_METADATA_PARAMS),
    request: "ankr_getNFTMetadata.request.json",
    response: "ankr_getNFTMetadata.response.json",
    keyedBody:
      `{"jsonrpc":"2.0","id":1,"method":"adv_getNFTMetadata","params":{"blockchain":"avalanche",` +
      `"contractAddress":"0x8d01c8ee82e581e55c02117a676b5bbd4734fabb","tokenId":"23240"}}`,
    // contractAddress, blockchain, forceFetch, tokenId
    proxyBody: `["0x8d01c8ee82e581e55c02117a676b5bbd4734fabb","avalanche",null,"23240"]`,
  },
  {
    method: "adv_getNFTHolders",
    call: (c) =>
      c.getNFTHolders({
        blockchain: "arbitrum",
        contractAddress: "0xc36442b4a4522e871399cd717abdd847ab11fe88",
        pageSize: 10,
        pageToken: "",
      }),
    request: "ankr_getNFTHolders.request.json",
    response: "ankr_getNFTHolders.response.json",
    keyedBody:
      `{"jsonrpc":"2.0","id":1,"method":"adv_getNFTHolders","params":{"blockchain":"arbitrum",` +
      `"contractAddress":"0xc36442b4a4522e871399cd717abdd847ab11fe88","pageSize":10,"pageToken":""}}`,
    // blockchain, contractAddress, pageSize, pageToken
    proxyBody: `["arbitrum","0xc36442b4a4522e871399cd717abdd847ab11fe88",10,""]`,
  },
  {
    method: "adv_getTokenPrice",
    call: (c) => c.getTokenPrice({ blockchain: "eth", contractAddress: "0x8290333cef9e6d528dd5618fb97a76f268f3edd4" }),
    request: "ankr_getTokenPrice.request.json",
    response: "ankr_getTokenPrice.response.json",
    keyedBody:
      `{"jsonrpc":"2.0","id":1,"method":"adv_getTokenPrice","params":{"blockchain":"eth",` +
      `"contractAddress":"0x8290333cef9e6d528dd5618fb97a76f268f3edd4"}}`,
    // blockchain, contractAddress
    proxyBody: `["eth","0x8290333cef9e6d528dd5618fb97a76f268f3edd4"]`,
  },
];

describe("Advanced API, keyed endpoint (params by name)", () => {
  it("covers all 9 adv_* methods", () => {
    expect(advancedCases.map((c) => c.method).sort()).toEqual(
      [
        "adv_getBlocks",
        "adv_getCurrencies",
        "adv_getInteractions",
        "adv_getLogs",
        "adv_getNFTHolders",
        "adv_getNFTMetadata",
        "adv_getNFTsByOwner",
        "adv_getTokenPrice",
        "adv_getTransactionsByHash",
      ].sort(),
    );
  });

  it.each(advancedCases)("$method: exact request to /multichain/<key>, result = sample", async (c) => {
    const result = await c.call(advancedKeyed());

    expectKeyedRequest(`/multichain/${API_KEY}`, c.keyedBody);
    // the params on the wire are the published request's params (names, values and order)
    const sent = JSON.parse(server.requests[0]!.body) as { params: unknown };
    expect(sent.params).toStrictEqual(sampleParams(c.request));
    expect(Object.keys(sent.params as object)).toEqual(Object.keys(sampleParams(c.request) as object));
    expect(server.requests[0]!.rpcMethod).toBe(c.method);

    expect(result).toStrictEqual(sampleResult(c.response));
  });

  it("leaves undefined fields out of the named params", async () => {
    const result = await advancedKeyed().getLogs({
      blockchain: "eth",
      decodeLogs: undefined,
      fromBlock: "0xdaf6b1",
      pageToken: undefined,
      toBlock: 14350010,
      address: ["0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2"],
      topics: [[], ["0x000000000000000000000000def1c0ded9bec7f1a1670819833240f027b25eff"]],
      toTimestamp: undefined,
    });
    expectKeyedRequest(`/multichain/${API_KEY}`, advancedCases.find((c) => c.method === "adv_getLogs")!.keyedBody);
    expect(result).toStrictEqual(sampleResult("ankr_getLogs.response.json"));
  });

  it("adv_getLogs: logs without a `blockchain` field (as published) come back as they are", async () => {
    const result = await advancedKeyed().getLogs(LOGS_PARAMS);
    expectTypeOf(result).toEqualTypeOf<GetLogsResult>();
    expectTypeOf<Log["blockchain"]>().toEqualTypeOf<Log["blockchain"] | undefined>();
    expect(result.logs).not.toBeNull();
    expect(result.logs!.length).toBeGreaterThan(0);
    for (const log of result.logs!) {
      expect(log).not.toHaveProperty("blockchain");
      expect(log.address).toBe("0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2");
    }
    expect(result.logs![0]!.blockNumber).toBe("0xdaf6b1");
    expect(result.logs![0]!.removed).toBe(false);
  });

  it('adv_getInteractions: the string id "1" of the published response is accepted', async () => {
    expect(sampleText("ankr_getInteractions.response.json")).toContain(`"id": "1"`);
    const result = await advancedKeyed().getInteractions({ address: "0xF977814e90dA44bFA03b6295A0616a897441aceC" });
    expectTypeOf(result).toEqualTypeOf<GetInteractionsResult>();
    expect(result).toStrictEqual({
      blockchains: ["bsc", "fantom", "polygon", "arbitrum", "optimism", "avalanche", "eth"],
    });
  });

  it("adv_getTransactionsByHash: contractAddress null and logs without blockchain (as published)", async () => {
    const result = await advancedKeyed().getTransactionsByHash({
      transactionHash: "0x82c13aaac6f0b6471afb94a3a64ae89d45baa3608ad397621dbb0d847f51196f",
      decodeLogs: true,
      decodeTxData: true,
    });
    const tx = result.transactions![0]!;
    expect(tx.contractAddress).toBeNull();
    expect(tx.logs!.length).toBeGreaterThan(0);
    for (const log of tx.logs!) expect(log).not.toHaveProperty("blockchain");
  });

  // Further published pairs of the same methods, sent through `request` with the sample's own params.
  it.each([
    ["adv_getLogs", "ankr_getLogs.swagger-with-event-decoding"],
    ["adv_getCurrencies", "ankr_getCurrencies.swagger-polygon"],
    ["adv_getInteractions", "ankr_getInteractions.swagger"],
    ["adv_getTransactionsByHash", "ankr_getTransactionsByHash.swagger-decoded"],
    ["adv_getNFTsByOwner", "ankr_getNFTsByOwner.swagger-by-ens"],
    ["adv_getNFTMetadata", "ankr_getNFTMetadata.swagger"],
    ["adv_getNFTHolders", "ankr_getNFTHolders.swagger-paginated"],
    ["adv_getTokenPrice", "ankr_getTokenPrice.native-eth-2022"],
    ["adv_getTokenPrice", "ankr_getTokenPrice.swagger-ankr"],
    ["adv_getTokenPrice", "ankr_getTokenPrice.swagger-native-polygon"],
    ["adv_getTokenPrice", "ankr_getTokenPrice.swagger-usdt"],
  ] as const)("%s with the published pair %s", async (method, pair) => {
    server.respondWith(() => fromSample(`${pair}.response.json`));
    const params = sampleParams(`${pair}.request.json`);
    const result = await advancedKeyed().request(method, params as never);
    expectKeyedRequest(
      `/multichain/${API_KEY}`,
      `{"jsonrpc":"2.0","id":1,"method":"${method}","params":${JSON.stringify(params)}}`,
    );
    expect(result).toStrictEqual(sampleResult(`${pair}.response.json`));
  });

  it("adv_getTokenPrice without contractAddress: the native-coin result has no contractAddress", async () => {
    server.respondWith(() => fromSample("ankr_getTokenPrice.native-eth-2022.response.json"));
    const result = await advancedKeyed().getTokenPrice({ blockchain: "eth" });
    expectKeyedRequest(
      `/multichain/${API_KEY}`,
      `{"jsonrpc":"2.0","id":1,"method":"adv_getTokenPrice","params":{"blockchain":"eth"}}`,
    );
    expect(result).not.toHaveProperty("contractAddress");
    expect(result.blockchain).toBe("eth");
    expect(typeof result.usdPrice).toBe("string");
  });
});

describe("Advanced API, keyless proxy (params array as body, method in the query)", () => {
  it.each(advancedCases)("$method: positional body to the proxy (method in the query), result = sample", async (c) => {
    const result = await c.call(advancedProxy());
    expectProxyRequest(c.method, c.proxyBody);
    expect(result).toStrictEqual(sampleResult(c.response));
  });

  it("adv_getNFTMetadata with blockchain skipped and tokenId set: [contract, null, null, tokenId]", async () => {
    const result = await advancedProxy().getNFTMetadata({
      contractAddress: "0x8d01c8ee82e581e55c02117a676b5bbd4734fabb",
      tokenId: "23240",
    });
    expectProxyRequest("adv_getNFTMetadata", `["0x8d01c8ee82e581e55c02117a676b5bbd4734fabb",null,null,"23240"]`);
    expect(result).toStrictEqual(sampleResult("ankr_getNFTMetadata.response.json"));
  });

  it("puts params in the documented order whatever order the caller wrote them in", async () => {
    await advancedProxy().getNFTMetadata({
      tokenId: "23240",
      forceFetch: false,
      contractAddress: "0x8d01c8ee82e581e55c02117a676b5bbd4734fabb",
    });
    expectProxyRequest("adv_getNFTMetadata", `["0x8d01c8ee82e581e55c02117a676b5bbd4734fabb",null,false,"23240"]`);
  });

  it.each([
    {
      name: "only the first param: trailing optional params are left out",
      call: (c: AdvancedClient) => c.getNFTMetadata({ contractAddress: "0x8d01c8ee82e581e55c02117a676b5bbd4734fabb" }),
      method: "adv_getNFTMetadata",
      body: `["0x8d01c8ee82e581e55c02117a676b5bbd4734fabb"]`,
    },
    {
      name: "getTokenPrice without contractAddress",
      call: (c: AdvancedClient) => c.getTokenPrice({ blockchain: "eth" }),
      method: "adv_getTokenPrice",
      body: `["eth"]`,
    },
    {
      name: "explicit undefined counts as skipped",
      call: (c: AdvancedClient) =>
        c.getTransactionsByHash({
          transactionHash: "0x82c13aaac6f0b6471afb94a3a64ae89d45baa3608ad397621dbb0d847f51196f",
          blockchain: undefined,
          includeLogs: true,
        }),
      method: "adv_getTransactionsByHash",
      body: `["0x82c13aaac6f0b6471afb94a3a64ae89d45baa3608ad397621dbb0d847f51196f",null,null,null,true]`,
    },
    {
      name: "getLogs with only topics: ten nulls before it",
      call: (c: AdvancedClient) =>
        c.getLogs({ topics: [null, "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"] }),
      method: "adv_getLogs",
      body: `[null,null,null,null,null,null,null,null,null,null,[null,"0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"]]`,
    },
    {
      name: "getLogs with no params at all",
      call: (c: AdvancedClient) => c.getLogs(),
      method: "adv_getLogs",
      body: `[]`,
    },
  ])("$name", async ({ call, method, body }) => {
    await call(advancedProxy());
    expectProxyRequest(method, body);
  });
});

// ---------------------------------------------------------------------------------------------
// Ethereum Node API
// ---------------------------------------------------------------------------------------------

const DAI_BALANCE_CALL = {
  from: null,
  to: "0x6b175474e89094c44da98b954eedeac495271d0f",
  data: "0x70a082310000000000000000000000006E0d01A76C3Cf4288372a29124A26D4353EE51BE",
} satisfies CallObject;
const DAI_BALANCE_CALL_JSON =
  `{"from":null,"to":"0x6b175474e89094c44da98b954eedeac495271d0f",` +
  `"data":"0x70a082310000000000000000000000006E0d01A76C3Cf4288372a29124A26D4353EE51BE"}`;

interface EthCase {
  name: string;
  call: (client: EthNodeClient) => Promise<unknown>;
  response: string;
  /** Published request of the pair, when there is one: its params must be what was sent. */
  request?: string;
  keyedBody: string;
}

const ethCases: EthCase[] = [
  {
    name: "eth_blockNumber",
    call: (c) => c.eth_blockNumber(),
    request: "eth_blockNumber.request.json",
    response: "eth_blockNumber.response.json",
    keyedBody: `{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}`,
  },
  {
    name: "eth_getBlockByNumber",
    call: (c) => c.eth_getBlockByNumber("0x1b4", true),
    request: "eth_getBlockByNumber.request.json",
    response: "eth_getBlockByNumber.response.json",
    keyedBody: `{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x1b4",true]}`,
  },
  {
    name: "eth_call",
    call: (c) => c.eth_call(DAI_BALANCE_CALL, "latest"),
    request: "eth_call.request.json",
    response: "eth_call.response.json",
    keyedBody: `{"jsonrpc":"2.0","id":1,"method":"eth_call","params":[${DAI_BALANCE_CALL_JSON},"latest"]}`,
  },
  {
    name: "eth_getTransactionCount",
    call: (c) => c.eth_getTransactionCount("0x8D97689C9818892B700e27F316cc3E41e17fBeb9", "latest"),
    request: "eth_getTransactionCount.request.json",
    response: "eth_getTransactionCount.response.json",
    keyedBody: `{"jsonrpc":"2.0","id":1,"method":"eth_getTransactionCount","params":["0x8D97689C9818892B700e27F316cc3E41e17fBeb9","latest"]}`,
  },
  {
    name: "debug_traceCall (callTracer)",
    call: (c) => c.debug_traceCall(DAI_BALANCE_CALL, "latest", { tracer: "callTracer" }),
    response: "node/debug_traceCall.callTracer.drpc-docs.json",
    keyedBody: `{"jsonrpc":"2.0","id":1,"method":"debug_traceCall","params":[${DAI_BALANCE_CALL_JSON},"latest",{"tracer":"callTracer"}]}`,
  },
  {
    name: "debug_traceCall (default struct logger, traceConfig left out)",
    call: (c) => c.debug_traceCall(DAI_BALANCE_CALL, "pending"),
    response: "node/debug_traceCall.structLogger.geth-docs-curl.json",
    keyedBody: `{"jsonrpc":"2.0","id":1,"method":"debug_traceCall","params":[${DAI_BALANCE_CALL_JSON},"pending"]}`,
  },
  {
    name: "eth_getBlockByNumber latest, full transactions (execution-apis)",
    call: (c) => c.eth_getBlockByNumber("latest", true),
    response: "node/eth_getBlockByNumber.fullTx.execution-apis.get-latest.json",
    keyedBody: `{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest",true]}`,
  },
  {
    name: "eth_getBlockByNumber genesis, full transactions (execution-apis)",
    call: (c) => c.eth_getBlockByNumber("0x0", true),
    response: "node/eth_getBlockByNumber.fullTx.execution-apis.get-genesis.json",
    keyedBody: `{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x0",true]}`,
  },
  {
    name: "eth_getBlockByNumber hashes only (execution-apis cancun)",
    call: (c) => c.eth_getBlockByNumber("0x2a", false),
    response: "node/eth_getBlockByNumber.hashesOnly.execution-apis.get-block-cancun-fork.json",
    keyedBody: `{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x2a",false]}`,
  },
  {
    name: "eth_getBlockByNumber not found → null (execution-apis)",
    call: (c) => c.eth_getBlockByNumber("0x3e8", true),
    response: "node/eth_getBlockByNumber.fullTx.execution-apis.get-block-notfound.json",
    keyedBody: `{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x3e8",true]}`,
  },
];

describe("Ethereum Node API, keyed endpoint (params by position in the envelope)", () => {
  it.each(ethCases)("$name: exact request, result = sample", async (c) => {
    server.respondWith(() => fromSample(c.response));
    const result = await c.call(ethKeyed());
    expectKeyedRequest(`/eth/${API_KEY}`, c.keyedBody);
    if (c.request) {
      const sent = JSON.parse(server.requests[0]!.body) as { params: unknown };
      expect(sent.params).toStrictEqual(sampleParams(c.request));
    }
    expect(result).toStrictEqual(sampleResult(c.response));
  });

  it("eth_getBlockByNumber(…, true) gives Transaction objects", async () => {
    server.respondWith(() => fromSample("node/eth_getBlockByNumber.fullTx.execution-apis.get-latest.json"));
    const block = await ethKeyed().eth_getBlockByNumber("latest", true);
    expectTypeOf(block).not.toBeAny();
    expectTypeOf<NonNullable<typeof block>["transactions"]>().toExtend<Transaction[]>();
    expectTypeOf<NonNullable<typeof block>["transactions"]>().not.toExtend<string[]>();
    expect(block).not.toBeNull();
    expect(block!.transactions).toHaveLength(4);
    for (const tx of block!.transactions) {
      expect(typeof tx).toBe("object");
      expect(tx.blockHash).toBe(block!.hash);
    }
    // three of the four are contract creations, published with `to: null`
    let creations = 0;
    for (const tx of block!.transactions) if (tx.to === null) creations++;
    expect(creations).toBe(3);
    // fields beyond the documented ones are kept (result objects are open)
    expect(block).toHaveProperty("withdrawals");
    expect(block).toHaveProperty("requestsHash");
  });

  it("eth_getBlockByNumber(…, false) gives transaction hashes", async () => {
    server.respondWith(() =>
      fromSample("node/eth_getBlockByNumber.hashesOnly.execution-apis.get-block-cancun-fork.json"),
    );
    const block = await ethKeyed().eth_getBlockByNumber("0x2a", false);
    expectTypeOf<NonNullable<typeof block>["transactions"]>().toExtend<string[]>();
    expectTypeOf<NonNullable<typeof block>["transactions"][number]>().not.toExtend<Transaction>();
    expect(block!.transactions.length).toBeGreaterThan(0);
    for (const hash of block!.transactions) expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it("eth_getBlockByNumber of a missing block resolves to null", async () => {
    server.respondWith(() => fromSample("node/eth_getBlockByNumber.fullTx.execution-apis.get-block-notfound.json"));
    const block = await ethKeyed().eth_getBlockByNumber("0x3e8", true);
    expectTypeOf(block).toExtend<object | null>();
    expectTypeOf<null>().toExtend<typeof block>();
    expect(block).toBeNull();
  });

  it("debug_traceCall result types follow traceConfig.tracer", async () => {
    server.respondWith(() => fromSample("node/debug_traceCall.callTracer.drpc-docs.json"));
    const frame = await ethKeyed().debug_traceCall(DAI_BALANCE_CALL, "latest", { tracer: "callTracer" });
    expectTypeOf(frame).toEqualTypeOf<CallTracerFrame>();
    expect(frame.type).toBe("CALL");
    expect(frame.calls).toHaveLength(1);
    expect(frame.calls![0]!.type).toBe("DELEGATECALL");

    server.respondWith(() => fromSample("node/debug_traceCall.structLogger.geth-docs-curl.json"));
    const trace = await ethKeyed().debug_traceCall(DAI_BALANCE_CALL, "pending");
    expectTypeOf(trace).toEqualTypeOf<StructLoggerResult>();
    expect(trace).toStrictEqual({ gas: 53000, failed: false, returnValue: "", structLogs: [] });
  });

  it("eth_blockNumber resolves to the hex string of the sample", async () => {
    const result = await ethKeyed().eth_blockNumber();
    expectTypeOf(result).toEqualTypeOf<HexQuantity>();
    expectTypeOf(result).toExtend<string>();
    expect(result).toBe("0xf5f277");
  });
});

describe("Ethereum Node API, keyless proxy", () => {
  it.each([
    {
      name: "eth_getBlockByNumber",
      call: (c: EthNodeClient) => c.eth_getBlockByNumber("0x1b4", true),
      body: `["0x1b4",true]`,
      response: "eth_getBlockByNumber.response.json",
    },
    {
      name: "eth_blockNumber",
      call: (c: EthNodeClient) => c.eth_blockNumber(),
      body: `[]`,
      response: "eth_blockNumber.response.json",
    },
    {
      name: "eth_call",
      call: (c: EthNodeClient) => c.eth_call(DAI_BALANCE_CALL, "latest"),
      body: `[${DAI_BALANCE_CALL_JSON},"latest"]`,
      response: "eth_call.response.json",
    },
    {
      name: "eth_getTransactionCount",
      call: (c: EthNodeClient) => c.eth_getTransactionCount("0x8D97689C9818892B700e27F316cc3E41e17fBeb9", "latest"),
      body: `["0x8D97689C9818892B700e27F316cc3E41e17fBeb9","latest"]`,
      response: "eth_getTransactionCount.response.json",
    },
    {
      name: "debug_traceCall",
      call: (c: EthNodeClient) => c.debug_traceCall(DAI_BALANCE_CALL, "pending"),
      body: `[${DAI_BALANCE_CALL_JSON},"pending"]`,
      response: "node/debug_traceCall.structLogger.geth-docs-curl.json",
    },
  ])("$name: positional body to the proxy (method in the query)", async ({ name, call, body, response }) => {
    server.respondWith(() => fromSample(response));
    const result = await call(ethProxy());
    expectProxyRequest(name, body);
    expect(result).toStrictEqual(sampleResult(response));
  });
});

// ---------------------------------------------------------------------------------------------
// Solana Node API
// ---------------------------------------------------------------------------------------------

describe("Solana Node API, keyed endpoint (params by position, u64 as bigint)", () => {
  it("getBlockHeight: params [] and a bigint result", async () => {
    const height = await solanaKeyed().getBlockHeight();
    expectKeyedRequest(`/solana/${API_KEY}`, `{"jsonrpc":"2.0","id":1,"method":"getBlockHeight","params":[]}`);
    expectTypeOf(height).toEqualTypeOf<bigint>();
    expect(height).toBe(362409082n);
  });

  it("getBlockHeight with the solana.com docs sample", async () => {
    server.respondWith(() => fromSample("node/getBlockHeight.solana-com-docs.json"));
    const height = await solanaKeyed().getBlockHeight();
    expectKeyedRequest(`/solana/${API_KEY}`, `{"jsonrpc":"2.0","id":1,"method":"getBlockHeight","params":[]}`);
    expect(height).toBe(1233n);
  });

  it.each([
    {
      name: "example1: base58, rentEpoch u64::MAX",
      request: "getAccountInfo.example1.request.json",
      response: "getAccountInfo.example1.response.json",
      call: (c: SolanaNodeClient) =>
        c.getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "base58" }),
      body: `{"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg",{"encoding":"base58"}]}`,
      expected: {
        context: { apiVersion: "2.2.3", slot: 374431575n },
        value: {
          data: ["", "base58"],
          executable: false,
          lamports: 88860054690252n,
          owner: "11111111111111111111111111111111",
          rentEpoch: 18446744073709551615n,
          space: 0n,
        },
      },
    },
    {
      name: "example2: jsonParsed requested, base64 pair returned",
      request: "getAccountInfo.example2.request.json",
      response: "getAccountInfo.example2.response.json",
      call: (c: SolanaNodeClient) =>
        c.getAccountInfo("4fYNw3dojWmQ4dXtSGE9epjRGy9pFSx62YypT7avPYvA", { encoding: "jsonParsed" }),
      body: `{"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["4fYNw3dojWmQ4dXtSGE9epjRGy9pFSx62YypT7avPYvA",{"encoding":"jsonParsed"}]}`,
      expected: {
        context: { apiVersion: "2.2.3", slot: 374431699n },
        value: {
          data: ["", "base64"],
          executable: false,
          lamports: 7998763451n,
          owner: "2WRuhE4GJFoE23DYzp2ij6ZnuQ8p9mJeU6gDgfsjR4or",
          rentEpoch: 18446744073709551615n,
          space: 0n,
        },
      },
    },
    {
      name: "solana.com docs: base58, rentEpoch u64::MAX",
      response: "node/getAccountInfo.base58.solana-com-docs.json",
      call: (c: SolanaNodeClient) =>
        c.getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "base58" }),
      body: `{"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg",{"encoding":"base58"}]}`,
      expected: {
        context: { apiVersion: "2.0.15", slot: 341197053n },
        value: {
          data: ["", "base58"],
          executable: false,
          lamports: 88849814690250n,
          owner: "11111111111111111111111111111111",
          rentEpoch: 18446744073709551615n,
          space: 0n,
        },
      },
    },
    {
      name: "solana-labs docs: 80-byte nonce account, small u64 values are bigint too",
      response: "node/getAccountInfo.base58.solana-labs-docs.json",
      call: (c: SolanaNodeClient) =>
        c.getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "base58" }),
      body: `{"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg",{"encoding":"base58"}]}`,
      expected: {
        context: { slot: 1n },
        value: {
          data: [
            "11116bv5nS2h3y12kD1yUKeMZvGcKLSjQgX6BeV7u1FrjeJcKfsHRTPuR3oZ1EioKtYGiYxpxMG5vpbZLsbcBYBEmZZcMKaSoGx9JZeAuWf",
            "base58",
          ],
          executable: false,
          lamports: 1000000000n,
          owner: "11111111111111111111111111111111",
          rentEpoch: 2n,
          space: 80n,
        },
      },
    },
    {
      // address from tatum-js issue #1034 ("call getAccountInfo for address 5vsTp9…")
      name: "tatum issue 1034 expected: base64 SPL token account, rentEpoch u64::MAX",
      response: "node/getAccountInfo.base64.mainnet-token-account.tatum-issue-1034-expected.json",
      call: (c: SolanaNodeClient) =>
        c.getAccountInfo("5vsTp9YDw83E4y5FxYatfJ73wG3sRZANV6r6RZBsniyo", { encoding: "base64" }),
      body: `{"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["5vsTp9YDw83E4y5FxYatfJ73wG3sRZANV6r6RZBsniyo",{"encoding":"base64"}]}`,
      expected: {
        context: { apiVersion: "1.17.6", slot: 264513053n },
        value: {
          data: [
            "BpuIV/6rgYT7aH9jRhjANdrEOdwa6ztVmKDwAAAAAAGx7kglPvsN1CPoW5+frlezWwWJ3gBP3Kra2qQ67QcWMDpXan8qAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQEAAADwHR8AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "base64",
          ],
          executable: false,
          lamports: 182528341290n,
          owner: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
          rentEpoch: 18446744073709551615n,
          space: 165n,
        },
      },
    },
  ])("getAccountInfo $name", async ({ request, response, call, body, expected }) => {
    server.respondWith(() => fromSample(response));
    const result = await call(solanaKeyed());
    expectKeyedRequest(`/solana/${API_KEY}`, body);
    if (request) {
      const sent = JSON.parse(server.requests[0]!.body) as { params: unknown };
      expect(sent.params).toStrictEqual(sampleParams(request));
    }
    expect(result).toStrictEqual(expected);
  });

  it("getAccountInfo: rentEpoch 18446744073709551615 is exact and typed bigint", async () => {
    const info = await solanaKeyed().getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", {
      encoding: "base58",
    });
    expectTypeOf(info).toEqualTypeOf<GetAccountInfoResultEncoded>();
    expectTypeOf(info.context.slot).toEqualTypeOf<bigint>();
    expectTypeOf(info.value!.rentEpoch).toEqualTypeOf<bigint>();
    expectTypeOf(info.value!.lamports).toEqualTypeOf<bigint>();
    expect(typeof info.value!.rentEpoch).toBe("bigint");
    expect(info.value!.rentEpoch).toBe(18446744073709551615n);
    expect(info.value!.rentEpoch === 2n ** 64n - 1n).toBe(true);
    expect(info.value!.lamports).toBe(88860054690252n);
    expect(info.value!.space).toBe(0n);
    expect(info.context.slot).toBe(374431575n);
    // the untouched string fields stay strings
    expect(info.value!.data).toEqual(["", "base58"]);
    expect(info.context.apiVersion).toBe("2.2.3");
  });

  it("getAccountInfo without config: params [pubkey] only, union result type", async () => {
    const info = await solanaKeyed().getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg");
    expectKeyedRequest(
      `/solana/${API_KEY}`,
      `{"jsonrpc":"2.0","id":1,"method":"getAccountInfo","params":["vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg"]}`,
    );
    expectTypeOf(info).toEqualTypeOf<GetAccountInfoResult>();
    expect(info.value!.rentEpoch).toBe(18446744073709551615n);
  });
});

describe("one client, several calls (server started with echoId: the top-level id follows the request)", () => {
  it("ids 1, 2, 3 on one Solana client; only the top-level id token of the sample changes", async () => {
    const echo = await startSampleServer({ echoId: true });
    try {
      const client = createSolanaNodeClient({ url: `${echo.url}/solana`, apiKey: API_KEY });
      const results = [
        await client.getBlockHeight(),
        await client.getBlockHeight(),
        await client.getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "base58" }),
      ];
      expect(echo.requests.map((r) => r.rpcId)).toEqual([1, 2, 3]);
      expect(results[0]).toBe(362409082n);
      expect(results[1]).toBe(362409082n);
      // the rewritten sample still carries the exact u64::MAX (only the id token was touched)
      expect((results[2] as GetAccountInfoResult).value!.rentEpoch).toBe(18446744073709551615n);
    } finally {
      await echo.close();
    }
  });
});
