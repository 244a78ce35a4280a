/**
 * A custom transport, as a user writes one: an in-memory object of the `Transport` shape given to a
 * generated client factory. Calls, a batch and a subscription all go through it; the client frames,
 * validates, decodes and retries around it; a transport that lacks a capability is refused with an
 * error naming the capability, and one that never answers still meets the client's timeout.
 */
import { describe, expect, it } from "vitest";
import { createEthNodeClient } from "../../generated/src/eth/index.js";
import {
  JsonRpcError,
  SubscriptionError,
  TimeoutError,
  ValidationError,
  createTransport,
  type ConnectionEvent,
  type ServerNotification,
  type Transport,
  type TransportRequest,
} from "../../generated/src/index.js";

/** An in-memory node: answers eth_blockNumber, eth_subscribe (then pushes two heads) and eth_unsubscribe. */
function memoryNode() {
  const seen: { kind: "request" | "batch"; methods: string[]; body: string }[] = [];
  const listeners = new Set<(n: ServerNotification) => void>();
  let failures = 0;
  const answer = (r: TransportRequest): unknown => {
    if (r.method === "eth_blockNumber") return { jsonrpc: "2.0", id: r.id, result: "0x10" };
    if (r.method === "eth_getTransactionCount" && failures-- > 0)
      return { jsonrpc: "2.0", id: r.id, error: { code: -32055, message: "no nodes available" } };
    if (r.method === "eth_getTransactionCount") return { jsonrpc: "2.0", id: r.id, result: "0x1" };
    if (r.method === "eth_subscribe") {
      setTimeout(() => {
        for (const n of [1, 2])
          for (const l of listeners)
            l({ method: "eth_subscription", params: { subscription: "0xa1", result: head(n) } });
      }, 5);
      return { jsonrpc: "2.0", id: r.id, result: "0xa1" };
    }
    if (r.method === "debug_traceCall")
      return { jsonrpc: "2.0", id: r.id, error: { code: -32601, message: "no tracing here" } };
    if (r.method === "eth_unsubscribe") return { jsonrpc: "2.0", id: r.id, result: true };
    return { jsonrpc: "2.0", id: r.id, error: { code: -32601, message: `no ${r.method}` } };
  };
  // A plain object, not made by createTransport: the client accepts any object of the shape.
  const transport: Transport = {
    type: "memory",
    host: "memory",
    capabilities: { batch: true, subscriptions: true },
    async request(request) {
      seen.push({ kind: "request", methods: [request.method], body: request.body });
      return JSON.stringify(answer(request));
    },
    async batch(requests, body) {
      seen.push({ kind: "batch", methods: requests.map((r) => r.method), body });
      return JSON.stringify(requests.map(answer).reverse()); // any order: the client matches by id
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onConnection: (_listener: (e: ConnectionEvent) => void) => () => undefined,
  };
  return { transport, seen, listeners, failWith: (n: number) => void (failures = n) };
}

const ADDRESS = "0x8d01c8ee82e581e55c02117a676b5bbd4734fabb";

const head = (n: number): object => ({
  number: `0x${n.toString(16)}`,
  hash: `0x${n.toString(16).padStart(64, "0")}`,
  parentHash: `0x${"0".repeat(64)}`,
  timestamp: "0x1",
});

describe("a custom in-memory transport through a generated client", () => {
  it("carries calls: the request framed by the client, the answer decoded by it", async () => {
    const node = memoryNode();
    const eth = createEthNodeClient({ transport: node.transport, validateResponses: false });
    expect(await eth.eth_blockNumber()).toBe("0x10");
    expect(node.seen).toEqual([
      {
        kind: "request",
        methods: ["eth_blockNumber"],
        body: '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}',
      },
    ]);
    const error = await eth.eth_getBlockByNumber("nope" as never, false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError); // validated before it reached the transport
    expect(node.seen).toHaveLength(1);
  });

  it("carries a batch as one exchange, answers matched by id", async () => {
    const node = memoryNode();
    const eth = createEthNodeClient({ transport: node.transport });
    const [a, b] = await eth.batch((c) => [c.eth_blockNumber(), c.eth_getTransactionCount(ADDRESS, "latest")] as const);
    expect(a).toEqual({ status: "fulfilled", value: "0x10" });
    expect(b).toEqual({ status: "fulfilled", value: "0x1" });
    expect(node.seen.map((s) => [s.kind, s.methods])).toEqual([
      ["batch", ["eth_blockNumber", "eth_getTransactionCount"]],
    ]);
  });

  it("carries a subscription: items pushed through listen, unsubscribe through request", async () => {
    const node = memoryNode();
    const eth = createEthNodeClient({ transport: node.transport });
    const sub = await eth.eth_subscribe("newHeads");
    const numbers: string[] = [];
    for await (const item of sub) {
      numbers.push(item.number);
      if (numbers.length === 2) break;
    }
    expect(numbers).toEqual(["0x1", "0x2"]);
    expect(node.seen.map((s) => s.methods[0])).toEqual(["eth_subscribe", "eth_unsubscribe"]);
    expect(node.listeners.size).toBe(0);
  });

  it("gets the client's retries: a transient JSON-RPC error is retried through it", async () => {
    const node = memoryNode();
    node.failWith(2);
    const eth = createEthNodeClient({ transport: node.transport, retryDelay: 1 });
    expect(await eth.eth_getTransactionCount(ADDRESS, "latest")).toBe("0x1");
    expect(node.seen.map((s) => s.methods[0])).toEqual([
      "eth_getTransactionCount",
      "eth_getTransactionCount",
      "eth_getTransactionCount",
    ]);
  });

  it("a transport without listen is refused for subscriptions, naming the capability; nothing is sent", async () => {
    const seen: string[] = [];
    const transport = createTransport({
      type: "requests-only",
      request: async (r) => (seen.push(r.method), JSON.stringify({ jsonrpc: "2.0", id: r.id, result: "0x1" })),
    });
    expect(transport.capabilities).toEqual({ batch: false, subscriptions: false });
    const eth = createEthNodeClient({ transport });
    const error = await eth.eth_subscribe("newHeads").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SubscriptionError);
    expect((error as Error).message).toMatch(/"subscriptions" capability.*the requests-only transport has none/);
    const batch = await eth.batch((c) => [c.eth_blockNumber()] as const).catch((e: unknown) => e);
    expect(batch).toBeInstanceOf(ValidationError);
    expect((batch as Error).message).toContain('the requests-only transport has no "batch" capability');
    expect(seen).toEqual([]);
  });

  it("a transport that never answers still meets the client's timeout (createTransport adds it)", async () => {
    const eth = createEthNodeClient({
      transport: {
        type: "silent",
        host: "silent",
        capabilities: { batch: false, subscriptions: false },
        request: () => new Promise(() => undefined),
      },
      timeout: 20,
      retryCount: 0,
    });
    await expect(eth.eth_blockNumber()).rejects.toBeInstanceOf(TimeoutError);
  });

  it("server errors through it are typed (JsonRpcError with the code)", async () => {
    const node = memoryNode();
    const eth = createEthNodeClient({ transport: node.transport, retryCount: 0 });
    const error = await eth.request("debug_traceCall", [{ to: ADDRESS }, "latest"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect((error as JsonRpcError).code).toBe(-32601);
    expect((error as JsonRpcError).host).toBe("memory");
  });
});
