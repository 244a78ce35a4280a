/**
 * The default HTTP transport in Node: a client made from the `{ url, apiKey }` / `{ proxyUrl }`
 * shorthand sends through node:http (runtime/default-transport-node.ts, picked by the package's
 * `#default-transport` import under the `node` condition); with a `fetch` option, or with
 * `transport: http(…)`, it sends through fetch. Parity: the same loopback cases (errors, timeouts,
 * abort, redirects refused, the byte limit, the key hidden, hooks, retries, the proxy form) through
 * both give the same outcome, compared field by field. A real HTTP server on 127.0.0.1.
 */
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createAdvancedClient } from "../../generated/src/advanced/index.js";
import { http } from "../../generated/src/runtime/index.js";
import type { ClientOptions } from "../../generated/src/runtime/options.js";
import { expectNoSecret, guardUnhandledRejections } from "../helpers/error-checks.js";
import { hang, json, oversized, reset, truncated, type Behaviour, useFaultServer } from "../helpers/fault-server.js";

const KEY = "sk-test-SECRET-default-9";

guardUnhandledRejections();

const faults = useFaultServer();

type Way = "node:http (default)" | "fetch (the fetch option)" | "fetch (http())";
const WAYS: readonly Way[] = ["node:http (default)", "fetch (the fetch option)", "fetch (http())"];

/** A client of `way` with the shorthand's options (`url`, `apiKey`, `proxyUrl`, `maxResponseBytes`) and the rest. */
function clientOf(way: Way, options: ClientOptions & { maxResponseBytes?: number } = {}) {
  const { url = `${faults.url}/multichain`, apiKey = KEY, proxyUrl, maxResponseBytes, ...rest } = options;
  const base = { retryCount: 0, ...rest };
  const limit = maxResponseBytes === undefined ? {} : { maxResponseBytes };
  if (way === "fetch (http())")
    return createAdvancedClient({
      ...base,
      transport: proxyUrl ? http(proxyUrl, { proxy: true, ...limit }) : http(url, { apiKey, ...limit }),
    });
  const fetchOption =
    way === "fetch (the fetch option)" ? { fetch: (i: RequestInfo | URL, o?: RequestInit) => fetch(i, o) } : {};
  const target = proxyUrl ? { proxyUrl } : { url, apiKey };
  return createAdvancedClient({ ...base, ...target, ...limit, ...fetchOption });
}

/** What a case leaves: the result or the error's fields, and what the server received (headers of the transport's own aside). */
interface Outcome {
  result?: unknown;
  error?: { name: string; message: string; status?: unknown; retryAfter?: unknown; body?: unknown };
  requests: { url: string; body: string; contentType: unknown; accept: unknown }[];
}

async function outcomeOf(
  way: Way,
  behaviours: Behaviour[],
  run: (c: ReturnType<typeof clientOf>) => Promise<unknown>,
  options: Parameters<typeof clientOf>[1] = {},
): Promise<Outcome> {
  faults.reset();
  faults.script(...behaviours);
  const c = clientOf(way, options);
  const outcome: Outcome = { requests: [] };
  try {
    outcome.result = await run(c);
  } catch (caught) {
    const error = caught as Error & Record<string, unknown>;
    expectNoSecret(error, KEY);
    outcome.error = {
      name: error.name,
      // A network failure's message ends in the socket layer's own words (undici's or node:http's).
      message: error.name === "NetworkError" ? error.message.split(":")[0]! : error.message,
      ...(error.status !== undefined && { status: error.status }),
      ...(error.retryAfter !== undefined && { retryAfter: error.retryAfter }),
      ...(error.body !== undefined && { body: error.body }),
    };
  } finally {
    c.close();
  }
  outcome.requests = faults.requests.map((r) => ({
    url: r.url,
    body: r.body,
    contentType: r.headers["content-type"],
    accept: r.headers.accept,
  }));
  return outcome;
}

/** The outcome of every way; each must equal the fetch transport's (`http()`), which is returned. */
async function same(...args: Parameters<typeof outcomeOf> extends [Way, ...infer R] ? R : never): Promise<Outcome> {
  const outcomes = new Map<Way, Outcome>();
  for (const way of WAYS) outcomes.set(way, await outcomeOf(way, ...args));
  const reference = outcomes.get("fetch (http())")!;
  for (const way of WAYS) expect(outcomes.get(way), `${way} differs from http()`).toEqual(reference);
  return reference;
}

const getCurrencies = (c: ReturnType<typeof clientOf>, options?: { signal?: AbortSignal }) =>
  c.getCurrencies({ blockchain: "eth" }, options);

describe("the default client in Node", () => {
  it("sends through node:http: no header of undici's fetch reaches the server; with a fetch option they do", async () => {
    for (const way of WAYS) {
      faults.reset();
      const c = clientOf(way);
      await getCurrencies(c);
      c.close();
      const [request] = faults.requests;
      const byFetch = way !== "node:http (default)";
      expect(request!.headers["sec-fetch-mode"], way).toBe(byFetch ? "cors" : undefined);
      expect(request!.headers["user-agent"], way).toBe(byFetch ? "node" : undefined);
    }
  });
});

describe("node:http and fetch give the same outcome", () => {
  it("a result, sent to <url>/<key> with the same body and headers", async () => {
    const outcome = await same([], getCurrencies);
    expect(outcome.result).toEqual({ method: "adv_getCurrencies", params: { blockchain: "eth" } });
    expect(outcome.requests).toHaveLength(1);
    expect(outcome.requests[0]!.url).toBe(`/multichain/${KEY}`);
    expect(outcome.requests[0]!.contentType).toBe("application/json");
  });

  it("the keyless proxy form: POST <url>?<method> with the params alone", async () => {
    const answer = { jsonrpc: "2.0", id: 1, result: { currencies: [] } };
    const outcome = await same([json(200, answer)], getCurrencies, {
      proxyUrl: `${faults.url}/proxy`,
    });
    expect(outcome.requests[0]!).toMatchObject({ url: "/proxy?adv_getCurrencies", body: '["eth"]' });
    expect(outcome.result).toEqual({ currencies: [] });
  });

  it("a timeout: a TimeoutError at the deadline", async () => {
    const outcome = await same([hang(2_000)], getCurrencies, { timeout: 100 });
    expect(outcome.error?.name).toBe("TimeoutError");
  });

  it("an abort: an AbortError, and nothing sent when the signal has already fired", async () => {
    const during = await same([hang(2_000)], (c) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 50);
      return getCurrencies(c, { signal: controller.signal });
    });
    expect(during.error?.name).toBe("AbortError");
    const before = await same([], (c) => getCurrencies(c, { signal: AbortSignal.abort() }));
    expect(before.error?.name).toBe("AbortError");
    expect(before.requests).toHaveLength(0);
  });

  it("the byte limit: a ResponseTooLargeError for a body past it, declared or streamed", async () => {
    for (const chunked of [false, true]) {
      const outcome = await same([oversized(4096, { chunked })], getCurrencies, { maxResponseBytes: 1024 });
      expect(outcome.error?.name).toBe("ResponseTooLargeError");
    }
  });

  it("a compressed answer (gzip, deflate, br) is decoded, and a compression bomb stops at the byte limit", async () => {
    const answer = JSON.stringify({ jsonrpc: "2.0", id: 1, result: { currencies: ["eth"] } });
    const bomb = JSON.stringify({ jsonrpc: "2.0", id: 1, result: "0".repeat(256 * 1024) });
    const encoders = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };
    for (const [encoding, encode] of Object.entries(encoders)) {
      const read = await same([json(200, encode(answer), { "content-encoding": encoding })], getCurrencies);
      expect(read.result, encoding).toEqual({ currencies: ["eth"] });
      const packed = encode(bomb);
      expect(packed.length).toBeLessThan(2048);
      const stopped = await same([json(200, packed, { "content-encoding": encoding })], getCurrencies, {
        maxResponseBytes: 64 * 1024,
      });
      expect(stopped.error?.name, encoding).toBe("ResponseTooLargeError");
    }
  });

  it("a body that is not what its Content-Encoding says: a MalformedResponseError either way, the key hidden", async () => {
    // fetch cannot tell a failed decoding from a cut body; node:http says which it was, so only the kind is compared.
    for (const way of WAYS) {
      const garbage = new TextEncoder().encode(`not gzip at all, ${KEY}`);
      const outcome = await outcomeOf(way, [json(200, garbage, { "content-encoding": "gzip" })], getCurrencies);
      expect(outcome.error?.name, way).toBe("MalformedResponseError");
      expect(outcome.error?.message, way).toMatch(/could not be decoded|cut off/);
    }
  });

  it("a body cut off: a MalformedResponseError; a reset connection: a NetworkError", async () => {
    expect((await same([truncated()], getCurrencies)).error?.name).toBe("MalformedResponseError");
    const dropped = await same([reset()], getCurrencies);
    expect(dropped.error).toEqual({ name: "NetworkError", message: "Request failed" });
  });

  it("a status that is not 2xx: an HttpError with its status, Retry-After and body, the key hidden", async () => {
    const outcome = await same([json(429, `too many for ${KEY}`, { "retry-after": "2" })], getCurrencies);
    expect(outcome.error).toMatchObject({ name: "HttpError", status: 429, retryAfter: 2000 });
    expect(JSON.stringify(outcome.error)).not.toContain(KEY);
  });

  it("a redirect, absolute or relative: an HttpError naming the target host only, not followed", async () => {
    const absolute = await same([json(307, "", { location: `http://elsewhere.example/x/${KEY}` })], getCurrencies);
    expect(absolute.error).toMatchObject({ name: "HttpError", status: 307 });
    expect(absolute.error?.message).toContain("host elsewhere.example");
    expect(absolute.requests).toHaveLength(1);
    const relative = await same([json(302, "", { location: `/other/${KEY}` })], getCurrencies);
    expect(relative.error?.message).toContain(`host ${faults.host}`);
  });

  it("retries: a 503 then a result is one result after two requests", async () => {
    const outcome = await same([json(503, "busy")], getCurrencies, { retryCount: 1, retryDelay: 1 });
    expect(outcome.result).toEqual({ method: "adv_getCurrencies", params: { blockchain: "eth" } });
    expect(outcome.requests).toHaveLength(2);
  });

  it("hooks: onRequest and onResponse see the same events, never the key", async () => {
    const seen = new Map<Way, unknown[]>();
    for (const way of WAYS) {
      const events: unknown[] = [];
      await outcomeOf(way, [json(500, `bad ${KEY}`)], (c) => getCurrencies(c).catch((e: Error) => e.name), {
        onRequest: (e) => events.push(["request", e]),
        onResponse: ({ durationMs, error, ...e }) =>
          events.push(["response", e, typeof durationMs, (error as Error | undefined)?.name]),
      });
      expect(JSON.stringify(events)).not.toContain(KEY);
      seen.set(way, events);
    }
    expect(seen.get("node:http (default)")).toHaveLength(2);
    for (const way of WAYS) expect(seen.get(way), way).toEqual(seen.get("fetch (http())"));
  });
});
