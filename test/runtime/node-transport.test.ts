/**
 * The Node HTTP transport (`nodeHttp`, the `./node` subpath) against real HTTP servers on
 * 127.0.0.1: a client's calls through it, keep-alive (one connection for sequential calls), timeout,
 * abort, the body size limit, HTTP errors, redirects refused, and the key kept out of every error.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdvancedClient } from "../../generated/src/advanced/index.js";
import { createAdvancedCore, getCurrencies } from "../../generated/src/advanced/methods.js";
import { nodeHttp } from "../../generated/src/node/index.js";
import {
  AbortError,
  HttpError,
  MalformedResponseError,
  NetworkError,
  ResponseTooLargeError,
  TimeoutError,
  ValidationError,
} from "../../generated/src/runtime/index.js";
import { expectNoSecret, guardUnhandledRejections, rejectionOf } from "../helpers/error-checks.js";
import { hang, json, oversized, reset, truncated, useFaultServer } from "../helpers/fault-server.js";

const KEY = "sk-test-SECRET-node-7";

guardUnhandledRejections();

const faults = useFaultServer();

const client = (options: Parameters<typeof nodeHttp>[1] = {}, timeout?: number) =>
  createAdvancedClient({
    transport: nodeHttp(`${faults.url}/multichain`, { apiKey: KEY, ...options }),
    retryCount: 0,
    ...(timeout === undefined ? {} : { timeout }),
  });

describe("nodeHttp", () => {
  it("sends the client's request to <url>/<key> and returns the result", async () => {
    const adv = client();
    const result = await adv.getCurrencies({ blockchain: "eth" });
    expect(result).toEqual({ method: "adv_getCurrencies", params: { blockchain: "eth" } });
    const [request] = faults.requests;
    expect(request!.path).toBe(`/multichain/${KEY}`);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(Number(request!.headers["content-length"])).toBe(Buffer.byteLength(request!.body));
    adv.close();
  });

  it("serves the per-method functions too", async () => {
    const core = createAdvancedCore({ transport: nodeHttp(`${faults.url}/multichain`, { apiKey: KEY }) });
    expect(await getCurrencies(core, { blockchain: "bsc" })).toMatchObject({ method: "adv_getCurrencies" });
    core.close();
  });

  it("rejects at the timeout with a TimeoutError", async () => {
    faults.script(hang(2_000));
    const error = await rejectionOf(client({}, 100).getCurrencies({ blockchain: "eth" }));
    expect(error).toBeInstanceOf(TimeoutError);
    expectNoSecret(error, KEY);
  });

  it("one timer watches every deadline: a short one after a long one, many at once, each at its own time", async () => {
    faults.setFallback(hang(3_000));
    const started = performance.now();
    const long = rejectionOf(client({}, 2_500).getCurrencies({ blockchain: "eth" }));
    const short = rejectionOf(client({}, 60).getCurrencies({ blockchain: "eth" }));
    const many = Array.from({ length: 20 }, (_, i) =>
      rejectionOf(client({}, 100 + 10 * i).getCurrencies({ blockchain: "eth" })).then(
        () => performance.now() - started,
      ),
    );
    expect(await short).toBeInstanceOf(TimeoutError);
    const shortAt = performance.now() - started;
    expect(shortAt).toBeLessThan(1_500);
    const times = await Promise.all(many);
    // In order of their deadlines, none before it, none near the long one's.
    for (const [i, at] of times.entries()) {
      expect(at).toBeGreaterThanOrEqual(100 + 10 * i - 5);
      expect(at).toBeLessThan(2_000);
    }
    expect(await long).toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(2_495);
  });

  it("rejects at once on abort with an AbortError, and before sending when already aborted", async () => {
    faults.script(hang(2_000));
    const controller = new AbortController();
    const pending = client().getCurrencies({ blockchain: "eth" }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await rejectionOf(pending)).toBeInstanceOf(AbortError);
    const before = faults.requests.length;
    const again = await rejectionOf(client().getCurrencies({ blockchain: "eth" }, { signal: controller.signal }));
    expect(again).toBeInstanceOf(AbortError);
    expect(faults.requests.length).toBe(before);
  });

  it("refuses a body past maxResponseBytes (declared or streamed)", async () => {
    faults.script(oversized(4096), oversized(4096, { chunked: true }));
    for (let i = 0; i < 2; i++) {
      const error = await rejectionOf(client({ maxResponseBytes: 1024 }).getCurrencies({ blockchain: "eth" }));
      expect(error).toBeInstanceOf(ResponseTooLargeError);
    }
  });

  it("a body cut off before its declared end is a MalformedResponseError; a reset connection a NetworkError", async () => {
    faults.script(truncated(), reset());
    const cut = await rejectionOf(client().getCurrencies({ blockchain: "eth" }));
    expect(cut).toBeInstanceOf(MalformedResponseError);
    const dropped = await rejectionOf(client().getCurrencies({ blockchain: "eth" }));
    expect(dropped).toBeInstanceOf(NetworkError);
    expectNoSecret(dropped, KEY);
  });

  it("turns a non-2xx answer into an HttpError with Retry-After, without the key", async () => {
    faults.script(json(429, `too many for ${KEY}`, { "retry-after": "2" }));
    const error = await rejectionOf(client().getCurrencies({ blockchain: "eth" }));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(429);
    expect((error as HttpError).retryAfter).toBe(2000);
    expectNoSecret(error, KEY);
  });

  it("does not follow a redirect (it names the target host only)", async () => {
    faults.script(json(307, "", { location: `http://elsewhere.example/x/${KEY}` }));
    const error = await rejectionOf(client().getCurrencies({ blockchain: "eth" }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toContain("elsewhere.example");
    expectNoSecret(error, KEY);
    expect(faults.requests).toHaveLength(1);
  });

  it("a refused connection is a NetworkError that names neither the URL's key nor the path", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    const adv = createAdvancedClient({
      transport: nodeHttp(`http://127.0.0.1:${port}/multichain`, { apiKey: KEY }),
      retryCount: 0,
    });
    const error = await rejectionOf(adv.getCurrencies({ blockchain: "eth" }));
    expect(error).toBeInstanceOf(NetworkError);
    expectNoSecret(error, KEY);
  });

  it("refuses bad options with one ValidationError naming each", () => {
    expect(() => nodeHttp("not a url")).toThrow(ValidationError);
    expect(() => nodeHttp("http://127.0.0.1:1", { maxResponseBytes: 0 })).toThrow(/options\.maxResponseBytes/);
    expect(() => nodeHttp("http://127.0.0.1:1", { agent: 5 as never })).toThrow(/options\.agent/);
    expect(() => nodeHttp("http://127.0.0.1:1", { proxy: true, apiKey: "k" })).toThrow(/options\.apiKey/);
  });
});

describe("nodeHttp keep-alive", () => {
  let server: Server;
  let connections = 0;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (c: Buffer) => (body += c.toString()));
      request.on("end", () => {
        const { id } = JSON.parse(body) as { id: number };
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify({ jsonrpc: "2.0", id, result: { currencies: [] } }));
      });
    });
    server.on("connection", (socket: Socket) => {
      connections++;
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it("sends sequential calls over one connection, and close() ends it", async () => {
    const { port } = server.address() as AddressInfo;
    const adv = createAdvancedClient({ transport: nodeHttp(`http://127.0.0.1:${port}/multichain`, { apiKey: KEY }) });
    connections = 0;
    for (let i = 0; i < 5; i++) expect(await adv.getCurrencies({ blockchain: "eth" })).toEqual({ currencies: [] });
    expect(connections).toBe(1);
    expect(sockets.size).toBe(1);
    adv.close();
    await expect.poll(() => sockets.size, { timeout: 2_000 }).toBe(0);
  });
});
