/**
 * The sources of the consumer project that tests its own code with the package's test kit
 * (test/consumers/testing-kit.test.ts): an app module with functions of its own over the clients, its
 * vitest suite (mockTransport and mswHandlers with typed handlers, spec-made fallbacks checked by ajv
 * against the spec documents, rpcError, batches, a subscription), the same kit under node:test, and a
 * file with a wrongly typed handler that strict tsc must reject.
 */
import path from "node:path";
import { ROOT } from "../../generator/root.js";

/** The app's own code: what its tests test. */
export const APP = `import { createEthNodeClient, type EthNodeClient, type Head } from "@blockchain-rpc/clients/eth";
import { createAdvancedClient, type AdvancedClient } from "@blockchain-rpc/clients/advanced";

/** The client the app makes in production: { url, apiKey }. */
export function makeEth(url: string, apiKey: string): EthNodeClient {
  return createEthNodeClient({ url, apiKey, retryCount: 0 });
}

export function makeAdvanced(url: string, apiKey: string): AdvancedClient {
  return createAdvancedClient({ url, apiKey, retryCount: 0 });
}

/** The latest block number and how many transactions that block has, in one batch. */
export async function chainTip(eth: EthNodeClient): Promise<{ number: string; transactions: number }> {
  const [tip, block] = await eth.batch((c) => [c.eth_blockNumber(), c.eth_getBlockByNumber("latest", false)] as const);
  if (tip.status === "rejected") throw tip.reason;
  if (block.status === "rejected") throw block.reason;
  return { number: tip.value, transactions: block.value?.transactions.length ?? 0 };
}

/** The nonce of an address, or undefined when the node says the address is unknown (its error 3). */
export async function nonceOf(eth: EthNodeClient, address: \`0x\${string}\`): Promise<string | undefined> {
  try {
    return await eth.eth_getTransactionCount(address, "latest");
  } catch (error) {
    if (error instanceof Error && (error as { code?: number }).code === 3) return undefined;
    throw error;
  }
}

/** The numbers of the next \`count\` heads. */
export async function nextHeads(eth: EthNodeClient, count: number): Promise<string[]> {
  const numbers: string[] = [];
  for await (const head of await eth.eth_subscribe("newHeads")) {
    numbers.push((head as Head).number);
    if (numbers.length === count) break;
  }
  return numbers;
}

/** How many currencies a chain lists. */
export async function currencyCount(adv: AdvancedClient, blockchain: "eth" | "bsc"): Promise<number> {
  return (await adv.getCurrencies({ blockchain })).currencies?.length ?? 0;
}
`;

/** An ajv check of results against the spec's documented result schemas (the spec files of this repository). */
const AJV = `import { Ajv } from "ajv";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const SPEC = ${JSON.stringify(path.join(ROOT, "spec"))};
const ajv = new Ajv({ strict: false, validateFormats: false, validateSchema: false, allErrors: true });
const read = (file: string) => JSON.parse(readFileSync(\`\${SPEC}/\${file}\`, "utf8")) as { methods?: { name: string }[] };
const id = (file: string) => pathToFileURL(\`\${SPEC}/\${file}\`).href;
ajv.addSchema({ ...read("schemas/values.json"), $id: id("schemas/values.json") });
const documents = Object.fromEntries(["eth", "advanced", "solana"].map((name) => {
  const file = \`\${name}.openrpc.json\`;
  const document = read(file);
  ajv.addSchema({ ...document, $id: id(file) });
  return [name, { file, document }];
}));

/** ajv's errors for \`value\` as a result of \`method\` (bigints as numbers), [] when it fits the documented schema. */
export function resultErrors(api: "eth" | "advanced" | "solana", method: string, value: unknown): string[] {
  const { file, document } = documents[api]!;
  const index = document.methods!.findIndex((m) => m.name === method);
  const validate = ajv.compile({ $ref: \`\${id(file)}#/methods/\${index}/result/schema\` });
  const plain = JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v)));
  return validate(plain) ? [] : (validate.errors ?? []).map((e) => \`\${e.instancePath} \${e.message}\`);
}
`;

const HEAD = `(n: number): Head => ({
  number: \`0x\${n.toString(16)}\`,
  hash: \`0x\${n.toString(16).padStart(64, "0")}\`,
  parentHash: \`0x\${"0".repeat(64)}\`,
  nonce: "0x0000000000000000",
  sha3Uncles: \`0x\${"0".repeat(64)}\`,
  logsBloom: \`0x\${"0".repeat(512)}\`,
  transactionsRoot: \`0x\${"0".repeat(64)}\`,
  stateRoot: \`0x\${"0".repeat(64)}\`,
  receiptsRoot: \`0x\${"0".repeat(64)}\`,
  miner: \`0x\${"0".repeat(40)}\`,
  difficulty: "0x0",
  extraData: "0x",
  gasLimit: "0x1",
  gasUsed: "0x0",
  timestamp: "0x1",
})`;

/** The app's vitest suite. */
export const VITEST = `import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEthNodeClient, type Head } from "@blockchain-rpc/clients/eth";
import { createAdvancedClient } from "@blockchain-rpc/clients/advanced";
import { JsonRpcError } from "@blockchain-rpc/clients";
import { mockTransport, mswHandlers, rpcError } from "@blockchain-rpc/clients/eth/testing";
import { mockTransport as advancedMock, mswHandlers as advancedMsw } from "@blockchain-rpc/clients/advanced/testing";
import { chainTip, currencyCount, makeAdvanced, makeEth, nextHeads, nonceOf } from "../src/app.js";
import { resultErrors } from "./ajv.js";

const head = ${HEAD};
const ADDRESS = "0x8d01c8ee82e581e55c02117a676b5bbd4734fabb";

describe("through mockTransport", () => {
  it("typed handlers answer the app's batch; calls are recorded by name", async () => {
    const transport = mockTransport({ eth_blockNumber: () => "0x10" });
    expect(await chainTip(createEthNodeClient({ transport }))).toEqual({ number: "0x10", transactions: expect.any(Number) });
    expect(transport.calls.map((c) => c.method)).toEqual(["eth_blockNumber", "eth_getBlockByNumber"]);
    expect(transport.calls[1]).toEqual({ method: "eth_getBlockByNumber", params: { block: "latest", fullTransactions: false } });
  });

  it("fallbacks made from the spec are valid by ajv, and the same for the same seed", async () => {
    for (const seed of [1, "two", 3]) {
      const eth = createEthNodeClient({ transport: mockTransport({}, { seed }) });
      const block = await eth.eth_getBlockByNumber("0x5", true);
      expect(resultErrors("eth", "eth_getBlockByNumber", block)).toEqual([]);
      expect(resultErrors("eth", "eth_blockNumber", await eth.eth_blockNumber())).toEqual([]);
      const adv = createAdvancedClient({ transport: advancedMock({}, { seed }) });
      const logs = await adv.getLogs({ blockchain: "eth", fromBlock: 1, toBlock: 2 });
      expect(resultErrors("advanced", "adv_getLogs", logs)).toEqual([]);
      const again = createAdvancedClient({ transport: advancedMock({}, { seed }) });
      expect(await again.getLogs({ blockchain: "eth", fromBlock: 1, toBlock: 2 })).toEqual(logs);
    }
  });

  it("rpcError: the app sees the package's JsonRpcError", async () => {
    const transport = mockTransport({
      eth_getTransactionCount: ({ address }) => {
        if (address === ADDRESS) throw rpcError(3, "unknown account", { address });
        return "0x1";
      },
    });
    const eth = createEthNodeClient({ transport });
    expect(await nonceOf(eth, ADDRESS)).toBeUndefined();
    expect(await nonceOf(eth, "0x0000000000000000000000000000000000000001")).toBe("0x1");
    const unhandled = createEthNodeClient({ transport: mockTransport({}, { unhandled: "error" }) });
    await expect(nonceOf(unhandled, ADDRESS)).rejects.toBeInstanceOf(JsonRpcError);
  });

  it("a subscription: the handler's async iterable is the app's heads", async () => {
    const transport = mockTransport({
      async *eth_subscribe() {
        for (let n = 1; ; n++) yield head(n);
      },
    });
    expect(await nextHeads(createEthNodeClient({ transport }), 3)).toEqual(["0x1", "0x2", "0x3"]);
  });
});

describe("through mswHandlers (the app's own { url, apiKey } clients)", async () => {
  const eth = await mswHandlers({ eth_blockNumber: () => "0x20" }, { url: "https://eth.consumer.invalid/rpc" });
  const adv = await advancedMsw(
    { adv_getCurrencies: () => ({ currencies: [] }) },
    { url: "https://adv.consumer.invalid/multichain", seed: 9 },
  );
  const server = setupServer(...eth, ...adv);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterAll(() => server.close());

  it("answers the app's batch at <url>/<apiKey>, fallbacks valid by ajv", async () => {
    const tip = await chainTip(makeEth("https://eth.consumer.invalid/rpc", "consumer-key"));
    expect(tip.number).toBe("0x20");
    expect(eth.calls.map((c) => c.method)).toEqual(["eth_blockNumber", "eth_getBlockByNumber"]);
    const block = await makeEth("https://eth.consumer.invalid/rpc", "k").eth_getBlockByNumber("latest", false);
    expect(resultErrors("eth", "eth_getBlockByNumber", block)).toEqual([]);
  });

  it("answers the Advanced API's methods by name", async () => {
    expect(await currencyCount(makeAdvanced("https://adv.consumer.invalid/multichain", "k"), "eth")).toBe(0);
    expect(adv.calls).toEqual([{ method: "adv_getCurrencies", params: { blockchain: "eth" } }]);
  });
});
`;

/** The same kit under node:test. */
export const NODE_TEST = `import { test } from "node:test";
import assert from "node:assert/strict";
import { createEthNodeClient } from "@blockchain-rpc/clients/eth";
import { mockTransport, rpcError } from "@blockchain-rpc/clients/eth/testing";
import { chainTip, nonceOf } from "../src/app.js";

test("mockTransport under node:test: a handler and a fallback in one batch", async () => {
  const transport = mockTransport({ eth_blockNumber: () => "0x30" }, { seed: "node" });
  const tip = await chainTip(createEthNodeClient({ transport }));
  assert.equal(tip.number, "0x30");
  assert.deepEqual(transport.calls.map((c) => c.method), ["eth_blockNumber", "eth_getBlockByNumber"]);
});

test("rpcError under node:test", async () => {
  const transport = mockTransport({ eth_getTransactionCount: () => { throw rpcError(3, "unknown") } });
  assert.equal(await nonceOf(createEthNodeClient({ transport }), "0x8d01c8ee82e581e55c02117a676b5bbd4734fabb"), undefined);
});
`;

/** A handler of the wrong type: strict tsc must refuse it. */
export const WRONG = `import { mockTransport } from "@blockchain-rpc/clients/eth/testing";

export const wrong = mockTransport({ eth_blockNumber: () => 16 });
`;

/** A project without msw: the testing entry type-checks (skipLibCheck off) and loads. */
export const NO_MSW = `import { createEthNodeClient } from "@blockchain-rpc/clients/eth";
import { mockTransport } from "@blockchain-rpc/clients/eth/testing";

const transport = mockTransport({ eth_blockNumber: () => "0x40" });
createEthNodeClient({ transport }).eth_blockNumber().then((n) => console.log(JSON.stringify({ n, calls: transport.calls })));
`;

/** The same in CommonJS (require). */
export const NO_MSW_CJS = `const { createEthNodeClient } = require("@blockchain-rpc/clients/eth");
const { mockTransport } = require("@blockchain-rpc/clients/eth/testing");

const transport = mockTransport({ eth_blockNumber: () => "0x41" });
createEthNodeClient({ transport }).eth_blockNumber().then((n) => console.log(JSON.stringify({ n })));
`;

/** What `mswHandlers` says where msw is not installed (run with `node --input-type=module -e`). */
export const NODE_MSW_FREE_CHECK = `import { mswHandlers } from "@blockchain-rpc/clients/eth/testing";
mswHandlers({}, { url: "https://host/eth" }).then(() => console.log("loaded"), (e) => console.log(e.message));
`;

export { AJV };
