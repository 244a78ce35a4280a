/**
 * The subscription state machine (runtime/subscription.ts) over a scripted host: confirmation,
 * notifications before the confirmation, u64 items, unsubscribe on break/abort/unsubscribe(),
 * the bounded buffer, re-subscription with a gap report and back-fill, and the end by
 * SocketClosedError. Real sockets: test/integration/subscriptions.test.ts.
 */
import { describe, expect, it } from "vitest";
import { AbortError, SocketClosedError, SubscriptionError } from "../../runtime/errors.js";
import { fetchMissed } from "../../runtime/backfill.js";
import { parseJson } from "../../runtime/json.js";
import { subscribe, type SubscribeMethod, type SubscriptionHost } from "../../runtime/subscription.js";
import { createTransport } from "../../runtime/factories.js";

type Listener = (n: { method: string; params: unknown }) => void;
type ConnListener = (e: { type: "reconnected" } | { type: "closed"; error: Error }) => void;

/**
 * A host whose calls are answered by `answer`, recording every call; `push` delivers a notification.
 * `subscriptions: false` gives it a transport without that capability (no listen, no onConnection).
 */
function host(answer: (method: string, params: unknown) => unknown, subscriptions = true) {
  const calls: [string, unknown][] = [];
  const listeners = new Set<Listener>();
  const conn = new Set<ConnListener>();
  const transport = createTransport({
    type: subscriptions ? "scripted" : "http",
    host: "127.0.0.1",
    request: () => Promise.reject(new Error("the scripted host answers through call")),
    ...(subscriptions && {
      listen: (l: Listener) => (listeners.add(l), () => void listeners.delete(l)),
      onConnection: (l: ConnListener) => (conn.add(l), () => void conn.delete(l)),
    }),
  });
  const h: SubscriptionHost = {
    transport,
    host: "127.0.0.1",
    bufferSize: 1000,
    call: async (method, params) => {
      calls.push([method, params]);
      return answer(method, params);
    },
  };
  return {
    h,
    calls,
    listeners,
    push: (id: unknown, result: unknown, method = "x_subscription") => {
      for (const l of [...listeners]) l({ method, params: { subscription: id, result } });
    },
    pushRaw: (text: string) => {
      const { value } = parseJson(text);
      const m = value as { method: string; params: unknown };
      for (const l of [...listeners]) l(m);
    },
    reconnect: () => conn.forEach((l) => l({ type: "reconnected" })),
    close: () => conn.forEach((l) => l({ type: "closed", error: new SocketClosedError(1006, {}) })),
  };
}

const heads: SubscribeMethod = {
  params: ["kind", "filter"],
  byName: false,
  subscription: {
    notification: "x_subscription",
    unsubscribe: "x_unsubscribe",
    variants: [
      { when: { param: "kind", equals: "newHeads" }, params: 1, backfill: "blocks" },
      { when: { param: "kind", equals: "logs" }, params: 2, backfill: "logs" },
      { when: { param: "kind", equals: "account" }, params: 1, u64: { value: { lamports: true } } },
    ],
  },
};
const ids = (): ((m: string) => unknown) => {
  let n = 0;
  return (m) => (m === "x_subscribe" ? `0x${++n}` : true);
};
const tick = (): Promise<void> => new Promise((r) => setTimeout(r, 0));

describe("subscribe", () => {
  it("refuses a transport without the subscriptions capability at once, naming it, sending nothing", async () => {
    const t = host(ids(), false);
    expect(t.h.transport.capabilities.subscriptions).toBe(false);
    await expect(subscribe(t.h, "x_subscribe", heads, ["newHeads"])).rejects.toThrow(
      /needs a transport with the "subscriptions" capability \(server notifications\); the http transport has none: create the client with transport: webSocket\(url\) from the package's \.\/ws subpath \(nothing was sent\)/,
    );
    expect(t.calls).toEqual([]);
    expect(t.listeners.size).toBe(0);
  });

  it("takes the variant's params, then the options", async () => {
    const t = host(ids());
    const sub = await subscribe(t.h, "x_subscribe", heads, ["logs", { address: "0x1" }, { bufferSize: 5 }]);
    expect(t.calls).toEqual([["x_subscribe", ["logs", { address: "0x1" }]]]);
    expect(sub.id).toBe("0x1");
    await subscribe(t.h, "x_subscribe", heads, ["newHeads", { signal: new AbortController().signal }]);
    expect(t.calls[1]).toEqual(["x_subscribe", ["newHeads"]]);
  });

  it("yields items pushed before and after the confirmation, only its own, u64 exact", async () => {
    const t = host(ids());
    const pending = subscribe(t.h, "x_subscribe", heads, ["account"]);
    t.pushRaw(
      '{"jsonrpc":"2.0","method":"x_subscription","params":{"subscription":"0x1","result":{"value":{"lamports":18446744073709551615}}}}',
    );
    const sub = await pending;
    t.push("0x9", { value: { lamports: 1 } }); // another subscription's
    t.push("0x1", { value: { lamports: 2 } });
    const it = sub[Symbol.asyncIterator]();
    expect((await it.next()).value).toEqual({ value: { lamports: 18446744073709551615n } });
    expect((await it.next()).value).toEqual({ value: { lamports: 2n } });
  });

  it.each([
    [
      "break",
      async (sub: AsyncIterable<unknown>) => {
        for await (const _ of sub) break;
      },
    ],
    ["unsubscribe()", async (sub: { unsubscribe(): Promise<void> }) => sub.unsubscribe()],
  ])("sends the unsubscribe on %s and ends the iteration", async (_name, leave) => {
    const t = host(ids());
    const sub = await subscribe(t.h, "x_subscribe", heads, ["newHeads"]);
    t.push("0x1", { number: "0x1" });
    await leave(sub as never);
    expect(t.calls.at(-1)).toEqual(["x_unsubscribe", ["0x1"]]);
    expect(t.listeners.size).toBe(0);
    expect(await sub[Symbol.asyncIterator]().next()).toEqual({ value: undefined, done: true });
  });

  it("unsubscribes when the signal aborts; a waiting next() rejects with AbortError", async () => {
    const t = host(ids());
    const controller = new AbortController();
    const sub = await subscribe(t.h, "x_subscribe", heads, ["newHeads", { signal: controller.signal }]);
    const next = sub[Symbol.asyncIterator]().next();
    controller.abort();
    await expect(next).rejects.toBeInstanceOf(AbortError);
    expect(t.calls.at(-1)).toEqual(["x_unsubscribe", ["0x1"]]);
  });

  it("ends with a SubscriptionError past bufferSize, and unsubscribes", async () => {
    const t = host(ids());
    const sub = await subscribe(t.h, "x_subscribe", heads, ["newHeads", { bufferSize: 3 }]);
    for (let i = 0; i < 4; i++) t.push("0x1", { number: `0x${i + 1}` });
    await expect(sub[Symbol.asyncIterator]().next()).rejects.toThrow(SubscriptionError);
    await expect(sub[Symbol.asyncIterator]().next()).resolves.toEqual({ value: undefined, done: true });
    expect(t.calls.at(-1)).toEqual(["x_unsubscribe", ["0x1"]]);
  });

  it("re-subscribes after a reconnect with the same params and reports the gap", async () => {
    const t = host(ids());
    const gaps: unknown[] = [];
    const sub = await subscribe(t.h, "x_subscribe", heads, [
      "logs",
      { address: "0x1" },
      { onGap: (g: unknown) => gaps.push(g) },
    ]);
    t.push("0x1", { blockNumber: "0x5", logIndex: "0x0" });
    t.reconnect();
    await tick();
    expect(t.calls.at(-1)).toEqual(["x_subscribe", ["logs", { address: "0x1" }]]);
    expect(gaps).toEqual([{ lastSeen: { blockNumber: "0x5", logIndex: "0x0" }, backfilled: 0 }]);
    t.push("0x1", { blockNumber: "0x6", logIndex: "0x0" }); // the old id: ignored
    t.push("0x2", { blockNumber: "0x7", logIndex: "0x0" });
    const it = sub[Symbol.asyncIterator]();
    expect((await it.next()).value).toEqual({ blockNumber: "0x5", logIndex: "0x0" });
    expect((await it.next()).value).toEqual({ blockNumber: "0x7", logIndex: "0x0" });
  });

  it("back-fills missed blocks in order, without yielding any twice", async () => {
    let head = 3;
    const t = host((m, p) => {
      if (m === "x_subscribe") return `0x${t.calls.length}`;
      if (m === "eth_blockNumber") return `0x${head.toString(16)}`;
      if (m === "eth_getBlockByNumber") return { number: (p as string[])[0] };
      return true;
    });
    const gaps: unknown[] = [];
    const sub = await subscribe(t.h, "x_subscribe", heads, [
      "newHeads",
      { backfill: true, onGap: (g: unknown) => gaps.push(g) },
    ]);
    t.push("0x1", { number: "0x1" });
    head = 4;
    t.reconnect();
    await tick();
    t.push("0x2", { number: "0x4" }); // already back-filled
    t.push("0x2", { number: "0x5" });
    const seen: unknown[] = [];
    for await (const item of sub) {
      seen.push((item as { number: string }).number);
      if (seen.length === 5) break;
    }
    expect(seen).toEqual(["0x1", "0x2", "0x3", "0x4", "0x5"]);
    expect(gaps).toEqual([{ lastSeen: { number: "0x1" }, backfilled: 3 }]);
    expect(t.calls.filter(([m]) => m === "eth_getBlockByNumber").map(([, p]) => p)).toEqual([
      ["0x2", false],
      ["0x3", false],
      ["0x4", false],
    ]);
  });

  it("with backfill on, a live item at or below an earlier one (a reorg, a hostile huge key) is still yielded: only back-filled keys are skipped", async () => {
    const t = host(ids());
    const sub = await subscribe(t.h, "x_subscribe", heads, ["newHeads", { backfill: true }]);
    t.push("0x1", { number: "0xffffffffffffffff" });
    t.push("0x1", { number: "0x5" });
    t.push("0x1", { number: "0x5", hash: "0xreorg" });
    const it = sub[Symbol.asyncIterator]();
    expect((await it.next()).value).toEqual({ number: "0xffffffffffffffff" });
    expect((await it.next()).value).toEqual({ number: "0x5" });
    expect((await it.next()).value).toEqual({ number: "0x5", hash: "0xreorg" });
    await it.return!();
  });

  it("ends with a SubscriptionError and cancels the new subscription when more blocks were missed than bufferSize", async () => {
    const t = host((m) => (m === "x_subscribe" ? `0x${t.calls.length}` : m === "eth_blockNumber" ? "0x64" : true));
    const sub = await subscribe(t.h, "x_subscribe", heads, ["newHeads", { backfill: true, bufferSize: 10 }]);
    t.push("0x1", { number: "0x1" });
    const it = sub[Symbol.asyncIterator]();
    await it.next();
    t.reconnect();
    await expect(it.next()).rejects.toThrow(
      /could not back-fill after a reconnect: 99 blocks were missed, more than the subscription's bufferSize of 10/,
    );
    expect(t.calls.at(-1)).toEqual(["x_unsubscribe", ["0x2"]]);
    expect(t.calls.some(([m]) => m === "eth_getBlockByNumber")).toBe(false);
  });

  it("refuses backfill for items the spec does not mark", async () => {
    const t = host(ids());
    await expect(subscribe(t.h, "x_subscribe", heads, ["account", { backfill: true }])).rejects.toThrow(
      /cannot back-fill/,
    );
    expect(t.calls).toEqual([]);
  });

  it("throws SocketClosedError after the queued items when the socket is closed for good", async () => {
    const t = host(ids());
    const sub = await subscribe(t.h, "x_subscribe", heads, ["newHeads"]);
    t.push("0x1", { number: "0x1" });
    t.close();
    const it = sub[Symbol.asyncIterator]();
    expect((await it.next()).value).toEqual({ number: "0x1" });
    await expect(it.next()).rejects.toBeInstanceOf(SocketClosedError);
    expect(await it.next()).toEqual({ value: undefined, done: true });
  });

  it("waits for the next reconnect when the socket drops again during the re-subscription", async () => {
    let dropping = false;
    let n = 0;
    const t = host((m) => {
      if (m !== "x_subscribe") return true;
      if (dropping) throw new SocketClosedError(1006, {});
      return `0x${++n}`;
    });
    const gaps: unknown[] = [];
    const sub = await subscribe(t.h, "x_subscribe", heads, ["newHeads", { onGap: (g: unknown) => gaps.push(g) }]);
    t.push("0x1", { number: "0x1" });
    dropping = true;
    t.reconnect();
    await tick();
    expect(gaps).toEqual([]);
    dropping = false;
    t.reconnect();
    await tick();
    expect(gaps).toEqual([{ lastSeen: { number: "0x1" }, backfilled: 0 }]);
    t.push("0x2", { number: "0x2" });
    const seen: unknown[] = [];
    for await (const item of sub) if (seen.push(item) === 2) break;
    expect(seen).toEqual([{ number: "0x1" }, { number: "0x2" }]);
  });

  it("ends with the error when the re-subscription is refused", async () => {
    let refuse = false;
    const t = host((m) => {
      if (m !== "x_subscribe") return true;
      if (refuse) throw new Error("node refused");
      return "0x1";
    });
    const sub = await subscribe(t.h, "x_subscribe", heads, ["newHeads"]);
    refuse = true;
    t.reconnect();
    await expect(sub[Symbol.asyncIterator]().next()).rejects.toThrow(
      /could not be made again after a reconnect: node refused/,
    );
  });
});

describe("back-fill against a hostile node", () => {
  const block = (n: string) => ({ number: n });
  it.each([
    { name: "a block numbered far ahead", answer: (n: string) => (n === "0x5" ? block("0xffffffffffff") : block(n)) },
    { name: "a block without a number", answer: (n: string) => (n === "0x5" ? {} : block(n)) },
    { name: "null for a block", answer: (n: string) => (n === "0x5" ? null : block(n)) },
  ])("keeps only the blocks asked for: $name is left out", async ({ answer }) => {
    const call = (async (method: string, params: unknown[]) =>
      method === "eth_blockNumber" ? "0x6" : answer(params[0] as string)) as never;
    expect(await fetchMissed(call, "blocks", [3n], undefined, 10)).toEqual([block("0x4"), block("0x6")]);
  });

  it("refuses a head far ahead instead of fetching up to it", async () => {
    let fetched = 0;
    const call = (async (method: string) => {
      if (method === "eth_blockNumber") return "0xffffffffffff";
      fetched++;
      return null;
    }) as never;
    await expect(fetchMissed(call, "blocks", [3n], undefined, 1000)).rejects.toThrow(
      /blocks were missed, more than the subscription's bufferSize of 1000/,
    );
    expect(fetched).toBe(0);
  });
});
