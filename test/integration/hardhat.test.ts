/**
 * Integration: the generated Ethereum client against a real node (hardhat@2's `hardhat node`,
 * one per file, on a free 127.0.0.1 port), over HTTP and over WebSocket (same port).
 *
 * Setup deploys hand-written EVM bytecode (no solc offline) and sends transactions with a raw
 * JSON-RPC helper; every method under test goes through `createEthNodeClient`.
 *
 * Contracts (runtime code):
 * - FIXED: returns the 32-byte word FIXED_WORD.
 *     PUSH32 FIXED_WORD, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN
 * - STORE: with calldata, stores its first word in slot 0 (returns nothing); without, returns slot 0.
 *   Its init code first stores INITIAL_WORD in slot 0.
 *     CALLDATASIZE ISZERO PUSH1 get JUMPI  PUSH1 0 CALLDATALOAD PUSH1 0 SSTORE STOP
 *     get: JUMPDEST PUSH1 0 SLOAD PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN
 * - LOOP: loops until out of gas (JUMPDEST PUSH1 0 JUMP); a call with a few million gas keeps the
 *   node busy for a while, to have a call in flight for timeouts and close().
 */
import { randomBytes } from "node:crypto";
import WebSocket from "ws";
import { overWs } from "../helpers/over-ws.js";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from "vitest";
import {
  createEthNodeClient,
  type BlockWithTransactionHashes,
  type BlockWithTransactions,
  type CallTracerFrame,
  type EthNodeClient,
  type EthNodeClientOptions,
  type Hash32,
  type HexData,
  type HexQuantity,
  type StructLoggerResult,
  type Transaction,
} from "../../generated/src/eth/index.js";
import {
  AbortError,
  JsonRpcError,
  SocketClosedError,
  TimeoutError,
  ValidationError,
  type RequestEvent,
  type ResponseEvent,
  type WebSocketConstructor,
} from "../../generated/src/runtime/index.js";
import { startHardhatNode, type HardhatNode } from "../helpers/hardhat-node.js";

// ---------------------------------------------------------------------------------------------
// Bytecode

const FIXED_WORD = "0123456789abcdef".repeat(4);
const INITIAL_WORD = "2a".padStart(64, "0");
const STORED_WORD = "feedface".repeat(8);
const NEVER_STORED_WORD = "badc0ffe".repeat(8);

const FIXED_RUNTIME = `7f${FIXED_WORD}600052` + "60206000f3";
const STORE_RUNTIME = "3615600c57" + "600035600055" + "00" + "5b" + "600054600052" + "60206000f3";
const LOOP_RUNTIME = "5b600056";

/** Init code: `prefix` (constructor work), then copy `runtime` into memory and return it. */
function initCode(runtime: string, prefix = ""): HexData {
  const byte = (n: number): string => {
    if (n > 0xff) throw new Error("PUSH1 operand too large");
    return n.toString(16).padStart(2, "0");
  };
  const copierLength = 11;
  const offset = prefix.length / 2 + copierLength;
  // PUSH1 len, DUP1, PUSH1 offset, PUSH1 0, CODECOPY, PUSH1 0, RETURN
  const copier = `60${byte(runtime.length / 2)}80` + `60${byte(offset)}6000` + "39" + "6000f3";
  return `0x${prefix}${copier}${runtime}`;
}

const hex = (n: number | bigint): HexQuantity => `0x${n.toString(16)}`;
const QUANTITY = /^0x(0|[1-9a-f][0-9a-f]*)$/;
const HASH32 = /^0x[0-9a-f]{64}$/;
const ADDRESS = /^0x[0-9a-f]{40}$/;

// ---------------------------------------------------------------------------------------------
// Setup: one node for the file, contracts deployed once

let node: HardhatNode;
let accounts: `0x${string}`[];
let deployer: `0x${string}`;
let fixed: `0x${string}`;
let store: `0x${string}`;
let loop: `0x${string}`;
/** Block in which STORE was deployed (slot 0 = INITIAL_WORD). */
let storeDeployBlock: number;
/** Block of the transaction that set STORE's slot 0 to STORED_WORD. */
let storeSetBlock: number;
let storeSetTx: Hash32;

interface Receipt {
  status: string;
  blockNumber: string;
  contractAddress: `0x${string}` | null;
}

async function send(tx: Record<string, unknown>): Promise<{ hash: Hash32; receipt: Receipt }> {
  const hash = await node.rpc<Hash32>("eth_sendTransaction", [tx]);
  const receipt = await node.rpc<Receipt>("eth_getTransactionReceipt", [hash]);
  expect(receipt.status).toBe("0x1");
  return { hash, receipt };
}

async function deploy(code: HexData): Promise<{ address: `0x${string}`; block: number }> {
  const { receipt } = await send({ from: deployer, data: code });
  expect(receipt.contractAddress).toMatch(ADDRESS);
  return { address: receipt.contractAddress!, block: Number(receipt.blockNumber) };
}

beforeAll(async () => {
  node = await startHardhatNode();
  accounts = await node.rpc<`0x${string}`[]>("eth_accounts");
  expect(accounts.length).toBeGreaterThanOrEqual(10);
  deployer = accounts[0]!;
  fixed = (await deploy(initCode(FIXED_RUNTIME))).address;
  const storeDeployed = await deploy(initCode(STORE_RUNTIME, `7f${INITIAL_WORD}600055`));
  store = storeDeployed.address;
  storeDeployBlock = storeDeployed.block;
  const set = await send({ from: deployer, to: store, data: `0x${STORED_WORD}` });
  storeSetTx = set.hash;
  storeSetBlock = Number(set.receipt.blockNumber);
  loop = (await deploy(initCode(LOOP_RUNTIME))).address;
  // Sanity of the setup itself (raw JSON-RPC).
  expect(await node.rpc("eth_getCode", [fixed, "latest"])).toBe(`0x${FIXED_RUNTIME}`);
  expect(await node.rpc("eth_getCode", [store, "latest"])).toBe(`0x${STORE_RUNTIME}`);
}, 90_000);

afterAll(async () => {
  await node?.stop();
});

// ---------------------------------------------------------------------------------------------
// Helpers

/** A `WebSocket` option: the real `ws` class, remembering every socket the client opens. */
function countingWebSocket(): { WebSocket: WebSocketConstructor; sockets: WebSocket[] } {
  const sockets: WebSocket[] = [];
  class Counting extends WebSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  }
  return { WebSocket: Counting as unknown as WebSocketConstructor, sockets };
}

/** The rejection of `promise` (fails the test when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return error as Error;
  }
  throw new Error("expected the call to fail, but it resolved");
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A call that keeps the node busy for a while (~0.5–4 s): LOOP with 5M gas, ends out of gas. */
const SLOW_GAS = hex(5_000_000);

const randomAddress = (): `0x${string}` => `0x${randomBytes(20).toString("hex")}`;

// ---------------------------------------------------------------------------------------------
// The five methods, over both transports

/** Client options as these tests give them: each transport takes the ones it knows (WebSocket, or fetch). */
type MakeOptions = Omit<EthNodeClientOptions, "url"> & { WebSocket?: WebSocketConstructor };

const transports = [
  { name: "HTTP", url: () => node.httpUrl, sender: 1 },
  { name: "WebSocket", url: () => node.wsUrl, sender: 2 },
] as const;

describe.each(transports)("over $name", ({ name, url, sender }) => {
  let client: EthNodeClient;
  const clients: EthNodeClient[] = [];
  /** A client over this transport: the HTTP shorthand, or a webSocket() transport (each takes its own options). */
  const make = (options: MakeOptions = {}): EthNodeClient => {
    const { WebSocket, fetch, ...rest } = options;
    const c = createEthNodeClient(
      name === "HTTP"
        ? { url: url(), timeout: 20_000, fetch, ...rest }
        : overWs({ url: url(), timeout: 20_000, WebSocket, ...rest }),
    );
    clients.push(c);
    return c;
  };

  beforeAll(() => {
    client = make();
  });
  afterAll(() => {
    for (const c of clients) c.close();
  });

  describe("eth_blockNumber", () => {
    it("is a hex quantity equal to the node's head", async () => {
      const head = await client.eth_blockNumber();
      expectTypeOf(head).toEqualTypeOf<HexQuantity>();
      expect(head).toMatch(QUANTITY);
      expect(head).toBe(await node.rpc("eth_blockNumber"));
      expect(Number(head)).toBeGreaterThanOrEqual(storeSetBlock);
    });

    it("grows by one after a transaction is mined", async () => {
      const before = BigInt(await client.eth_blockNumber());
      await send({ from: deployer, to: randomAddress(), value: "0x1" });
      const after = BigInt(await client.eth_blockNumber());
      expect(after).toBe(before + 1n);
    });
  });

  describe("eth_call", () => {
    it("returns the exact word the deployed contract returns", async () => {
      const result = await client.eth_call({ to: fixed }, "latest");
      expectTypeOf(result).toEqualTypeOf<HexData>();
      expect(result).toBe(`0x${FIXED_WORD}`);
      // `from: null` is admitted by the spec (and accepted by the node).
      expect(await client.eth_call({ from: null, to: fixed, data: "0x" }, "latest")).toBe(`0x${FIXED_WORD}`);
      expect(await client.eth_call({ from: deployer, to: fixed, gas: hex(100_000) }, "latest")).toBe(`0x${FIXED_WORD}`);
    });

    it("reads state at the requested block", async () => {
      expect(await client.eth_call({ to: store }, "latest")).toBe(`0x${STORED_WORD}`);
      expect(await client.eth_call({ to: store }, hex(storeDeployBlock))).toBe(`0x${INITIAL_WORD}`);
      expect(await client.eth_call({ to: store }, hex(storeSetBlock))).toBe(`0x${STORED_WORD}`);
    });

    it("executes without changing state", async () => {
      expect(await client.eth_call({ from: deployer, to: store, data: `0x${NEVER_STORED_WORD}` }, "latest")).toBe("0x");
      expect(await client.eth_call({ to: store }, "latest")).toBe(`0x${STORED_WORD}`);
    });

    it("returns 0x for an address without code", async () => {
      expect(await client.eth_call({ to: randomAddress() }, "latest")).toBe("0x");
    });
  });

  describe("eth_getTransactionCount", () => {
    it("is exactly N after N transactions, and follows the block asked for", async () => {
      const from = accounts[sender]!;
      expect(await client.eth_getTransactionCount(from, "latest")).toBe("0x0");
      const N = 3;
      const blocks: number[] = [];
      for (let i = 0; i < N; i++) {
        const { receipt } = await send({ from, to: accounts[accounts.length - 1], value: "0x1" });
        blocks.push(Number(receipt.blockNumber));
      }
      const count = await client.eth_getTransactionCount(from, "latest");
      expectTypeOf(count).toEqualTypeOf<HexQuantity>();
      expect(count).toBe(hex(N));
      expect(await client.eth_getTransactionCount(from, "pending")).toBe(hex(N));
      expect(await client.eth_getTransactionCount(from, "earliest")).toBe("0x0");
      expect(await client.eth_getTransactionCount(from, hex(blocks[0]!))).toBe("0x1");
      expect(await client.eth_getTransactionCount(from, hex(blocks[1]!))).toBe("0x2");
      // Mixed-case (checksummed-looking) addresses are accepted.
      expect(
        await client.eth_getTransactionCount(from.toUpperCase().replace("0X", "0x") as `0x${string}`, "latest"),
      ).toBe(hex(N));
    });

    it("is 0x0 for a fresh address", async () => {
      expect(await client.eth_getTransactionCount(randomAddress(), "latest")).toBe("0x0");
    });
  });

  describe("eth_getBlockByNumber", () => {
    it("with fullTransactions true gives Transaction objects", async () => {
      const block = await client.eth_getBlockByNumber(hex(storeSetBlock), true);
      expectTypeOf(block).toEqualTypeOf<BlockWithTransactions | null>();
      expect(block).not.toBeNull();
      expectTypeOf(block!.transactions).toEqualTypeOf<Transaction[]>();
      expect(block!.number).toBe(hex(storeSetBlock));
      expect(block!.hash).toMatch(HASH32);
      expect(block!.parentHash).toMatch(HASH32);
      expect(block!.transactions).toHaveLength(1);
      const tx = block!.transactions[0]!;
      expect(tx).toBeTypeOf("object");
      expect(tx).toMatchObject({
        hash: storeSetTx,
        from: deployer.toLowerCase(),
        to: store.toLowerCase(),
        input: `0x${STORED_WORD}`,
        blockHash: block!.hash,
        blockNumber: hex(storeSetBlock),
        transactionIndex: "0x0",
        value: "0x0",
      });
      expect(tx.nonce).toMatch(QUANTITY);
      expect(tx.gas).toMatch(QUANTITY);
      expect(tx.gasPrice).toMatch(QUANTITY);

      // The contract creation of FIXED: `to` is null.
      const first = await client.eth_getBlockByNumber("0x1", true);
      expect(first!.transactions[0]).toMatchObject({ from: deployer.toLowerCase(), to: null, nonce: "0x0" });
    });

    it("with fullTransactions false gives 0x-hashes", async () => {
      const block = await client.eth_getBlockByNumber(hex(storeSetBlock), false);
      expectTypeOf(block).toEqualTypeOf<BlockWithTransactionHashes | null>();
      expectTypeOf(block!.transactions).toEqualTypeOf<Hash32[]>();
      expect(block!.transactions).toEqual([storeSetTx]);
      for (const h of block!.transactions) expect(h).toMatch(HASH32);
      const full = await client.eth_getBlockByNumber(hex(storeSetBlock), true);
      expect(block!.hash).toBe(full!.hash);
    });

    it("by tag: latest is the head, earliest is the genesis block", async () => {
      const head = await client.eth_blockNumber();
      const latest = await client.eth_getBlockByNumber("latest", false);
      expect(latest!.number).toBe(head);
      const genesis = await client.eth_getBlockByNumber("earliest", true);
      expect(genesis).toMatchObject({ number: "0x0", transactions: [] });
    });

    it("gives null for a block beyond the head", async () => {
      const head = BigInt(await client.eth_blockNumber());
      expect(await client.eth_getBlockByNumber(hex(head + 1_000n), true)).toBeNull();
      expect(await client.eth_getBlockByNumber(hex(head + 1n), false)).toBeNull();
    });
  });

  describe("debug_traceCall", () => {
    it("with the default tracer gives the struct-logger result", async () => {
      const trace = await client.debug_traceCall({ to: fixed }, "latest");
      expectTypeOf(trace).toEqualTypeOf<StructLoggerResult>();
      expect(trace.failed).toBe(false);
      expect(trace.gas).toBeTypeOf("number");
      expect(Number.isInteger(trace.gas)).toBe(true);
      expect(trace.gas).toBeGreaterThan(21_000);
      expect(trace.structLogs.length).toBeGreaterThan(0);
      expect(trace.structLogs.map((s) => s.op)).toEqual(["PUSH32", "PUSH1", "MSTORE", "PUSH1", "PUSH1", "RETURN"]);
      expect(trace.structLogs.map((s) => s.pc)).toEqual([0, 33, 35, 36, 38, 40]);
      expect(trace.returnValue.replace(/^0x/, "")).toBe(FIXED_WORD);
      // An empty config is the default tracer too.
      const again = await client.debug_traceCall({ to: fixed }, "latest", {});
      expect(again).toEqual(trace);
    });

    it("honours struct-logger options and reports a failed execution", async () => {
      const trace = await client.debug_traceCall({ to: store }, "latest", { disableStack: true, disableStorage: true });
      expect(trace.failed).toBe(false);
      expect(trace.structLogs.length).toBeGreaterThan(0);
      for (const step of trace.structLogs) expect(step.stack).toBeUndefined();
      expect(trace.returnValue.replace(/^0x/, "")).toBe(STORED_WORD);

      const failed = await client.debug_traceCall({ to: loop, gas: hex(21_100) }, "latest");
      expect(failed.failed).toBe(true);
      expect(failed.structLogs.length).toBeGreaterThan(1);
    });

    it("with callTracer: the node's -32602 is a JsonRpcError naming method and host", async () => {
      const pending = client.debug_traceCall({ to: fixed }, "latest", { tracer: "callTracer" });
      expectTypeOf(pending).resolves.toEqualTypeOf<CallTracerFrame>();
      const error = await rejectionOf(pending);
      expect(error).toBeInstanceOf(JsonRpcError);
      const rpcError = error as JsonRpcError;
      expect(rpcError.code).toBe(-32602);
      expect(rpcError.method).toBe("debug_traceCall");
      expect(rpcError.host).toBe(node.host);
      expect(rpcError.host).toBe(`127.0.0.1:${node.port}`);
      expect(rpcError.message).toContain("debug_traceCall");
      // The client is still usable afterwards.
      expect(await client.eth_call({ to: fixed }, "latest")).toBe(`0x${FIXED_WORD}`);
    });
  });

  describe("client behaviour", () => {
    it("rejects a bad address with a ValidationError before any request", async () => {
      const requests: RequestEvent[] = [];
      let fetches = 0;
      const counting = countingWebSocket();
      const c = make({
        onRequest: (e) => requests.push(e),
        fetch: (input, init) => {
          fetches++;
          return globalThis.fetch(input, init);
        },
        WebSocket: counting.WebSocket,
      });
      const error = await rejectionOf(c.eth_getTransactionCount("0x123", "latest"));
      expect(error).toBeInstanceOf(ValidationError);
      const issues = (error as ValidationError).issues;
      expect(issues.map((i) => i.path)).toEqual(["params.address"]);
      expect((error as ValidationError).method).toBe("eth_getTransactionCount");
      // A closed request object: a misspelt field is caught too.
      const misspelt = await rejectionOf(c.eth_call({ to: fixed, dat: "0x" } as never, "latest"));
      expect(misspelt).toBeInstanceOf(ValidationError);
      expect((misspelt as ValidationError).issues.map((i) => i.path)).toEqual(["params.transaction.dat"]);
      expect(requests).toHaveLength(0);
      expect(fetches).toBe(0);
      expect(counting.sockets).toHaveLength(0);
      // The same client then sends a valid call.
      expect(await c.eth_getTransactionCount(randomAddress(), "latest")).toBe("0x0");
      expect(requests).toHaveLength(1);
      expect(requests[0]!.methods).toEqual(["eth_getTransactionCount"]);
      expect(requests[0]!.host).toBe(node.host);
      expect(name === "HTTP" ? fetches : counting.sockets.length).toBe(1);
    });

    it("reports every call to onRequest and onResponse", async () => {
      const requests: RequestEvent[] = [];
      const responses: ResponseEvent[] = [];
      const c = make({ onRequest: (e) => requests.push(e), onResponse: (e) => responses.push(e) });
      await c.eth_blockNumber();
      await rejectionOf(c.debug_traceCall({ to: fixed }, "latest", { tracer: "callTracer" }));
      expect(requests.map((e) => e.methods)).toEqual([["eth_blockNumber"], ["debug_traceCall"]]);
      expect(JSON.parse(requests[0]!.body)).toMatchObject({ jsonrpc: "2.0", method: "eth_blockNumber", params: [] });
      expect(responses.map((e) => e.methods)).toEqual([["eth_blockNumber"], ["debug_traceCall"]]);
      for (const e of responses) {
        expect(e.host).toBe(node.host);
        expect(e.durationMs).toBeGreaterThanOrEqual(0);
      }
    });

    it("a per-call timeout gives a TimeoutError, and the client keeps working", async () => {
      const c = make();
      const started = Date.now();
      const error = await rejectionOf(c.eth_call({ to: loop, gas: SLOW_GAS }, "latest", { timeout: 50 }));
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error).toMatchObject({ timeout: 50, method: "eth_call", host: node.host });
      expect(Date.now() - started).toBeLessThan(2_000);
      // The late answer (an out-of-gas error) must not be mistaken for the next call's.
      expect(await c.eth_call({ to: fixed }, "latest")).toBe(`0x${FIXED_WORD}`);
      expect(await c.eth_blockNumber()).toMatch(QUANTITY);
    });

    it("real answers pass the spec's result validators (validateResponses: strict)", async () => {
      const c = make({ validateResponses: "strict" });
      expect(await c.eth_blockNumber()).toMatch(QUANTITY);
      expect(await c.eth_call({ to: fixed }, "latest")).toBe(`0x${FIXED_WORD}`);
      expect(await c.eth_getTransactionCount(deployer, "latest")).toMatch(QUANTITY);
      expect((await c.eth_getBlockByNumber(hex(storeSetBlock), true))!.transactions).toHaveLength(1);
      expect((await c.eth_getBlockByNumber(hex(storeSetBlock), false))!.transactions).toEqual([storeSetTx]);
      expect(await c.eth_getBlockByNumber("pending", false)).not.toBeUndefined();
      expect(await c.eth_getBlockByNumber("0xffffff", false)).toBeNull();
      expect((await c.debug_traceCall({ to: fixed }, "latest")).failed).toBe(false);
    });

    it("request() is the generic form of the same calls", async () => {
      expect(await client.request("eth_call", [{ to: fixed }, "latest"])).toBe(`0x${FIXED_WORD}`);
      expect(await client.request("eth_getBlockByNumber", [hex(storeSetBlock), false])).toMatchObject({
        transactions: [storeSetTx],
      });
    });
  });
});

// ---------------------------------------------------------------------------------------------
// WebSocket specifics

describe("WebSocket specifics", () => {
  const clients: EthNodeClient[] = [];
  const make = (options: Omit<MakeOptions, "fetch"> = {}): EthNodeClient => {
    const c = createEthNodeClient(overWs({ url: node.wsUrl, timeout: 20_000, ...options }));
    clients.push(c);
    return c;
  };
  afterAll(() => {
    for (const c of clients) c.close();
  });

  it("a webSocket() transport sends over the socket (the ws package on Node 20), never through fetch", async () => {
    const requests: RequestEvent[] = [];
    const fetches = vi.spyOn(globalThis, "fetch");
    try {
      const c = make({ onRequest: (e) => requests.push(e) });
      expect(await c.eth_call({ to: fixed }, "latest")).toBe(`0x${FIXED_WORD}`);
      expect(requests).toHaveLength(1);
      expect(fetches).not.toHaveBeenCalled();
    } finally {
      fetches.mockRestore();
    }
  });

  it("multiplexes concurrent calls on one socket, each answered with its own result", async () => {
    const counting = countingWebSocket();
    const requests: RequestEvent[] = [];
    const events: string[] = [];
    const c = make({
      WebSocket: counting.WebSocket,
      onRequest: (e) => (requests.push(e), events.push("request")),
      onResponse: () => events.push("response"),
    });
    const head = Number(await node.rpc<string>("eth_blockNumber"));
    const ids = new Set<unknown>();
    // 20 calls of four methods, each with a result that tells which request it answers.
    const checks: Promise<void>[] = [];
    for (let i = 0; i < 20; i++) {
      const n = i % (head + 1);
      switch (i % 4) {
        case 0:
          checks.push(c.eth_getBlockByNumber(hex(n), false).then((b) => expect(b!.number).toBe(hex(n))));
          break;
        case 1: {
          const at = Math.max(n, storeDeployBlock);
          const expected = at >= storeSetBlock ? `0x${STORED_WORD}` : `0x${INITIAL_WORD}`;
          checks.push(c.eth_call({ to: store }, hex(at)).then((r) => expect(r).toBe(expected)));
          break;
        }
        case 2:
          checks.push(
            c
              .eth_getTransactionCount(deployer, hex(n))
              .then(async (r) => expect(r).toBe(await node.rpc("eth_getTransactionCount", [deployer, hex(n)]))),
          );
          break;
        default:
          checks.push(c.eth_call({ to: fixed }, "latest").then((r) => expect(r).toBe(`0x${FIXED_WORD}`)));
      }
    }
    await Promise.all(checks);
    // All 20 were issued (onRequest) before any answer came back (onResponse): they were in flight together.
    expect(events).toEqual([...Array<string>(20).fill("request"), ...Array<string>(20).fill("response")]);
    for (const r of requests) ids.add((JSON.parse(r.body) as { id: unknown }).id);
    expect(ids.size).toBe(20);
    expect(counting.sockets).toHaveLength(1);
    expect(counting.sockets[0]!.readyState).toBe(WebSocket.OPEN);
  });

  it("close() rejects pending calls with SocketClosedError; a later call fails at once, without reconnecting", async () => {
    const counting = countingWebSocket();
    const c = make({ WebSocket: counting.WebSocket });
    expect(await c.eth_blockNumber()).toMatch(QUANTITY); // the socket is open
    const slow = c.eth_call({ to: loop, gas: SLOW_GAS }, "latest");
    const quick = c.eth_getTransactionCount(deployer, "latest");
    const slowError = rejectionOf(slow);
    await sleep(30); // both requests are on the wire; the node is busy with the slow one
    c.close();
    const error = await slowError;
    expect(error).toBeInstanceOf(SocketClosedError);
    expect(error).toMatchObject({ code: 1000, method: "eth_call", host: node.host });
    // The other call was either answered before close() or rejected the same way.
    await quick.then(
      (count) => expect(count).toMatch(QUANTITY),
      (e: unknown) => {
        expect(e).toBeInstanceOf(SocketClosedError);
        expect(e).toMatchObject({ method: "eth_getTransactionCount" });
      },
    );

    // ws.ts: close() is final (`closed = true`); a later call is rejected with SocketClosedError
    // before any connection attempt, not reconnected.
    const started = Date.now();
    const later = await rejectionOf(c.eth_blockNumber());
    expect(later).toBeInstanceOf(SocketClosedError);
    expect(later).toMatchObject({ host: node.host });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(counting.sockets).toHaveLength(1);
    // The close handshake needs the node's answer, which may wait behind the slow eth_call under load.
    await vi.waitFor(() => expect(counting.sockets[0]!.readyState).toBe(WebSocket.CLOSED), {
      timeout: 10_000,
      interval: 20,
    });
  });

  it("a call made after close() is rejected with an error naming its method", async () => {
    // errors.ts: "Every error says which method and which host it concerns".
    const c = make();
    expect(await c.eth_blockNumber()).toMatch(QUANTITY);
    c.close();
    const later = await rejectionOf(c.eth_getBlockByNumber("latest", false));
    expect(later).toBeInstanceOf(SocketClosedError);
    expect(later).toMatchObject({ method: "eth_getBlockByNumber", host: node.host });
  });

  it("close() while the socket is still connecting leaves no socket open", async () => {
    const counting = countingWebSocket();
    const c = make({ WebSocket: counting.WebSocket });
    try {
      const first = c.eth_blockNumber();
      c.close();
      const error = await rejectionOf(first);
      expect(error).toBeInstanceOf(SocketClosedError);
      expect(error).toMatchObject({ code: 1000, method: "eth_blockNumber", host: node.host });
      // Give the connection that was already under way time to open (and be closed).
      await sleep(300);
      const states = counting.sockets.map((s) => s.readyState);
      expect(states, "readyState of each socket the client opened (1 = OPEN, 3 = CLOSED)").toEqual(
        states.map(() => WebSocket.CLOSED),
      );
    } finally {
      for (const socket of counting.sockets) socket.terminate(); // never leak it, whatever happened
    }
  });

  it("a per-call timeout on an open socket gives a TimeoutError; the socket stays in use", async () => {
    const counting = countingWebSocket();
    const c = make({ WebSocket: counting.WebSocket });
    expect(await c.eth_blockNumber()).toMatch(QUANTITY); // the socket is open
    const error = await rejectionOf(c.eth_call({ to: loop, gas: SLOW_GAS }, "latest", { timeout: 40 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeout: 40, method: "eth_call", host: node.host });
    // The late answer to the timed-out call is dropped; the next calls get their own.
    const [a, b] = await Promise.all([c.eth_call({ to: fixed }, "latest"), c.eth_getBlockByNumber("0x0", false)]);
    expect(a).toBe(`0x${FIXED_WORD}`);
    expect(b!.number).toBe("0x0");
    expect(counting.sockets).toHaveLength(1);
  });

  it("an aborted call gives an AbortError; the socket stays in use", async () => {
    const counting = countingWebSocket();
    const c = make({ WebSocket: counting.WebSocket });
    expect(await c.eth_blockNumber()).toMatch(QUANTITY);
    const controller = new AbortController();
    const pending = c.eth_call({ to: loop, gas: SLOW_GAS }, "latest", { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await rejectionOf(pending);
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toMatchObject({ method: "eth_call", host: node.host });
    expect(await c.eth_call({ to: fixed }, "latest")).toBe(`0x${FIXED_WORD}`);
    expect(counting.sockets).toHaveLength(1);
  });
});
