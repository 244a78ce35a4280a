/**
 * Silent drops on WebSocket subscriptions (issue 24, class 5). Before the fix, a notification
 * nested deeper than the parser's limit vanished with no error or event; a never-confirmed
 * subscription dropped its oldest held notifications without a word; and the buffers were bounded
 * by count only (1,200 notifications of 512 KB held about 500 MB). Now every drop ends the
 * subscription with an error the consumer sees, and every buffer is bounded by bytes as well.
 * A real `ws` server on 127.0.0.1 scripts the node.
 */
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer, type WebSocket } from "ws";
import {
  MalformedResponseError,
  SubscriptionError,
  createRpcClient,
  type ApiSpec,
  type RpcClient,
} from "../../runtime/index.js";
import { webSocket } from "../../runtime/ws.js";

const api: ApiSpec = {
  name: "Probe",
  methods: {
    x_subscribe: {
      params: ["kind"],
      subscription: { notification: "x_subscription", unsubscribe: "x_unsubscribe" },
    },
    x_unsubscribe: { params: ["id"] },
    x_ping: { params: [] },
  },
  keyed: { paramStructure: "by-position", envelope: "jsonrpc", methodIn: "body" },
};

/** What the scripted node does when asked to subscribe: `before` runs before its answer, `after` after it. */
let script: { before?: (socket: WebSocket) => void; after?: (socket: WebSocket) => void } = {};
let wss: WebSocketServer;
let url: string;
const clients: RpcClient[] = [];

beforeAll(async () => {
  wss = new WebSocketServer({ host: "127.0.0.1", port: 0, maxPayload: 64 * 1024 * 1024 });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  wss.on("connection", (socket) => {
    socket.on("message", (data) => {
      const request = JSON.parse(data.toString()) as { id: unknown; method: string };
      if (request.method === "x_subscribe") script.before?.(socket);
      socket.send(
        JSON.stringify({ jsonrpc: "2.0", id: request.id, result: request.method === "x_subscribe" ? "0xa" : true }),
      );
      if (request.method === "x_subscribe") script.after?.(socket);
    });
  });
});
afterAll(() => new Promise<void>((resolve) => wss.close(() => resolve())));
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
  script = {};
});

const notification = (result: unknown, subscription = "0xa"): string =>
  JSON.stringify({ jsonrpc: "2.0", method: "x_subscription", params: { subscription, result } });
const deep = (levels: number): string => `${"[".repeat(levels)}1${"]".repeat(levels)}`;
const deepNotification = (levels: number, subscription = "0xa"): string =>
  `{"jsonrpc":"2.0","method":"x_subscription","params":{"subscription":"${subscription}","result":${deep(levels)}}}`;

async function open(options: Record<string, unknown> = {}) {
  const client = createRpcClient(api, {
    transport: webSocket(url, { maxResponseBytes: 32 * 1024 * 1024 }),
    retryCount: 0,
  });
  clients.push(client);
  return (await client.subscribe("x_subscribe", ["newHeads", options])) as AsyncIterable<unknown>;
}

/** Reads the subscription until it ends: the items, and the error it ended with. */
async function drain(sub: AsyncIterable<unknown>, slowly = false): Promise<{ items: unknown[]; error?: unknown }> {
  const items: unknown[] = [];
  try {
    for await (const item of sub) {
      items.push(item);
      if (slowly) await new Promise((r) => setTimeout(r, 5));
    }
    return { items };
  } catch (error) {
    return { items, error };
  }
}

/**
 * Waits until every message the server sent so far has reached the last client opened: a call on
 * the same socket, which the server answers after them (a WebSocket keeps their order). A sleep
 * guessed the time 40 MB take to arrive, and on a loaded machine the consumer's read began first,
 * took every item and waited for the end until the test's timeout.
 */
const settle = async (): Promise<void> => {
  await clients.at(-1)!.call("x_ping", []);
};

describe("a notification nested too deep is an error on its subscription, never a silent drop", () => {
  it.each([600, 5_000, 100_000])("%i levels, after the confirmation", async (levels) => {
    script.after = (socket) => {
      socket.send(notification(1));
      socket.send(deepNotification(levels));
      socket.send(notification(3));
    };
    const { items, error } = await drain(await open());
    expect(items).toEqual([1]);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect(String((error as Error).message)).toMatch(
      /a notification \(x_subscription\) was refused: the answer nests arrays\/objects deeper than/,
    );
  });

  it("before the confirmation: the error comes once the id is known", async () => {
    script.before = (socket) => socket.send(deepNotification(2_000));
    const { error } = await drain(await open());
    expect(error).toBeInstanceOf(MalformedResponseError);
  });

  it("another subscription's deep notification leaves this one alone", async () => {
    script.after = (socket) => {
      socket.send(deepNotification(2_000, "0xother"));
      socket.send(notification(7));
    };
    const sub = await open();
    const it = sub[Symbol.asyncIterator]();
    expect((await it.next()).value).toBe(7);
    await it.return!();
  });
});

describe("every buffer is bounded by bytes as well as by count", () => {
  const big = (i: number): string => `${i}`.padEnd(512 * 1024, "x");

  it("the default (32 MiB): 80 notifications of 512 KB for a consumer that does not read end it with a SubscriptionError", async () => {
    script.after = (socket) => {
      for (let i = 0; i < 80; i++) socket.send(notification(big(i)));
    };
    const sub = await open();
    await settle();
    const { items, error } = await drain(sub);
    expect(error).toBeInstanceOf(SubscriptionError);
    expect((error as Error).message).toContain("bufferBytes");
    expect(items.length).toBeLessThan(80);
  });

  it.each([
    [{ bufferBytes: 1024 * 1024 }, 10, 50 * 1024],
    [{ bufferBytes: 200 * 1024, bufferSize: 1000 }, 5, 100 * 1024],
  ])("%o: %i notifications of %i bytes end it", async (options, count, size) => {
    script.after = (socket) => {
      for (let i = 0; i < count * 3; i++) socket.send(notification(`${i}`.padEnd(size, "y")));
    };
    const sub = await open(options);
    await settle();
    const { error } = await drain(sub);
    expect(error).toBeInstanceOf(SubscriptionError);
    expect((error as Error).message).toContain(
      `or ${options.bufferBytes} bytes (bufferBytes) the consumer had not taken`,
    );
  });

  it("items within the bounds are all delivered", async () => {
    script.after = (socket) => {
      for (let i = 0; i < 20; i++) socket.send(notification(i));
      socket.send(
        JSON.stringify({ jsonrpc: "2.0", method: "x_subscription", params: { subscription: "0xa", result: "end" } }),
      );
    };
    const sub = await open({ bufferBytes: 64 * 1024 });
    const it = sub[Symbol.asyncIterator]();
    const seen: unknown[] = [];
    for (let i = 0; i < 21; i++) seen.push((await it.next()).value);
    expect(seen).toEqual([...Array(20).keys(), "end"]);
    await it.return!();
  });

  it("refuses a bufferBytes that is not a whole number from 1 up, before anything is sent", async () => {
    for (const bufferBytes of [0, -1, 1.5, Number.NaN, 2 ** 40])
      await expect(open({ bufferBytes })).rejects.toThrow(/bufferBytes of x_subscribe must be a whole number/);
  });
});

describe("notifications before the confirmation that do not fit are reported, not dropped", () => {
  it.each([
    ["more than bufferSize of its own", { bufferSize: 5 }, () => Array.from({ length: 8 }, (_, i) => notification(i))],
    [
      "more than bufferBytes of its own",
      { bufferBytes: 100 * 1024 },
      () => Array.from({ length: 4 }, (_, i) => notification(`${i}`.padEnd(40 * 1024, "z"))),
    ],
    [
      "a flood for thousands of other ids that pushes its own out",
      { bufferSize: 10 },
      () => [notification("mine"), ...Array.from({ length: 2_000 }, (_, i) => notification(i, `0xo${i}`))],
    ],
  ])("%s", async (_, options, messages) => {
    script.before = (socket) => {
      for (const m of messages()) socket.send(m);
    };
    const { error } = await drain(await open(options));
    expect(error).toBeInstanceOf(SubscriptionError);
    expect((error as Error).message).toMatch(/arrived before the subscription was confirmed and did not fit/);
  });

  it("other ids' notifications pushed out alone do not end it", async () => {
    script.before = (socket) => {
      for (let i = 0; i < 20; i++) socket.send(notification(i, "0xother"));
      socket.send(notification("mine"));
    };
    const sub = await open({ bufferSize: 5 });
    const it = sub[Symbol.asyncIterator]();
    expect((await it.next()).value).toBe("mine");
    await it.return!();
  });
});
