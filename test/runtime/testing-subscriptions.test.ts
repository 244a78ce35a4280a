/**
 * Subscriptions through `mockTransport`: a subscribe handler's async iterable becomes the
 * subscription's items (in order, typed, u64 values as bigints), each checked against the item schema
 * of the variant the params select; unsubscribing stops the iterable and is recorded; distinct ids for
 * concurrent subscriptions; an item that breaks the spec, or an iterable that throws, ends the
 * subscription with that error after the items before it; closing the transport ends it too.
 */
import { describe, expect, it } from "vitest";
import { createEthNodeClient, type Head } from "../../generated/src/eth/index.js";
import { mockTransport } from "../../generated/src/eth/testing.js";
import { createSolanaNodeClient, type AccountNotification } from "../../generated/src/solana/index.js";
import { mockTransport as solanaMock } from "../../generated/src/solana/testing.js";
import { SocketClosedError, ValidationError } from "../../generated/src/runtime/index.js";
import { guardUnhandledRejections, rejectionOf } from "../helpers/error-checks.js";

guardUnhandledRejections();

const hex = (n: number, width = 64): `0x${string}` => `0x${n.toString(16).padStart(width, "0")}`;

/** A newHeads item that fits the spec's `Head`. */
function head(n: number): Head {
  return {
    number: `0x${n.toString(16)}`,
    hash: hex(n),
    parentHash: hex(n - 1),
    nonce: "0x0000000000000000",
    sha3Uncles: hex(0),
    logsBloom: `0x${"0".repeat(512)}`,
    transactionsRoot: hex(0),
    stateRoot: hex(0),
    receiptsRoot: hex(0),
    miner: hex(0, 40),
    difficulty: "0x0",
    extraData: "0x",
    gasLimit: "0x1c9c380",
    gasUsed: "0x0",
    timestamp: "0x1",
  };
}

/** The first `count` items of an async iterable. */
async function take<T>(items: AsyncIterable<T>, count: number): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) {
    out.push(item);
    if (out.length === count) break;
  }
  return out;
}

describe("mockTransport subscriptions", () => {
  it("the handler's items arrive in order; unsubscribing stops its iterable and is recorded", async () => {
    let stopped = false;
    const transport = mockTransport({
      async *eth_subscribe({ kind }) {
        expect(kind).toBe("newHeads");
        try {
          for (let n = 1; ; n++) yield head(n);
        } finally {
          stopped = true;
        }
      },
    });
    const eth = createEthNodeClient({ transport });
    const sub = await eth.eth_subscribe("newHeads");
    const id = sub.id;
    expect(String(id)).toMatch(/^0x[0-9a-fA-F]+$/);
    const numbers = (await take(sub, 3)).map((h) => h.number);
    expect(numbers).toEqual(["0x1", "0x2", "0x3"]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(true);
    expect(transport.calls).toEqual([
      { method: "eth_subscribe", params: { kind: "newHeads" } },
      { method: "eth_unsubscribe", params: { subscriptionId: id } },
    ]);
  });

  it("two subscriptions at once get distinct ids, each its own items", async () => {
    const transport = mockTransport({
      async *eth_subscribe() {
        for (let n = 1; n <= 2; n++) yield head(n * 10);
      },
    });
    const eth = createEthNodeClient({ transport });
    const [a, b] = await Promise.all([eth.eth_subscribe("newHeads"), eth.eth_subscribe("newHeads")]);
    expect(a.id).not.toBe(b.id);
    const [ia, ib] = await Promise.all([take(a, 2), take(b, 2)]);
    expect(ia.map((h) => h.number)).toEqual(["0xa", "0x14"]);
    expect(ib.map((h) => h.number)).toEqual(["0xa", "0x14"]);
  });

  it("an item that breaks the spec ends the subscription with a ValidationError naming the path, after the items before it", async () => {
    const eth = createEthNodeClient({
      transport: mockTransport({
        async *eth_subscribe() {
          yield head(1);
          yield { ...head(2), miner: "not an address" } as never;
          yield head(3);
        },
      }),
    });
    const seen: string[] = [];
    const error = await rejectionOf(
      (async () => {
        for await (const h of await eth.eth_subscribe("newHeads")) seen.push(h.number);
      })(),
    );
    expect(seen).toEqual(["0x1"]);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]!.path).toBe("item.miner");
    expect(error.message).toContain("item of eth_subscribe from its mockTransport handler");
  });

  it("an iterable that throws ends the subscription with its error", async () => {
    const eth = createEthNodeClient({
      transport: mockTransport({
        async *eth_subscribe() {
          yield head(1);
          throw new Error("feed went away");
        },
      }),
    });
    const seen: string[] = [];
    const error = await rejectionOf(
      (async () => {
        for await (const h of await eth.eth_subscribe("newHeads")) seen.push(h.number);
      })(),
    );
    expect(seen).toEqual(["0x1"]);
    expect(error.message).toBe("feed went away");
  });

  it("without a handler: an id from the result schema, no items; unsubscribe answers from the spec", async () => {
    const eth = createEthNodeClient({ transport: mockTransport() });
    const sub = await eth.eth_subscribe("newHeads");
    expect(String(sub.id)).toMatch(/^0x[0-9a-fA-F]+$/);
    await sub.unsubscribe();
  });

  it("closing the transport ends an open subscription with SocketClosedError", async () => {
    const transport = mockTransport({
      async *eth_subscribe() {
        yield head(1);
        await new Promise(() => undefined);
      },
    });
    const eth = createEthNodeClient({ transport });
    const sub = await eth.eth_subscribe("newHeads");
    const iterator = sub[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ number: "0x1" });
    const pending = iterator.next();
    void transport.close?.();
    expect(await rejectionOf(pending)).toBeInstanceOf(SocketClosedError);
  });

  it("Solana: positional params by name, the notification's items with u64 values as bigints", async () => {
    const item: AccountNotification = {
      context: { slot: 5n },
      value: {
        data: ["", "base58"],
        executable: false,
        lamports: 18446744073709551615n,
        owner: "11111111111111111111111111111111",
        rentEpoch: 18446744073709551615n,
        space: 0n,
      },
    };
    const transport = solanaMock({
      async *accountSubscribe({ pubkey, config }) {
        expect(pubkey).toBe("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg");
        expect(config).toEqual({ encoding: "base58" });
        yield item;
      },
    });
    const sol = createSolanaNodeClient({ transport });
    const sub = await sol.accountSubscribe("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "base58" });
    expect(typeof sub.id).toBe("number");
    const [got] = await take(sub, 1);
    expect(got).toEqual(item);
  });
});
