/** Type tests of the public API: what users write must type-check, and mistakes must not. */
import { describe, expectTypeOf, it } from "vitest";
import {
  createAdvancedClient,
  type GetLogsResult,
  type Log,
  type NftAsset,
} from "../../generated/src/advanced/index.js";
import {
  createEthNodeClient,
  type CallTracerFrame,
  type StructLoggerResult,
  type Transaction,
} from "../../generated/src/eth/index.js";
import { createSolanaNodeClient, type AccountInfo } from "../../generated/src/solana/index.js";
import {
  HttpError,
  JsonRpcError,
  RpcClientError,
  TimeoutError,
  ValidationError,
  MalformedResponseError,
  type Issue,
} from "../../generated/src/index.js";

const adv = createAdvancedClient({ url: "https://host/multichain", apiKey: "k" });
const eth = createEthNodeClient({ url: "http://127.0.0.1:8545" });
const sol = createSolanaNodeClient({ url: "https://host/solana", apiKey: "k" });

describe("advanced", () => {
  it("takes params by name and returns the documented result", () => {
    expectTypeOf(
      adv.getLogs({ blockchain: "eth", fromBlock: "earliest", toBlock: "latest" }),
    ).resolves.toEqualTypeOf<GetLogsResult>();
    expectTypeOf<GetLogsResult["logs"]>().toEqualTypeOf<Log[] | null>();
    expectTypeOf<GetLogsResult["nextPageToken"]>().toEqualTypeOf<string | undefined>();
    // Real responses omit `blockchain` on logs (x-response-deviations), so the type says so.
    expectTypeOf<Log["blockchain"]>().toEqualTypeOf<
      import("../../generated/src/advanced/index.js").Blockchain | undefined
    >();
    expectTypeOf<NftAsset["contractType"]>().toEqualTypeOf<"ERC721" | "ERC1155" | undefined>();
  });

  it("rejects unknown enum values, unknown fields and missing required params at compile time", () => {
    // @ts-expect-error "btc" is not a blockchain identifier
    void adv.getLogs({ blockchain: "btc" });
    // @ts-expect-error pagesize is not a param (pageSize is)
    void adv.getLogs({ pagesize: 10 });
    // @ts-expect-error walletAddress is required
    void adv.getNFTsByOwner({ blockchain: "eth" });
    // @ts-expect-error fromBlock takes "earliest", not "latest"
    void adv.getLogs({ fromBlock: "latest" });
  });

  it("has the typed generic request form", () => {
    expectTypeOf(adv.request("adv_getLogs", { blockchain: "eth" })).resolves.toEqualTypeOf<GetLogsResult>();
    // @ts-expect-error unknown method
    void adv.request("adv_nope", {});
  });
});

describe("eth", () => {
  it("follows fullTransactions in eth_getBlockByNumber's result", async () => {
    const full = await eth.eth_getBlockByNumber("latest", true);
    expectTypeOf(full!.transactions[0]!).toEqualTypeOf<Transaction>();
    const hashes = await eth.eth_getBlockByNumber("latest", false);
    expectTypeOf(hashes!.transactions[0]!).toEqualTypeOf<`0x${string}`>();
    expectTypeOf(eth.eth_blockNumber()).resolves.toEqualTypeOf<`0x${string}`>();
  });

  it("follows the tracer in debug_traceCall's result", () => {
    const tx = { to: "0x0000000000000000000000000000000000000001" } as const;
    expectTypeOf(eth.debug_traceCall(tx, "latest")).resolves.toEqualTypeOf<StructLoggerResult>();
    expectTypeOf(eth.debug_traceCall(tx, "latest", {})).resolves.toEqualTypeOf<StructLoggerResult>();
    expectTypeOf(eth.debug_traceCall(tx, "latest", { tracer: "callTracer" })).resolves.toEqualTypeOf<CallTracerFrame>();
    expectTypeOf(eth.debug_traceCall(tx, "latest", { tracer: "prestateTracer" })).resolves.toEqualTypeOf<unknown>();
  });

  it("takes call options after the params", () => {
    const signal = new AbortController().signal;
    expectTypeOf(eth.eth_blockNumber({ signal, timeout: 100 })).resolves.toEqualTypeOf<`0x${string}`>();
  });

  it("wants 0x-prefixed hex where the spec's pattern says so", () => {
    // @ts-expect-error an address without the 0x prefix
    void eth.eth_getTransactionCount("8D97689C9818892B700e27F316cc3E41e17fBeb9", "latest");
    void eth.eth_getTransactionCount("0x8D97689C9818892B700e27F316cc3E41e17fBeb9", "latest");
  });
});

describe("solana", () => {
  it("types u64 values as bigint", async () => {
    expectTypeOf(sol.getBlockHeight()).resolves.toEqualTypeOf<bigint>();
    const info = await sol.getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "base64" });
    expectTypeOf(info.context.slot).toEqualTypeOf<bigint>();
    expectTypeOf(info.value!.lamports).toEqualTypeOf<bigint>();
    expectTypeOf(info.value!.data).toEqualTypeOf<[string, "base58" | "base64" | "base64+zstd" | "jsonParsed"]>();
    expectTypeOf<AccountInfo["rentEpoch"]>().toEqualTypeOf<bigint>();
  });

  it("accepts number or bigint for u64 params", () => {
    void sol.getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { minContextSlot: 5 });
    void sol.getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { minContextSlot: 5n });
  });
});

describe("errors", () => {
  it("share one base class and expose their fields", () => {
    expectTypeOf<JsonRpcError>().toMatchTypeOf<RpcClientError>();
    expectTypeOf<JsonRpcError["code"]>().toEqualTypeOf<number>();
    expectTypeOf<JsonRpcError["data"]>().toEqualTypeOf<unknown>();
    expectTypeOf<HttpError["status"]>().toEqualTypeOf<number>();
    expectTypeOf<ValidationError["issues"]>().toEqualTypeOf<readonly Issue[]>();
    expectTypeOf<TimeoutError>().toMatchTypeOf<RpcClientError>();
    expectTypeOf<MalformedResponseError>().toMatchTypeOf<RpcClientError>();
  });
});

describe("subscriptions", () => {
  it("type the items by subscription kind, exact u64 on Solana", () => {
    type Sub<T> = import("../../generated/src/index.js").Subscription<T>;
    expectTypeOf(eth.eth_subscribe("newHeads", { backfill: true })).resolves.toEqualTypeOf<
      Sub<import("../../generated/src/eth/index.js").Head>
    >();
    expectTypeOf(
      eth.eth_subscribe("logs", { address: "0x0000000000000000000000000000000000000001" }),
    ).resolves.toEqualTypeOf<Sub<import("../../generated/src/eth/index.js").Log>>();
    expectTypeOf(eth.eth_subscribe("newPendingTransactions")).resolves.toEqualTypeOf<
      Sub<import("../../generated/src/eth/index.js").Hash32>
    >();
    expectTypeOf(
      sol.accountSubscribe("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "base64" }),
    ).resolves.toEqualTypeOf<Sub<import("../../generated/src/solana/index.js").AccountNotification>>();
    expectTypeOf<
      import("../../generated/src/solana/index.js").AccountNotification["value"]["lamports"]
    >().toEqualTypeOf<bigint>();
    expectTypeOf<import("../../generated/src/solana/index.js").SlotInfo["slot"]>().toEqualTypeOf<bigint>();
  });

  it("rejects unknown kinds, back-fill where there is none, and bad params at compile time", () => {
    // @ts-expect-error "newBlocks" is not a subscription kind
    void eth.eth_subscribe("newBlocks");
    // @ts-expect-error newPendingTransactions cannot back-fill
    void eth.eth_subscribe("newPendingTransactions", { backfill: true });
    // @ts-expect-error a log filter takes addresses, not numbers
    void eth.eth_subscribe("logs", { address: 1 });
    // @ts-expect-error "hex" is not an encoding
    void sol.accountSubscribe("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "hex" });
    // @ts-expect-error subscriptions are not calls of a batch
    void eth.batch((c) => [c.eth_subscribe("newHeads")] as const);
  });
});
