/**
 * End to end: the published error bodies of shared/real-samples/errors, served by a real HTTP
 * server, through the generated clients. Every error must be the right typed error, and the API
 * key (the last path segment of the keyed URL) must appear nowhere in it: message, stack, any
 * property, JSON.stringify, util.inspect, or its cause chain.
 */
import { inspect } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAdvancedClient, type AdvancedClient } from "../../generated/src/advanced/index.js";
import { createEthNodeClient, type EthNodeClient } from "../../generated/src/eth/index.js";
import { createSolanaNodeClient, type SolanaNodeClient } from "../../generated/src/solana/index.js";
import {
  AbortError,
  HttpError,
  JsonRpcError,
  MalformedResponseError,
  NetworkError,
  RpcClientError,
  TimeoutError,
  ValidationError,
} from "../../generated/src/runtime/index.js";
import { fromSample, sampleText, startSampleServer, type SampleServer } from "../helpers/sample-server.js";

const API_KEY = "test-key-123";

let server: SampleServer;
let host: string;
beforeAll(async () => {
  server = await startSampleServer();
  host = new URL(server.url).host;
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
});

const advanced = (): AdvancedClient => createAdvancedClient({ url: `${server.url}/multichain`, apiKey: API_KEY });
const eth = (): EthNodeClient => createEthNodeClient({ url: `${server.url}/eth`, apiKey: API_KEY });
const solana = (): SolanaNodeClient => createSolanaNodeClient({ url: `${server.url}/solana`, apiKey: API_KEY });

/** The rejection of `promise` (fails when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return error as Error;
  }
  throw new Error("expected the call to fail, but it resolved");
}

/** Every string reachable from `value` through own properties (names and values, symbols too). */
function reachableStrings(
  value: unknown,
  path: string,
  out: Array<[string, string]>,
  seen: Set<unknown>,
  depth = 0,
): void {
  if (typeof value === "string") {
    out.push([path, value]);
    return;
  }
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") {
    out.push([path, String(value)]);
    return;
  }
  if (value === null || (typeof value !== "object" && typeof value !== "function") || seen.has(value) || depth > 8)
    return;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    const name = typeof key === "symbol" ? key.toString() : key;
    out.push([`${path} (key)`, name]);
    let child: unknown;
    try {
      child = (value as Record<PropertyKey, unknown>)[key];
    } catch {
      continue;
    }
    reachableStrings(child, `${path}.${name}`, out, seen, depth + 1);
  }
}

/** Asserts the API key appears nowhere in `error`, its properties, its renderings or its causes. */
function expectNoApiKey(error: Error): void {
  const texts: Array<[string, string]> = [
    ["message", error.message],
    ["stack", error.stack ?? ""],
    ["String(error)", String(error)],
    ["JSON.stringify(error)", JSON.stringify(error) ?? ""],
    ["util.inspect(error, {depth: 10})", inspect(error, { depth: 10 })],
    ["util.inspect(error, {depth: 10, showHidden: true})", inspect(error, { depth: 10, showHidden: true })],
  ];
  reachableStrings(error, "error", texts, new Set());
  let cause: unknown = error.cause;
  for (let i = 0; cause !== undefined && i < 10; i++) {
    texts.push([`cause[${i}] inspect`, inspect(cause, { depth: 10, showHidden: true })]);
    if (!(cause instanceof Error)) {
      texts.push([`cause[${i}]`, String(cause)]);
      break;
    }
    texts.push([`cause[${i}].message`, cause.message], [`cause[${i}].stack`, cause.stack ?? ""]);
    cause = cause.cause;
  }
  for (const [where, text] of texts) {
    expect(text, `API key found in ${where}`).not.toContain(API_KEY);
    expect(text, `API key found in ${where}`).not.toContain(encodeURIComponent(API_KEY));
  }
}

// ---------------------------------------------------------------------------------------------

interface JsonRpcErrorCase {
  name: string;
  sample: string;
  call: () => Promise<unknown>;
  method: string;
  path: string;
  code: number;
  message: string;
  data: unknown;
}

describe("published JSON-RPC error bodies → JsonRpcError", () => {
  const cases: JsonRpcErrorCase[] = [
    {
      name: "Advanced API not authorized (code 0, id null)",
      sample: "errors/ankr_getAccountBalance.not-authorized.response.json",
      call: () => advanced().getCurrencies({ blockchain: "eth" }),
      method: "adv_getCurrencies",
      path: "/multichain/",
      code: 0,
      message: "not authorized",
      data: undefined,
    },
    {
      name: "node endpoint without API key (-32000, id null), Ethereum",
      sample: "errors/node-endpoint.unauthorized-no-api-key.response.json",
      call: () => eth().eth_blockNumber(),
      method: "eth_blockNumber",
      path: "/eth/",
      code: -32000,
      message:
        "Unauthorized: You must authenticate your request with an API key. Create an account on https://www.ankr.com/rpc/ and generate your personal API key for free.",
      data: undefined,
    },
    {
      name: "node endpoint without API key (-32000, id null), Solana",
      sample: "errors/node-endpoint.unauthorized-no-api-key.response.json",
      call: () => solana().getBlockHeight(),
      method: "getBlockHeight",
      path: "/solana/",
      code: -32000,
      message:
        "Unauthorized: You must authenticate your request with an API key. Create an account on https://www.ankr.com/rpc/ and generate your personal API key for free.",
      data: undefined,
    },
    {
      // -32055 is retried by default (a transient gateway error); with no retries it surfaces at once.
      name: "no nodes available (-32055) with data.trace_id",
      sample: "errors/ankr-docs.error-reference.no-nodes-available.response.json",
      call: () => eth().eth_getBlockByNumber("latest", false, { retryCount: 0 }),
      method: "eth_getBlockByNumber",
      path: "/eth/",
      code: -32055,
      message: "No nodes available",
      data: { trace_id: "4b1f...e9c2" },
    },
    {
      name: "no prices (-32005), published with id 137 for request id 1: the error still wins",
      sample: "errors/ankr_getTokenPriceHistory.no-prices.response.json",
      call: () =>
        advanced().getTokenPrice({
          blockchain: "polygon",
          contractAddress: "0x0000000000000000000000000000000000001010",
        }),
      method: "adv_getTokenPrice",
      path: "/multichain/",
      code: -32005,
      message: "Not found: no prices for token=0x0000000000000000000000000000000000001010",
      data: undefined,
    },
  ];

  it.each(cases)("$name", async (c) => {
    server.respondWith(() => fromSample(c.sample));
    const error = await rejectionOf(c.call());

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.url).toBe(`${c.path}${API_KEY}`);

    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toBeInstanceOf(RpcClientError);
    const e = error as JsonRpcError;
    expect(e.name).toBe("JsonRpcError");
    expect(e.code).toBe(c.code);
    expect(e.data).toStrictEqual(c.data);
    expect(e.shortMessage).toBe(`JSON-RPC error ${c.code}: ${c.message}`);
    expect(e.message).toContain(c.message);
    expect(e.method).toBe(c.method);
    expect(e.host).toBe(host);
    expect(e.message).toContain(`method ${c.method}`);
    expectNoApiKey(e);
  });
});

describe("published plain-text gateway errors → HttpError", () => {
  it("HTTP 403 'API key is not allowed to access blockchain' (viem issue 3476: eth_getBlockByNumber latest,false)", async () => {
    server.respondWith(() => fromSample("errors/node-endpoint.http403-api-key-not-allowed.response.txt", 403));
    const error = await rejectionOf(eth().eth_getBlockByNumber("latest", false));

    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body).toBe(
      `{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["latest",false]}`,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(RpcClientError);
    const e = error as HttpError;
    expect(e.name).toBe("HttpError");
    expect(e.status).toBe(403);
    const published = sampleText("errors/node-endpoint.http403-api-key-not-allowed.response.txt").trim();
    expect(published).toBe(
      "message: API key is not allowed to access blockchain, json-rpc code: -32052, rest code: 403",
    );
    expect(e.body).toBe(published);
    expect(e.message).toContain("HTTP 403");
    expect(e.message).toContain("API key is not allowed to access blockchain");
    expect(e.retryAfter).toBeUndefined();
    expect(e.method).toBe("eth_getBlockByNumber");
    expect(e.host).toBe(host);
    expectNoApiKey(e);
  });

  it("a Retry-After header is read into retryAfter (ms)", async () => {
    server.respondWith(() =>
      fromSample("errors/node-endpoint.http403-api-key-not-allowed.response.txt", 403, { "retry-after": "7" }),
    );
    const e = (await rejectionOf(eth().eth_blockNumber())) as HttpError;
    expect(e).toBeInstanceOf(HttpError);
    expect(e.retryAfter).toBe(7000);
    expectNoApiKey(e);
  });
});

describe("invalid params → ValidationError before any request", () => {
  it.each([
    {
      name: "adv_getBlocks span above 30 blocks",
      call: () => advanced().getBlocks({ blockchain: "eth", fromBlock: 14500000, toBlock: 14500031 }),
      path: "params",
    },
    {
      name: "adv_getBlocks hex span above 30 blocks",
      call: () => advanced().getBlocks({ blockchain: "eth", fromBlock: "0xdd40a0", toBlock: "0xdd40c0" }),
      path: "params",
    },
    {
      name: "adv_getBlocks includeLogs without includeTxs",
      call: () => advanced().getBlocks({ blockchain: "eth", includeLogs: true, includeTxs: false }),
      path: "params",
    },
    {
      name: "adv_getCurrencies unknown blockchain",
      call: () => advanced().getCurrencies({ blockchain: "ethereum" as never }),
      path: "params.blockchain",
    },
    {
      name: "adv_getNFTMetadata without the required contractAddress",
      call: () => advanced().getNFTMetadata({ tokenId: "23240" } as never),
      path: "params",
    },
    {
      name: "adv_getNFTsByOwner pageSize above 50",
      call: () =>
        advanced().getNFTsByOwner({ walletAddress: "0x0E11A192d574b342C51be9e306694C41547185DD", pageSize: 51 }),
      path: "params.pageSize",
    },
    {
      name: "adv_getLogs misspelt field (closed request object)",
      call: () => advanced().getLogs({ blockchain: "eth", fromblock: 1 } as never),
      path: "params",
    },
    {
      name: "eth_getBlockByNumber fullTransactions not a boolean",
      call: () => eth().eth_getBlockByNumber("0x1b4", "yes" as never),
      path: "params",
    },
    {
      name: "getAccountInfo pubkey not base58",
      call: () => solana().getAccountInfo("0xnot-a-base58-key-0000000000000000000000"),
      path: "params",
    },
  ])("$name", async ({ call, path }) => {
    const error = await rejectionOf(call());
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(RpcClientError);
    const e = error as ValidationError;
    expect(e.name).toBe("ValidationError");
    expect(e.issues.length).toBeGreaterThan(0);
    expect(e.issues.some((issue) => issue.path.startsWith(path))).toBe(true);
    expect(server.requests).toHaveLength(0);
    expectNoApiKey(e);
  });

  it("client options: an API key with '/' is refused on the first call without echoing it", async () => {
    const client = createAdvancedClient({ url: `${server.url}/multichain`, apiKey: `${API_KEY}/extra` });
    const e = (await client.getCurrencies({ blockchain: "eth" }).catch((error: unknown) => error)) as Error;
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as ValidationError).issues.map((i) => i.path)).toContain("options.apiKey");
    expect(server.requests).toHaveLength(0);
    expectNoApiKey(e);
  });

  it("client options: apiKey with proxyUrl is refused on the first call without echoing it", async () => {
    const client = createAdvancedClient({ proxyUrl: `${server.url}/proxy`, apiKey: API_KEY });
    const e = (await client.getCurrencies({ blockchain: "eth" }).catch((error: unknown) => error)) as Error;
    expect(e).toBeInstanceOf(ValidationError);
    expect((e as ValidationError).issues.map((i) => i.path)).toContain("options.apiKey");
    expect(server.requests).toHaveLength(0);
    expectNoApiKey(e);
  });
});

describe("transport failures keep the key out", () => {
  it("connection refused → NetworkError", async () => {
    const closed = await startSampleServer();
    const url = closed.url;
    await closed.close();
    const client = createEthNodeClient({ url: `${url}/eth`, apiKey: API_KEY });
    const error = await rejectionOf(client.eth_blockNumber());
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).method).toBe("eth_blockNumber");
    expectNoApiKey(error);
  });

  it("no answer within the timeout → TimeoutError", async () => {
    server.respondWith(
      () =>
        new Promise((resolve) => setTimeout(() => resolve(fromSample("eth_blockNumber.response.json")), 2_000).unref()),
    );
    const client = createEthNodeClient({ url: `${server.url}/eth`, apiKey: API_KEY, timeout: 100 });
    const error = await rejectionOf(client.eth_blockNumber());
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeout).toBe(100);
    expect(server.requests).toHaveLength(1);
    expectNoApiKey(error);
  });

  it("caller abort → AbortError", async () => {
    server.respondWith(
      () =>
        new Promise((resolve) => setTimeout(() => resolve(fromSample("eth_blockNumber.response.json")), 2_000).unref()),
    );
    const controller = new AbortController();
    const pending = eth().eth_blockNumber({ signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await rejectionOf(pending);
    expect(error).toBeInstanceOf(AbortError);
    expectNoApiKey(error);
  });

  it("a sample answered to the wrong request id → MalformedResponseError", async () => {
    // one client, two calls: the published answer carries id 1, the second request has id 2
    const client = advanced();
    await client.getInteractions({ address: "0xF977814e90dA44bFA03b6295A0616a897441aceC" });
    const error = await rejectionOf(client.getInteractions({ address: "0xF977814e90dA44bFA03b6295A0616a897441aceC" }));
    // This test's own calls: the previous test's aborted request may reach the server after its reset.
    const calls = server.requests.filter((r) => r.rpcMethod?.endsWith("getInteractions"));
    expect(calls.map((r) => JSON.parse(r.body) as { id: number }).map((b) => b.id)).toEqual([1, 2]);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(error.message).toContain("does not match the request id 2");
    expectNoApiKey(error);
  });

  it("a truncated sample body → MalformedResponseError", async () => {
    const text = sampleText("ankr_getLogs.response.json");
    server.respondWith(() => ({ headers: { "content-type": "application/json" }, body: text.slice(0, 300) }));
    const error = await rejectionOf(advanced().getLogs({ blockchain: "eth" }));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as MalformedResponseError).body.length).toBeLessThanOrEqual(201);
    expectNoApiKey(error);
  });
});

// Not from the published samples: a gateway that echoes the requested URL (which holds the key)
// back in its error. The key must be scrubbed wherever it lands.
describe("a server that echoes the request URL (synthetic)", () => {
  it("in a plain-text HTTP error body", async () => {
    server.respondWith((req) => ({ status: 401, body: `message: API key not found for ${req.url}` }));
    const error = await rejectionOf(advanced().getCurrencies({ blockchain: "eth" }));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).body).toBe("message: API key not found for /multichain/***");
    expectNoApiKey(error);
  });

  it("in a JSON-RPC error message", async () => {
    server.respondWith((req) => ({
      body: JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: 0, message: `not authorized: ${req.url}` } }),
    }));
    const error = await rejectionOf(advanced().getCurrencies({ blockchain: "eth" }));
    expect(error).toBeInstanceOf(JsonRpcError);
    expect((error as JsonRpcError).code).toBe(0);
    expectNoApiKey(error);
  });

  it("in JSON-RPC error data", async () => {
    server.respondWith((req) => ({
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32055, message: "No nodes available", data: { trace_id: "4b1f...e9c2", url: req.url } },
      }),
    }));
    const error = await rejectionOf(eth().eth_blockNumber());
    expect(error).toBeInstanceOf(JsonRpcError);
    expect((error as JsonRpcError).code).toBe(-32055);
    expect((error as JsonRpcError).data).toMatchObject({ trace_id: "4b1f...e9c2" });
    expectNoApiKey(error);
  });

  it("in a non-JSON 200 body, with the key across the 200-character excerpt limit", async () => {
    // the key starts at character 189, so a 200-character cut falls just before its last character
    server.respondWith((req) => ({ body: `${"x".repeat(189 - "/multichain/".length)}${req.url} tail` }));
    const error = await rejectionOf(advanced().getCurrencies({ blockchain: "eth" }));
    expect(error).toBeInstanceOf(MalformedResponseError);
    expectNoApiKey(error);
    // not even all of the key but its last character
    const rendered = inspect(error, { depth: 10 });
    expect((error as MalformedResponseError).body).not.toContain(API_KEY.slice(0, -1));
    expect(rendered).not.toContain(API_KEY.slice(0, -1));
  });
});
