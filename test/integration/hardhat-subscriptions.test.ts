/**
 * Integration: subscriptions of the generated Ethereum client against a real node (hardhat@2's
 * `hardhat node`, over WebSocket on a free 127.0.0.1 port): newHeads while mining with `evm_mine`,
 * logs from a contract event, newPendingTransactions, and the unsubscribe the node confirms.
 *
 * EMITTER (runtime code): emits LOG1 with topic TOPIC and no data.
 *     PUSH32 TOPIC, PUSH1 0, PUSH1 0, LOG1, STOP
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { overWs } from "../helpers/over-ws.js";
import {
  createEthNodeClient,
  type EthNodeClient,
  type Hash32,
  type Head,
  type HexData,
  type Log,
} from "../../generated/src/eth/index.js";
import { startHardhatNode, type HardhatNode } from "../helpers/hardhat-node.js";

const TOPIC: Hash32 = `0x${"5e".repeat(32)}`;
const EMITTER_RUNTIME = `7f${TOPIC.slice(2)}60006000a100`;

function initCode(runtime: string): HexData {
  const length = (runtime.length / 2).toString(16).padStart(2, "0");
  // PUSH1 len, DUP1, PUSH1 11, PUSH1 0, CODECOPY, PUSH1 0, RETURN
  return `0x60${length}80600b6000396000f3${runtime}`;
}

/** The first item; leaving the loop unsubscribes. */
async function first<T>(sub: AsyncIterable<T>): Promise<T> {
  for await (const item of sub) return item;
  throw new Error("the subscription ended without an item");
}

let node: HardhatNode;
let eth: EthNodeClient;
let from: `0x${string}`;
let emitter: `0x${string}`;

beforeAll(async () => {
  node = await startHardhatNode();
  from = (await node.rpc<`0x${string}`[]>("eth_accounts"))[0]!;
  const hash = await node.rpc<Hash32>("eth_sendTransaction", [{ from, data: initCode(EMITTER_RUNTIME) }]);
  emitter = (await node.rpc<{ contractAddress: `0x${string}` }>("eth_getTransactionReceipt", [hash])).contractAddress;
  eth = createEthNodeClient(overWs({ url: node.wsUrl, retryCount: 0 }));
}, 90_000);

afterAll(async () => {
  eth?.close();
  await node?.stop();
});

describe("subscriptions against hardhat", () => {
  it("yields a Head per block mined with evm_mine, then unsubscribes on break", async () => {
    const sub = await eth.eth_subscribe("newHeads");
    const id = sub.id;
    const start = Number(await eth.eth_blockNumber());
    for (let i = 0; i < 3; i++) await node.rpc("evm_mine");
    const numbers: number[] = [];
    for await (const head of sub) {
      expectTypeOf(head).toEqualTypeOf<Head>();
      expect(head.hash).toMatch(/^0x[0-9a-f]{64}$/);
      numbers.push(Number(head.number));
      if (numbers.length === 3) break;
    }
    expect(numbers).toEqual([start + 1, start + 2, start + 3]);
    // The node already cancelled it: a second eth_unsubscribe finds nothing.
    expect(await eth.request("eth_unsubscribe", [id as Hash32])).toBe(false);
  }, 30_000);

  it("yields the Log a contract emits, filtered by address and topic", async () => {
    const sub = await eth.eth_subscribe("logs", { address: emitter, topics: [TOPIC] });
    const other = await eth.eth_subscribe("logs", { address: emitter, topics: [`0x${"00".repeat(32)}`] });
    const otherId = other.id;
    const tx = await node.rpc<Hash32>("eth_sendTransaction", [{ from, to: emitter }]);
    const log = await first(sub);
    expectTypeOf(log).toEqualTypeOf<Log>();
    expect(log).toMatchObject({ address: emitter.toLowerCase(), topics: [TOPIC], transactionHash: tx, removed: false });
    await other.unsubscribe();
    expect(await eth.request("eth_unsubscribe", [otherId as Hash32])).toBe(false);
  }, 30_000);

  it("yields the hash of a pending transaction", async () => {
    await node.rpc("evm_setAutomine", [false]);
    try {
      const sub = await eth.eth_subscribe("newPendingTransactions");
      const tx = await node.rpc<Hash32>("eth_sendTransaction", [{ from, to: emitter }]);
      const hash = await first(sub);
      expectTypeOf(hash).toEqualTypeOf<Hash32>();
      expect(hash).toBe(tx);
    } finally {
      await node.rpc("evm_setAutomine", [true]);
      await node.rpc("evm_mine");
    }
  }, 30_000);
});
