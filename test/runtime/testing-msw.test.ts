/**
 * `mswHandlers` under msw/node: the same handlers and options as mockTransport answering the POSTs of
 * default clients made with `{ url, apiKey }` (node:http in Node) and `{ url }` alone, single and
 * batch, ids matched; rpcError and drift as JSON-RPC errors; and what a hostile request sends: a
 * garbage body, not JSON-RPC, an empty batch, duplicate and missing ids, deep nesting. Hosts are
 * `.invalid`: a request msw does not answer fails (`onUnhandledRequest: "error"`).
 */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAdvancedClient } from "../../generated/src/advanced/index.js";
import { mswHandlers as advancedMsw } from "../../generated/src/advanced/testing.js";
import { createEthNodeClient } from "../../generated/src/eth/index.js";
import { mswHandlers, rpcError } from "../../generated/src/eth/testing.js";
import { ValidationError, isJsonRpcError } from "../../generated/src/runtime/index.js";
import { guardUnhandledRejections, rejectionOf } from "../helpers/error-checks.js";

guardUnhandledRejections();

const URL = "https://rpc.kit.invalid/eth";
const ADV_URL = "http://rpc.kit.invalid/multichain/";
const eth = mswHandlers(
  {
    eth_blockNumber: () => "0x10",
    eth_call: () => {
      throw rpcError(3, "execution reverted", "0x08c379a0");
    },
    eth_getTransactionCount: () => "not hex" as never,
  },
  { url: URL, seed: 1 },
);
const advanced = advancedMsw(
  { adv_getCurrencies: ({ blockchain }) => ({ currencies: [], blockchain }) as never },
  { url: ADV_URL },
);
const server = setupServer(...(await eth), ...(await advanced));
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A raw POST, as no client sends it. */
async function post(body: string, url = `${URL}/KEY`): Promise<{ status: number; json: unknown }> {
  const response = await fetch(url, { method: "POST", body, headers: { "content-type": "application/json" } });
  const text = await response.text();
  return { status: response.status, json: text === "" ? undefined : JSON.parse(text) };
}

describe("mswHandlers with default clients", () => {
  it("answers a keyed client at <url>/<apiKey> and records the call by name", async () => {
    const client = createEthNodeClient({ url: URL, apiKey: "k-1", retryCount: 0 });
    expect(await client.eth_blockNumber()).toBe("0x10");
    expect((await eth).calls.at(-1)).toEqual({ method: "eth_blockNumber", params: {} });
    client.close();
  });

  it("answers a keyless client at <url> (a trailing slash in the url given to mswHandlers is no matter)", async () => {
    const client = createAdvancedClient({ url: "http://rpc.kit.invalid/multichain", retryCount: 0 });
    expect(await client.getCurrencies({ blockchain: "eth" })).toMatchObject({ currencies: [] });
    client.close();
  });

  it("answers a batch with each id matched, and a method without a handler from the spec", async () => {
    const client = createEthNodeClient({ url: URL, apiKey: "k-2", retryCount: 0 });
    const settled = await client.batch((c) => [c.eth_blockNumber(), c.eth_getBlockByNumber("latest", false)] as const);
    expect(settled[0]).toEqual({ status: "fulfilled", value: "0x10" });
    expect(settled[1].status === "fulfilled" && typeof settled[1].value?.number).toBe("string");
    client.close();
  });

  it("rpcError: the client rejects with JsonRpcError; a result that breaks the spec: -32603 naming the method and path", async () => {
    const client = createEthNodeClient({ url: URL, apiKey: "k-3", retryCount: 0 });
    const reverted = await rejectionOf(client.eth_call({ to: "0x8d01c8ee82e581e55c02117a676b5bbd4734fabb" }, "latest"));
    expect(reverted).toMatchObject({ code: 3, data: "0x08c379a0" });
    const drift = await rejectionOf(
      client.eth_getTransactionCount("0x8d01c8ee82e581e55c02117a676b5bbd4734fabb", "latest"),
    );
    expect(isJsonRpcError(drift, -32603)).toBe(true);
    expect(drift.message).toContain(
      "result of eth_getTransactionCount from its mswHandlers handler: result must match",
    );
    expect((drift as unknown as { data: { issues: { path: string }[] } }).data.issues[0]!.path).toBe("result");
    expect(JSON.stringify(drift)).not.toMatch(/at .*testing-kit/);
    client.close();
  });

  it("a url that is no http(s) URL is refused at once", async () => {
    await expect(mswHandlers({}, { url: "ftp://x" })).rejects.toBeInstanceOf(ValidationError);
    await expect(mswHandlers({}, {} as never)).rejects.toThrow(/options\.url must be the client's http\(s\) URL/);
  });
});

describe("hostile requests", () => {
  it("a garbage body: -32700 with id null", async () => {
    expect(await post("{not json")).toEqual({
      status: 200,
      json: { jsonrpc: "2.0", id: null, error: { code: -32700, message: expect.stringContaining("Parse error") } },
    });
  });

  it("nesting deeper than the runtime reads: -32700", async () => {
    expect((await post(`${"[".repeat(100_000)}${"]".repeat(100_000)}`)).json).toMatchObject({
      error: { code: -32700 },
    });
  });

  it("not JSON-RPC (a number, no method, a bad id): -32600", async () => {
    expect((await post("42")).json).toMatchObject({ id: null, error: { code: -32600 } });
    expect((await post('{"jsonrpc":"2.0","id":1}')).json).toMatchObject({ id: 1, error: { code: -32600 } });
    expect((await post('{"jsonrpc":"2.0","id":{"x":1},"method":"eth_blockNumber"}')).json).toMatchObject({
      id: null,
      error: { code: -32600 },
    });
  });

  it("an empty batch: -32600; a batch entry that is no request: its own -32600", async () => {
    expect((await post("[]")).json).toMatchObject({ id: null, error: { code: -32600 } });
    const { json } = await post('[1, {"jsonrpc":"2.0","id":7,"method":"eth_blockNumber","params":[]}]');
    expect(json).toEqual([
      { jsonrpc: "2.0", id: null, error: expect.objectContaining({ code: -32600 }) },
      { jsonrpc: "2.0", id: 7, result: "0x10" },
    ]);
  });

  it("duplicate ids are each answered with their id; entries without an id (notifications) get nothing", async () => {
    const entry = (id: number | undefined) =>
      JSON.stringify({ jsonrpc: "2.0", ...(id === undefined ? {} : { id }), method: "eth_blockNumber", params: [] });
    const { json } = await post(`[${entry(5)},${entry(5)},${entry(undefined)},${entry(6)}]`);
    expect(json).toEqual([
      { jsonrpc: "2.0", id: 5, result: "0x10" },
      { jsonrpc: "2.0", id: 5, result: "0x10" },
      { jsonrpc: "2.0", id: 6, result: "0x10" },
    ]);
    expect(await post(`[${entry(undefined)}]`)).toEqual({ status: 204, json: undefined });
  });

  it("`__proto__` as the method: -32601; as an id: echoed as data, nothing polluted", async () => {
    expect((await post('{"jsonrpc":"2.0","id":1,"method":"__proto__","params":[]}')).json).toMatchObject({
      error: { code: -32601 },
    });
    const { json } = await post('{"jsonrpc":"2.0","id":"__proto__","method":"eth_blockNumber","params":[]}');
    expect(json).toEqual({ jsonrpc: "2.0", id: "__proto__", result: "0x10" });
    expect(({} as Record<string, unknown>).result).toBeUndefined();
  });

  it("a path under the url that is not <url>/<key> is not answered", async () => {
    await expect(post('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber"}', `${URL}/a/b`)).rejects.toThrow();
  });
});
