/**
 * Integration: the WebSocket transport of the generated Solana client against a real `ws`
 * WebSocketServer on 127.0.0.1 — the key in the path, calls multiplexed by id on one socket,
 * timeouts, the server closing the socket, reconnecting (and giving up), `client.close()`,
 * exact u64 values — and the key in no error.
 */
import { createServer as createNetServer, type Server as NetServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overWs } from "../helpers/over-ws.js";
import { WebSocketServer, type WebSocket as ServerSocket } from "ws";
import {
  createSolanaNodeClient,
  type SolanaNodeClient,
  type SolanaNodeClientOptions,
} from "../../generated/src/solana/index.js";
import {
  AbortError,
  JsonRpcError,
  NetworkError,
  RpcClientError,
  SocketClosedError,
  TimeoutError,
  type RequestEvent,
  type ResponseEvent,
} from "../../generated/src/runtime/index.js";
import { expectNoSecret, guardUnhandledRejections, rejectionOf } from "../helpers/error-checks.js";

const KEY = "sk-test-SECRET-9f8e7d";
const U64_MAX = "18446744073709551615";

guardUnhandledRejections();

interface Envelope {
  jsonrpc: string;
  id: number;
  method: string;
  params?: unknown[];
}

/** What the server does with each request message (`send` answers on that socket). */
type Handler = (envelope: Envelope, socket: ServerSocket) => void;

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/** A valid base58 public key encoding `i` in its last characters. */
const pubkey = (i: number): string => {
  let tail = "";
  let n = i;
  do {
    tail = BASE58[n % 58]! + tail;
    n = Math.floor(n / 58);
  } while (n > 0);
  return `Vote${"1".repeat(40 - tail.length)}${tail}`;
};
const indexOf = (key: string): number =>
  [...key.slice(4).replace(/^1+/, "")].reduce((n, c) => n * 58 + BASE58.indexOf(c), 0);

/** The raw answer text (long integers kept as JSON integers). */
const answer = (envelope: Envelope): string => {
  if (envelope.method === "getBlockHeight")
    return `{"jsonrpc":"2.0","id":${envelope.id},"result":${250_000_000 + envelope.id}}`;
  const key = String(envelope.params?.[0]);
  return (
    `{"jsonrpc":"2.0","id":${envelope.id},"result":{"context":{"apiVersion":"2.1.0","slot":${U64_MAX}},` +
    `"value":{"data":["${key}","base58"],"executable":false,"lamports":${indexOf(key)},"owner":"11111111111111111111111111111111",` +
    `"rentEpoch":${U64_MAX},"space":0}}}`
  );
};
const reply: Handler = (envelope, socket) => socket.send(answer(envelope));

let wss: WebSocketServer;
let port: number;
let handler: Handler = reply;
const connections: Array<{ url: string; socket: ServerSocket; closed: Promise<number> }> = [];
const messages: string[] = [];
const clients: SolanaNodeClient[] = [];

beforeAll(async () => {
  wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  port = (wss.address() as AddressInfo).port;
  wss.on("connection", (socket, request) => {
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    connections.push({ url: request.url ?? "", socket, closed });
    socket.on("error", () => undefined);
    socket.on("message", (data) => {
      const text = String(data);
      messages.push(text);
      const parsed = JSON.parse(text) as Envelope | Envelope[];
      if (Array.isArray(parsed)) socket.send(`[${parsed.map(answer).join(",")}]`);
      else handler(parsed, socket);
    });
  });
});
afterAll(async () => {
  for (const c of wss.clients) c.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
});
beforeEach(() => {
  handler = reply;
  connections.length = 0;
  messages.length = 0;
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  for (const c of wss.clients) c.terminate();
});

const host = (): string => `127.0.0.1:${port}`;
const solana = (options: Partial<SolanaNodeClientOptions> = {}): SolanaNodeClient => {
  const client = createSolanaNodeClient(overWs({ url: `ws://127.0.0.1:${port}/solana`, apiKey: KEY, ...options }));
  clients.push(client);
  return client;
};

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const free = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

async function waitFor(condition: () => boolean, ms = 2_000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error("waitFor: condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A TCP server that accepts and at once drops every connection, counting them (each is one WebSocket attempt). */
async function startRefuser(): Promise<{ port: number; count: () => number; close: () => Promise<void> }> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server: NetServer = createNetServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    count: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function expectWsError(
  error: Error,
  type: abstract new (...args: never[]) => Error,
  method: string | undefined,
  where = host(),
): void {
  expect(error).toBeInstanceOf(type);
  expect(error).toBeInstanceOf(RpcClientError);
  expect((error as RpcClientError).host).toBe(where);
  expect(error.message).toContain(`host ${where}`);
  if (method !== undefined) expect((error as RpcClientError).method).toBe(method);
  expect(error.message).not.toContain("/solana");
  expectNoSecret(error, KEY);
}

describe("WebSocket transport", () => {
  it("connects to <url>/<apiKey> and answers a call (u64 block height as bigint)", async () => {
    const client = solana();
    const height = await client.getBlockHeight();
    expect(connections).toHaveLength(1);
    expect(connections[0]!.url).toBe(`/solana/${KEY}`);
    expect(typeof height).toBe("bigint");
    expect(messages).toHaveLength(1);
    const sent = JSON.parse(messages[0]!) as Envelope;
    expect(sent).toMatchObject({ jsonrpc: "2.0", method: "getBlockHeight", params: [] });
    expect(height).toBe(BigInt(250_000_000 + sent.id));
  });

  it("multiplexes 50 concurrent calls by id on one socket (answered in reverse order)", async () => {
    const held: Array<{ envelope: Envelope; socket: ServerSocket }> = [];
    handler = (envelope, socket) => {
      held.push({ envelope, socket });
      if (held.length === 50) for (const h of held.reverse()) h.socket.send(answer(h.envelope));
    };
    const client = solana();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => client.getAccountInfo(pubkey(i), { encoding: "base58" })),
    );
    expect(connections).toHaveLength(1);
    expect(messages).toHaveLength(50);
    expect(new Set(messages.map((m) => (JSON.parse(m) as Envelope).id)).size).toBe(50);
    results.forEach((result, i) => {
      expect(result.value?.data).toStrictEqual([pubkey(i), "base58"]);
      expect(result.value?.lamports).toBe(BigInt(i));
    });
  });

  it("u64 results come back as exact bigints (rentEpoch 18446744073709551615n)", async () => {
    const result = await solana().getAccountInfo(pubkey(7), { encoding: "base58" });
    expect(result.value?.rentEpoch).toBe(18446744073709551615n);
    expect(result.context.slot).toBe(18446744073709551615n);
    expect(result.value?.lamports).toBe(7n);
    expect(result.value?.space).toBe(0n);
    expect(result.value?.owner).toBe("11111111111111111111111111111111");
  });

  it("an explicit batch goes out as one message; answers matched by id", async () => {
    const settled = await solana().batch((c) => [
      c.getBlockHeight(),
      c.getAccountInfo(pubkey(3), { encoding: "base58" }),
      c.getBlockHeight(),
    ]);
    expect(messages).toHaveLength(1);
    expect((JSON.parse(messages[0]!) as Envelope[]).map((e) => e.method)).toStrictEqual([
      "getBlockHeight",
      "getAccountInfo",
      "getBlockHeight",
    ]);
    expect(settled.map((s) => s.status)).toStrictEqual(["fulfilled", "fulfilled", "fulfilled"]);
    const account = (settled[1] as PromiseFulfilledResult<Awaited<ReturnType<SolanaNodeClient["getAccountInfo"]>>>)
      .value;
    expect(account.value?.rentEpoch).toBe(18446744073709551615n);
  });

  it("a call not answered in time → TimeoutError (per-call timeout); the socket stays usable", async () => {
    handler = (envelope, socket) => {
      if (envelope.method !== "getBlockHeight") reply(envelope, socket);
    };
    const client = solana({ timeout: 10_000 });
    const started = Date.now();
    const error = await rejectionOf(client.getBlockHeight({ timeout: 100 }));
    expect(Date.now() - started).toBeLessThan(1_000);
    expectWsError(error, TimeoutError, "getBlockHeight");
    expect((error as TimeoutError).timeout).toBe(100);
    const result = await client.getAccountInfo(pubkey(1), { encoding: "base58" });
    expect(result.value?.lamports).toBe(1n);
    expect(connections).toHaveLength(1);
  });

  it("an answer arriving after the timeout is ignored; the next call is answered", async () => {
    handler = (envelope, socket) => {
      setTimeout(() => socket.readyState === socket.OPEN && reply(envelope, socket), 150);
    };
    const client = solana();
    const error = await rejectionOf(client.getBlockHeight({ timeout: 40 }));
    expectWsError(error, TimeoutError, "getBlockHeight");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const result = await client.getAccountInfo(pubkey(9), { encoding: "base58" });
    expect(result.value?.lamports).toBe(9n);
  });

  it("an AbortSignal rejects a WebSocket call with AbortError at once", async () => {
    const controller = new AbortController();
    // Abort once the server holds the call (not after a fixed delay: on a loaded
    // machine the socket may not be open yet after 50 ms).
    handler = () => controller.abort();
    const client = solana();
    const started = Date.now();
    const error = await rejectionOf(client.getBlockHeight({ signal: controller.signal }));
    expect(Date.now() - started).toBeLessThan(1_000);
    expectWsError(error, AbortError, "getBlockHeight");
    expect(messages).toHaveLength(1);
  });

  it("a JSON-RPC error over WebSocket → JsonRpcError naming method and host, never the key", async () => {
    handler = (envelope, socket) =>
      socket.send(
        JSON.stringify({
          jsonrpc: "2.0",
          id: envelope.id,
          error: { code: -32052, message: `API key ${KEY} is not allowed to access blockchain` },
        }),
      );
    const error = await rejectionOf(solana().getBlockHeight());
    expectWsError(error, JsonRpcError, "getBlockHeight");
    expect((error as JsonRpcError).code).toBe(-32052);
    expect((error as JsonRpcError).shortMessage).toBe(
      "JSON-RPC error -32052: API key *** is not allowed to access blockchain",
    );
  });

  it("the client's timeout applies when the call gives none", async () => {
    handler = () => undefined;
    const error = await rejectionOf(solana({ timeout: 80 }).getBlockHeight());
    expectWsError(error, TimeoutError, "getBlockHeight");
    expect((error as TimeoutError).timeout).toBe(80);
  });

  const closings = [
    { name: "closes the socket (code 4000)", close: (s: ServerSocket) => s.close(4000, "going away"), code: 4000 },
    { name: "drops the connection (terminate)", close: (s: ServerSocket) => s.terminate(), code: 1006 },
  ];
  it.each(closings)(
    "the server $name → pending calls reject with SocketClosedError; the next call reconnects",
    async (c) => {
      let received = 0;
      handler = (_envelope, socket) => {
        if (++received === 3) c.close(socket);
      };
      const client = solana();
      const pending = [client.getBlockHeight(), client.getAccountInfo(pubkey(1)), client.getBlockHeight()];
      const settled = await Promise.allSettled(pending);
      for (const s of settled) {
        expect(s.status).toBe("rejected");
        const error = (s as PromiseRejectedResult).reason as SocketClosedError;
        expectWsError(error, SocketClosedError, undefined);
        expect(["getBlockHeight", "getAccountInfo"]).toContain(error.method);
        expect(error.code).toBe(c.code);
      }
      expect(connections).toHaveLength(1);
      handler = reply;
      const height = await client.getBlockHeight();
      expect(typeof height).toBe("bigint");
      expect(connections).toHaveLength(2);
      expect(connections[1]!.url).toBe(`/solana/${KEY}`);
    },
  );

  it("client.close() rejects pending calls with SocketClosedError and closes the socket", async () => {
    const client = solana();
    await client.getBlockHeight(); // the socket is open
    handler = () => undefined;
    const pending = [client.getBlockHeight(), client.getAccountInfo(pubkey(2))];
    await waitFor(() => messages.length === 3);
    client.close();
    const settled = await Promise.allSettled(pending);
    for (const s of settled) {
      expect(s.status).toBe("rejected");
      const error = (s as PromiseRejectedResult).reason as SocketClosedError;
      expectWsError(error, SocketClosedError, undefined);
      expect(error.code).toBe(1000);
    }
    expect(await connections[0]!.closed).toBe(1000);
    // a closed client stays closed: the next call fails and opens nothing
    const after = await rejectionOf(client.getBlockHeight());
    expectWsError(after, SocketClosedError, undefined);
    expect(connections).toHaveLength(1);
  });

  it("reconnect gives up after `reconnect.attempts` failed attempts with a NetworkError (nothing listens)", async () => {
    const dead = await freePort();
    const client = createSolanaNodeClient(
      overWs({
        url: `ws://127.0.0.1:${dead}/solana`,
        apiKey: KEY,
        retryDelay: 5,
        reconnect: { attempts: 3, delay: 10 },
      }),
    );
    clients.push(client);
    const started = Date.now();
    const error = await rejectionOf(client.getBlockHeight());
    expect(Date.now() - started).toBeLessThan(3_000);
    expectWsError(error, NetworkError, undefined, `127.0.0.1:${dead}`);
    expect(error.message).toContain("3 attempts");
  });

  it("retryCount: 0 — exactly `reconnect.attempts` connection attempts, then NetworkError; the next call tries again", async () => {
    const refuser = await startRefuser();
    try {
      const client = createSolanaNodeClient(
        overWs({
          url: `ws://127.0.0.1:${refuser.port}/solana`,
          apiKey: KEY,
          retryCount: 0,
          reconnect: { attempts: 4, delay: 5 },
        }),
      );
      clients.push(client);
      const first = await rejectionOf(client.getBlockHeight());
      expectWsError(first, NetworkError, "getBlockHeight", `127.0.0.1:${refuser.port}`);
      expect(refuser.count()).toBe(4);
      const second = await rejectionOf(client.getAccountInfo(pubkey(1)));
      expectWsError(second, NetworkError, "getAccountInfo", `127.0.0.1:${refuser.port}`);
      expect(refuser.count()).toBe(8);
    } finally {
      await refuser.close();
    }
  });

  it("with the default retryCount, a call still gives up after `reconnect.attempts` attempts (retries do not multiply them)", async () => {
    const refuser = await startRefuser();
    try {
      const client = createSolanaNodeClient(
        overWs({
          url: `ws://127.0.0.1:${refuser.port}/solana`,
          apiKey: KEY,
          retryDelay: 5,
          reconnect: { attempts: 4, delay: 5 },
        }),
      );
      clients.push(client);
      const error = await rejectionOf(client.getBlockHeight());
      expectWsError(error, NetworkError, "getBlockHeight", `127.0.0.1:${refuser.port}`);
      expect(error.message).toContain("4 attempts");
      expect(refuser.count()).toBe(4);
    } finally {
      await refuser.close();
    }
  });

  it("every WebSocket error names the method, like the HTTP ones (NetworkError after giving up)", async () => {
    const dead = await freePort();
    const client = createSolanaNodeClient(
      overWs({
        url: `ws://127.0.0.1:${dead}/solana`,
        apiKey: KEY,
        reconnect: { attempts: 1, delay: 5 },
      }),
    );
    clients.push(client);
    const error = await rejectionOf(client.getBlockHeight());
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).method).toBe("getBlockHeight");
    expect(error.message).toContain("method getBlockHeight");
  });

  it("onRequest/onResponse fire once per WebSocket call, with method, host and body, never the key", async () => {
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    handler = (envelope, socket) => (envelope.method === "getBlockHeight" ? reply(envelope, socket) : undefined);
    const client = solana({ onRequest: (e) => requests.push(e), onResponse: (e) => responses.push(e) });
    await client.getBlockHeight();
    await rejectionOf(client.getAccountInfo(pubkey(1), undefined, { timeout: 50 }));
    expect(requests.map((e) => e.methods)).toStrictEqual([["getBlockHeight"], ["getAccountInfo"]]);
    expect(responses.map((e) => e.methods)).toStrictEqual([["getBlockHeight"], ["getAccountInfo"]]);
    expect(requests.map((e) => e.body)).toStrictEqual(messages);
    expect(responses[0]!.error).toBeUndefined();
    expect(responses[1]!.error).toBeInstanceOf(TimeoutError);
    for (const e of [...requests, ...responses]) {
      expect(e.host).toBe(host());
      expectNoSecret(e, KEY);
    }
  });

  it("the hooks see the very frames the WebSocket transport sends, subscribe and unsubscribe included", async () => {
    const requests: RequestEvent[] = [];
    handler = (envelope, socket) => {
      if (envelope.method === "slotSubscribe") {
        socket.send(`{"jsonrpc":"2.0","id":${envelope.id},"result":42}`);
        socket.send(
          `{"jsonrpc":"2.0","method":"slotNotification","params":{"subscription":42,"result":{"parent":${U64_MAX},"root":1,"slot":2}}}`,
        );
      } else if (envelope.method === "slotUnsubscribe") {
        socket.send(`{"jsonrpc":"2.0","id":${envelope.id},"result":true}`);
      } else reply(envelope, socket);
    };
    const client = solana({ onRequest: (e) => requests.push(e) });
    const sub = await client.slotSubscribe();
    for await (const item of sub) {
      expect(item.parent).toBe(BigInt(U64_MAX));
      break;
    }
    await waitFor(() => messages.length === 2);
    await client.getBlockHeight();
    expect(messages.map((m) => (JSON.parse(m) as Envelope).method)).toStrictEqual([
      "slotSubscribe",
      "slotUnsubscribe",
      "getBlockHeight",
    ]);
    expect(requests.map((e) => e.body)).toStrictEqual(messages);
    for (const e of requests) expectNoSecret(e, KEY);
  });
});
