/**
 * The per-method functions (`<api>/methods`: `getLogs(core, params)` over `createAdvancedCore`)
 * against the client object: the same request on the wire and the same result from the mock server
 * (generator/mock on 127.0.0.1), in every endpoint form (params by name, by position, the keyless
 * proxy); the same checks before any I/O, the same error classes (`instanceof` across both), the
 * same retries, exact u64 values and key redaction (a fault server on 127.0.0.1).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAdvancedClient } from "../../generated/src/advanced/index.js";
import * as adv from "../../generated/src/advanced/methods.js";
import { createEthNodeClient } from "../../generated/src/eth/index.js";
import * as eth from "../../generated/src/eth/methods.js";
import { createSolanaNodeClient } from "../../generated/src/solana/index.js";
import * as sol from "../../generated/src/solana/methods.js";
import { HttpError, JsonRpcError, ValidationError, type ClientOptions } from "../../generated/src/runtime/index.js";
import { startMockServer, type MockServer } from "../../generator/mock/server.js";
import { SPECS } from "../generator/mock/fixtures.js";
import { expectNoSecret, guardUnhandledRejections, rejectionOf } from "../helpers/error-checks.js";
import { json, startFaultServer, type FaultServer } from "../helpers/fault-server.js";

const KEY = "sk-test-SECRET-methods-42";

guardUnhandledRejections();

let mock: MockServer;
let faults: FaultServer;
beforeAll(async () => {
  [mock, faults] = await Promise.all([startMockServer({ specs: SPECS, port: 0 }), startFaultServer()]);
});
afterAll(async () => {
  await Promise.all([mock?.close(), faults?.close()]);
});
beforeEach(() => faults.reset());

/** Options that record every body sent, into `bodies`. */
function recording(options: ClientOptions, bodies: string[]): ClientOptions {
  return { retryCount: 0, ...options, onRequest: (event) => void bodies.push(event.body) };
}

/**
 * Calls once through a fresh client object and once through a fresh core (each starts its ids at 1),
 * and returns both bodies and results.
 */
async function both<C, K>(
  makeClient: (o: ClientOptions) => C,
  makeCore: (o: ClientOptions) => K,
  options: ClientOptions,
  viaClient: (client: C) => Promise<unknown>,
  viaFunction: (core: K) => Promise<unknown>,
): Promise<{ client: { bodies: string[]; result: unknown }; fn: { bodies: string[]; result: unknown } }> {
  const a: string[] = [];
  const b: string[] = [];
  const client = { bodies: a, result: await viaClient(makeClient(recording(options, a))) };
  const fn = { bodies: b, result: await viaFunction(makeCore(recording(options, b))) };
  return { client, fn };
}

describe("per-method functions against the client object (mock server)", () => {
  it("advanced, params by name: the same body and the same result", async () => {
    const params = { blockchain: "eth" as const, fromBlock: 1, toBlock: "latest" as const, pageSize: 2 };
    const { client, fn } = await both(
      createAdvancedClient,
      adv.createAdvancedCore,
      { url: `${mock.url}/advanced`, apiKey: KEY },
      (c) => c.getLogs(params),
      (core) => adv.getLogs(core, params),
    );
    expect(fn.bodies).toHaveLength(1);
    expect(fn.bodies).toEqual(client.bodies);
    expect(JSON.parse(fn.bodies[0]!)).toMatchObject({ method: "adv_getLogs", params });
    expect(fn.result).toEqual(client.result);
    expect(fn.result).toHaveProperty("logs");
  });

  it("advanced through the keyless proxy (params by position, method in the query): the same body and result", async () => {
    const params = {
      contractAddress: "0x8d01c8ee82e581e55c02117a676b5bbd4734fabb",
      blockchain: "avalanche" as const,
      tokenId: "23240",
    };
    const { client, fn } = await both(
      createAdvancedClient,
      adv.createAdvancedCore,
      { proxyUrl: `${mock.url}/` },
      (c) => c.getNFTMetadata(params),
      (core) => adv.getNFTMetadata(core, params),
    );
    expect(fn.bodies).toEqual(client.bodies);
    // The proxy takes the params array itself as the body.
    expect((JSON.parse(fn.bodies[0]!) as unknown[]).slice(0, 2)).toEqual([params.contractAddress, "avalanche"]);
    expect(fn.result).toEqual(client.result);
  });

  it("eth, positional params and a result variant: the same body and the same result", async () => {
    const { client, fn } = await both(
      createEthNodeClient,
      eth.createEthNodeCore,
      { url: `${mock.url}/eth`, apiKey: KEY },
      (c) => c.eth_getBlockByNumber("latest", false),
      (core) => eth.eth_getBlockByNumber(core, "latest", false),
    );
    expect(JSON.parse(fn.bodies[0]!)).toMatchObject({ method: "eth_getBlockByNumber", params: ["latest", false] });
    expect(fn.bodies).toEqual(client.bodies);
    expect(fn.result).toEqual(client.result);
  });

  it("solana, u64 results: the same exact bigint values", async () => {
    const { client, fn } = await both(
      createSolanaNodeClient,
      sol.createSolanaNodeCore,
      { url: `${mock.url}/solana`, apiKey: KEY },
      (c) => c.getBlockHeight(),
      (core) => sol.getBlockHeight(core),
    );
    expect(fn.bodies).toEqual(client.bodies);
    expect(typeof fn.result).toBe("bigint");
    expect(fn.result).toEqual(client.result);
  });
});

describe("per-method functions: checks, errors, retries and redaction", () => {
  const core = (options: Partial<ClientOptions> = {}) =>
    adv.createAdvancedCore({ url: `${faults.url}/multichain`, apiKey: KEY, retryDelay: 1, ...options });

  it("refuses bad params before any I/O with the same ValidationError as the client", async () => {
    const bad = { blockchain: "eth", pageSize: 0, extra: 1 } as never;
    const fromFn = await rejectionOf(adv.getLogs(core(), bad));
    const client = createAdvancedClient({ url: `${faults.url}/multichain`, apiKey: KEY });
    const fromClient = await rejectionOf(client.getLogs(bad));
    expect(fromFn).toBeInstanceOf(ValidationError);
    expect(fromFn.message).toBe(fromClient.message);
    expect(fromFn.message).toContain("params.pageSize");
    expect(faults.requests).toHaveLength(0);
  });

  it("checks the spec's x-limits too (getBlocks: at most 30 blocks)", async () => {
    const error = await rejectionOf(adv.getBlocks(core(), { blockchain: "eth", fromBlock: 1, toBlock: 100 }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain("x-limits.maxBlockSpan");
    expect(faults.requests).toHaveLength(0);
  });

  it("throws the runtime's JsonRpcError (instanceof holds across client and functions), without the key", async () => {
    faults.setFallback(json(200, { jsonrpc: "2.0", id: 1, error: { code: 0, message: "not authorized" } }));
    const error = await rejectionOf(adv.getCurrencies(core({ retryCount: 0 }), { blockchain: "eth" }));
    expect(error).toBeInstanceOf(JsonRpcError);
    expect((error as JsonRpcError).code).toBe(0);
    expectNoSecret(error, KEY);
  });

  it("retries an idempotent method on HTTP 503 as the client does, then succeeds", async () => {
    faults.script(json(503, "busy"), json(503, "busy"));
    const result = await adv.getCurrencies(core({ retryCount: 2 }), { blockchain: "eth" });
    expect(result).toMatchObject({ method: "adv_getCurrencies" });
    expect(faults.requests).toHaveLength(3);
  });

  it("an HTTP failure after the retries is an HttpError naming no key", async () => {
    faults.setFallback(json(500, "down"));
    const error = await rejectionOf(adv.getCurrencies(core({ retryCount: 1 }), { blockchain: "eth" }));
    expect(error).toBeInstanceOf(HttpError);
    expect(faults.requests).toHaveLength(2);
    expectNoSecret(error, KEY);
  });

  it("a bad option is refused on the first call, as the client's is, and nothing is sent", async () => {
    const before = faults.requests.length;
    const made = adv.createAdvancedCore({ url: "not a url", apiKey: KEY });
    const error = await rejectionOf(adv.getCurrencies(made, { blockchain: "eth" }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual(["options.url"]);
    expect(faults.requests).toHaveLength(before);
    expectNoSecret(error, KEY);
  });
});
