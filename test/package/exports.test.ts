/**
 * The public export list of every entry point, as a snapshot: nothing leaks or vanishes by
 * accident. A change here is a change of the package's API; review it as one.
 */
import { describe, expect, it } from "vitest";
import * as root from "../../generated/src/index.js";
import * as advanced from "../../generated/src/advanced/index.js";
import * as advancedMethods from "../../generated/src/advanced/methods.js";
import * as eth from "../../generated/src/eth/index.js";
import * as ethMethods from "../../generated/src/eth/methods.js";
import * as solana from "../../generated/src/solana/index.js";
import * as ws from "../../generated/src/ws/index.js";
import * as node from "../../generated/src/node/index.js";
import * as mcp from "../../generated/src/mcp/index.js";
import * as advancedTesting from "../../generated/src/advanced/testing.js";
import * as ethTesting from "../../generated/src/eth/testing.js";
import * as solanaTesting from "../../generated/src/solana/testing.js";
import * as advancedSchemas from "../../generated/src/advanced/schemas.js";
import * as ethSchemas from "../../generated/src/eth/schemas.js";
import * as solanaSchemas from "../../generated/src/solana/schemas.js";

const runtimeValues = [
  "AbortError",
  "DEFAULT_BATCH_SIZE",
  "DEFAULT_MAX_RESPONSE_BYTES",
  "DEFAULT_RETRY",
  "DEFAULT_SUBSCRIPTION_BUFFER",
  "DEFAULT_TIMEOUT",
  "HttpError",
  "JsonRpcError",
  "MalformedResponseError",
  "NetworkError",
  "ProviderRpcError",
  "ResponseTooLargeError",
  "RpcClientError",
  "SocketClosedError",
  "SubscriptionError",
  "TimeoutError",
  "ValidationError",
  "createRpcClient",
  "createTransport",
  "fromEip1193",
  "http",
  "isJsonRpcError",
  "parseJson",
  "stringifyJson",
];

describe("run-time exports", () => {
  it.each([
    ["root", root, runtimeValues],
    ["advanced", advanced, ["AdvancedErrors", "api", "createAdvancedClient"]],
    // An Ethereum API: its client also as an EIP-1193 provider (viem's custom(), ethers' BrowserProvider).
    ["eth", eth, ["EthNodeErrors", "api", "createEthNodeClient", "toEip1193Provider"]],
    ["solana", solana, ["SolanaNodeErrors", "api", "createSolanaNodeClient"]],
    // The per-method functions: the core's factory and one function per method (not the subscribe methods).
    [
      "advanced/methods",
      advancedMethods,
      [
        "createAdvancedCore",
        "getBlocks",
        "getCurrencies",
        "getInteractions",
        "getLogs",
        "getNFTHolders",
        "getNFTMetadata",
        "getNFTsByOwner",
        "getTokenPrice",
        "getTransactionsByHash",
      ],
    ],
    [
      "eth/methods",
      ethMethods,
      [
        "createEthNodeCore",
        "debug_traceCall",
        "eth_blockNumber",
        "eth_call",
        "eth_getBlockByNumber",
        "eth_getTransactionCount",
        "eth_unsubscribe",
      ],
    ],
    // The WebSocket transport alone: an HTTP-only app never imports this entry.
    ["ws", ws, ["webSocket"]],
    // The Node HTTP transport alone: browser and edge bundles never import this entry.
    ["node", node, ["nodeHttp"]],
    // The MCP server (the one entry that loads @modelcontextprotocol/sdk) and the tool tables.
    ["mcp", mcp, ["createMcpServer", "toolsets"]],
    // The test kits: apps import them from their tests only.
    ["advanced/testing", advancedTesting, ["MockRpcError", "mockTransport", "mswHandlers", "rpcError"]],
    ["eth/testing", ethTesting, ["MockRpcError", "mockTransport", "mswHandlers", "rpcError"]],
    ["solana/testing", solanaTesting, ["MockRpcError", "mockTransport", "mswHandlers", "rpcError"]],
    // The Standard Schema of every method: one object, by JSON-RPC name.
    ["advanced/schemas", advancedSchemas, ["schemas"]],
    ["eth/schemas", ethSchemas, ["schemas"]],
    ["solana/schemas", solanaSchemas, ["schemas"]],
  ])("%s", (_name, module, expected) => {
    expect(Object.keys(module).sort()).toEqual([...expected].sort());
  });

  it("error classes all extend RpcClientError", () => {
    for (const name of runtimeValues.filter((n) => /^[A-Z]\w*Error$/.test(n) && n !== "RpcClientError")) {
      const Ctor = (root as unknown as Record<string, new (...args: never[]) => unknown>)[name]!;
      expect(Object.prototype.isPrototypeOf.call(root.RpcClientError.prototype, Ctor.prototype), name).toBe(true);
    }
  });
});
