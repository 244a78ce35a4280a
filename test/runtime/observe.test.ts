/**
 * Tracing and logging (the `tracer`, `logger` and `logLevel` options, runtime/observe.ts): the spans an
 * OpenTelemetry SDK records (sdk-trace-base's in-memory exporter, a real tracer) and the lines a logger
 * receives, for a success, a JSON-RPC error, retries, a batch, refused params; never the API key, in
 * any form; a tracer or a logger that throws costs nothing but its own output; wrong options reject
 * every call with a ValidationError. A real HTTP server on 127.0.0.1 (test/helpers/fault-server.ts)
 * answers through the generated Ethereum client.
 */
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { afterEach, describe, expect, it, vi } from "vitest";
import { inMemoryTracer } from "../helpers/otel.js";
import { createEthNodeClient, type EthNodeClientOptions } from "../../generated/src/eth/index.js";
import { ValidationError, http, type Logger, type TracerLike } from "../../generated/src/runtime/index.js";
import { custom, echo, html, json, useFaultServer, type Envelope } from "../helpers/fault-server.js";

const server = useFaultServer();
/** A key anyone would recognise in an output, with characters that have encoded forms. */
const KEY = "Sk-7f3a9c+KEY=zz";
const ADDRESS = "0x8d97689c9818892b700e27f316cc3e41e17fbeb9";

const { tracer, exporter } = inMemoryTracer("observe-test");
afterEach(() => {
  exporter.reset();
  vi.restoreAllMocks();
});

/** What a logger received, one entry per line. */
function recordingLogger(): Logger & { lines: { level: string; message: string; fields: unknown }[] } {
  const lines: { level: string; message: string; fields: unknown }[] = [];
  const at =
    (level: string) =>
    (message: string, fields?: unknown): void =>
      void lines.push({ level, message, fields });
  return { lines, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

const client = (options: Omit<EthNodeClientOptions, "url"> = {}) =>
  createEthNodeClient({ url: server.url, apiKey: KEY, retryDelay: 1, ...options });

const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
const only = (): ReadableSpan => {
  expect(spans()).toHaveLength(1);
  return spans()[0]!;
};

/** Everything a span holds as text: name, attributes, events, status. */
const spanText = (s: ReadableSpan): string =>
  JSON.stringify({ name: s.name, attributes: s.attributes, events: s.events, status: s.status });

/** No form of the key in `text`: raw, URL-encoded, with its case changed. */
function expectNoKey(text: string): void {
  for (const form of [KEY, encodeURIComponent(KEY), KEY.toLowerCase(), "7f3a9c"])
    expect(text.toLowerCase(), `holds ${form}`).not.toContain(form.toLowerCase());
}

describe("tracer: one span per call, by the JSON-RPC conventions", () => {
  it("a success: a CLIENT span named by the method, with the conventions' attributes and no status", async () => {
    server.setFallback(echo(() => "0x10"));
    await expect(client({ tracer }).eth_blockNumber()).resolves.toBe("0x10");
    const span = only();
    expect(span.name).toBe("eth_blockNumber");
    expect(span.kind).toBe(2); // SpanKind.CLIENT
    expect(span.attributes).toEqual({
      "rpc.system": "jsonrpc",
      "rpc.method": "eth_blockNumber",
      "rpc.jsonrpc.version": "2.0",
      "rpc.jsonrpc.request_id": "1",
      "server.address": "127.0.0.1",
      "server.port": server.port,
    });
    expect(span.status.code).toBe(0); // UNSET
    expect(span.events).toEqual([]);
    expect(span.ended).toBe(true);
    expectNoKey(spanText(span));
  });

  it("a JSON-RPC error: its code and message, error.type, an exception event without a stack, status ERROR; no key", async () => {
    server.script(
      custom((r) =>
        json(200, { jsonrpc: "2.0", id: (r.json as Envelope).id, error: { code: -32000, message: `no ${KEY}` } }),
      ),
    );
    const error = await client({ tracer })
      .eth_getTransactionCount(ADDRESS, "latest")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "JsonRpcError", code: -32000 });
    const span = only();
    expect(span.attributes).toMatchObject({
      "rpc.method": "eth_getTransactionCount",
      "rpc.jsonrpc.error_code": -32000,
      "rpc.jsonrpc.error_message": "JSON-RPC error -32000: no ***",
      "error.type": "-32000",
    });
    expect(span.status).toEqual({ code: 2, message: "JSON-RPC error -32000: no ***" });
    expect(span.events.map((e) => e.name)).toEqual(["exception"]);
    expect(span.events[0]!.attributes).toEqual({
      "exception.type": "JsonRpcError",
      "exception.message": "JSON-RPC error -32000: no ***",
    });
    expectNoKey(spanText(span));
  });

  it("retries: one span, a retry event per retry with the error before it, the last attempt's request id", async () => {
    server.script(html(503, `<p>down for /${KEY}</p>`), html(502));
    server.setFallback(echo(() => "0x10"));
    await expect(client({ tracer }).eth_blockNumber()).resolves.toBe("0x10");
    const span = only();
    expect(span.events.map((e) => [e.name, e.attributes])).toEqual([
      ["retry", { "retry.attempt": 1, "rpc.jsonrpc.request_id": "2", "error.type": "HttpError" }],
      ["retry", { "retry.attempt": 2, "rpc.jsonrpc.request_id": "3", "error.type": "HttpError" }],
    ]);
    expect(span.attributes["rpc.jsonrpc.request_id"]).toBe("3");
    expect(span.status.code).toBe(0);
    expect(server.requests).toHaveLength(3);
  });

  it("the last failure ends it: the HTTP status, status ERROR", async () => {
    server.setFallback(html(503));
    await expect(client({ tracer, retryCount: 1 }).eth_blockNumber()).rejects.toMatchObject({ status: 503 });
    const span = only();
    expect(span.events.map((e) => e.name)).toEqual(["retry", "exception"]);
    expect(span.attributes).toMatchObject({ "error.type": "HttpError", "http.response.status_code": 503 });
    expect(span.status.code).toBe(2);
  });

  it("a batch: one parent span, a child per call in the same trace, each with its own request id and outcome", async () => {
    server.setFallback(
      custom((r) =>
        json(
          200,
          (r.json as Envelope[]).map((e) =>
            e.method === "eth_getTransactionCount"
              ? { jsonrpc: "2.0", id: e.id, error: { code: 3, message: "reverted" } }
              : { jsonrpc: "2.0", id: e.id, result: "0x10" },
          ),
        ),
      ),
    );
    const eth = client({ tracer });
    const [a, b] = await eth.batch((c) => [c.eth_blockNumber(), c.eth_getTransactionCount(ADDRESS, "latest")] as const);
    expect(a.status).toBe("fulfilled");
    expect(b.status).toBe("rejected");
    expect(server.requests).toHaveLength(1);
    const parent = spans().find((s) => s.name === "batch")!;
    const children = spans().filter((s) => s !== parent);
    expect(spans()).toHaveLength(3);
    expect(parent.attributes).toEqual({
      "rpc.system": "jsonrpc",
      "server.address": "127.0.0.1",
      "server.port": server.port,
      "rpc.jsonrpc.version": "2.0",
    });
    expect(parent.status.code).toBe(0);
    for (const child of children) {
      expect(child.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
      expect(child.spanContext().traceId).toBe(parent.spanContext().traceId);
    }
    expect(children.map((c) => [c.name, c.attributes["rpc.jsonrpc.request_id"], c.status.code]).sort()).toEqual([
      ["eth_blockNumber", "1", 0],
      ["eth_getTransactionCount", "2", 2],
    ]);
    // The parent ends after its children.
    const end = (s: ReadableSpan): number => s.endTime[0] * 1e9 + s.endTime[1];
    expect(end(parent)).toBeGreaterThanOrEqual(Math.max(...children.map(end)));
  });

  it("the `batch` option: the calls of one tick are one batch span with its children", async () => {
    server.setFallback(echo(() => "0x10"));
    const eth = client({ tracer, batch: true });
    await Promise.all([eth.eth_blockNumber(), eth.eth_blockNumber(), eth.eth_blockNumber()]);
    expect(server.requests).toHaveLength(1);
    const parent = spans().find((s) => s.name === "batch")!;
    expect(spans().filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId)).toHaveLength(3);
  });

  it("a batch retried whole: a retry event on the batch span", async () => {
    server.script(html(503));
    server.setFallback(echo(() => "0x10"));
    const eth = client({ tracer, batch: true });
    await Promise.all([eth.eth_blockNumber(), eth.eth_blockNumber()]);
    const parent = spans().find((s) => s.name === "batch")!;
    expect(parent.events.map((e) => [e.name, e.attributes])).toEqual([
      ["retry", { "retry.attempt": 1, "error.type": "HttpError" }],
    ]);
    expect(spans()).toHaveLength(3);
  });

  it("params refused before sending: a span with the ValidationError, nothing sent", async () => {
    // @ts-expect-error a block that is neither a quantity nor a tag
    await expect(client({ tracer }).eth_getBlockByNumber("yesterday", false)).rejects.toBeInstanceOf(ValidationError);
    const span = only();
    expect(span.attributes).toMatchObject({ "error.type": "ValidationError", "rpc.method": "eth_getBlockByNumber" });
    expect(span.attributes["rpc.jsonrpc.request_id"]).toBeUndefined();
    expect(span.status.code).toBe(2);
    expect(server.requests).toHaveLength(0);
  });
});

describe("server.address is the host alone, server.port the port", () => {
  // Params refused before sending: a span without any network, whose server attributes say where it would go.
  const refusedCall = (eth: ReturnType<typeof createEthNodeClient>) =>
    // @ts-expect-error not a block
    expect(eth.eth_getBlockByNumber("yesterday", false)).rejects.toBeInstanceOf(ValidationError);

  it.each<[string, EthNodeClientOptions, Record<string, unknown>]>([
    [
      "https URL without a port: 443",
      { url: "https://rpc.example/eth", apiKey: KEY },
      { "server.address": "rpc.example", "server.port": 443 },
    ],
    [
      "http URL without a port: 80",
      { url: "http://rpc.example/eth/" + KEY },
      { "server.address": "rpc.example", "server.port": 80 },
    ],
    [
      "a port in the URL",
      { url: "https://rpc.example:8443/eth", apiKey: KEY },
      { "server.address": "rpc.example", "server.port": 8443 },
    ],
    ["an IPv6 host", { url: "http://[::1]:8545" }, { "server.address": "::1", "server.port": 8545 }],
    [
      "the proxy form",
      { proxyUrl: "https://proxy.example/x" } as EthNodeClientOptions,
      { "server.address": "proxy.example", "server.port": 443 },
    ],
  ])("%s", async (_name, options, expected) => {
    await refusedCall(createEthNodeClient({ ...options, tracer }));
    expect(only().attributes).toMatchObject(expected);
    expectNoKey(spanText(only()));
  });

  it("a transport given as a value whose host names no port: no server.port (its URL is not shown)", async () => {
    await refusedCall(createEthNodeClient({ transport: http("https://rpc.example/eth", { apiKey: KEY }), tracer }));
    expect(only().attributes["server.address"]).toBe("rpc.example");
    expect(only().attributes).not.toHaveProperty("server.port");
  });
});

describe("logger: each call once at debug, failures at warn or error", () => {
  it("debug: method, host, duration, attempts; nothing below the level", async () => {
    server.setFallback(echo(() => "0x10"));
    const logger = recordingLogger();
    await client({ logger, logLevel: "debug" }).eth_blockNumber();
    expect(logger.lines).toHaveLength(1);
    const [line] = logger.lines;
    expect(line!.level).toBe("debug");
    expect(line!.message).toMatch(new RegExp(`^eth_blockNumber on ${server.host}: ok in \\d+ ms \\(1 attempt\\)$`));
    expect(line!.fields).toMatchObject({ method: "eth_blockNumber", host: server.host, attempts: 1 });
    // The default level is warn: a success writes nothing.
    const quiet = recordingLogger();
    await client({ logger: quiet }).eth_blockNumber();
    expect(quiet.lines).toEqual([]);
  });

  it("a retry at warn, a failure for good at error (and debug); never the key", async () => {
    server.setFallback(html(503, `<p>no ${KEY}</p>`));
    const logger = recordingLogger();
    await expect(client({ logger, logLevel: "debug", retryCount: 1 }).eth_blockNumber()).rejects.toMatchObject({
      status: 503,
    });
    expect(logger.lines.map((l) => l.level)).toEqual(["warn", "debug", "error"]);
    expect(logger.lines[0]!.message).toContain("retry 1 after HttpError: HTTP 503");
    expect(logger.lines[2]!.message).toMatch(/failed in \d+ ms \(2 attempts\): HttpError: HTTP 503/);
    expect(logger.lines[2]!.fields).toMatchObject({ attempts: 2, error: { name: "HttpError", status: 503 } });
    expectNoKey(JSON.stringify(logger.lines));
  });

  it("a JSON-RPC error and refused params at warn", async () => {
    server.setFallback(
      custom((r) => json(200, { jsonrpc: "2.0", id: (r.json as Envelope).id, error: { code: -32000, message: KEY } })),
    );
    const logger = recordingLogger();
    const eth = client({ logger });
    await expect(eth.eth_blockNumber()).rejects.toMatchObject({ code: -32000 });
    // @ts-expect-error not an address
    await expect(eth.eth_getTransactionCount("me", "latest")).rejects.toBeInstanceOf(ValidationError);
    expect(logger.lines.map((l) => [l.level, (l.fields as { error: { name: string } }).error.name])).toEqual([
      ["warn", "JsonRpcError"],
      ["warn", "ValidationError"],
    ]);
    expect(logger.lines[0]!.fields).toMatchObject({ error: { code: -32000, type: "-32000" } });
    expectNoKey(JSON.stringify(logger.lines));
  });

  it("a tracer alone writes no line (not even to console)", async () => {
    server.setFallback(html(500));
    const spies = (["debug", "info", "warn", "error", "log"] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => undefined),
    );
    await expect(client({ tracer, retryCount: 0 }).eth_blockNumber()).rejects.toMatchObject({ status: 500 });
    expect(only().status.code).toBe(2);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('logLevel alone writes to console; "off" writes nothing', async () => {
    server.setFallback(echo(() => "0x10"));
    const debug = vi.spyOn(console, "debug").mockImplementation(() => undefined);
    await client({ logLevel: "debug" }).eth_blockNumber();
    expect(debug).toHaveBeenCalledTimes(1);
    expect(String(debug.mock.calls[0]![0])).toContain("eth_blockNumber on");
    const logger = recordingLogger();
    server.setFallback(html(500));
    await expect(client({ logger, logLevel: "off", retryCount: 0 }).eth_blockNumber()).rejects.toThrow();
    expect(logger.lines).toEqual([]);
  });
});

describe("the API key never reaches a span or a log line", () => {
  it("a key in the URL's path (with '/'), a key echoed by the server: host only, echoes hidden", async () => {
    server.setFallback(
      custom((r) =>
        json(200, { jsonrpc: "2.0", id: (r.json as Envelope).id, error: { code: -32001, message: `bad ${KEY}` } }),
      ),
    );
    const logger = recordingLogger();
    const eth = createEthNodeClient({
      url: `${server.url}/rpc/${encodeURIComponent(KEY)}/and/more`,
      tracer,
      logger,
      logLevel: "debug",
    });
    await expect(eth.eth_blockNumber()).rejects.toMatchObject({ code: -32001 });
    expect(server.requests[0]!.path).toContain(encodeURIComponent(KEY));
    const span = only();
    expect(span.attributes["server.address"]).toBe("127.0.0.1");
    // Not a declared key: the server's echo is not hidden here, but nothing of the URL's path is added.
    expect(spanText(span)).not.toContain("/rpc/");
    expect(JSON.stringify(logger.lines)).not.toContain("/rpc/");
  });

  it("a declared key with '/' is refused: calls reject, no span or line holds it", async () => {
    const logger = recordingLogger();
    const eth = createEthNodeClient({ url: server.url, apiKey: `a/${KEY}`, tracer, logger, logLevel: "debug" });
    await expect(eth.eth_blockNumber()).rejects.toBeInstanceOf(ValidationError);
    expectNoKey(JSON.stringify(logger.lines) + spans().map(spanText).join());
    expect(server.requests).toHaveLength(0);
  });

  it("a method named like the key (forwarded by name): hidden in the span's name and attributes", async () => {
    server.setFallback(echo(() => "0x1"));
    const eth = client({ tracer });
    await (eth.request as (m: string, p: unknown[]) => Promise<unknown>)(`x_${KEY}`, []);
    const span = only();
    expect(span.name).toBe("x_***");
    expectNoKey(spanText(span));
  });
});

describe("hostile tracers and loggers cost their own output, never a call", () => {
  const throwing = (): never => {
    throw new Error("tracer down");
  };
  it.each<[string, TracerLike]>([
    ["startSpan throws", { startSpan: throwing }],
    ["startSpan answers null", { startSpan: () => null as never }],
    ["startSpan answers a string", { startSpan: () => "span" as never }],
    [
      "every span method throws",
      { startSpan: () => ({ setAttribute: throwing, addEvent: throwing, setStatus: throwing, end: throwing }) },
    ],
  ])("%s: the calls still work (success, error, batch)", async (_name, bad) => {
    server.setFallback(echo(() => "0x10"));
    const eth = client({ tracer: bad, retryCount: 0 });
    await expect(eth.eth_blockNumber()).resolves.toBe("0x10");
    await expect(eth.batch((c) => [c.eth_blockNumber()] as const)).resolves.toEqual([
      { status: "fulfilled", value: "0x10" },
    ]);
    server.setFallback(html(500));
    await expect(eth.eth_blockNumber()).rejects.toMatchObject({ status: 500 });
  });

  it("a logger whose methods throw: the calls still work", async () => {
    server.setFallback(echo(() => "0x10"));
    const logger: Logger = { debug: () => throwing(), info: throwing, warn: throwing, error: throwing };
    const eth = client({ logger, logLevel: "debug" });
    await expect(eth.eth_blockNumber()).resolves.toBe("0x10");
    server.setFallback(html(500));
    await expect(eth.eth_blockNumber()).rejects.toMatchObject({ status: 500 });
  });
});

describe("wrong options: the client is made, every call rejects with the ValidationError naming them", () => {
  it.each<[string, Partial<EthNodeClientOptions>, string]>([
    ["a tracer without startSpan", { tracer: {} as TracerLike }, "options.tracer"],
    ["a tracer that is null", { tracer: null as unknown as TracerLike }, "options.tracer"],
    [
      "a logger without error()",
      { logger: { debug() {}, info() {}, warn() {} } as unknown as Logger },
      "options.logger",
    ],
    [
      "a logger whose getters throw",
      {
        logger: Object.defineProperty({}, "debug", {
          get() {
            throw new Error("no");
          },
        }) as Logger,
      },
      "options.logger",
    ],
    ["an unknown level", { logLevel: "verbose" as never }, "options.logLevel"],
  ])("%s", async (_name, options, path) => {
    const eth = client(options);
    const error = await eth.eth_blockNumber().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([path]);
    expect((error as Error).message).toMatch(/^Invalid client options: options\.\w+ must /);
    await expect(eth.batch((c) => [c.eth_blockNumber()] as const)).resolves.toMatchObject([{ status: "rejected" }]);
    expect(server.requests).toHaveLength(0);
  });
});
