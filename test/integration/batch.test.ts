/**
 * Integration: JSON-RPC batching over HTTP against a real server on 127.0.0.1 — the explicit
 * `client.batch(...)` (one HTTP request, answers matched by id in any order, each item settled
 * on its own) and opt-in automatic batching of the calls made in the same tick.
 */
import { describe, expect, it } from "vitest";
import {
  createAdvancedClient,
  type AdvancedClient,
  type AdvancedClientOptions,
} from "../../generated/src/advanced/index.js";
import {
  HttpError,
  JsonRpcError,
  MalformedResponseError,
  RpcClientError,
  TimeoutError,
  ValidationError,
} from "../../generated/src/runtime/index.js";
import { createRpcClient, type ApiSpec } from "../../runtime/index.js";
import * as RuntimeErrors from "../../runtime/errors.js";
import { expectNoSecret, guardUnhandledRejections, rejectionOf } from "../helpers/error-checks.js";
import { custom, echoItem, hang, html, json, type Envelope, useFaultServer } from "../helpers/fault-server.js";

const KEY = "sk-test-SECRET-9f8e7d";
const PATH = "/multichain";

guardUnhandledRejections();

const server = useFaultServer();

const advanced = (options: Partial<AdvancedClientOptions> = {}): AdvancedClient =>
  createAdvancedClient({ url: `${server.url}${PATH}`, apiKey: KEY, retryDelay: 5, ...options });

/** A call whose echoed result tells which call it was (`params.tokenId`). */
const metadata = (c: Pick<AdvancedClient, "getNFTMetadata">, i: number): Promise<unknown> =>
  c.getNFTMetadata({ blockchain: "eth", contractAddress: `0x${i.toString(16).padStart(40, "0")}`, tokenId: String(i) });

const echoed = (i: number): unknown => ({
  method: "adv_getNFTMetadata",
  params: { blockchain: "eth", contractAddress: `0x${i.toString(16).padStart(40, "0")}`, tokenId: String(i) },
});

/** The envelopes of a recorded batch request. */
const envelopes = (index: number): Envelope[] => {
  const body = server.requests[index]!.json;
  expect(Array.isArray(body)).toBe(true);
  return body as Envelope[];
};
const tokenOf = (e: Envelope): string => (e.params as { tokenId: string }).tokenId;

/** A deterministic shuffle (LCG), so a failure can be replayed. */
function shuffled<T>(items: readonly T[], seed = 12345): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe("explicit client.batch", () => {
  it("sends many calls of different methods as one HTTP request and settles each with its own result", async () => {
    const settled = await advanced().batch((c) => [
      c.getCurrencies({ blockchain: "eth" }),
      c.getInteractions({ address: "0xabc" }),
      c.getNFTHolders({ blockchain: "bsc", contractAddress: "0xdef", pageSize: 5 }),
      metadata(c, 7),
    ]);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.url).toBe(`${PATH}/${KEY}`);
    const sent = envelopes(0);
    expect(sent.map((e) => e.method)).toStrictEqual([
      "adv_getCurrencies",
      "adv_getInteractions",
      "adv_getNFTHolders",
      "adv_getNFTMetadata",
    ]);
    expect(new Set(sent.map((e) => e.id)).size).toBe(4);
    for (const e of sent) expect(e.jsonrpc).toBe("2.0");
    expect(settled).toStrictEqual([
      { status: "fulfilled", value: { method: "adv_getCurrencies", params: { blockchain: "eth" } } },
      { status: "fulfilled", value: { method: "adv_getInteractions", params: { address: "0xabc" } } },
      {
        status: "fulfilled",
        value: { method: "adv_getNFTHolders", params: { blockchain: "bsc", contractAddress: "0xdef", pageSize: 5 } },
      },
      { status: "fulfilled", value: echoed(7) },
    ]);
  });

  it("1,000 calls answered in shuffled order are matched by id: every result right, one request", async () => {
    server.script(
      custom((r) => {
        const answers = (r.json as Envelope[]).map((e) => echoItem(e));
        return json(200, shuffled(answers));
      }),
    );
    const settled = await advanced().batch((c) => Array.from({ length: 1_000 }, (_, i) => metadata(c, i)));
    expect(server.requests).toHaveLength(1);
    expect(envelopes(0)).toHaveLength(1_000);
    expect(settled).toHaveLength(1_000);
    settled.forEach((s, i) => expect(s).toStrictEqual({ status: "fulfilled", value: echoed(i) }));
    // the server really answered out of order
    const answeredOrder = shuffled(envelopes(0)).map(tokenOf);
    expect(answeredOrder).not.toStrictEqual(envelopes(0).map(tokenOf));
  });

  it("string ids in the answers match too", async () => {
    server.script(
      custom((r) =>
        json(
          200,
          (r.json as Envelope[]).reverse().map((e) => ({ ...(echoItem(e) as object), id: String(e.id) })),
        ),
      ),
    );
    const settled = await advanced().batch((c) => [metadata(c, 1), metadata(c, 2), metadata(c, 3)]);
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : s.reason))).toStrictEqual([
      echoed(1),
      echoed(2),
      echoed(3),
    ]);
  });

  it("per-item JSON-RPC errors reject only their own item", async () => {
    server.script(
      custom((r) =>
        json(
          200,
          (r.json as Envelope[]).map((e) =>
            Number(tokenOf(e)) % 3 === 0
              ? {
                  jsonrpc: "2.0",
                  id: e.id,
                  error: { code: -32602, message: `bad token ${tokenOf(e)}`, data: { tokenId: tokenOf(e) } },
                }
              : echoItem(e),
          ),
        ),
      ),
    );
    const settled = await advanced().batch((c) => Array.from({ length: 10 }, (_, i) => metadata(c, i)));
    expect(server.requests).toHaveLength(1);
    settled.forEach((s, i) => {
      if (i % 3 !== 0) {
        expect(s).toStrictEqual({ status: "fulfilled", value: echoed(i) });
        return;
      }
      expect(s.status).toBe("rejected");
      const reason = (s as PromiseRejectedResult).reason as JsonRpcError;
      expect(reason).toBeInstanceOf(JsonRpcError);
      expect(reason.code).toBe(-32602);
      expect(reason.shortMessage).toBe(`JSON-RPC error -32602: bad token ${i}`);
      expect(reason.data).toStrictEqual({ tokenId: String(i) });
      expect(reason.method).toBe("adv_getNFTMetadata");
      expect(reason.host).toBe(server.host);
      expectNoSecret(reason, KEY);
    });
  });

  it("a single (non-array) error answering the whole batch rejects every item with that JsonRpcError", async () => {
    server.script(json(200, '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch not allowed"}}'));
    const settled = await advanced().batch((c) => [
      c.getCurrencies({ blockchain: "eth" }),
      metadata(c, 1),
      metadata(c, 2),
    ]);
    expect(server.requests).toHaveLength(1);
    expect(settled).toHaveLength(3);
    for (const s of settled) {
      expect(s.status).toBe("rejected");
      const reason = (s as PromiseRejectedResult).reason as JsonRpcError;
      expect(reason).toBeInstanceOf(JsonRpcError);
      expect(reason.code).toBe(-32600);
      expect(reason.shortMessage).toBe("JSON-RPC error -32600: batch not allowed");
      expect(reason.host).toBe(server.host);
      expect(reason.message).toContain(`host ${server.host}`);
      expect(reason.message).not.toContain(PATH);
      expectNoSecret(reason, KEY);
    }
  });

  it("an HTTP failure of the whole batch (idempotent methods) retries it whole, then settles every item", async () => {
    server.script(html(503));
    const settled = await advanced().batch((c) => [metadata(c, 1), metadata(c, 2)]);
    expect(server.requests).toHaveLength(2);
    expect(settled).toStrictEqual([
      { status: "fulfilled", value: echoed(1) },
      { status: "fulfilled", value: echoed(2) },
    ]);
  });

  it("an HTTP failure that persists rejects every item with the HttpError, after retryCount retries", async () => {
    server.setFallback(html(502));
    const settled = await advanced({ retryCount: 2 }).batch((c) => [metadata(c, 1), metadata(c, 2)]);
    expect(server.requests).toHaveLength(3);
    for (const s of settled) {
      const reason = (s as PromiseRejectedResult).reason as HttpError;
      expect(reason).toBeInstanceOf(HttpError);
      expect(reason.status).toBe(502);
      expectNoSecret(reason, KEY);
    }
  });

  it("a batch holding a non-idempotent call is not retried: every item rejects after 1 request", async () => {
    const spec: ApiSpec = {
      name: "test",
      keyed: { paramStructure: "by-name", envelope: "jsonrpc", methodIn: "body" },
      methods: { test_send: { params: ["value"] }, test_read: { params: ["value"], idempotent: true } },
    };
    server.setFallback(html(503));
    const client = createRpcClient(spec, { url: `${server.url}${PATH}`, apiKey: KEY, retryCount: 3, retryDelay: 5 });
    const settled = await client.batch((call) => [call("test_read", { value: 1 }), call("test_send", { value: 2 })]);
    expect(server.requests).toHaveLength(1);
    for (const s of settled) expect((s as PromiseRejectedResult).reason).toBeInstanceOf(RuntimeErrors.HttpError);
  });

  it("a missing answer for one id → MalformedResponseError for that item only", async () => {
    server.script(
      custom((r) =>
        json(
          200,
          (r.json as Envelope[]).filter((e) => tokenOf(e) !== "3").map((e) => echoItem(e)),
        ),
      ),
    );
    const settled = await advanced().batch((c) => Array.from({ length: 6 }, (_, i) => metadata(c, i)));
    settled.forEach((s, i) => {
      if (i !== 3) return expect(s).toStrictEqual({ status: "fulfilled", value: echoed(i) });
      expect(s.status).toBe("rejected");
      const reason = (s as PromiseRejectedResult).reason as MalformedResponseError;
      expect(reason).toBeInstanceOf(MalformedResponseError);
      expect(reason.message).toMatch(/no response for request id \d+/);
      expect(reason.method).toBe("adv_getNFTMetadata");
      expect(reason.host).toBe(server.host);
      expectNoSecret(reason, KEY);
    });
  });

  it("a validation error in one call rejects that call without sending it; the others go out", async () => {
    const settled = await advanced().batch((c) => [
      metadata(c, 1),
      c.getLogs({ pageSize: 20_000 }),
      metadata(c, 2),
      c.getNFTHolders({ blockchain: "eth" } as never),
      metadata(c, 3),
    ]);
    expect(server.requests).toHaveLength(1);
    expect(envelopes(0).map((e) => e.method)).toStrictEqual([
      "adv_getNFTMetadata",
      "adv_getNFTMetadata",
      "adv_getNFTMetadata",
    ]);
    expect(settled[0]).toStrictEqual({ status: "fulfilled", value: echoed(1) });
    expect(settled[2]).toStrictEqual({ status: "fulfilled", value: echoed(2) });
    expect(settled[4]).toStrictEqual({ status: "fulfilled", value: echoed(3) });
    for (const [i, path] of [
      [1, "params.pageSize"],
      [3, "params.contractAddress"],
    ] as const) {
      expect(settled[i]!.status).toBe("rejected");
      const reason = (settled[i] as PromiseRejectedResult).reason as ValidationError;
      expect(reason).toBeInstanceOf(ValidationError);
      expect(reason.issues.map((issue) => issue.path)).toContain(path);
    }
  });

  it("a batch whose calls all fail validation sends nothing", async () => {
    const settled = await advanced().batch((c) => [
      c.getLogs({ pageSize: 0 }),
      c.getCurrencies({ blockchain: "nope" } as never),
    ]);
    expect(settled.map((s) => s.status)).toStrictEqual(["rejected", "rejected"]);
    for (const s of settled) expect((s as PromiseRejectedResult).reason).toBeInstanceOf(ValidationError);
    expect(server.requests).toHaveLength(0);
  });

  it("the keyless proxy client cannot batch: ValidationError, build not called, nothing sent", async () => {
    const proxy = createAdvancedClient({ proxyUrl: `${server.url}/proxy` });
    let built = false;
    const error = await rejectionOf(
      proxy.batch((c) => {
        built = true;
        return [c.getCurrencies({ blockchain: "eth" })];
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues[0]).toMatchObject({ path: "options.proxyUrl", rule: "batch" });
    expect((error as RpcClientError).host).toBe(server.host);
    expect(built).toBe(false);
    expect(server.requests).toHaveLength(0);
  });
});

describe("automatic batching", () => {
  it("batch: { maxSize: 10 } — 25 calls in the same tick go out as 3 HTTP requests of 10, 10 and 5", async () => {
    const client = advanced({ batch: { maxSize: 10 } });
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => metadata(client, i)));
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((_, i) => envelopes(i).length)).toStrictEqual([10, 10, 5]);
    const sentTokens = server.requests.flatMap((_, i) => envelopes(i).map(tokenOf));
    expect(sentTokens).toStrictEqual(Array.from({ length: 25 }, (_, i) => String(i)));
    results.forEach((r, i) => expect(r).toStrictEqual(echoed(i)));
  });

  it("batch: true — 150 calls in the same tick go out as batches of the default 100", async () => {
    const client = advanced({ batch: true });
    const results = await Promise.all(Array.from({ length: 150 }, (_, i) => metadata(client, i)));
    expect(server.requests.map((_, i) => envelopes(i).length)).toStrictEqual([100, 50]);
    results.forEach((r, i) => expect(r).toStrictEqual(echoed(i)));
  });

  it("calls made in different ticks are not merged", async () => {
    server.script(hang(50), hang(50));
    const client = advanced({ batch: { maxSize: 10 } });
    const first = metadata(client, 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = metadata(client, 2);
    await new Promise((resolve) => setImmediate(resolve));
    const third = metadata(client, 3);
    expect(await Promise.all([first, second, third])).toStrictEqual([echoed(1), echoed(2), echoed(3)]);
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((_, i) => envelopes(i).map(tokenOf))).toStrictEqual([["1"], ["2"], ["3"]]);
  });

  it("answers in shuffled order are matched by id", async () => {
    server.setFallback(
      custom((r) =>
        json(
          200,
          shuffled(
            (r.json as Envelope[]).map((e) => echoItem(e)),
            r.index + 7,
          ),
        ),
      ),
    );
    const client = advanced({ batch: { maxSize: 40 } });
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => metadata(client, i)));
    expect(server.requests).toHaveLength(3);
    results.forEach((r, i) => expect(r).toStrictEqual(echoed(i)));
  });

  it("a per-item JSON-RPC error rejects only that call", async () => {
    server.script(
      custom((r) =>
        json(
          200,
          (r.json as Envelope[]).map((e) =>
            tokenOf(e) === "2" ? { jsonrpc: "2.0", id: e.id, error: { code: -32602, message: "bad" } } : echoItem(e),
          ),
        ),
      ),
    );
    const client = advanced({ batch: true });
    const settled = await Promise.allSettled([metadata(client, 1), metadata(client, 2), metadata(client, 3)]);
    expect(settled[0]).toStrictEqual({ status: "fulfilled", value: echoed(1) });
    expect((settled[1] as PromiseRejectedResult).reason).toBeInstanceOf(JsonRpcError);
    expect(settled[2]).toStrictEqual({ status: "fulfilled", value: echoed(3) });
    expect(server.requests).toHaveLength(1);
  });

  it("the keyless proxy client does not batch automatically: one request per call", async () => {
    const proxy = createAdvancedClient({ proxyUrl: `${server.url}/proxy`, batch: { maxSize: 10 } });
    server.setFallback(custom(() => json(200, { jsonrpc: "2.0", id: 1, result: { currencies: [] } })));
    await Promise.all([
      proxy.getCurrencies({ blockchain: "eth" }),
      proxy.getCurrencies({ blockchain: "bsc" }),
      proxy.getCurrencies({ blockchain: "polygon" }),
    ]);
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((r) => r.url)).toStrictEqual([
      "/proxy?adv_getCurrencies",
      "/proxy?adv_getCurrencies",
      "/proxy?adv_getCurrencies",
    ]);
    expect(server.requests.map((r) => r.json)).toStrictEqual([["eth"], ["bsc"], ["polygon"]]);
  });

  // The retry and per-call options of automatically batched calls.
  it("a failing automatic batch makes 1 + retryCount requests in all (not (1 + retryCount)²)", async () => {
    server.setFallback(html(503));
    const error = await rejectionOf(metadata(advanced({ batch: true, retryCount: 2 }), 1));
    expect(error).toBeInstanceOf(HttpError);
    expect(server.requests).toHaveLength(3);
  });

  it("per-call retryCount: 0 holds for an automatically batched call", async () => {
    server.setFallback(html(503));
    const client = advanced({ batch: true, retryCount: 2 });
    const error = await rejectionOf(client.getNFTMetadata({ contractAddress: "0x01" }, { retryCount: 0 }));
    expect(error).toBeInstanceOf(HttpError);
    expect(server.requests).toHaveLength(1);
  });

  it("per-call { timeout } holds for an automatically batched call", async () => {
    server.script(hang(1_500));
    const client = advanced({ batch: true, timeout: 10_000, retryCount: 0 });
    const started = Date.now();
    const error = await rejectionOf(client.getNFTMetadata({ contractAddress: "0x01" }, { timeout: 100 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeout).toBe(100);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
