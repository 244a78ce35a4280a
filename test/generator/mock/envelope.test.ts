/**
 * The mock server on the real specs, called with raw HTTP for what the generated clients never
 * send (they validate first): broken JSON, invalid envelopes, unknown methods, invalid params,
 * notifications, raw batches; and the HTTP side: keyed paths, the proxy query, CORS, GET /.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockServer, type MockServer } from "../../../generator/mock/server.js";
import { envelope, post, SPECS } from "./fixtures.js";

let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer({ specs: SPECS, port: 0 });
});
afterAll(async () => {
  await mock?.close();
});

interface RpcError {
  code: number;
  message: string;
  data?: { path: string; rule: string; message: string }[];
}
async function errorOf(body: string, path = "/"): Promise<RpcError> {
  const answer = await post(`${mock.url}${path}`, body);
  expect(answer.status).toBe(200);
  return (answer.json as { error: RpcError }).error;
}

describe("broken requests", () => {
  const cases: [string, { body: string; path?: string; code: number; message: string | RegExp }][] = [
    [
      "unparsable JSON",
      { body: '{"jsonrpc":"2.0",', code: -32700, message: /^Parse error: the body is not valid JSON/ },
    ],
    [
      "jsonrpc missing",
      {
        body: '{"id":1,"method":"eth_blockNumber"}',
        code: -32600,
        message: 'Invalid Request: jsonrpc must be "2.0", not missing.',
      },
    ],
    [
      'jsonrpc not "2.0"',
      {
        body: '{"jsonrpc":"1.0","id":1,"method":"eth_blockNumber"}',
        code: -32600,
        message: 'Invalid Request: jsonrpc must be "2.0", not "1.0".',
      },
    ],
    [
      "method not a string",
      {
        body: '{"jsonrpc":"2.0","id":1,"method":["eth_blockNumber"]}',
        code: -32600,
        message: "Invalid Request: method must be a string, not an array.",
      },
    ],
    [
      "params neither array nor object",
      {
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":"latest"}',
        code: -32600,
        message: 'Invalid Request: params must be an array or an object, not the string "latest".',
      },
    ],
    [
      "an unknown method",
      {
        body: envelope("eth_getBalance", ["0x00", "latest"]),
        code: -32601,
        message: "Method not found: eth_getBalance",
      },
    ],
    [
      "an unknown method in the proxy form",
      { body: "[]", path: "/?adv_getEverything", code: -32601, message: "Method not found: adv_getEverything" },
    ],
  ];
  it.each(cases)("%s", async (_name, { body, path, code, message }) => {
    const error = await errorOf(body, path);
    expect(error.code).toBe(code);
    if (typeof message === "string") expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
  });
});

describe("invalid params: -32602 naming the param and the rule", () => {
  const cases: [string, { body: string; path?: string; message: string; data: RpcError["data"] }][] = [
    [
      "a page size above the maximum",
      {
        body: envelope("adv_getNFTHolders", { blockchain: "eth", contractAddress: "0x01", pageSize: 20_000 }),
        message: "Invalid params: pageSize must be <= 10000 (maximum)",
        data: [{ path: "pageSize", rule: "maximum", message: "must be <= 10000" }],
      },
    ],
    [
      "the same in the proxy form",
      {
        body: JSON.stringify(["eth", "0x01", 20_000]),
        path: "/?adv_getNFTHolders",
        message: "Invalid params: pageSize must be <= 10000 (maximum)",
        data: [{ path: "pageSize", rule: "maximum", message: "must be <= 10000" }],
      },
    ],
    [
      "a misspelt param and a missing one",
      {
        body: envelope("adv_getNFTMetadata", { contractaddress: "0x01" }),
        message:
          "Invalid params: contractAddress is required (required); contractaddress is not a param of adv_getNFTMetadata (additionalProperties)",
        data: [
          { path: "contractAddress", rule: "required", message: "is required" },
          { path: "contractaddress", rule: "additionalProperties", message: "is not a param of adv_getNFTMetadata" },
        ],
      },
    ],
    [
      "x-limits: a block span over 30 and includeLogs without includeTxs",
      {
        body: envelope("adv_getBlocks", { blockchain: "eth", fromBlock: 100, toBlock: 200, includeLogs: true }),
        message: expect.stringMatching(
          /^Invalid params: toBlock must be at most 30 blocks after fromBlock \(toBlock − fromBlock is 100\); .*\(x-limits\.maxBlockSpan\); includeTxs must be true when includeLogs is true; .*\(x-limits\.requires\)$/,
        ),
        data: [
          expect.objectContaining({ path: "toBlock", rule: "x-limits.maxBlockSpan" }),
          expect.objectContaining({ path: "includeTxs", rule: "x-limits.requires" }),
        ],
      },
    ],
    [
      "a by-position method given an object",
      {
        body: envelope("eth_getBlockByNumber", { block: "latest", fullTransactions: true }),
        message:
          "Invalid params: params must be an array in the order block, fullTransactions (eth_getBlockByNumber takes its params by position), not an object (paramStructure)",
        data: [
          {
            path: "params",
            rule: "paramStructure",
            message:
              "must be an array in the order block, fullTransactions (eth_getBlockByNumber takes its params by position), not an object",
          },
        ],
      },
    ],
    [
      "a required positional param left out",
      {
        body: envelope("eth_getBlockByNumber", ["latest"]),
        message: "Invalid params: fullTransactions is required (required)",
        data: [{ path: "fullTransactions", rule: "required", message: "is required" }],
      },
    ],
    [
      "too many positional params",
      {
        body: envelope("eth_blockNumber", ["latest"]),
        message: "Invalid params: params has 1 positional params, but eth_blockNumber takes no params (maxItems)",
        data: [
          { path: "params", rule: "maxItems", message: "has 1 positional params, but eth_blockNumber takes no params" },
        ],
      },
    ],
    [
      "a pattern, nested in a positional param",
      {
        body: envelope("getAccountInfo", ["not-base58!", { encoding: "base64", dataSlice: { offset: -1, length: 1 } }]),
        message:
          'Invalid params: pubkey must match pattern "^[1-9A-HJ-NP-Za-km-z]{32,44}$" (pattern); config.dataSlice.offset must be >= 0 (minimum)',
        data: [
          { path: "pubkey", rule: "pattern", message: 'must match pattern "^[1-9A-HJ-NP-Za-km-z]{32,44}$"' },
          { path: "config.dataSlice.offset", rule: "minimum", message: "must be >= 0" },
        ],
      },
    ],
  ];
  it.each(cases)("%s", async (_name, { body, path, message, data }) => {
    const error = await errorOf(body, path);
    expect(error).toEqual({ code: -32602, message, data });
  });
});

describe("envelopes", () => {
  it("answers a lone notification with 204 and no body", async () => {
    const answer = await post(`${mock.url}/`, '{"jsonrpc":"2.0","method":"eth_blockNumber","params":[]}');
    expect(answer.status).toBe(204);
    expect(answer.text).toBe("");
  });

  it("answers a raw batch item by item, in order, without the notifications", async () => {
    const batch = `[${envelope("eth_blockNumber", [], 1)},{"jsonrpc":"2.0","method":"eth_blockNumber"},${envelope("nope", [], "two")},42,${envelope("adv_getNFTHolders", { blockchain: "eth" }, 3)}]`;
    const answer = await post(`${mock.url}/`, batch);
    expect(answer.json).toEqual([
      { jsonrpc: "2.0", id: 1, result: expect.stringMatching(/^0x/) },
      { jsonrpc: "2.0", id: "two", error: { code: -32601, message: "Method not found: nope" } },
      { jsonrpc: "2.0", id: null, error: expect.objectContaining({ code: -32600 }) },
      {
        jsonrpc: "2.0",
        id: 3,
        error: expect.objectContaining({
          code: -32602,
          message: "Invalid params: contractAddress is required (required)",
        }),
      },
    ]);
  });

  it("accepts any keyed path, /<anything>/<key>, like /", async () => {
    const answers = await Promise.all(
      ["/", "/eth/abc", "/some/where/key-123"].map((p) =>
        post(`${mock.url}${p}`, envelope("eth_getBlockByNumber", ["0x2", false], 9)),
      ),
    );
    for (const a of answers) expect(a.json).toEqual(answers[0]!.json);
    expect(answers[0]!.json).toMatchObject({ jsonrpc: "2.0", id: 9, result: { transactions: [expect.any(String)] } });
  });

  it('serves the proxy form: params array as the body, method in the query, id "1"', async () => {
    const answer = await post(
      `${mock.url}/?adv_getNFTMetadata`,
      JSON.stringify(["0x8d01c8ee82e581e55c02117a676b5bbd4734fabb", "avalanche", null, "23240"]),
    );
    expect(answer.json).toMatchObject({
      jsonrpc: "2.0",
      id: "1",
      result: { metadata: { tokenId: "23240", contractType: "ERC721" } },
    });
  });
});

describe("HTTP", () => {
  it("sends CORS headers and answers a preflight", async () => {
    const answer = await post(`${mock.url}/`, envelope("eth_blockNumber", []));
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    const preflight = await fetch(`${mock.url}/advanced/key`, {
      method: "OPTIONS",
      headers: {
        origin: "http://example.test",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, x-trace",
      },
      signal: AbortSignal.timeout(10_000),
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type, x-trace");
  });

  it("lists the methods on GET /", async () => {
    const response = await fetch(`${mock.url}/`, { signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    for (const name of ["adv_getNFTHolders", "eth_getBlockByNumber", "getAccountInfo"]) expect(text).toContain(name);
    expect(text).toContain("spec/eth.openrpc.json");
  });

  it("refuses other HTTP methods with 405", async () => {
    const response = await fetch(`${mock.url}/`, { method: "PUT", body: "{}", signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, GET, OPTIONS");
  });
});
