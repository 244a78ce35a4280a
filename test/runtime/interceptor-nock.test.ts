/**
 * nock sees the default Node transport (issue 33, item 4): a client made from `{ url, apiKey }` in Node
 * sends through node:http's module object (runtime/node.ts), whose `request` nock replaces. The host
 * does not exist (`.invalid`) and net connect is disabled, so a request nock does not answer fails.
 */
import nock from "nock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEthNodeClient } from "../../generated/src/eth/index.js";

beforeAll(() => nock.disableNetConnect());
afterAll(() => {
  nock.cleanAll();
  nock.enableNetConnect();
  nock.restore();
});

describe("nock intercepts the default Node transport", () => {
  it("answers a default client's call and sees its body at <url>/<key>", async () => {
    let body: unknown;
    const scope = nock("http://rpc.nock.invalid")
      .post("/eth/nock-key", (b: unknown) => ((body = b), true))
      .reply(200, (_uri, b) => ({ jsonrpc: "2.0", id: (b as { id: number }).id, result: "0x2b" }));
    const eth = createEthNodeClient({ url: "http://rpc.nock.invalid/eth", apiKey: "nock-key", retryCount: 0 });
    expect(await eth.eth_blockNumber()).toBe("0x2b");
    expect(body).toEqual({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] });
    expect(scope.isDone()).toBe(true);
    eth.close();
  });

  it("https too", async () => {
    const scope = nock("https://rpc.nock.invalid")
      .post("/eth/nock-key")
      .reply(200, (_uri, b) => ({ jsonrpc: "2.0", id: (b as { id: number }).id, result: "0x2c" }));
    const eth = createEthNodeClient({ url: "https://rpc.nock.invalid/eth", apiKey: "nock-key", retryCount: 0 });
    expect(await eth.eth_blockNumber()).toBe("0x2c");
    expect(scope.isDone()).toBe(true);
    eth.close();
  });
});
