/**
 * Type-level checks of what the generated clients resolve to (run by vitest's typecheck, which
 * only looks at *.test-d.ts files; the expectTypeOf calls inside methods.test.ts are not
 * type-checked by `vitest run`, only by `npm run typecheck`).
 */
import { describe, expectTypeOf, test } from "vitest";
import type {
  AdvancedClient,
  GetInteractionsResult,
  GetLogsResult,
  GetNFTMetadataResult,
  Log,
} from "../../generated/src/advanced/index.js";
import type {
  CallTracerFrame,
  DebugTraceCallResult,
  CallObject,
  EthNodeClient,
  Hash32,
  HexQuantity,
  StructLoggerResult,
  Transaction,
} from "../../generated/src/eth/index.js";
import type { AccountInfoEncoded, SolanaNodeClient } from "../../generated/src/solana/index.js";

declare const advanced: AdvancedClient;
declare const eth: EthNodeClient;
declare const solana: SolanaNodeClient;
const call = { to: "0x6b175474e89094c44da98b954eedeac495271d0f", data: "0x70a08231" } satisfies CallObject;

describe("Advanced results", () => {
  test("method results", () => {
    expectTypeOf(advanced.getLogs({ blockchain: "eth" })).resolves.toEqualTypeOf<GetLogsResult>();
    expectTypeOf(advanced.getInteractions({ address: "0x" })).resolves.toEqualTypeOf<GetInteractionsResult>();
    expectTypeOf(advanced.getNFTMetadata({ contractAddress: "0x" })).resolves.toEqualTypeOf<GetNFTMetadataResult>();
    expectTypeOf(advanced.request("adv_getLogs", {})).resolves.toEqualTypeOf<GetLogsResult>();
  });

  test("Log.blockchain is optional (real responses omit it)", () => {
    expectTypeOf<Log>().toHaveProperty("blockchain");
    expectTypeOf<{ address: string }>().not.toExtend<Log>();
    expectTypeOf<undefined>().toExtend<Log["blockchain"]>();
  });
});

describe("Ethereum results", () => {
  test("eth_getBlockByNumber(…, true): transactions are Transaction objects", async () => {
    const block = await eth.eth_getBlockByNumber("latest", true);
    if (block === null) return;
    expectTypeOf(block.transactions).toEqualTypeOf<Transaction[]>();
    // what callers do with the list: iterate, index, map, filter
    for (const tx of block.transactions) expectTypeOf(tx).toEqualTypeOf<Transaction>();
    expectTypeOf(block.transactions.map((tx) => tx)).toEqualTypeOf<Transaction[]>();
    expectTypeOf(block.transactions.filter((tx) => tx.to === null)).toEqualTypeOf<Transaction[]>();
  });

  test("eth_getBlockByNumber(…, false): transactions are hashes", async () => {
    const block = await eth.eth_getBlockByNumber("0x2a", false);
    if (block === null) return;
    expectTypeOf(block.transactions).toEqualTypeOf<Hash32[]>();
    expectTypeOf(block.transactions).toExtend<string[]>();
    expectTypeOf(block.transactions.map((hash) => hash)).toEqualTypeOf<Hash32[]>();
    expectTypeOf(block.transactions).not.toExtend<Transaction[]>();
  });

  test("eth_getBlockByNumber may resolve to null", () => {
    expectTypeOf<null>().toExtend<Awaited<ReturnType<typeof eth.eth_getBlockByNumber>>>();
  });

  test("debug_traceCall result follows the tracer", () => {
    expectTypeOf(eth.debug_traceCall(call, "latest")).resolves.toEqualTypeOf<StructLoggerResult>();
    expectTypeOf(eth.debug_traceCall(call, "latest", {})).resolves.toEqualTypeOf<StructLoggerResult>();
    expectTypeOf(
      eth.debug_traceCall(call, "latest", { tracer: "callTracer" }),
    ).resolves.toEqualTypeOf<CallTracerFrame>();
    expectTypeOf(
      eth.debug_traceCall(call, "latest", { tracer: "prestateTracer" }),
    ).resolves.toEqualTypeOf<DebugTraceCallResult>();
  });

  test("hex quantities are strings", () => {
    expectTypeOf(eth.eth_blockNumber()).resolves.toEqualTypeOf<HexQuantity>();
    expectTypeOf(eth.eth_blockNumber()).resolves.toExtend<string>();
    expectTypeOf(
      eth.eth_getTransactionCount("0x8D97689C9818892B700e27F316cc3E41e17fBeb9", "latest"),
    ).resolves.toEqualTypeOf<HexQuantity>();
  });
});

describe("Solana results (u64 as bigint)", () => {
  test("getBlockHeight resolves to bigint", () => {
    expectTypeOf(solana.getBlockHeight()).resolves.toEqualTypeOf<bigint>();
  });

  test("getAccountInfo with an encoding: encoded data, bigint u64 fields", async () => {
    const info = await solana.getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "base64" });
    expectTypeOf(info.value).toEqualTypeOf<AccountInfoEncoded | null>();
    expectTypeOf(info.context.slot).toEqualTypeOf<bigint>();
    if (info.value === null) return;
    expectTypeOf(info.value.lamports).toEqualTypeOf<bigint>();
    expectTypeOf(info.value.rentEpoch).toEqualTypeOf<bigint>();
    // `space` is `type: ["integer", "null"]`, `format: uint64` in the spec: a u64 or null.
    expectTypeOf(info.value.space).toEqualTypeOf<bigint | null | undefined>();
    expectTypeOf(info.value.data).toExtend<[string, string]>();
  });
});
