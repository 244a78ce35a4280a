/**
 * Generated results that follow the request (generator/mock/follow.ts, results.ts): properties
 * named like a param repeat it (a list param in turn), and only when the result still fits the
 * spec; examples are served as written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followParams } from "../../../generator/mock/follow.js";
import { startMockServer, type MockServer } from "../../../generator/mock/server.js";
import { envelope, post, SPECS } from "./fixtures.js";

describe("followParams", () => {
  it("repeats scalar params in the result, its items and nested objects", () => {
    expect(
      followParams(
        { blockchain: "arbitrum", items: [{ blockchain: "x", address: "a" }], meta: { address: "b", n: 1 } },
        { blockchain: "eth", address: "0xabc" },
      ),
    ).toEqual({
      blockchain: "eth",
      items: [{ blockchain: "eth", address: "0xabc" }],
      meta: { address: "0xabc", n: 1 },
    });
  });

  it("takes a list param's values in turn and keeps values of another type", () => {
    expect(
      followParams(
        { assets: [{ blockchain: "a" }, { blockchain: "b" }, { blockchain: "c" }] },
        { blockchain: ["eth", "bsc"] },
      ),
    ).toEqual({ assets: [{ blockchain: "eth" }, { blockchain: "bsc" }, { blockchain: "eth" }] });
    expect(followParams({ pageSize: "10", limit: 3 }, { pageSize: 5, limit: { a: 1 } })).toEqual({
      pageSize: "10",
      limit: 3,
    });
  });

  it("reads the members of an options param, and sends account data in the requested encoding", () => {
    expect(
      followParams(
        { value: { data: ["abc", "base58"], encoding: "x" } },
        { pubkey: "P", config: { encoding: "base64" } },
      ),
    ).toEqual({ value: { data: ["YWJj", "base64"], encoding: "base64" } });
  });

  it("keeps __proto__ an own property", () => {
    const out = followParams(JSON.parse('{"__proto__": {"x": 1}}'), {}) as Record<string, unknown>;
    expect(Object.hasOwn(out, "__proto__")).toBe(true);
  });
});

describe("the mock follows the request", () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ specs: SPECS, port: 0 });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it("answers assets of the requested blockchains and the requested contract", async () => {
    const owner = "0x" + "a".repeat(40);
    const nfts = (
      await post(
        `${mock.url}/advanced`,
        envelope("adv_getNFTsByOwner", { walletAddress: owner, blockchain: ["eth", "polygon"], pageSize: 3 }),
      )
    ).json as { result: { assets: { blockchain: string }[] } };
    expect(nfts.result.assets.length).toBeGreaterThan(0);
    expect(nfts.result.assets.every((a) => ["eth", "polygon"].includes(a.blockchain))).toBe(true);

    const contract = "0x" + "b".repeat(40);
    const price = (
      await post(
        `${mock.url}/advanced`,
        envelope("adv_getTokenPrice", { blockchain: "bsc", contractAddress: contract }),
      )
    ).json as { result: { blockchain: string; contractAddress: string } };
    expect(price.result).toMatchObject({ blockchain: "bsc", contractAddress: contract });
  });

  it("answers account data in the encoding a Solana request asks for", async () => {
    const answer = (
      await post(
        `${mock.url}/solana`,
        envelope("getAccountInfo", ["vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "base64" }]),
      )
    ).json as { result: { value: { data: [string, string] } } };
    const [text, encoding] = answer.result.value.data;
    expect(encoding).toBe("base64");
    expect(Buffer.from(text, "base64").toString("base64")).toBe(text);
  });
});
