import { describe, expect, it } from "vitest";
import { loadSpec } from "../../../generator/load/load.js";
import { ROOT } from "../../../generator/root.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { doc, loaded } from "../../helpers/spec.js";

const advanced = normalizeDocument(await loadSpec("spec/advanced.openrpc.json", ROOT));
const eth = normalizeDocument(await loadSpec("spec/eth.openrpc.json", ROOT));
const solana = normalizeDocument(await loadSpec("spec/solana.openrpc.json", ROOT));

describe("normalizeDocument on the service's specs", () => {
  it("names client methods without the prefix and types from the method names", () => {
    expect(advanced.methods.map((m) => [m.rpcName, m.clientName, m.paramsType, m.resultType, m.signature])).toEqual([
      ["adv_getCurrencies", "getCurrencies", "GetCurrenciesParams", "GetCurrenciesResult", "object"],
      ["adv_getLogs", "getLogs", "GetLogsParams", "GetLogsResult", "object"],
      ["adv_getBlocks", "getBlocks", "GetBlocksParams", "GetBlocksResult", "object"],
      [
        "adv_getTransactionsByHash",
        "getTransactionsByHash",
        "GetTransactionsByHashParams",
        "GetTransactionsByHashResult",
        "object",
      ],
      ["adv_getInteractions", "getInteractions", "GetInteractionsParams", "GetInteractionsResult", "object"],
      ["adv_getNFTsByOwner", "getNFTsByOwner", "GetNFTsByOwnerParams", "GetNFTsByOwnerResult", "object"],
      ["adv_getNFTMetadata", "getNFTMetadata", "GetNFTMetadataParams", "GetNFTMetadataResult", "object"],
      ["adv_getNFTHolders", "getNFTHolders", "GetNFTHoldersParams", "GetNFTHoldersResult", "object"],
      ["adv_getTokenPrice", "getTokenPrice", "GetTokenPriceParams", "GetTokenPriceResult", "object"],
    ]);
    expect(eth.methods.map((m) => [m.clientName, m.paramsType, m.signature])).toEqual([
      ["eth_blockNumber", "EthBlockNumberParams", "positional"],
      ["eth_getBlockByNumber", "EthGetBlockByNumberParams", "positional"],
      ["eth_call", "EthCallParams", "positional"],
      ["eth_getTransactionCount", "EthGetTransactionCountParams", "positional"],
      ["debug_traceCall", "DebugTraceCallParams", "positional"],
      ["eth_subscribe", "EthSubscribeParams", "positional"],
      ["eth_unsubscribe", "EthUnsubscribeParams", "positional"],
    ]);
    expect([advanced.factory, eth.factory, solana.factory]).toEqual([
      "createAdvancedClient",
      "createEthNodeClient",
      "createSolanaNodeClient",
    ]);
    expect([advanced.clientType, eth.clientType, solana.clientType]).toEqual([
      "AdvancedClient",
      "EthNodeClient",
      "SolanaNodeClient",
    ]);
  });

  it("keeps the documented positional order", () => {
    const order = (name: string) => advanced.methods.find((m) => m.rpcName === name)!.params.map((p) => p.name);
    expect(order("adv_getLogs")).toEqual([
      "address",
      "blockchain",
      "decodeLogs",
      "descOrder",
      "fromBlock",
      "fromTimestamp",
      "pageSize",
      "pageToken",
      "toBlock",
      "toTimestamp",
      "topics",
    ]);
    expect(order("adv_getBlocks")).toEqual([
      "blockchain",
      "decodeLogs",
      "decodeTxData",
      "descOrder",
      "fromBlock",
      "includeLogs",
      "includeTxs",
      "toBlock",
    ]);
    expect(order("adv_getNFTsByOwner")).toEqual(["walletAddress", "blockchain", "filter", "pageSize", "pageToken"]);
    expect(order("adv_getTransactionsByHash")).toEqual([
      "transactionHash",
      "blockchain",
      "decodeLogs",
      "decodeTxData",
      "includeLogs",
    ]);
    expect(order("adv_getNFTMetadata")).toEqual(["contractAddress", "blockchain", "forceFetch", "tokenId"]);
    expect(order("adv_getNFTHolders")).toEqual(["blockchain", "contractAddress", "pageSize", "pageToken"]);
    expect(order("adv_getTokenPrice")).toEqual(["blockchain", "contractAddress"]);
  });

  it("derives pagination from the spec (pageToken in, nextPageToken and one list out)", () => {
    const paged = advanced.methods
      .filter((m) => m.pagination)
      .map((m) => [m.rpcName, m.pagination!.itemsField, m.pagination!.itemType]);
    expect(paged).toEqual([
      ["adv_getLogs", "logs", "Log"],
      ["adv_getNFTsByOwner", "assets", "NftAsset"],
      ["adv_getNFTHolders", "holders", 'NonNullable<GetNFTHoldersResult["holders"]>[number]'],
    ]);
    expect(eth.methods.some((m) => m.pagination) || solana.methods.some((m) => m.pagination)).toBe(false);
  });

  it("reads x-limits, x-idempotent and x-result-variants", () => {
    const blocks = advanced.methods.find((m) => m.rpcName === "adv_getBlocks")!;
    expect(blocks.limits.map((l) => l.rule)).toEqual(["maxBlockSpan", "requires"]);
    expect(blocks.limits[0]).toMatchObject({ from: "fromBlock", to: "toBlock", max: 30 });
    // Every call may be retried; a subscribe may not (a retry would open a second subscription).
    const all = [...advanced.methods, ...eth.methods, ...solana.methods];
    expect(all.filter((m) => !m.idempotent).map((m) => m.rpcName)).toEqual([
      "eth_subscribe",
      "accountSubscribe",
      "slotSubscribe",
      "logsSubscribe",
    ]);
    expect(
      all
        .filter((m) => m.subscription)
        .map((m) => [m.rpcName, m.subscription!.notification, m.subscription!.unsubscribe, m.subscription!.itemType]),
    ).toEqual([
      ["eth_subscribe", "eth_subscription", "eth_unsubscribe", "EthSubscribeItem"],
      ["accountSubscribe", "accountNotification", "accountUnsubscribe", "AccountNotification"],
      ["slotSubscribe", "slotNotification", "slotUnsubscribe", "SlotInfo"],
      ["logsSubscribe", "logsNotification", "logsUnsubscribe", "LogsNotification"],
    ]);
    expect(
      eth.methods
        .find((m) => m.subscription)!
        .subscription!.variants.map((v) => [v.name, v.itemType, v.paramCount, v.backfill]),
    ).toEqual([
      ["NewHeads", "Head", 1, "blocks"],
      ["Logs", "Log", 2, "logs"],
      ["NewPendingTransactions", "Hash32", 1, undefined],
    ]);
    const byNumber = eth.methods.find((m) => m.rpcName === "eth_getBlockByNumber")!;
    expect(byNumber.variants.map((v) => [v.typeName, v.when])).toEqual([
      ["EthGetBlockByNumberResultWithTransactions", { param: "fullTransactions", equals: true }],
      ["EthGetBlockByNumberResultWithTransactionHashes", { param: "fullTransactions", equals: false }],
    ]);
  });

  it("bundles external schemas under their own key and keeps the documented contract beside the lenient one", () => {
    const hex = eth.schemas.find((s) => s.name === "HexQuantity")!;
    expect(hex.pointer).toBe("spec/schemas/values.json#/HexQuantity");
    const log = advanced.schemas.find((s) => s.name === "Log")!;
    expect((log.schema as { required: string[] }).required).toContain("blockchain");
    expect((log.lenient as { required: string[] }).required).not.toContain("blockchain");
  });
});

describe("normalizeDocument on small documents", () => {
  it("names a result whose name the document gives another schema `<Method>CallResult`, not a number", () => {
    // The result is not the component GetResult (that one is used as is: same-names.test.ts).
    const d = doc([{ name: "get", result: { name: "r", schema: { type: "integer" } } }], {
      GetResult: { type: "string" },
    });
    const model = normalizeDocument(loaded(d));
    expect(model.methods[0]!.resultType).toBe("GetCallResult");
    expect(model.schemas.map((s) => s.name).sort()).toEqual(["GetCallResult", "GetParams", "GetResult"]);
    expect(model.warnings).toEqual([]);
  });

  it("renames names the document gives twice (after case changes) with a number, and warns", () => {
    const d = doc([{ name: "get", result: { name: "r", schema: { $ref: "#/components/schemas/foo_bar" } } }], {
      foo_bar: { type: "string" },
      FooBar: { type: "integer" },
    });
    const model = normalizeDocument(loaded(d));
    expect(model.schemas.map((s) => s.name).sort()).toEqual(["FooBar", "FooBar2", "GetParams", "GetResult"]);
    expect(model.warnings).toEqual([
      expect.objectContaining({ rule: "rename", message: expect.stringContaining('name "FooBar" is already taken') }),
    ]);
  });

  it("names a schema the document calls like a name the generated code uses itself with a suffix, not a number", () => {
    const d = doc([{ name: "get", result: { name: "r", schema: { $ref: "#/components/schemas/String" } } }], {
      String: { type: "string" },
    });
    const model = normalizeDocument(loaded(d));
    expect(model.schemas.map((s) => s.name)).toContain("StringType");
  });

  it("escapes method and param names that are not identifiers", () => {
    const d = doc([
      {
        name: "foo.bar",
        paramStructure: "by-position",
        params: [{ name: "class", required: true, schema: { type: "string" } }],
      },
      { name: "request" },
    ]);
    const model = normalizeDocument(loaded(d));
    expect(model.methods.map((m) => m.clientName)).toEqual(["fooBar", "request2"]);
    expect(model.methods[0]!.params[0]).toMatchObject({ name: "class", argName: "class_" });
    expect(model.warnings.map((w) => [w.pointer, w.message])).toEqual([
      ["/methods/0/name", 'method name "foo.bar" is not a JavaScript identifier; its client method is "fooBar".'],
      [
        "/methods/0/params",
        'param name "class" of "foo.bar" is not usable as an argument name; it is "class_" in positional signatures.',
      ],
      [
        "/methods/1/name",
        'name "request" is already taken by a name the generated code uses itself; this one is named "request2".',
      ],
    ]);
  });

  it("derives subpath and factory from the file and title when x-client is absent", () => {
    const model = normalizeDocument(loaded(doc([{ name: "a" }]), {}, "specs/pet-store.openrpc.yaml"));
    expect([model.subpath, model.factory, model.clientType]).toEqual(["pet-store", "createTestClient", "TestClient"]);
  });

  it("keeps recursion as references", () => {
    const d = doc([{ name: "tree", result: { name: "r", schema: { $ref: "#/components/schemas/Node" } } }], {
      Node: {
        type: "object",
        properties: { children: { type: "array", items: { $ref: "#/components/schemas/Node" } } },
      },
    });
    const model = normalizeDocument(loaded(d));
    expect(model.schemas.find((s) => s.name === "Node")!.schema).toEqual({
      type: "object",
      properties: { children: { type: "array", items: { $ref: "#/definitions/Node" } } },
    });
  });
});
