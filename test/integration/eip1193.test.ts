/**
 * EIP-1193 both ways against real nodes:
 * - `toEip1193Provider(client)` (the `eth` subpath) under viem 2's `custom(provider)` and ethers 6's
 *   `BrowserProvider` reads the same block number, blocks and nonce as viem's and ethers' own HTTP
 *   transports from a `hardhat node` (test/helpers/hardhat-node.ts); its errors, hostile requests and
 *   subscriptions (`"message"` events over a WebSocket client).
 * - `fromEip1193(provider)` (the root) under our client, over hardhat's own in-process provider (which
 *   emits `"message"` events: subscriptions work) and over viem's HTTP transport.
 */
import { BrowserProvider, JsonRpcProvider } from "ethers";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { createPublicClient, custom, http, type EIP1193RequestFn } from "viem";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEthNodeClient, toEip1193Provider, type Head } from "../../generated/src/eth/index.js";
import {
  JsonRpcError,
  ProviderRpcError,
  ValidationError,
  fromEip1193,
  type Eip1193ProviderLike,
  type WebSocketConstructor,
} from "../../generated/src/runtime/index.js";
import { webSocket } from "../../generated/src/ws/index.js";
import { RawRpcError, startHardhatNode, type HardhatNode } from "../helpers/hardhat-node.js";

let node: HardhatNode;
let accounts: `0x${string}`[];
/** The code and message the node answers a method it does not know with (hardhat: -32004). */
let unknownMethodCode: number;
let unknownMethodMessage: string;
const closers: (() => void)[] = [];

beforeAll(async () => {
  node = await startHardhatNode();
  accounts = await node.rpc<`0x${string}`[]>("eth_accounts");
  // Two transactions from the first account: a nonce of 2, blocks 1 and 2 with a transaction each.
  for (let i = 0; i < 2; i++)
    await node.rpc("eth_sendTransaction", [{ from: accounts[0], to: accounts[1], value: "0x1" }]);
  const unknown = (await node.rpc("foo_bar").catch((e: unknown) => e)) as RawRpcError;
  unknownMethodCode = unknown.code;
  unknownMethodMessage = unknown.message.replace(/^foo_bar: JSON-RPC error -?\d+: /, "");
  expect(unknownMethodCode).toBeLessThan(0);
}, 90_000);
afterAll(async () => {
  for (const close of closers) close();
  await node?.stop();
});

/** Our client over HTTP to the node, and the EIP-1193 provider over it. */
function ours(): ReturnType<typeof toEip1193Provider> {
  const eth = createEthNodeClient({ url: node.httpUrl });
  closers.push(() => eth.close());
  return toEip1193Provider(eth);
}

describe("toEip1193Provider under viem 2's custom() and ethers 6's BrowserProvider", () => {
  it("viem reads the same block number, blocks, nonce and chain id as through its own http()", async () => {
    const over = createPublicClient({ transport: custom(ours()) });
    const direct = createPublicClient({ transport: http(node.httpUrl) });
    const number = await direct.getBlockNumber();
    expect(number).toBe(2n);
    expect(await over.getBlockNumber({ cacheTime: 0 })).toBe(number);
    expect(await over.getBlock({ blockNumber: 1n })).toEqual(await direct.getBlock({ blockNumber: 1n }));
    expect(await over.getBlock({ blockTag: "latest", includeTransactions: true })).toEqual(
      await direct.getBlock({ blockTag: "latest", includeTransactions: true }),
    );
    expect(await over.getTransactionCount({ address: accounts[0]! })).toBe(2);
    expect(await over.getTransactionCount({ address: accounts[0]! })).toBe(
      await direct.getTransactionCount({ address: accounts[0]! }),
    );
    // eth_chainId is no method of our spec: forwarded unvalidated.
    expect(await over.getChainId()).toBe(await direct.getChainId());
  });

  it("ethers reads the same block number, blocks and nonce as through its own JsonRpcProvider", async () => {
    const over = new BrowserProvider(ours());
    const direct = new JsonRpcProvider(node.httpUrl);
    try {
      expect(await over.getBlockNumber()).toBe(await direct.getBlockNumber());
      for (const tag of [1, 2, "latest"] as const) {
        const [a, b] = [await over.getBlock(tag, true), await direct.getBlock(tag, true)];
        expect(a?.toJSON()).toEqual(b?.toJSON());
        expect(a?.prefetchedTransactions.map((t) => t.hash)).toEqual(b?.prefetchedTransactions.map((t) => t.hash));
      }
      expect(await over.getTransactionCount(accounts[0]!)).toBe(2);
      expect(await over.getTransactionCount(accounts[0]!, "latest")).toBe(
        await direct.getTransactionCount(accounts[0]!, "latest"),
      );
      expect((await over.getNetwork()).chainId).toBe((await direct.getNetwork()).chainId);
    } finally {
      over.destroy();
      direct.destroy();
    }
  });

  it("params the client refuses: -32602 with the issues, and viem sees InvalidParamsRpcError", async () => {
    const provider = ours();
    const error = await provider
      .request({ method: "eth_getBlockByNumber", params: ["yesterday", false] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRpcError);
    expect(error).toMatchObject({ code: -32602 });
    expect((error as ProviderRpcError).cause).toBeInstanceOf(ValidationError);
    expect((error as { data: { issues: { path: string }[] } }).data.issues[0]!.path).toBe("params.block");
    const viem = createPublicClient({ transport: custom(provider, { retryCount: 0 }) });
    await expect(
      viem.request({ method: "eth_getTransactionCount", params: ["0xnot-an-address" as `0x${string}`, "latest"] }),
    ).rejects.toMatchObject({ name: "InvalidParamsRpcError", code: -32602 });
  });

  it("a JSON-RPC error of the node keeps its code and message", async () => {
    const error = await ours()
      .request({ method: "foo_bar", params: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRpcError);
    expect((error as ProviderRpcError).code).toBe(unknownMethodCode);
    // The node's own message (JsonRpcError's prefix taken off), then the method and host as every error names them.
    expect((error as ProviderRpcError).shortMessage).toBe(unknownMethodMessage);
    expect((error as ProviderRpcError).message).toBe(`${unknownMethodMessage} (method foo_bar, host ${node.host})`);
  });

  it("hostile requests: refused with -32600/-32602, prototype names forwarded as names, no pollution", async () => {
    const provider = ours();
    const request = provider.request as (args: unknown) => Promise<unknown>;
    await expect(request(null)).rejects.toMatchObject({ code: -32600 });
    await expect(request({ method: 5 })).rejects.toMatchObject({ code: -32600 });
    await expect(request({ method: "eth_blockNumber", params: "x" })).rejects.toMatchObject({ code: -32602 });
    for (const method of ["__proto__", "constructor", "toString", "hasOwnProperty"])
      await expect(request({ method, params: [] })).rejects.toMatchObject({ code: unknownMethodCode });
    await expect(request({ method: "__proto__", params: { polluted: true } })).rejects.toBeInstanceOf(ProviderRpcError);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    // Huge params: refused before anything is sent, without a hang.
    await expect(request({ method: "eth_blockNumber", params: new Array(100_000).fill(0) })).rejects.toMatchObject({
      code: -32602,
    });
    await expect(
      request({ method: "eth_getTransactionCount", params: [`0x${"a".repeat(5_000_000)}`, "latest"] }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it("over HTTP a subscription is not supported: 4200, nothing sent", async () => {
    await expect(ours().request({ method: "eth_subscribe", params: ["newHeads"] })).rejects.toMatchObject({
      code: 4200,
    });
  });

  it('over WebSocket: eth_subscribe emits "message" events until eth_unsubscribe', async () => {
    const eth = createEthNodeClient({
      transport: webSocket(node.wsUrl, { WebSocket: WebSocket as unknown as WebSocketConstructor }),
    });
    closers.push(() => eth.close());
    const provider = toEip1193Provider(eth);
    const messages: { type: string; data: { subscription: string; result: Head } }[] = [];
    provider.on("message", () => {
      throw new Error("a listener that throws stops no other");
    });
    provider.on("message", ((m: (typeof messages)[number]) => void messages.push(m)) as (payload: never) => void);
    const id = await provider.request({ method: "eth_subscribe", params: ["newHeads"] });
    expect(typeof id).toBe("string");
    await node.rpc("evm_mine");
    await expect.poll(() => messages.length, { timeout: 10_000 }).toBe(1);
    expect(messages[0]).toMatchObject({ type: "eth_subscription", data: { subscription: id } });
    expect(messages[0]!.data.result.number).toBe(await node.rpc("eth_blockNumber"));
    await expect(provider.request({ method: "eth_unsubscribe", params: [id] })).resolves.toBe(true);
    await node.rpc("evm_mine");
    await new Promise((r) => setTimeout(r, 300));
    expect(messages).toHaveLength(1);
  });
});

/** Hardhat's in-process provider (its own chain, in this process), which emits "message" events. */
function hardhatProvider(): Eip1193ProviderLike & {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
} {
  process.env.HARDHAT_CONFIG = resolve(import.meta.dirname, "hardhat/hardhat.config.cjs");
  const require = createRequire(import.meta.url);
  return (require("hardhat") as { network: { provider: ReturnType<typeof hardhatProvider> } }).network.provider;
}

describe("fromEip1193: our client over other providers", () => {
  it("over hardhat's own provider: typed calls, validation before the provider, its errors as JsonRpcError", async () => {
    const hh = hardhatProvider();
    let asked = 0;
    const counting: Eip1193ProviderLike = {
      request: (args) => (asked++, hh.request(args)),
      on: (event, listener) => hh.on!(event, listener),
      removeListener: (event, listener) => hh.removeListener!(event, listener),
    };
    const eth = createEthNodeClient({ transport: fromEip1193(counting, { name: "hardhat" }) });
    await hh.request({ method: "evm_mine", params: [] });
    const number = await eth.eth_blockNumber();
    expect(number).toBe(await hh.request({ method: "eth_blockNumber", params: [] }));
    const block = await eth.eth_getBlockByNumber(number, false);
    expect(block).toEqual(await hh.request({ method: "eth_getBlockByNumber", params: [number, false] }));
    const [from] = (await hh.request({ method: "eth_accounts", params: [] })) as `0x${string}`[];
    expect(await eth.eth_getTransactionCount(from!, "latest")).toBe(
      await hh.request({ method: "eth_getTransactionCount", params: [from, "latest"] }),
    );
    const before = asked;
    // @ts-expect-error not a block
    await expect(eth.eth_getBlockByNumber("yesterday", false)).rejects.toBeInstanceOf(ValidationError);
    expect(asked).toBe(before);
    const error = await (eth.request as (m: string, p: unknown[]) => Promise<unknown>)("foo_bar", []).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: unknownMethodCode, host: "hardhat" });
  });

  it('over hardhat\'s own provider: subscriptions from its "message" events', async () => {
    const hh = hardhatProvider();
    const eth = createEthNodeClient({ transport: fromEip1193(hh) });
    const sub = await eth.eth_subscribe("newHeads");
    await hh.request({ method: "evm_mine", params: [] });
    const iterator = sub[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect((first.value as Head).number).toBe(await hh.request({ method: "eth_blockNumber", params: [] }));
    await sub.unsubscribe();
    expect((await iterator.next()).done).toBe(true);
  });

  it("over viem's http transport: the same answers as the node's; a key in its URL is never in our error", async () => {
    const viem = http(node.httpUrl, { retryCount: 0 })({}) as { request: EIP1193RequestFn };
    const eth = createEthNodeClient({ transport: fromEip1193(viem) });
    expect(await eth.eth_blockNumber()).toBe(await node.rpc("eth_blockNumber"));
    const KEY = "Sk-probe-9c1e7";
    const keyed = http(`http://127.0.0.1:1/${KEY}`, { retryCount: 0 })({}) as { request: EIP1193RequestFn };
    const failed = await createEthNodeClient({ transport: fromEip1193(keyed), retryCount: 0 })
      .eth_blockNumber()
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ name: "NetworkError" });
    expect(JSON.stringify(failed) + String(failed) + (failed as Error).message).not.toContain(KEY);
  });
});
