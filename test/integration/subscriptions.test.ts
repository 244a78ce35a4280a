/**
 * Subscriptions through the generated clients against real WebSocket servers on 127.0.0.1: a
 * scripted node (test/helpers/fake-ws-node.ts) that drops the socket mid-stream, floods, or stops
 * accepting connections, an HTTP server (the refusal), and the mock server (Solana, u64 exact).
 * A real Ethereum node: test/integration/hardhat-subscriptions.test.ts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { overWs } from "../helpers/over-ws.js";
import {
  createEthNodeClient,
  type EthNodeClient,
  type Hash32,
  type Head,
  type Log,
  type LogFilter,
} from "../../generated/src/eth/index.js";
import { createSolanaNodeClient, type AccountNotification } from "../../generated/src/solana/index.js";
import {
  AbortError,
  MalformedResponseError,
  SocketClosedError,
  SubscriptionError,
  ValidationError,
  type Subscription,
} from "../../generated/src/runtime/index.js";
import { startMockServer } from "../../generator/mock/server.js";
import { head, startFakeWsNode, type FakeWsNode } from "../helpers/fake-ws-node.js";

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(): Promise<{ node: FakeWsNode; eth: EthNodeClient }> {
  const node = await startFakeWsNode();
  const eth = createEthNodeClient(
    overWs({
      url: `${node.url}/eth`,
      apiKey: "k",
      retryCount: 0,
      reconnect: { attempts: 3, delay: 20 },
    }),
  );
  cleanups.push(
    () => node.close(),
    () => eth.close(),
  );
  return { node, eth };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const subscribes = (node: FakeWsNode) => node.requests.filter((r) => r.method === "eth_subscribe");
const unsubscribes = (node: FakeWsNode) => node.requests.filter((r) => r.method === "eth_unsubscribe");

describe("eth_subscribe over WebSocket", () => {
  it("types the items per kind", async () => {
    const { node, eth } = await setup();
    const heads = eth.eth_subscribe("newHeads");
    const logs = eth.eth_subscribe("logs", { address: "0x0000000000000000000000000000000000000001" });
    const pending = eth.eth_subscribe("newPendingTransactions");
    expectTypeOf(heads).toEqualTypeOf<Promise<Subscription<Head>>>();
    expectTypeOf(logs).toEqualTypeOf<Promise<Subscription<Log>>>();
    expectTypeOf(pending).toEqualTypeOf<Promise<Subscription<Hash32>>>();
    for (const sub of await Promise.all([heads, logs, pending])) await sub.unsubscribe();
    expect(node.requests.map((r) => r.params)).toEqual([
      ["newHeads"],
      ["logs", { address: "0x0000000000000000000000000000000000000001" }],
      ["newPendingTransactions"],
      ["0x1001"],
      ["0x1002"],
      ["0x1003"],
    ]);
  });

  it("yields the pushed heads and sends eth_unsubscribe when the loop breaks", async () => {
    const { node, eth } = await setup();
    const sub = await eth.eth_subscribe("newHeads");
    const id = sub.id;
    expect(id).toBe(node.lastId);
    node.push(head(1));
    node.push(head(2));
    const seen: string[] = [];
    for await (const h of sub) {
      seen.push(h.number);
      if (seen.length === 2) break;
    }
    expect(seen).toEqual(["0x1", "0x2"]);
    await until(() => unsubscribes(node).length === 1, "eth_unsubscribe");
    expect(unsubscribes(node)[0]!.params).toEqual([id]);
  });

  it("sends eth_unsubscribe when the signal aborts; the waiting loop throws AbortError", async () => {
    const { node, eth } = await setup();
    const controller = new AbortController();
    const sub = await eth.eth_subscribe("newHeads", { signal: controller.signal });
    const id = node.lastId;
    const loop = (async () => {
      for await (const _ of sub) void _;
    })();
    setTimeout(() => controller.abort(), 20);
    await expect(loop).rejects.toBeInstanceOf(AbortError);
    await until(() => unsubscribes(node).length === 1, "eth_unsubscribe");
    expect(unsubscribes(node)[0]!.params).toEqual([id]);
  });

  it("re-subscribes with the same params after the socket drops and reports the gap", async () => {
    const { node, eth } = await setup();
    const gaps: unknown[] = [];
    const filter: LogFilter = { address: "0x00000000000000000000000000000000000000aa", topics: [null] };
    const sub = await eth.eth_subscribe("logs", filter, { onGap: (g) => gaps.push(g) });
    const log = (block: number, index: number) => ({
      address: filter.address,
      topics: [],
      data: "0x",
      blockNumber: `0x${block.toString(16)}`,
      blockHash: `0x${"1".repeat(64)}`,
      transactionHash: `0x${"2".repeat(64)}`,
      transactionIndex: "0x0",
      logIndex: `0x${index.toString(16)}`,
    });
    node.push(log(5, 0));
    const it = sub[Symbol.asyncIterator]();
    expect((await it.next()).value).toMatchObject({ blockNumber: "0x5" });
    node.drop();
    await until(() => subscribes(node).length === 2 && gaps.length === 1, "the second eth_subscribe");
    expect(subscribes(node)[1]!.params).toEqual(["logs", filter]);
    expect(gaps).toEqual([{ lastSeen: log(5, 0), backfilled: 0 }]);
    node.push(log(7, 0));
    expect((await it.next()).value).toMatchObject({ blockNumber: "0x7" });
    expect(sub.id).toBe(node.lastId);
  });

  it("back-fills the heads missed while the socket was down, in order and once", async () => {
    const { node, eth } = await setup();
    const gaps: { backfilled: number }[] = [];
    const sub = await eth.eth_subscribe("newHeads", { backfill: true, onGap: (g) => gaps.push(g) });
    node.push(head(1));
    const it = sub[Symbol.asyncIterator]();
    expect((await it.next()).value).toEqual(head(1));
    node.head = 4;
    node.drop();
    await until(() => gaps.length === 1, "the gap");
    node.push(head(4)); // the new subscription's first head: already back-filled
    node.push(head(5));
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) seen.push(((await it.next()).value as Head).number);
    expect(seen).toEqual(["0x2", "0x3", "0x4", "0x5"]);
    expect(gaps[0]!.backfilled).toBe(3);
    expect(node.requests.filter((r) => r.method === "eth_getBlockByNumber").map((r) => r.params)).toEqual([
      ["0x2", false],
      ["0x3", false],
      ["0x4", false],
    ]);
  });

  it("back-fills missed logs with eth_getLogs from the last one seen", async () => {
    const { node, eth } = await setup();
    const sub = await eth.eth_subscribe(
      "logs",
      { address: "0x00000000000000000000000000000000000000aa" },
      { backfill: true },
    );
    const log = (block: number, index: number) => ({
      address: "0x00000000000000000000000000000000000000aa",
      topics: [],
      data: "0x",
      blockNumber: `0x${block.toString(16)}`,
      blockHash: `0x${"1".repeat(64)}`,
      transactionHash: `0x${"2".repeat(64)}`,
      transactionIndex: "0x0",
      logIndex: `0x${index.toString(16)}`,
    });
    node.push(log(5, 0));
    const it = sub[Symbol.asyncIterator]();
    await it.next();
    node.logs = [log(5, 0), log(5, 1), log(6, 0)];
    node.drop();
    expect((await it.next()).value).toEqual(log(5, 1));
    expect((await it.next()).value).toEqual(log(6, 0));
    expect(node.requests.find((r) => r.method === "eth_getLogs")!.params).toEqual([
      { address: "0x00000000000000000000000000000000000000aa", fromBlock: "0x5", toBlock: "latest" },
    ]);
  });

  it("throws SocketClosedError when reconnecting fails, after the items already received", async () => {
    const { node, eth } = await setup();
    const sub = await eth.eth_subscribe("newHeads");
    node.push(head(1));
    await until(() => node.requests.length > 0, "subscribe");
    const it = sub[Symbol.asyncIterator]();
    expect((await it.next()).value).toEqual(head(1));
    await node.refuse();
    await expect(it.next()).rejects.toBeInstanceOf(SocketClosedError);
  });

  it("a node that answers each new socket and closes it is not reconnected to without end: the iterator throws SocketClosedError", async () => {
    // Hostile: the first socket works; every later one is accepted, answers one message, then closed.
    const { WebSocketServer } = await import("ws");
    const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
    let connections = 0;
    const first: { socket?: import("ws").WebSocket } = {};
    wss.on("connection", (socket) => {
      connections++;
      if (connections === 1) first.socket = socket;
      else {
        socket.send(
          JSON.stringify({ jsonrpc: "2.0", method: "eth_subscription", params: { subscription: "0x0", result: null } }),
        );
        setImmediate(() => socket.terminate());
      }
      socket.on("message", (data) => {
        const request = JSON.parse(data.toString()) as { id: unknown };
        socket.send(JSON.stringify({ jsonrpc: "2.0", id: request.id, result: "0x1" }));
      });
    });
    cleanups.push(() => new Promise<void>((resolve) => wss.close(() => resolve())));
    const port = (wss.address() as AddressInfo).port;
    const eth = createEthNodeClient(
      overWs({
        url: `ws://127.0.0.1:${port}/eth`,
        retryCount: 0,
        reconnect: { attempts: 3, delay: 5 },
      }),
    );
    cleanups.push(() => eth.close());
    const sub = await eth.eth_subscribe("newHeads");
    first.socket!.terminate();
    await expect(sub[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(SocketClosedError);
    const after = connections;
    await new Promise((r) => setTimeout(r, 100));
    expect(after).toBeLessThanOrEqual(1 + 3 + 1);
    expect(connections).toBe(after);
  });

  it.each([{ id: { a: 1 } }, { id: null }])(
    "refuses a subscription id that is neither string nor number ($id) and yields no notification",
    async ({ id }) => {
      const { WebSocketServer } = await import("ws");
      const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
      await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
      wss.on("connection", (socket) => {
        socket.on("message", (data) => {
          const request = JSON.parse(data.toString()) as { id: unknown };
          socket.send(
            JSON.stringify({
              jsonrpc: "2.0",
              method: "eth_subscription",
              params: { subscription: { b: 2 }, result: head(1) },
            }),
          );
          socket.send(JSON.stringify({ jsonrpc: "2.0", id: request.id, result: id }));
        });
      });
      cleanups.push(() => new Promise<void>((resolve) => wss.close(() => resolve())));
      const eth = createEthNodeClient(
        overWs({
          url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/eth`,
          retryCount: 0,
        }),
      );
      cleanups.push(() => eth.close());
      const error = await eth.eth_subscribe("newHeads").then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MalformedResponseError);
      expect((error as Error).message).toMatch(
        /eth_subscribe answered (object|null) where a subscription id \(string or number\) belongs/,
      );
    },
  );

  it.each([0, Number.NaN, 1.5, 1e9])(
    "refuses bufferSize %s with a SubscriptionError; nothing is sent",
    async (bufferSize) => {
      const { node, eth } = await setup();
      const error = await eth.eth_subscribe("newHeads", { bufferSize }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(SubscriptionError);
      expect((error as Error).message).toMatch(
        /bufferSize of eth_subscribe must be a whole number from 1 to 1000000, not /,
      );
      expect(node.requests).toEqual([]);
    },
  );

  it.each([
    { bufferSize: 50, flood: 60 },
    { bufferSize: undefined, flood: 1001 },
  ])(
    "ends with a SubscriptionError and unsubscribes when $flood items wait (bufferSize $bufferSize)",
    async ({ bufferSize, flood }) => {
      const { node, eth } = await setup();
      const sub = await eth.eth_subscribe("newHeads", bufferSize ? { bufferSize } : {});
      for (let i = 1; i <= flood; i++) node.push(head(i));
      await until(() => unsubscribes(node).length === 1, "eth_unsubscribe");
      const error = await sub[Symbol.asyncIterator]()
        .next()
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(SubscriptionError);
      expect((error as Error).message).toMatch(
        new RegExp(`more than ${bufferSize ?? 1000} items .* Consume faster or raise bufferSize`),
      );
    },
  );
});

describe("validateResponses on subscription items", () => {
  it.each([{ mode: "warn" as const }, { mode: "strict" as const }])(
    "$mode: an item that breaks its type is reported",
    async ({ mode }) => {
      const node = await startFakeWsNode();
      const warnings: string[] = [];
      const eth = createEthNodeClient(
        overWs({
          url: `${node.url}/eth`,
          apiKey: "k",
          retryCount: 0,
          validateResponses: mode,
          onWarning: (m) => warnings.push(m),
        }),
      );
      cleanups.push(
        () => node.close(),
        () => eth.close(),
      );
      const sub = await eth.eth_subscribe("newHeads");
      node.push({ ...head(1), number: 1 });
      const it = sub[Symbol.asyncIterator]();
      if (mode === "warn") {
        expect((await it.next()).value).toMatchObject({ number: 1 });
        await until(() => warnings.length === 1, "the warning");
        expect(warnings[0]).toMatch(/Invalid item of eth_subscribe: item\.number/);
      } else {
        // The check ends the subscription (and cancels it on the node) before the item is taken.
        await until(() => unsubscribes(node).length === 1, "eth_unsubscribe");
        const error = await it.next().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as Error).message).toMatch(/Invalid item of eth_subscribe: item\.number/);
      }
    },
  );
});

describe("subscriptions over HTTP", () => {
  it("are refused at once with an error naming the missing capability and the webSocket transport; nothing is sent", async () => {
    let requests = 0;
    const server: Server = createServer((_req, res) => {
      requests++;
      res.end("{}");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    cleanups.push(() => new Promise((r) => server.close(r)));
    const eth = createEthNodeClient({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/eth`,
      apiKey: "k",
    });
    const error = await eth.eth_subscribe("newHeads").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SubscriptionError);
    expect((error as Error).message).toMatch(
      /needs a transport with the "subscriptions" capability \(server notifications\); the http transport has none: create the client with transport: webSocket\(url\)/,
    );
    expect(requests).toBe(0);
  });
});

describe("Solana accountSubscribe", () => {
  it("keeps u64 values exact", async () => {
    const node = await startFakeWsNode();
    const sol = createSolanaNodeClient(overWs({ url: `${node.url}/solana`, apiKey: "k", retryCount: 0 }));
    cleanups.push(
      () => node.close(),
      () => sol.close(),
    );
    const sub = await sol.accountSubscribe("CM78CPUeXjn8o3yroDHxUtKsZZgoy4GPkPPXfouKNH12", {
      encoding: "base58",
      commitment: "finalized",
    });
    expect(node.requests[0]!.params).toEqual([
      "CM78CPUeXjn8o3yroDHxUtKsZZgoy4GPkPPXfouKNH12",
      { encoding: "base58", commitment: "finalized" },
    ]);
    node.pushText(
      `{"jsonrpc":"2.0","method":"accountNotification","params":{"result":{"context":{"slot":5199307},"value":{"data":["","base58"],"executable":false,"lamports":18446744073709551615,"owner":"11111111111111111111111111111111","rentEpoch":18446744073709551614,"space":80}},"subscription":${node.lastId}}}`,
    );
    let item: AccountNotification | undefined;
    for await (const x of sub) {
      item = x;
      break;
    }
    expect(item).toMatchObject({
      context: { slot: 5199307n },
      value: { lamports: 18446744073709551615n, rentEpoch: 18446744073709551614n, space: 80n },
    });
    await until(() => node.requests.length === 2, "accountUnsubscribe");
    expect(node.requests.at(-1)).toMatchObject({ method: "accountUnsubscribe", params: [Number(node.lastId)] });
  });

  it("works against the mock server, items typed as the spec says", async () => {
    const mock = await startMockServer({ specs: ["spec/solana.openrpc.json"], limits: { wsNotifyIntervalMs: 10 } });
    const sol = createSolanaNodeClient(
      overWs({ url: `${mock.url.replace("http", "ws")}/solana`, apiKey: "k", retryCount: 0 }),
    );
    cleanups.push(
      () => mock.close(),
      () => sol.close(),
    );
    const sub = await sol.accountSubscribe("CM78CPUeXjn8o3yroDHxUtKsZZgoy4GPkPPXfouKNH12", { encoding: "base64" });
    const slots = await sol.slotSubscribe();
    let n = 0;
    for await (const { context, value } of sub) {
      expect(typeof context.slot).toBe("bigint");
      expect(typeof value.lamports).toBe("bigint");
      if (++n === 3) break;
    }
    const { value: slot } = await slots[Symbol.asyncIterator]().next();
    expect(typeof slot!.slot).toBe("bigint");
    await slots.unsubscribe();
  });
});
