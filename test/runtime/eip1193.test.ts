/**
 * `fromEip1193(provider)` against hostile providers (the provider is the untrusted party here, so the
 * providers below are the test's subjects, not stand-ins for a network): what they throw, what they
 * answer, the `"message"` events they emit. Every case ends in a typed error or a right result; never
 * a raw value thrown at the caller, a hang past the timeout, or an item lost without a word. The real
 * providers (hardhat's, viem's) are in test/integration/eip1193.test.ts.
 */
import { describe, expect, it } from "vitest";
import { createEthNodeClient, type Head } from "../../generated/src/eth/index.js";
import {
  JsonRpcError,
  MalformedResponseError,
  NetworkError,
  SocketClosedError,
  TimeoutError,
  ValidationError,
  fromEip1193,
  type Eip1193ProviderLike,
} from "../../generated/src/runtime/index.js";

/** A client over a provider whose `request` is `answer`. */
const over = (answer: (args: { method: string; params?: unknown }) => unknown, timeout = 2_000) =>
  createEthNodeClient({
    transport: fromEip1193({ request: async (args) => answer(args) }),
    retryCount: 0,
    timeout,
  });

const cyclic = (): unknown => {
  const o: Record<string, unknown> = {};
  o.self = o;
  return o;
};

describe("what a provider throws", () => {
  it.each<[string, () => unknown, number]>([
    ["an EIP-1193 error", () => ({ code: 4001, message: "User rejected the request." }), 4001],
    [
      "a ProviderRpcError-like Error",
      () => Object.assign(new Error("execution reverted"), { code: 3, data: "0x08c3" }),
      3,
    ],
    ["a code and no message", () => ({ code: -32000 }), -32000],
    ["data that is not JSON (dropped)", () => ({ code: -32000, message: "x", data: cyclic() }), -32000],
  ])("%s: a JsonRpcError with its code", async (_name, thrown, code) => {
    const error = await over(() => Promise.reject(thrown()))
      .eth_blockNumber()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect((error as JsonRpcError).code).toBe(code);
  });

  it("keeps the data and the first line of the message (viem's next lines name the URL)", async () => {
    const error = (await over(() => {
      throw { code: 3, message: "execution reverted\nURL: http://host/KEY\nVersion: viem", data: { reason: "x" } };
    })
      .eth_blockNumber()
      .catch((e: unknown) => e)) as JsonRpcError;
    expect(error.shortMessage).toBe("JSON-RPC error 3: execution reverted");
    expect(error.data).toEqual({ reason: "x" });
  });

  it.each<[string, () => unknown]>([
    ["a string", () => "boom"],
    ["null", () => null],
    ["undefined", () => undefined],
    ["a number", () => 42],
    ["a symbol", () => Symbol("s")],
    ["an Error without a code", () => new Error("socket hang up")],
    ["a code that is text", () => ({ code: "abc", message: "x" })],
    ["a code that is not whole", () => ({ code: 1.5, message: "x" })],
    [
      "an object whose getters throw",
      () =>
        new Proxy(
          {},
          {
            get() {
              throw new Error("trap");
            },
          },
        ),
    ],
  ])("%s: a NetworkError that says the provider failed", async (_name, thrown) => {
    const eth = createEthNodeClient({
      transport: fromEip1193({
        request: () => {
          // Thrown synchronously, not as a rejection.
          throw thrown();
        },
      }),
      retryCount: 0,
    });
    const error = await eth.eth_blockNumber().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/^The EIP-1193 provider failed: /);
  });
});

describe("what a provider answers", () => {
  it("a result: the same value, validated (params) and typed", async () => {
    const seen: unknown[] = [];
    const eth = over((args) => (seen.push(args), "0x2a"));
    await expect(eth.eth_blockNumber()).resolves.toBe("0x2a");
    expect(seen).toEqual([{ method: "eth_blockNumber", params: [] }]);
  });

  it.each<[string, () => unknown, RegExp]>([
    ["undefined", () => undefined, /neither result nor error/],
    ["a cycle", cyclic, /not JSON/],
    ["a bigint", () => 1n, /not JSON/],
    ["a function", () => () => 1, /not JSON/],
    ["a value nested past the depth limit", () => JSON.parse("[".repeat(600) + "]".repeat(600)), /nest/],
  ])("%s: a MalformedResponseError", async (_name, answer, reason) => {
    const error = await over(answer)
      .eth_blockNumber()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toMatch(reason);
  });

  it("a promise that never settles: the client's timeout", async () => {
    await expect(over(() => new Promise(() => undefined), 50).eth_blockNumber()).rejects.toBeInstanceOf(TimeoutError);
  });

  it("an abort cuts the wait short", async () => {
    const controller = new AbortController();
    const call = over(() => new Promise(() => undefined)).eth_blockNumber({ signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
  });

  it("__proto__ and other prototype names are methods like any other", async () => {
    const seen: string[] = [];
    const eth = over(({ method }) => (seen.push(method), "0x1"));
    const request = eth.request as (m: string, p: unknown[]) => Promise<unknown>;
    for (const method of ["__proto__", "constructor", "toString"])
      await expect(request(method, [])).resolves.toBe("0x1");
    expect(seen).toEqual(["__proto__", "constructor", "toString"]);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

describe("the provider given", () => {
  it.each<[string, unknown]>([
    ["null", null],
    ["a function", () => undefined],
    ["an object without request", { send: () => undefined }],
    [
      "an object whose request getter throws",
      Object.defineProperty({}, "request", {
        get() {
          throw new Error("trap");
        },
      }),
    ],
  ])("%s: a ValidationError at once", (_name, provider) => {
    expect(() => fromEip1193(provider as Eip1193ProviderLike)).toThrow(ValidationError);
    expect(() => fromEip1193(provider as Eip1193ProviderLike)).toThrow(/provider must be an EIP-1193 provider/);
  });

  it("a name that is a URL is refused (errors and spans name it as the host)", () => {
    expect(() => fromEip1193({ request: async () => 1 }, { name: "https://host/KEY" })).toThrow(
      /options\.name must be a word/,
    );
  });

  it("without on(): no subscriptions capability, the client says so and sends nothing", async () => {
    let asked = 0;
    const eth = createEthNodeClient({ transport: fromEip1193({ request: async () => (asked++, "0x1") }) });
    await expect(eth.eth_subscribe("newHeads")).rejects.toMatchObject({ name: "SubscriptionError" });
    expect(asked).toBe(0);
  });
});

/** A provider with message events under the test's control. */
function emitting(): Eip1193ProviderLike & { emit(event: string, payload: unknown): void; listeners: number } {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  let id = 0;
  return {
    get listeners() {
      return [...listeners.values()].reduce((n, s) => n + s.size, 0);
    },
    async request({ method }) {
      if (method === "eth_subscribe") return `0x${(++id).toString(16)}`;
      if (method === "eth_unsubscribe") return true;
      return "0x1";
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    emit(event, payload) {
      for (const l of listeners.get(event) ?? []) (l as (p: unknown) => void)(payload);
    },
  };
}

const head = (n: number): Head =>
  ({
    number: `0x${n.toString(16)}`,
    hash: `0x${"ab".repeat(32)}`,
    parentHash: `0x${"cd".repeat(32)}`,
    timestamp: "0x1",
  }) as unknown as Head;

describe('"message" events', () => {
  it("malformed events are ignored, the subscription's own items come through, in order", async () => {
    const provider = emitting();
    const eth = createEthNodeClient({ transport: fromEip1193(provider) });
    const sub = await eth.eth_subscribe("newHeads");
    for (const junk of [
      null,
      "eth_subscription",
      42,
      { type: 5, data: {} },
      { type: "eth_subscription" },
      { type: "eth_subscription", data: null },
      { type: "eth_subscription", data: "x" },
      { type: "eth_subscription", data: { subscription: "0x99", result: head(9) } },
      { type: "other", data: { subscription: sub.id, result: head(8) } },
    ])
      provider.emit("message", junk);
    provider.emit("message", { type: "eth_subscription", data: { subscription: sub.id, result: head(1) } });
    provider.emit("message", { type: "eth_subscription", data: { subscription: sub.id, result: head(2) } });
    const iterator = sub[Symbol.asyncIterator]();
    expect(((await iterator.next()).value as Head).number).toBe("0x1");
    expect(((await iterator.next()).value as Head).number).toBe("0x2");
    await sub.unsubscribe();
    expect(provider.listeners).toBe(0);
  });

  it("an item that is not JSON ends its subscription with a MalformedResponseError (never skipped silently)", async () => {
    const provider = emitting();
    const eth = createEthNodeClient({ transport: fromEip1193(provider) });
    const sub = await eth.eth_subscribe("newHeads");
    provider.emit("message", { type: "eth_subscription", data: { subscription: sub.id, result: cyclic() } });
    await expect(sub[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(MalformedResponseError);
  });

  it("a disconnect ends the subscription with SocketClosedError, the provider's disconnect as its cause", async () => {
    const provider = emitting();
    const eth = createEthNodeClient({ transport: fromEip1193(provider) });
    const sub = await eth.eth_subscribe("newHeads");
    provider.emit("disconnect", { code: 4900, message: "gone" });
    const error = await sub[Symbol.asyncIterator]()
      .next()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SocketClosedError);
    expect((error as Error).cause).toBeInstanceOf(NetworkError);
    expect(((error as Error).cause as Error).message).toMatch(/The EIP-1193 provider disconnected \(code 4900\)/);
  });

  it("a provider whose on() throws: the subscription fails with a NetworkError", async () => {
    const eth = createEthNodeClient({
      transport: fromEip1193({
        request: async () => "0x1",
        on() {
          throw new Error("no events here");
        },
      }),
    });
    await expect(eth.eth_subscribe("newHeads")).rejects.toBeInstanceOf(NetworkError);
  });
});
