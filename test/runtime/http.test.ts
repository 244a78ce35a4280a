/**
 * HTTP transport of runtime/http.ts: `excerpt`, `retryAfter`, and `post` against a real
 * node:http server on 127.0.0.1 (no mocked fetch).
 */
import { getEventListeners } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  AbortError,
  HttpError,
  MalformedResponseError,
  NetworkError,
  ResponseTooLargeError,
  RpcClientError,
  TimeoutError,
} from "../../runtime/errors.js";
import { post, type HttpRequest } from "../../runtime/http.js";
import { retryAfter } from "../../runtime/failures.js";
import { excerpt } from "../../runtime/secrets.js";

describe("excerpt", () => {
  it.each([
    { name: "plain text is kept", given: { text: "service unavailable", secrets: [] }, want: "service unavailable" },
    {
      name: "HTML tags stripped, whitespace collapsed",
      given: {
        text: "<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\t<h1>502</h1>  </body></html>",
        secrets: [],
      },
      want: "502 Bad Gateway 502",
    },
    { name: "leading and trailing whitespace trimmed", given: { text: "  \n a \r\n b \t ", secrets: [] }, want: "a b" },
    { name: "exactly 200 characters: not cut", given: { text: "x".repeat(200), secrets: [] }, want: "x".repeat(200) },
    {
      name: "201 characters: cut at 200 with an ellipsis",
      given: { text: "x".repeat(201), secrets: [] },
      want: `${"x".repeat(200)}…`,
    },
    {
      name: "cut applies after collapsing",
      given: { text: `${"a ".repeat(150)}`, secrets: [] },
      want: `${"a ".repeat(100)}…`,
    },
    {
      name: "secret replaced",
      given: { text: "invalid key abc123 for /rpc/abc123", secrets: ["abc123"] },
      want: "invalid key *** for /rpc/***",
    },
    {
      name: "several secrets",
      given: { text: "k=abc%2F1 raw=abc/1", secrets: ["abc/1", "abc%2F1"] },
      want: "k=*** raw=***",
    },
    { name: "empty secret ignored", given: { text: "keep me", secrets: [""] }, want: "keep me" },
    {
      name: "secret inside HTML text replaced",
      given: { text: "<p>key <b>SECRET</b></p>", secrets: ["SECRET"] },
      want: "key ***",
    },
    {
      name: "secret across the 200 mark is replaced before the cut (no partial leak)",
      given: { text: `${"x".repeat(195)}SECRET`, secrets: ["SECRET"] },
      want: `${"x".repeat(195)}***`,
    },
    { name: "empty body", given: { text: "", secrets: [] }, want: "" },
  ])("$name", ({ given, want }) => {
    expect(excerpt(given.text, given.secrets)).toBe(want);
  });
});

describe("retryAfter", () => {
  const now = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT");
  it.each([
    { name: "null header", given: null, want: undefined },
    { name: "empty header", given: "", want: undefined },
    { name: "blank header", given: "   ", want: undefined },
    { name: "seconds", given: "120", want: 120_000 },
    { name: "zero seconds", given: "0", want: 0 },
    { name: "seconds with spaces", given: " 3 ", want: 3000 },
    { name: "HTTP-date 90 s after now", given: "Wed, 21 Oct 2015 07:29:30 GMT", want: 90_000 },
    { name: "HTTP-date equal to now", given: "Wed, 21 Oct 2015 07:28:00 GMT", want: 0 },
    { name: "HTTP-date in the past → 0", given: "Wed, 21 Oct 2015 07:00:00 GMT", want: 0 },
    { name: "garbage word", given: "soon", want: undefined },
    { name: "garbage phrase", given: "try again later", want: undefined },
    // RFC 9110: delay-seconds = 1*DIGIT. Number() also accepts hex and exponents.
    { name: "hex is not delay-seconds", given: "0x10", want: undefined },
    { name: "exponent is not delay-seconds", given: "1e3", want: undefined },
  ])("$name", ({ given, want }) => {
    expect(retryAfter(given, now)).toBe(want);
  });

  it("defaults now to the current time", () => {
    const inOneHour = new Date(Date.now() + 3_600_000).toUTCString();
    const ms = retryAfter(inOneHour);
    expect(ms).toBeGreaterThan(3_595_000);
    expect(ms).toBeLessThanOrEqual(3_600_000);
  });
});

// ---------------------------------------------------------------------------------------------
// post() against a real server

const SECRET = "SECRETKEY";
const hits = new Map<string, number>();
let lastRequest: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string } | undefined;

const server = http.createServer((req, res) => {
  const path = req.url ?? "/";
  hits.set(path, (hits.get(path) ?? 0) + 1);
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    lastRequest = {
      method: req.method ?? "",
      url: path,
      headers: req.headers,
      body: Buffer.concat(chunks).toString("utf8"),
    };
    route(path, req, res);
  });
});

function route(path: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  switch (path.replace(/^\/[^/]*\//, "/").split("?")[0]) {
    case "/ok":
      res.writeHead(200, { "content-type": "text/plain" }).end("hello");
      return;
    case "/created":
      res.writeHead(201).end('{"id":1}');
      return;
    case "/no-content":
      res.writeHead(204).end();
      return;
    case "/utf8":
      res.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end("héllo ✓");
      return;
    case "/echo":
      res.writeHead(200).end(JSON.stringify(lastRequest));
      return;
    case "/429":
      res
        .writeHead(429, { "retry-after": "3", "content-type": "text/html" })
        .end(`<html><body><h1>Too   Many</h1>\n<p>slow down ${SECRET}</p></body></html>`);
      return;
    case "/503-date":
      res.writeHead(503, { "retry-after": new Date(Date.now() + 3_600_000).toUTCString() }).end("maintenance");
      return;
    case "/500-empty":
      res.writeHead(500).end();
      return;
    case "/404-long":
      res.writeHead(404).end("y".repeat(500));
      return;
    case "/hang":
      // Never answers; counts its open connections.
      openHangs += 1;
      req.socket.once("close", () => (openHangs -= 1));
      return;
    case "/late-stream": {
      // Headers after 150 ms, then a chunked body that never ends: only the client can close it.
      let drip: NodeJS.Timeout | undefined;
      const started = setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" });
        drip = setInterval(() => res.write(" "), 20);
      }, 150);
      res.on("close", () => {
        clearTimeout(started);
        clearInterval(drip);
        lateClosed?.();
      });
      return;
    }
    case "/hang-body":
      res.writeHead(200, { "content-length": "100" });
      res.write("partial");
      return; // never finishes the body
    case "/big-cl":
      res.writeHead(200, { "content-length": "1000" }).end("z".repeat(1000));
      return;
    case "/big-cl-lying":
      // Declares a huge body, sends 10 bytes and stalls: only the declared length can fail it fast.
      res.writeHead(200, { "content-length": "1000000" });
      res.write("z".repeat(10));
      return;
    case "/big-chunked":
      for (let i = 0; i < 10; i++) res.write("c".repeat(100));
      res.end();
      return;
    case "/exact-100":
      res.writeHead(200).end("e".repeat(100));
      return;
    case "/multibyte-100": // 50 × "ä" = 100 bytes, 50 characters
      res.writeHead(200).end("ä".repeat(50));
      return;
    case "/split-utf8": {
      // "ää" written byte by byte in separate chunks: the decoder must join the halves.
      const bytes = Buffer.from("ää");
      res.writeHead(200);
      let i = 0;
      const next = (): void => {
        if (i < bytes.length) res.write(bytes.subarray(i, ++i), () => setTimeout(next, 2));
        else res.end();
      };
      next();
      return;
    }
    case "/reset":
      req.socket.resetAndDestroy();
      return;
    case "/close":
      req.socket.destroy();
      return;
    case "/truncated":
      res.writeHead(200, { "content-length": "100" });
      res.write("only 22 bytes of 100 ", () => setTimeout(() => req.socket.destroy(), 20));
      return;
    default:
      res.writeHead(400).end("unknown route");
  }
}

let base = "";
let host = "";
let closedPort = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;
  base = `http://${host}`;
  const spare = http.createServer();
  await new Promise<void>((resolve) => spare.listen(0, "127.0.0.1", resolve));
  closedPort = (spare.address() as AddressInfo).port;
  await new Promise<void>((resolve) => spare.close(() => resolve()));
});

/** Connections to `/hang` the client has not closed. */
let openHangs = 0;

/** Called when the server sees the `/late-stream` answer's connection close. */
let lateClosed: (() => void) | undefined;

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function request(path: string, overrides: Partial<HttpRequest> = {}): HttpRequest {
  return {
    url: `${base}/${SECRET}${path}`,
    body: '{"jsonrpc":"2.0","id":1,"method":"m","params":[]}',
    headers: { "content-type": "application/json" },
    timeout: 5_000,
    signal: undefined,
    maxResponseBytes: 1_000_000,
    fetch: globalThis.fetch,
    secrets: [SECRET],
    context: { method: "eth_blockNumber", host },
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<RpcClientError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RpcClientError);
    return error as RpcClientError;
  }
  throw new Error("expected the call to fail, it succeeded");
}

/** Every string reachable from an error: message, stack, and the same for each cause. */
function allText(error: unknown): string {
  const parts: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e !== undefined && depth < 10; depth++) {
    if (e instanceof Error) {
      parts.push(e.message, e.stack ?? "", JSON.stringify(e));
      e = e.cause;
    } else {
      parts.push(String(e));
      break;
    }
  }
  return parts.join("\n");
}

describe("post: 2xx answers", () => {
  it.each([
    { name: "200 text", given: { path: "/ok", max: 1_000_000 }, want: { status: 200, text: "hello" } },
    { name: "201 JSON text", given: { path: "/created", max: 1_000_000 }, want: { status: 201, text: '{"id":1}' } },
    { name: "204 empty body", given: { path: "/no-content", max: 1_000_000 }, want: { status: 204, text: "" } },
    { name: "UTF-8 decoded", given: { path: "/utf8", max: 1_000_000 }, want: { status: 200, text: "héllo ✓" } },
    {
      name: "body exactly at maxResponseBytes",
      given: { path: "/exact-100", max: 100 },
      want: { status: 200, text: "e".repeat(100) },
    },
    {
      name: "multi-byte body exactly at the byte limit",
      given: { path: "/multibyte-100", max: 100 },
      want: { status: 200, text: "ä".repeat(50) },
    },
    { name: "UTF-8 split across chunks", given: { path: "/split-utf8", max: 100 }, want: { status: 200, text: "ää" } },
  ])("$name", async ({ given, want }) => {
    expect(await post(request(given.path, { maxResponseBytes: given.max }))).toEqual(want);
  });

  it("sends a POST with the given headers and body", async () => {
    const body = '{"jsonrpc":"2.0","id":7,"method":"eth_chainId","params":[]}';
    const res = await post(
      request("/echo", { body, headers: { "content-type": "application/json", "x-trace": "abc" } }),
    );
    const seen = JSON.parse(res.text) as NonNullable<typeof lastRequest>;
    expect(seen.method).toBe("POST");
    expect(seen.url).toBe(`/${SECRET}/echo`);
    expect(seen.body).toBe(body);
    expect(seen.headers["content-type"]).toBe("application/json");
    expect(seen.headers["x-trace"]).toBe("abc");
  });
});

interface FailRow {
  name: string;
  given: { path: string; overrides?: () => Partial<HttpRequest> };
  want: { type: new (...args: never[]) => RpcClientError; props: Record<string, unknown> };
}

const ctx = (): { method: string; host: string } => ({ method: "eth_blockNumber", host });

describe("post: failures", () => {
  it.each<FailRow>([
    {
      name: "429 → HttpError with status, excerpt (secret hidden) and Retry-After seconds",
      given: { path: "/429" },
      want: {
        type: HttpError,
        props: {
          status: 429,
          body: "Too Many slow down ***",
          retryAfter: 3000,
          get message() {
            return `HTTP 429: Too Many slow down *** (method eth_blockNumber, host ${host})`;
          },
        },
      },
    },
    {
      name: "500 without body → HttpError without ': '",
      given: { path: "/500-empty" },
      want: { type: HttpError, props: { status: 500, body: "", retryAfter: undefined, shortMessage: "HTTP 500" } },
    },
    {
      name: "404 long body → excerpt cut at 200",
      given: { path: "/404-long" },
      want: { type: HttpError, props: { status: 404, body: `${"y".repeat(200)}…` } },
    },
    {
      name: "timeout before the headers → TimeoutError",
      given: { path: "/hang", overrides: () => ({ timeout: 100 }) },
      want: { type: TimeoutError, props: { timeout: 100, shortMessage: "No response within 100 ms" } },
    },
    {
      name: "timeout while reading the body → TimeoutError",
      given: { path: "/hang-body", overrides: () => ({ timeout: 150 }) },
      want: { type: TimeoutError, props: { timeout: 150 } },
    },
    {
      name: "pre-aborted signal → AbortError",
      given: { path: "/hang?pre-aborted", overrides: () => ({ signal: AbortSignal.abort() }) },
      want: { type: AbortError, props: { shortMessage: "The call was aborted" } },
    },
    {
      name: "signal aborted mid-flight → AbortError (not TimeoutError)",
      given: {
        path: "/hang?mid-flight",
        overrides: () => {
          const controller = new AbortController();
          setTimeout(() => controller.abort(), 50);
          return { signal: controller.signal, timeout: 5_000 };
        },
      },
      want: { type: AbortError, props: { shortMessage: "The call was aborted" } },
    },
    {
      name: "signal aborted while reading the body → AbortError",
      given: {
        path: "/hang-body?abort",
        overrides: () => {
          const controller = new AbortController();
          setTimeout(() => controller.abort(), 100);
          return { signal: controller.signal };
        },
      },
      want: { type: AbortError, props: {} },
    },
    {
      name: "content-length over maxResponseBytes → ResponseTooLargeError",
      given: { path: "/big-cl", overrides: () => ({ maxResponseBytes: 999 }) },
      want: { type: ResponseTooLargeError, props: { limit: 999 } },
    },
    {
      name: "declared content-length over the limit fails without waiting for the body",
      given: { path: "/big-cl-lying", overrides: () => ({ maxResponseBytes: 100, timeout: 3_000 }) },
      want: { type: ResponseTooLargeError, props: { limit: 100 } },
    },
    {
      name: "chunked body over maxResponseBytes → ResponseTooLargeError",
      given: { path: "/big-chunked", overrides: () => ({ maxResponseBytes: 500 }) },
      want: {
        type: ResponseTooLargeError,
        props: {
          limit: 500,
          shortMessage: "Response body larger than 500 bytes (raise maxResponseBytes to accept it)",
        },
      },
    },
    {
      name: "multi-byte body one byte over → ResponseTooLargeError (bytes, not characters)",
      given: { path: "/multibyte-100", overrides: () => ({ maxResponseBytes: 99 }) },
      want: { type: ResponseTooLargeError, props: { limit: 99 } },
    },
    { name: "connection reset → NetworkError", given: { path: "/reset" }, want: { type: NetworkError, props: {} } },
    {
      name: "connection closed before any answer → NetworkError",
      given: { path: "/close" },
      want: { type: NetworkError, props: {} },
    },
    {
      name: "connection refused → NetworkError",
      given: { path: "", overrides: () => ({ url: `http://127.0.0.1:${closedPort}/${SECRET}` }) },
      want: { type: NetworkError, props: {} },
    },
    {
      name: "closed mid-body (content-length larger than sent) → MalformedResponseError",
      given: { path: "/truncated" },
      want: {
        type: MalformedResponseError,
        props: { body: "", shortMessage: "Malformed response: the body was cut off before its end (truncated)" },
      },
    },
  ])("$name", async ({ given, want }) => {
    const started = Date.now();
    const error = await failure(post(request(given.path, given.overrides?.())));
    expect(error).toBeInstanceOf(want.type);
    const picked = Object.fromEntries(
      Object.keys(want.props).map((k) => [k, (error as unknown as Record<string, unknown>)[k]]),
    );
    expect(picked).toEqual({ ...want.props });
    // Every error names the method and the host, never the key in the URL path.
    expect(error.method).toBe(ctx().method);
    expect(error.host).toBe(host);
    expect(error.message).toContain(`(method eth_blockNumber, host ${host})`);
    expect(allText(error)).not.toContain(SECRET);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it("a timed-out call whose answer comes late closes that connection when it comes", async () => {
    const closed = new Promise<void>((resolve) => (lateClosed = resolve));
    const error = await failure(post(request("/late-stream", { timeout: 50 })));
    expect(error).toBeInstanceOf(TimeoutError);
    // The headers come at 150 ms; the client then cancels the endless body, which closes the socket.
    await expect(
      Promise.race([closed.then(() => "closed"), new Promise((r) => setTimeout(() => r("still open"), 2_000))]),
    ).resolves.toBe("closed");
  });

  it("while a timed-out exchange is still open, the next call's timeout closes its connection at once", async () => {
    // Earlier tests' timed-out exchanges end when the server drops their connections.
    server.closeAllConnections();
    await vi.waitFor(() => expect(openHangs).toBe(0), { timeout: 2_000, interval: 20 });
    await new Promise((r) => setTimeout(r, 50));
    const fresh = post;
    const before = openHangs;
    // The first call has no signal: its connection to the silent server stays open after the timeout…
    expect(await failure(fresh(request("/hang?first", { timeout: 50 })))).toBeInstanceOf(TimeoutError);
    await new Promise((r) => setTimeout(r, 100));
    expect(openHangs).toBe(before + 1);
    // …so the next one gets a signal, and its timeout drops its connection.
    expect(await failure(fresh(request("/hang?second", { timeout: 50 })))).toBeInstanceOf(TimeoutError);
    await vi.waitFor(() => expect(openHangs).toBe(before + 1), { timeout: 2_000, interval: 20 });
  });

  it("a pre-aborted call sends nothing", async () => {
    const path = "/hang?never-sent";
    await failure(post(request(path, { signal: AbortSignal.abort() })));
    expect(hits.get(`/${SECRET}${path}`)).toBeUndefined();
  });

  it.each([
    {
      name: "reset",
      given: "/reset",
      want: { message: "Request failed: fetch failed: read ECONNRESET", code: "ECONNRESET" },
    },
    {
      name: "closed",
      given: "/close",
      want: { message: "Request failed: fetch failed: other side closed", code: "UND_ERR_SOCKET" },
    },
  ])("NetworkError ($name) says why and keeps the redacted cause chain with its code", async ({ given, want }) => {
    const error = await failure(post(request(given)));
    expect(error.shortMessage).toBe(want.message);
    expect(error.cause).toBeInstanceOf(Error);
    const inner = (error.cause as Error).cause as Error & { code?: unknown };
    expect(inner).toBeInstanceOf(Error);
    expect(inner.code).toBe(want.code);
  });

  it("an unparsable URL holding the key → NetworkError without the key anywhere", async () => {
    const error = await failure(post(request("", { url: `http://127.0.0.1:99999/${SECRET}` })));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.shortMessage).toMatch(/^Request failed: /);
    expect(allText(error)).not.toContain(SECRET);
  });

  it("HTTP-date Retry-After becomes milliseconds from now", async () => {
    const error = await failure(post(request("/503-date")));
    expect(error).toBeInstanceOf(HttpError);
    const { retryAfter: ms, status, body } = error as HttpError;
    expect({ status, body }).toEqual({ status: 503, body: "maintenance" });
    expect(ms).toBeGreaterThan(3_590_000);
    expect(ms).toBeLessThanOrEqual(3_600_000);
  });

  it.each([
    { name: "after a success", given: "/ok" },
    { name: "after an HTTP error", given: "/500-empty" },
  ])("the caller's abort listener is removed $name", async ({ given }) => {
    const controller = new AbortController();
    await post(request(given, { signal: controller.signal })).catch(() => undefined);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });
});
