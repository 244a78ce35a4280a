/**
 * msw/node sees the default Node transport (issue 33, item 4): a client made from `{ url, apiKey }` in
 * Node sends through node:http (runtime/node.ts), which must call the `request` of node:http's module
 * object, the one msw's interceptor replaces, at call time. The host does not exist (`.invalid`), so
 * without the interception the call fails with a NetworkError; `onUnhandledRequest: "error"` makes any
 * request msw does not answer fail too.
 */
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEthNodeClient } from "../../generated/src/eth/index.js";
import { createAdvancedClient } from "../../generated/src/advanced/index.js";

const seen: { url: string; body: unknown }[] = [];
const server = setupServer(
  http.post("http://rpc.msw.invalid/eth/:key", async ({ request }) => {
    const body = (await request.json()) as { id: number; method: string };
    seen.push({ url: request.url, body });
    return HttpResponse.json({ jsonrpc: "2.0", id: body.id, result: "0x2a" });
  }),
  http.post("https://rpc.msw.invalid/multichain/:key", async ({ request }) => {
    const body = (await request.json()) as { id: number }[];
    return HttpResponse.json(body.map((b) => ({ jsonrpc: "2.0", id: b.id, result: { currencies: [] } })));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

describe("msw/node intercepts the default Node transport", () => {
  it("answers a default client's call (http)", async () => {
    const eth = createEthNodeClient({ url: "http://rpc.msw.invalid/eth", apiKey: "msw-key", retryCount: 0 });
    expect(await eth.eth_blockNumber()).toBe("0x2a");
    expect(seen).toEqual([
      {
        url: "http://rpc.msw.invalid/eth/msw-key",
        body: { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] },
      },
    ]);
    eth.close();
  });

  it("answers a default client's batch (https)", async () => {
    const adv = createAdvancedClient({ url: "https://rpc.msw.invalid/multichain", apiKey: "msw-key", retryCount: 0 });
    const settled = await adv.batch((c) => [
      c.getCurrencies({ blockchain: "eth" }),
      c.getCurrencies({ blockchain: "bsc" }),
    ]);
    expect(settled.map((s) => s.status)).toEqual(["fulfilled", "fulfilled"]);
    adv.close();
  });
});
