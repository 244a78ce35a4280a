/** Type tests of the per-method functions (`<api>/methods`): the same types as the client object's methods. */
import { describe, expectTypeOf, it } from "vitest";
import type { GetLogsParams, GetLogsResult } from "../../generated/src/advanced/index.js";
import { createAdvancedCore, getBlocks, getLogs, type AdvancedCore } from "../../generated/src/advanced/methods.js";
import type {
  EthGetBlockByNumberResult,
  EthGetBlockByNumberResultWithTransactionHashes,
  EthGetBlockByNumberResultWithTransactions,
} from "../../generated/src/eth/index.js";
import { createEthNodeCore, eth_blockNumber, eth_getBlockByNumber } from "../../generated/src/eth/methods.js";
import { createSolanaNodeCore, getBlockHeight } from "../../generated/src/solana/methods.js";
import type { CallOptions, RpcClient } from "../../generated/src/runtime/index.js";

const core = createAdvancedCore({ url: "https://host/multichain", apiKey: "k" });
const ethCore = createEthNodeCore({ url: "http://127.0.0.1:8545" });
const solCore = createSolanaNodeCore({ url: "https://host/solana", apiKey: "k" });

describe("per-method functions", () => {
  it("take the core, the method's params and call options, and return its result", () => {
    expectTypeOf(core).toEqualTypeOf<AdvancedCore>();
    expectTypeOf(core).toMatchTypeOf<RpcClient>();
    expectTypeOf(getLogs(core, { blockchain: "eth" })).resolves.toEqualTypeOf<GetLogsResult>();
    expectTypeOf(getLogs).parameter(1).toEqualTypeOf<GetLogsParams | undefined>();
    expectTypeOf(getLogs).parameter(2).toEqualTypeOf<CallOptions | undefined>();
    expectTypeOf(getBlockHeight(solCore)).resolves.toEqualTypeOf<bigint>();
  });

  it("keep the result variants of the client (overloads)", () => {
    expectTypeOf(
      eth_getBlockByNumber(ethCore, "latest", true),
    ).resolves.toEqualTypeOf<EthGetBlockByNumberResultWithTransactions>();
    expectTypeOf(
      eth_getBlockByNumber(ethCore, "latest", false),
    ).resolves.toEqualTypeOf<EthGetBlockByNumberResultWithTransactionHashes>();
    const full: boolean = Math.random() > 0.5;
    expectTypeOf(eth_getBlockByNumber(ethCore, "latest", full)).toEqualTypeOf<Promise<EthGetBlockByNumberResult>>();
  });

  it("refuse a core of another API, wrong params and unknown params", () => {
    // @ts-expect-error an eth core cannot call an advanced method
    void getLogs(ethCore, { blockchain: "eth" });
    // @ts-expect-error an advanced core cannot call an eth method
    void eth_blockNumber(core);
    // @ts-expect-error blockchain is a known chain name
    void getLogs(core, { blockchain: "ethereum" });
    // @ts-expect-error getBlocks requires blockchain
    void getBlocks(core, { fromBlock: 1 });
    // @ts-expect-error no such param
    void getLogs(core, { blockchain: "eth", pageSiz: 1 });
  });
});
