/**
 * The failure path (runtime/failures.ts) is loaded by `import()` only when a call fails: a call that
 * succeeds never loads it, a call that fails loads it and throws the typed error with the key
 * hidden, and when it cannot be loaded (a browser gone offline cannot fetch the chunk either) the
 * call fails with a NetworkError that says so and holds no secret. A real HTTP server on 127.0.0.1;
 * only the loading of the module is intercepted (vi.doMock), to count it or to make it fail.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ApiSpec, RpcClient } from "../../runtime/index.js";

const KEY = "sEcReT-kEy-123";

/** What the server answers: the body, per the `x-answer` of the request's method. */
const ANSWERS: Record<string, (id: unknown) => [number, string]> = {
  ok: (id) => [200, JSON.stringify({ jsonrpc: "2.0", id, result: "0x10" })],
  rpcError: (id) => [200, JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32000, message: `bad key ${KEY}` } })],
  status500: () => [500, `upstream failed for /rpc/${KEY}`],
};

let server: http.Server;
let url = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const { id, method } = JSON.parse(body) as { id: unknown; method: string };
      const [status, text] = ANSWERS[method]!(id);
      res.writeHead(status, { "content-type": "application/json" }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  vi.doUnmock("../../runtime/failures.js");
  vi.resetModules();
});

const api: ApiSpec = {
  name: "test",
  keyed: { paramStructure: "by-position", envelope: "jsonrpc", methodIn: "body" },
  methods: {
    ok: { params: [] },
    rpcError: { params: [] },
    status500: { params: [] },
    limited: {
      params: ["fromBlock", "toBlock"],
      limits: [{ rule: "maxBlockSpan", from: "fromBlock", to: "toBlock", max: 10 }],
    },
  },
};

/** A client from a fresh copy of the runtime (so that the module interception applies to it). */
async function client(): Promise<RpcClient> {
  const { createRpcClient } = await import("../../runtime/client.js");
  return createRpcClient(api, { url, apiKey: KEY, retryCount: 0 });
}

describe("the failure path loads on failure only", () => {
  it("successful calls never load failures.ts; the first failing call does", async () => {
    let loads = 0;
    vi.resetModules();
    vi.doMock("../../runtime/failures.js", async (importOriginal) => {
      loads++;
      return importOriginal();
    });
    const c = await client();
    for (let i = 0; i < 5; i++) await expect(c.call("ok", [])).resolves.toBe("0x10");
    expect(loads).toBe(0);
    const { JsonRpcError } = await import("../../runtime/errors.js");
    const error = await c.call("rpcError", []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(String((error as Error).message)).not.toContain(KEY);
    expect(loads).toBe(1);
  });

  it("an HTTP status that is not 2xx: an HttpError whose body excerpt hides the key", async () => {
    const c = await client();
    const { HttpError } = await import("../../runtime/errors.js");
    const error = await c.call("status500", []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as { body: string }).body).toBe("upstream failed for /rpc/***");
  });

  it("params that break a limit rule: a ValidationError naming the param, and nothing sent", async () => {
    const c = await client();
    const { ValidationError } = await import("../../runtime/errors.js");
    const error = await c.call("limited", [0, 11]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(["params.toBlock"]);
  });
});

describe("when the failure path cannot be loaded (offline)", () => {
  it.each(["rpcError", "status500"])(
    "%s: a NetworkError saying the error could not be described, without the key",
    async (method) => {
      vi.resetModules();
      vi.doMock("../../runtime/failures.js", () => {
        throw new Error("Failed to fetch dynamically imported module: https://app.example/failures-X.js");
      });
      const c = await client();
      const { NetworkError } = await import("../../runtime/base-error.js");
      const error = await c.call(method, []).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetworkError);
      const message = (error as Error).message;
      expect(message).toContain("a chunk of the client's code could not be loaded");
      // The loader's own error (which, in a browser, names the chunk's URL) is its cause.
      expect((error as Error).cause).toBeInstanceOf(Error);
      expect(message).toContain(`method ${method}`);
      expect(JSON.stringify(error) + message + String((error as Error).stack)).not.toContain(KEY);
      // A successful call still works without it.
      await expect(c.call("ok", [])).resolves.toBe("0x10");
    },
  );
});

describe("a custom transport's deadline (runtime/deadline.ts) is loaded on its first call", () => {
  const spec: ApiSpec = {
    name: "Test",
    methods: { ok: { params: [] } },
    keyed: { paramStructure: "by-position", envelope: "jsonrpc", methodIn: "body" },
  };
  afterEach(() => vi.doUnmock("../../runtime/deadline.js"));

  it("bounds the call once loaded: a TimeoutError when the transport never answers", async () => {
    vi.resetModules();
    const { createRpcClient, createTransport, TimeoutError } = await import("../../runtime/index.js");
    let sent = 0;
    const never = createTransport({ type: "memory", request: () => (sent++, new Promise<string>(() => undefined)) });
    const c = createRpcClient(spec, { transport: never, timeout: 30, retryCount: 0 });
    await expect(c.call("ok", [])).rejects.toBeInstanceOf(TimeoutError);
    await expect(c.call("ok", [])).rejects.toBeInstanceOf(TimeoutError);
    expect(sent).toBe(2);
  });

  it("when it cannot be loaded (offline): a NetworkError saying so, and nothing sent", async () => {
    vi.resetModules();
    vi.doMock("../../runtime/deadline.js", () => {
      throw new Error("Failed to fetch dynamically imported module: https://app.example/deadline-X.js");
    });
    const { createRpcClient, createTransport, NetworkError } = await import("../../runtime/index.js");
    let sent = 0;
    const memory = createTransport({
      type: "memory",
      request: async ({ id }) => (sent++, JSON.stringify({ jsonrpc: "2.0", id, result: 1 })),
    });
    const c = createRpcClient(spec, { transport: memory, retryCount: 0 });
    const error = await c.call("ok", []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain("a chunk of the client's code could not be loaded");
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect((error as Error).message).toContain("method ok");
    expect(sent).toBe(0);
  });
});

describe("the hooks (runtime/hooks.ts, in the observer's chunk: observe.ts) load on the first call of a client that has them", () => {
  afterEach(() => {
    vi.doUnmock("../../runtime/hooks.js");
    vi.doUnmock("../../runtime/observe.js");
  });

  it("a client without hooks, tracer or logger never loads the observer", async () => {
    vi.resetModules();
    vi.doMock("../../runtime/observe.js", () => {
      throw new Error("the observer was loaded");
    });
    const { createRpcClient } = await import("../../runtime/index.js");
    const c = createRpcClient(api, { url, retryCount: 0 });
    await expect(c.call("ok", [])).resolves.toBe("0x10");
    await expect(c.call("rpcError", [])).rejects.toMatchObject({ code: -32000 });
  });

  it("a client with a tracer that cannot load the observer (offline): a NetworkError, nothing sent", async () => {
    vi.resetModules();
    vi.doMock("../../runtime/observe.js", () => {
      throw new Error("Failed to fetch dynamically imported module: https://app.example/observe-X.js");
    });
    const { createRpcClient, NetworkError } = await import("../../runtime/index.js");
    let sent = 0;
    const c = createRpcClient(api, {
      url,
      apiKey: KEY,
      tracer: { startSpan: () => (sent++, null as never) },
      retryCount: 0,
    });
    const error = await c.call("ok", []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain("a chunk of the client's code could not be loaded");
    expect(JSON.stringify(error) + (error as Error).message).not.toContain(KEY);
    expect(sent).toBe(0);
  });

  it("runs them around every exchange once loaded", async () => {
    vi.resetModules();
    const { createRpcClient } = await import("../../runtime/index.js");
    const events: string[] = [];
    const c = createRpcClient(api, {
      url,
      onRequest: (e) => events.push(`request ${e.methods.join()}`),
      onResponse: (e) => events.push(`response ${e.methods.join()} ${e.error === undefined}`),
    });
    await expect(c.call("ok", [])).resolves.toBe("0x10");
    await expect(c.call("ok", [])).resolves.toBe("0x10");
    expect(events).toEqual(["request ok", "response ok true", "request ok", "response ok true"]);
  });

  it("when they cannot be loaded (offline): a NetworkError saying so, and nothing sent", async () => {
    vi.resetModules();
    vi.doMock("../../runtime/hooks.js", () => {
      throw new Error("Failed to fetch dynamically imported module: https://app.example/hooks-X.js");
    });
    const { createRpcClient, NetworkError } = await import("../../runtime/index.js");
    let seen = 0;
    const c = createRpcClient(api, { url, apiKey: KEY, onRequest: () => seen++, retryCount: 0 });
    const error = await c.call("ok", []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain("a chunk of the client's code could not be loaded");
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(JSON.stringify(error) + (error as Error).message).not.toContain(KEY);
    expect(seen).toBe(0);
  });
});
