/**
 * Integration: the HTTP transport of the generated clients against a real, scripted HTTP server
 * on 127.0.0.1 (test/helpers/fault-server.ts). Every fault must give its typed error that names
 * the method and the host (never the path), and the API key must appear nowhere in it. Also the
 * retry rules (Retry-After, idempotency, per-call overrides, JSON-RPC codes) and the hooks
 * (`onRequest`, `onResponse`, `headers`, `fetch`).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  createAdvancedClient,
  type AdvancedClient,
  type AdvancedClientOptions,
} from "../../generated/src/advanced/index.js";
import {
  AbortError,
  HttpError,
  JsonRpcError,
  MalformedResponseError,
  NetworkError,
  ResponseTooLargeError,
  RpcClientError,
  TimeoutError,
  type CallOptions,
  type RequestEvent,
  type ResponseEvent,
} from "../../generated/src/runtime/index.js";
import { createRpcClient, type ApiSpec } from "../../runtime/index.js";
import * as RuntimeErrors from "../../runtime/errors.js";
import { expectNoSecret, guardUnhandledRejections, rejectionOf, renderings } from "../helpers/error-checks.js";
import {
  custom,
  hang,
  html,
  json,
  oversized,
  reset,
  slowBody,
  startFaultServer,
  text,
  truncated,
  wrongId,
  type Behaviour,
  useFaultServer,
} from "../helpers/fault-server.js";

const KEY = "sk-test-SECRET-9f8e7d";
const PATH = "/multichain";
const SAMPLE_403 = readFileSync(
  new URL(
    "../../../shared/real-samples/errors/node-endpoint.http403-api-key-not-allowed.response.txt",
    import.meta.url,
  ),
  "utf8",
);

guardUnhandledRejections();

const server = useFaultServer();

/** An Advanced client on the fault server; small retry delays keep the suite fast. */
const advanced = (options: Partial<AdvancedClientOptions> = {}): AdvancedClient =>
  createAdvancedClient({ url: `${server.url}${PATH}`, apiKey: KEY, retryDelay: 5, ...options });

const currencies = (client: AdvancedClient, options?: CallOptions): Promise<unknown> =>
  client.getCurrencies({ blockchain: "eth" }, options);

/** The error names `method` and the fault server's host, and neither the key nor (unless the body reflects it) the path. */
function expectWellFormed(error: Error, method: string, options: { pathMayAppearInBody?: boolean } = {}): void {
  expect(error).toBeInstanceOf(RpcClientError);
  const e = error as RpcClientError;
  expect(e.method).toBe(method);
  expect(e.host).toBe(server.host);
  expect(e.host).toMatch(/^127\.0\.0\.1:\d+$/);
  expect(e.message).toContain(`method ${method}`);
  expect(e.message).toContain(`host ${server.host}`);
  expectNoSecret(error, KEY);
  if (options.pathMayAppearInBody) {
    expect(e.shortMessage.replace((e as { body?: string }).body ?? "", "")).not.toContain(PATH);
  } else {
    for (const [where, rendering] of renderings(error))
      expect(rendering, `path found in ${where}`).not.toContain(`${PATH}/`);
    expect(e.message).not.toContain(PATH);
  }
}

interface FaultCase {
  name: string;
  script: Behaviour[];
  options?: Partial<AdvancedClientOptions>;
  call?: CallOptions;
  error: abstract new (...args: never[]) => Error;
  /** HTTP requests the call makes in all. */
  requests: number;
  pathInBody?: boolean;
  check?: (error: Error) => void;
}

describe("the leak check itself", () => {
  it("finds the key in a non-enumerable property, a nested cause, or a getter", () => {
    const hidden = new Error("clean");
    Object.defineProperty(hidden, "url", { value: `http://h${PATH}/${KEY}`, enumerable: false });
    expect(() => expectNoSecret(hidden, KEY)).toThrow();
    expect(() =>
      expectNoSecret(new Error("clean", { cause: new Error("x", { cause: { path: `/${KEY}` } }) }), KEY),
    ).toThrow();
    const getter = new Error("clean");
    Object.defineProperty(getter, "target", { get: () => ({ deep: [{ url: encodeURIComponent(KEY) }] }) });
    expect(() => expectNoSecret(getter, KEY)).toThrow();
    expect(() => expectNoSecret(new Error("clean"), KEY)).not.toThrow();
  });
});

describe("each fault gives its typed error, naming method and host, never the key", () => {
  const cases: FaultCase[] = [
    {
      name: "502 with an HTML page → retried retryCount times, then HttpError 502 with a text excerpt",
      script: [html(502), html(502), html(502)],
      options: { retryCount: 2, retryDelay: 5 },
      error: HttpError,
      requests: 3,
      check: (error) => {
        const e = error as HttpError;
        expect(e.status).toBe(502);
        expect(e.retryAfter).toBeUndefined();
        expect(e.body).toBe("502 Bad Gateway 502 Bad Gateway nginx");
        expect(e.body).not.toMatch(/[<>]/);
        expect(e.body.length).toBeLessThanOrEqual(201);
      },
    },
    {
      name: "a long HTML page → an excerpt of at most 200 characters (+ ellipsis), no tags",
      script: [html(500, `<html><body>${"<p>upstream failure</p>".repeat(200)}</body></html>`)],
      options: { retryCount: 0 },
      error: HttpError,
      requests: 1,
      check: (error) => {
        const e = error as HttpError;
        expect(e.status).toBe(500);
        expect(e.body).not.toMatch(/[<>]/);
        expect(e.body.length).toBeLessThanOrEqual(201);
        expect(e.body.startsWith("upstream failure upstream failure")).toBe(true);
      },
    },
    {
      name: "the real 403 plain-text body → HttpError 403, not retried, body excerpt = the text",
      script: [text(403, SAMPLE_403)],
      error: HttpError,
      requests: 1,
      check: (error) => {
        const e = error as HttpError;
        expect(e.status).toBe(403);
        expect(e.body).toBe(SAMPLE_403.trim());
        expect(e.body).toBe(
          "message: API key is not allowed to access blockchain, json-rpc code: -32052, rest code: 403",
        );
      },
    },
    {
      name: "200 with a non-JSON body → MalformedResponseError",
      script: [text(200, "OK, but not JSON")],
      error: MalformedResponseError,
      requests: 1,
      check: (error) => {
        expect((error as MalformedResponseError).body).toBe("OK, but not JSON");
        expect(error.message).toContain("not valid JSON");
      },
    },
    {
      name: "200 with an empty body → MalformedResponseError",
      script: [text(200, "")],
      error: MalformedResponseError,
      requests: 1,
      check: (error) => expect(error.message).toContain("empty"),
    },
    {
      name: "truncated body (content-length larger than what arrives) → MalformedResponseError",
      script: [truncated()],
      error: MalformedResponseError,
      requests: 1,
      check: (error) => expect(error.message).toContain("truncated"),
    },
    {
      name: "wrong id → MalformedResponseError",
      script: [wrongId()],
      error: MalformedResponseError,
      requests: 1,
      check: (error) => expect(error.message).toMatch(/the response id \d+ does not match the request id \d+/),
    },
    {
      name: "200 with a JSON array answering a single call → MalformedResponseError",
      script: [custom((r) => json(200, [{ jsonrpc: "2.0", id: (r.json as { id: number }).id, result: {} }]))],
      error: MalformedResponseError,
      requests: 1,
    },
    {
      name: "200 with neither result nor error → MalformedResponseError",
      script: [custom((r) => json(200, { jsonrpc: "2.0", id: (r.json as { id: number }).id }))],
      error: MalformedResponseError,
      requests: 1,
      check: (error) => expect(error.message).toContain("neither result nor error"),
    },
    {
      name: "connection reset → retried, then NetworkError",
      script: [reset(), reset(), reset()],
      options: { retryCount: 2 },
      error: NetworkError,
      requests: 3,
    },
    {
      name: "answer slower than the client's timeout → TimeoutError",
      script: [hang(2_000)],
      options: { timeout: 100, retryCount: 0 },
      error: TimeoutError,
      requests: 1,
      check: (error) => expect((error as TimeoutError).timeout).toBe(100),
    },
    {
      name: "per-call { timeout } overrides the client's → TimeoutError after the call's timeout",
      script: [hang(2_000)],
      options: { timeout: 20_000, retryCount: 0 },
      call: { timeout: 80 },
      error: TimeoutError,
      requests: 1,
      check: (error) => expect((error as TimeoutError).timeout).toBe(80),
    },
    {
      name: "headers at once, body stalling past the timeout → TimeoutError (the timeout covers the body)",
      script: [slowBody(2_000)],
      options: { timeout: 150, retryCount: 0 },
      error: TimeoutError,
      requests: 1,
      check: (error) => expect((error as TimeoutError).timeout).toBe(150),
    },
    {
      name: "oversized body announced by content-length → ResponseTooLargeError",
      script: [oversized(256 * 1024)],
      options: { maxResponseBytes: 1024 },
      error: ResponseTooLargeError,
      requests: 1,
      check: (error) => expect((error as ResponseTooLargeError).limit).toBe(1024),
    },
    {
      name: "oversized chunked body (no content-length) → ResponseTooLargeError",
      script: [oversized(2 * 1024 * 1024, { chunked: true })],
      options: { maxResponseBytes: 4096 },
      error: ResponseTooLargeError,
      requests: 1,
      check: (error) => expect((error as ResponseTooLargeError).limit).toBe(4096),
    },
    {
      name: "JSON-RPC error (-32602) → JsonRpcError, not retried",
      script: [
        custom((r) =>
          json(200, {
            jsonrpc: "2.0",
            id: (r.json as { id: number }).id,
            error: { code: -32602, message: "Invalid params", data: { field: "blockchain" } },
          }),
        ),
      ],
      error: JsonRpcError,
      requests: 1,
      check: (error) => {
        const e = error as JsonRpcError;
        expect(e.code).toBe(-32602);
        expect(e.data).toStrictEqual({ field: "blockchain" });
      },
    },
    // The server reflects the request URL (which holds the key) into its answers: the key must still not leak.
    {
      name: "an HTML error page quoting the URL → HttpError with the key replaced",
      script: [
        custom((r) =>
          html(500, `<html><body><h1>500</h1><p>no upstream for <a href="${r.url}">${r.url}</a></p></body></html>`),
        ),
      ],
      options: { retryCount: 0 },
      error: HttpError,
      requests: 1,
      pathInBody: true,
      check: (error) => expect((error as HttpError).body).toBe(`500 no upstream for ${PATH}/***`),
    },
    {
      name: "a non-JSON 200 body quoting the URL → MalformedResponseError with the key replaced",
      script: [custom((r) => text(200, `proxy error at ${r.url}?x=${encodeURIComponent(KEY)}`))],
      error: MalformedResponseError,
      requests: 1,
      pathInBody: true,
      check: (error) => expect((error as MalformedResponseError).body).toBe(`proxy error at ${PATH}/***?x=***`),
    },
    {
      name: "a JSON-RPC error whose message and data quote the key → JsonRpcError with the key replaced",
      script: [
        custom((r) =>
          json(200, {
            jsonrpc: "2.0",
            id: (r.json as { id: number }).id,
            error: { code: 0, message: `key ${KEY} not authorized`, data: { [KEY]: [`${r.url}`] } },
          }),
        ),
      ],
      error: JsonRpcError,
      requests: 1,
      pathInBody: true,
      check: (error) => {
        expect((error as JsonRpcError).code).toBe(0);
        expect((error as JsonRpcError).shortMessage).toBe("JSON-RPC error 0: key *** not authorized");
        expect((error as JsonRpcError).data).toStrictEqual({ "***": [`${PATH}/***`] });
      },
    },
  ];

  it.each(cases)("$name", async (c) => {
    server.script(...c.script);
    const error = await rejectionOf(currencies(advanced(c.options), c.call));
    expect(error).toBeInstanceOf(c.error);
    expectWellFormed(error, "adv_getCurrencies", { pathMayAppearInBody: c.pathInBody });
    c.check?.(error);
    expect(server.requests).toHaveLength(c.requests);
    expect(server.queued()).toBe(0);
    // The key was really in play: it is the last path segment the server saw.
    for (const request of server.requests) expect(request.url).toBe(`${PATH}/${KEY}`);
  });

  it("a per-call timeout longer than the client's wins too (the slow answer arrives)", async () => {
    server.script(hang(250));
    await expect(currencies(advanced({ timeout: 50, retryCount: 0 }), { timeout: 5_000 })).resolves.toStrictEqual({
      method: "adv_getCurrencies",
      params: { blockchain: "eth" },
    });
    expect(server.requests).toHaveLength(1);
  });

  it("connection refused (nothing listens) → NetworkError naming the host, retried then given up", async () => {
    const closed = await startFaultServer();
    const host = closed.host;
    await closed.close();
    const client = createAdvancedClient({ url: `http://${host}${PATH}`, apiKey: KEY, retryCount: 1, retryDelay: 5 });
    const error = await rejectionOf(currencies(client));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).method).toBe("adv_getCurrencies");
    expect((error as NetworkError).host).toBe(host);
    expectNoSecret(error, KEY);
  });
});

describe("Retry-After", () => {
  it("429 with Retry-After: 1 (seconds), then success: waits about 1 s, exactly 2 requests", async () => {
    server.script(text(429, "Too Many Requests", { "retry-after": "1" }));
    const started = Date.now();
    const result = await currencies(advanced());
    const elapsed = Date.now() - started;
    expect(result).toStrictEqual({ method: "adv_getCurrencies", params: { blockchain: "eth" } });
    expect(server.requests).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(server.requests[1]!.time - server.requests[0]!.time).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(3_000);
  });

  it("429 with an HTTP-date Retry-After, then success: waits until that date, exactly 2 requests", async () => {
    // Computed when answering; whole seconds, so the wait is between 1 and 2 s.
    server.script(
      custom(() => text(429, "Too Many Requests", { "retry-after": new Date(Date.now() + 2_000).toUTCString() })),
    );
    const started = Date.now();
    const result = await currencies(advanced());
    const elapsed = Date.now() - started;
    expect(result).toStrictEqual({ method: "adv_getCurrencies", params: { blockchain: "eth" } });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.time - server.requests[0]!.time).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(3_000);
  });

  const tooLong: Array<{ name: string; header: string; options: Partial<AdvancedClientOptions>; retryAfter: number }> =
    [
      { name: "Retry-After: 10 with the default retryMaxDelay (5 s)", header: "10", options: {}, retryAfter: 10_000 },
      {
        name: "Retry-After: 1 with retryMaxDelay 500",
        header: "1",
        options: { retryMaxDelay: 500 },
        retryAfter: 1_000,
      },
    ];
  it.each(tooLong)(
    "429 with a Retry-After beyond retryMaxDelay → HttpError 429 at once, 1 request ($name)",
    async (c) => {
      server.script(text(429, "slow down", { "retry-after": c.header }));
      const started = Date.now();
      const error = await rejectionOf(currencies(advanced(c.options)));
      expect(Date.now() - started).toBeLessThan(500);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).status).toBe(429);
      expect((error as HttpError).retryAfter).toBe(c.retryAfter);
      expect((error as HttpError).body).toBe("slow down");
      expectWellFormed(error, "adv_getCurrencies");
      expect(server.requests).toHaveLength(1);
    },
  );
});

describe("AbortSignal", () => {
  it("aborted mid-flight → AbortError at once, and no retry after the abort", async () => {
    const controller = new AbortController();
    // abort once the server holds the request (a fixed delay races the connection on a loaded machine)
    server.script(custom(() => (setTimeout(() => controller.abort(), 50), hang(3_000))));
    const started = Date.now();
    const error = await rejectionOf(
      currencies(advanced({ retryCount: 3, retryDelay: 5 }), { signal: controller.signal }),
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(error).toBeInstanceOf(AbortError);
    expectWellFormed(error, "adv_getCurrencies");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests).toHaveLength(1);
  });

  it("aborted while waiting to retry (Retry-After: 1) → AbortError at once, no second request", async () => {
    const controller = new AbortController();
    server.script(custom(() => (setTimeout(() => controller.abort(), 150), text(503, "busy", { "retry-after": "1" }))));
    const started = Date.now();
    const error = await rejectionOf(currencies(advanced(), { signal: controller.signal }));
    expect(Date.now() - started).toBeLessThan(900);
    expect(error).toBeInstanceOf(AbortError);
    expectWellFormed(error, "adv_getCurrencies");
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(server.requests).toHaveLength(1);
  });

  it("aborted while the body is arriving → AbortError, not a malformed response", async () => {
    const controller = new AbortController();
    server.script(custom(() => (setTimeout(() => controller.abort(), 100), slowBody(3_000))));
    const error = await rejectionOf(currencies(advanced(), { signal: controller.signal }));
    expect(error).toBeInstanceOf(AbortError);
    expectWellFormed(error, "adv_getCurrencies");
    expect(server.requests).toHaveLength(1);
  });

  it("already aborted → AbortError, nothing sent", async () => {
    const error = await rejectionOf(currencies(advanced(), { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(AbortError);
    expectWellFormed(error, "adv_getCurrencies");
    expect(server.requests).toHaveLength(0);
  });
});

describe("retry rules", () => {
  const spec: ApiSpec = {
    name: "test",
    keyed: { paramStructure: "by-name", envelope: "jsonrpc", methodIn: "body" },
    methods: {
      test_send: { params: ["value"] },
      test_read: { params: ["value"], idempotent: true },
    },
  };

  const idempotency: Array<{
    method: string;
    fault: () => Behaviour;
    error: abstract new (...args: never[]) => Error;
    requests: number;
  }> = [
    { method: "test_send", fault: () => html(503), error: RuntimeErrors.HttpError, requests: 1 },
    { method: "test_send", fault: () => reset(), error: RuntimeErrors.NetworkError, requests: 1 },
    {
      method: "test_send",
      fault: () => text(429, "slow down", { "retry-after": "0" }),
      error: RuntimeErrors.HttpError,
      requests: 1,
    },
    { method: "test_read", fault: () => html(503), error: RuntimeErrors.HttpError, requests: 4 },
    { method: "test_read", fault: () => reset(), error: RuntimeErrors.NetworkError, requests: 4 },
  ];
  it.each(idempotency)(
    "$method (idempotent: $method = test_read) with $error.name: $requests request(s)",
    async (c) => {
      server.setFallback(c.fault());
      const client = createRpcClient(spec, { url: `${server.url}${PATH}`, apiKey: KEY, retryCount: 3, retryDelay: 5 });
      const error = await rejectionOf(client.call(c.method, { value: 1 }));
      expect(error).toBeInstanceOf(c.error);
      expect((error as RuntimeErrors.RpcClientError).method).toBe(c.method);
      expect((error as RuntimeErrors.RpcClientError).host).toBe(server.host);
      expectNoSecret(error, KEY);
      expect(server.requests).toHaveLength(c.requests);
    },
  );

  it("per-call retryCount: 0 overrides the client's retryCount", async () => {
    server.setFallback(html(503));
    const error = await rejectionOf(currencies(advanced({ retryCount: 3 }), { retryCount: 0 }));
    expect(error).toBeInstanceOf(HttpError);
    expect(server.requests).toHaveLength(1);
  });

  it("per-call retryCount: 2 overrides a client's retryCount: 0", async () => {
    server.setFallback(html(503));
    const error = await rejectionOf(currencies(advanced({ retryCount: 0 }), { retryCount: 2 }));
    expect(error).toBeInstanceOf(HttpError);
    expect(server.requests).toHaveLength(3);
  });

  const rpcError = (code: number): Behaviour =>
    custom((r) =>
      json(200, { jsonrpc: "2.0", id: (r.json as { id: number }).id, error: { code, message: `error ${code}` } }),
    );

  const codes: Array<{
    name: string;
    options: Partial<AdvancedClientOptions>;
    script: Behaviour[];
    ok: boolean;
    code?: number;
    requests: number;
  }> = [
    { name: "default codes: -32055 is retried", options: {}, script: [rpcError(-32055)], ok: true, requests: 2 },
    { name: "default codes: 429 is retried", options: {}, script: [rpcError(429)], ok: true, requests: 2 },
    {
      name: "default codes: -32000 is not",
      options: {},
      script: [rpcError(-32000)],
      ok: false,
      code: -32000,
      requests: 1,
    },
    {
      name: "default codes: -32602 is not",
      options: {},
      script: [rpcError(-32602)],
      ok: false,
      code: -32602,
      requests: 1,
    },
    {
      name: "retryJsonRpcCodes [-32000]: -32000 is retried",
      options: { retryJsonRpcCodes: [-32000] },
      script: [rpcError(-32000)],
      ok: true,
      requests: 2,
    },
    {
      name: "retryJsonRpcCodes [-32000]: -32055 is not",
      options: { retryJsonRpcCodes: [-32000] },
      script: [rpcError(-32055)],
      ok: false,
      code: -32055,
      requests: 1,
    },
    {
      name: "retryJsonRpcCodes []: -32055 is not",
      options: { retryJsonRpcCodes: [] },
      script: [rpcError(-32055)],
      ok: false,
      code: -32055,
      requests: 1,
    },
    {
      name: "a retried code that persists: retryCount + 1 requests, then JsonRpcError",
      options: { retryCount: 2 },
      script: [rpcError(-32055), rpcError(-32055), rpcError(-32055)],
      ok: false,
      code: -32055,
      requests: 3,
    },
  ];
  it.each(codes)("$name", async (c) => {
    server.script(...c.script);
    const call = currencies(advanced(c.options));
    if (c.ok) {
      await expect(call).resolves.toStrictEqual({ method: "adv_getCurrencies", params: { blockchain: "eth" } });
    } else {
      const error = await rejectionOf(call);
      expect(error).toBeInstanceOf(JsonRpcError);
      expect((error as JsonRpcError).code).toBe(c.code);
      expectWellFormed(error, "adv_getCurrencies");
    }
    expect(server.requests).toHaveLength(c.requests);
  });
});

describe("hooks, headers and fetch", () => {
  it("onRequest/onResponse: once per HTTP request, with methods, host, body, duration and error — never the key", async () => {
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    server.script(html(503), hang(120));
    const client = advanced({ onRequest: (e) => requests.push(e), onResponse: (e) => responses.push(e) });
    await currencies(client);
    expect(server.requests).toHaveLength(2);
    expect(requests).toHaveLength(2);
    expect(responses).toHaveLength(2);
    requests.forEach((event, i) => {
      expect(event.methods).toStrictEqual(["adv_getCurrencies"]);
      expect(event.host).toBe(server.host);
      expect(event.body).toBe(server.requests[i]!.body);
      expect(JSON.parse(event.body)).toMatchObject({
        jsonrpc: "2.0",
        method: "adv_getCurrencies",
        params: { blockchain: "eth" },
      });
    });
    expect(responses[0]!.error).toBeInstanceOf(HttpError);
    expect((responses[0]!.error as HttpError).status).toBe(503);
    expect(responses[1]!.error).toBeUndefined();
    expect("error" in responses[1]!).toBe(false);
    for (const event of responses) {
      expect(typeof event.durationMs).toBe("number");
      expect(event.durationMs).toBeGreaterThanOrEqual(0);
      expect(event.host).toBe(server.host);
      expect(event.methods).toStrictEqual(["adv_getCurrencies"]);
    }
    expect(responses[1]!.durationMs).toBeGreaterThanOrEqual(100);
    for (const event of [...requests, ...responses]) expectNoSecret(event, KEY);
  });

  it("onResponse gets the typed error of a failed request (timeout), onRequest once", async () => {
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    server.script(hang(2_000));
    const client = advanced({
      timeout: 60,
      retryCount: 0,
      onRequest: (e) => requests.push(e),
      onResponse: (e) => responses.push(e),
    });
    const error = await rejectionOf(currencies(client));
    expect(requests).toHaveLength(1);
    expect(responses).toHaveLength(1);
    expect(responses[0]!.error).toBe(error);
    expect(responses[0]!.error).toBeInstanceOf(TimeoutError);
    expect(responses[0]!.durationMs).toBeGreaterThanOrEqual(50);
    expectNoSecret(responses[0], KEY);
  });

  it("onRequest/onResponse see a batch as one request with all its methods", async () => {
    const requests: RequestEvent[] = [];
    const responses: ResponseEvent[] = [];
    const client = advanced({ onRequest: (e) => requests.push(e), onResponse: (e) => responses.push(e) });
    const settled = await client.batch((c) => [
      c.getCurrencies({ blockchain: "eth" }),
      c.getInteractions({ address: "0xabc" }),
      c.getCurrencies({ blockchain: "bsc" }),
    ]);
    expect(settled.map((s) => s.status)).toStrictEqual(["fulfilled", "fulfilled", "fulfilled"]);
    expect(server.requests).toHaveLength(1);
    expect(requests).toHaveLength(1);
    expect(responses).toHaveLength(1);
    expect(requests[0]!.methods).toStrictEqual(["adv_getCurrencies", "adv_getInteractions", "adv_getCurrencies"]);
    expect(requests[0]!.body).toBe(server.requests[0]!.body);
    expect(responses[0]!.error).toBeUndefined();
    for (const event of [...requests, ...responses]) expectNoSecret(event, KEY);
  });

  it("custom headers reach the server (with the JSON content type)", async () => {
    await currencies(advanced({ headers: { "x-request-source": "integration-test", "x-trace-id": "t-42" } }));
    expect(server.requests).toHaveLength(1);
    const headers = server.requests[0]!.headers;
    expect(headers["x-request-source"]).toBe("integration-test");
    expect(headers["x-trace-id"]).toBe("t-42");
    expect(headers["content-type"]).toBe("application/json");
    expect(server.requests[0]!.method).toBe("POST");
  });

  it("the `fetch` option is used for every request (a wrapper of the real fetch counts them)", async () => {
    const seen: Array<{ url: string; method: string | undefined }> = [];
    const counting: typeof fetch = (input, init) => {
      seen.push({ url: String(input), method: init?.method });
      return globalThis.fetch(input, init);
    };
    server.script(html(503));
    const client = advanced({ fetch: counting });
    await currencies(client);
    await client.getInteractions({ address: "0xabc" });
    expect(seen).toHaveLength(3);
    expect(server.requests).toHaveLength(3);
    for (const s of seen) {
      expect(s.method).toBe("POST");
      expect(s.url).toBe(`${server.url}${PATH}/${KEY}`);
    }
  });
});
