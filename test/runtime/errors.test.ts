/** The error hierarchy of runtime/errors.ts and `redact` (runtime/secrets.ts). */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import {
  AbortError,
  HttpError,
  JsonRpcError,
  MalformedResponseError,
  NetworkError,
  ResponseTooLargeError,
  RpcClientError,
  SocketClosedError,
  TimeoutError,
  ValidationError,
  type ErrorContext,
} from "../../runtime/errors.js";
import { redact } from "../../runtime/secrets.js";

const ctx: ErrorContext = { method: "eth_call", host: "rpc.example:443" };
const where = "(method eth_call, host rpc.example:443)";

describe("messages name the method and the host", () => {
  it.each<{ name: string; given: () => RpcClientError; want: { name: string; shortMessage: string; message: string } }>(
    [
      {
        name: "base, method and host",
        given: () => new RpcClientError("boom", ctx),
        want: { name: "RpcClientError", shortMessage: "boom", message: `boom ${where}` },
      },
      {
        name: "base, method only",
        given: () => new RpcClientError("boom", { method: "eth_call" }),
        want: { name: "RpcClientError", shortMessage: "boom", message: "boom (method eth_call)" },
      },
      {
        name: "base, host only",
        given: () => new RpcClientError("boom", { host: "h:1" }),
        want: { name: "RpcClientError", shortMessage: "boom", message: "boom (host h:1)" },
      },
      {
        name: "base, no context",
        given: () => new RpcClientError("boom"),
        want: { name: "RpcClientError", shortMessage: "boom", message: "boom" },
      },
      {
        name: "JsonRpcError",
        given: () => new JsonRpcError(-32000, "execution reverted", "0x08", ctx),
        want: {
          name: "JsonRpcError",
          shortMessage: "JSON-RPC error -32000: execution reverted",
          message: `JSON-RPC error -32000: execution reverted ${where}`,
        },
      },
      {
        name: "HttpError with body",
        given: () => new HttpError(503, "down", 1000, ctx),
        want: { name: "HttpError", shortMessage: "HTTP 503: down", message: `HTTP 503: down ${where}` },
      },
      {
        name: "HttpError without body",
        given: () => new HttpError(500, "", undefined, ctx),
        want: { name: "HttpError", shortMessage: "HTTP 500", message: `HTTP 500 ${where}` },
      },
      {
        name: "ValidationError lists every issue",
        given: () =>
          new ValidationError(
            "params for eth_call",
            [
              { path: "params.to", rule: "pattern", message: "must match ^0x[0-9a-f]{40}$", received: "string" },
              { path: "params.block", rule: "required", message: "is required", received: "undefined" },
            ],
            { method: "eth_call" },
          ),
        want: {
          name: "ValidationError",
          shortMessage:
            "Invalid params for eth_call: params.to must match ^0x[0-9a-f]{40}$ (rule: pattern, got string); params.block is required (rule: required, got undefined).",
          message:
            "Invalid params for eth_call: params.to must match ^0x[0-9a-f]{40}$ (rule: pattern, got string); params.block is required (rule: required, got undefined). (method eth_call)",
        },
      },
      {
        name: "TimeoutError",
        given: () => new TimeoutError(250, ctx),
        want: {
          name: "TimeoutError",
          shortMessage: "No response within 250 ms",
          message: `No response within 250 ms ${where}`,
        },
      },
      {
        name: "AbortError",
        given: () => new AbortError(ctx),
        want: { name: "AbortError", shortMessage: "The call was aborted", message: `The call was aborted ${where}` },
      },
      {
        name: "NetworkError",
        given: () => new NetworkError("Request failed: fetch failed", ctx),
        want: {
          name: "NetworkError",
          shortMessage: "Request failed: fetch failed",
          message: `Request failed: fetch failed ${where}`,
        },
      },
      {
        name: "MalformedResponseError",
        given: () => new MalformedResponseError("the body is empty", "", ctx),
        want: {
          name: "MalformedResponseError",
          shortMessage: "Malformed response: the body is empty",
          message: `Malformed response: the body is empty ${where}`,
        },
      },
      {
        name: "ResponseTooLargeError",
        given: () => new ResponseTooLargeError(1024, ctx),
        want: {
          name: "ResponseTooLargeError",
          shortMessage: "Response body larger than 1024 bytes (raise maxResponseBytes to accept it)",
          message: `Response body larger than 1024 bytes (raise maxResponseBytes to accept it) ${where}`,
        },
      },
      {
        name: "SocketClosedError with a code",
        given: () => new SocketClosedError(1006, ctx),
        want: {
          name: "SocketClosedError",
          shortMessage: "WebSocket closed before the call was answered (close code 1006)",
          message: `WebSocket closed before the call was answered (close code 1006) ${where}`,
        },
      },
      {
        name: "SocketClosedError without a code",
        given: () => new SocketClosedError(undefined, ctx),
        want: {
          name: "SocketClosedError",
          shortMessage: "WebSocket closed before the call was answered",
          message: `WebSocket closed before the call was answered ${where}`,
        },
      },
    ],
  )("$name", ({ given, want }) => {
    const error = given();
    expect({ name: error.name, shortMessage: error.shortMessage, message: error.message }).toEqual(want);
    expect(error).toBeInstanceOf(RpcClientError);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toBe(`${want.name}: ${want.message}`);
  });

  it("keeps method, host and cause as given", () => {
    const cause = new Error("socket hang up");
    const error = new NetworkError("Request failed", { ...ctx, cause });
    expect({ method: error.method, host: error.host, cause: error.cause }).toEqual({
      method: "eth_call",
      host: "rpc.example:443",
      cause,
    });
    expect(new RpcClientError("x").cause).toBeUndefined();
    expect("cause" in new RpcClientError("x")).toBe(false);
  });
});

describe("toJSON", () => {
  const cause = new Error("inner");
  it.each<{ name: string; given: () => RpcClientError; want: Record<string, unknown> }>([
    {
      name: "HttpError",
      given: () => new HttpError(429, "slow down", 3000, { ...ctx, cause }),
      want: {
        name: "HttpError",
        message: `HTTP 429: slow down ${where}`,
        shortMessage: "HTTP 429: slow down",
        method: "eth_call",
        host: "rpc.example:443",
        status: 429,
        body: "slow down",
        retryAfter: 3000,
      },
    },
    {
      name: "JsonRpcError",
      given: () => new JsonRpcError(3, "execution reverted", { reason: "x" }, ctx),
      want: {
        name: "JsonRpcError",
        message: `JSON-RPC error 3: execution reverted ${where}`,
        shortMessage: "JSON-RPC error 3: execution reverted",
        method: "eth_call",
        host: "rpc.example:443",
        code: 3,
        data: { reason: "x" },
      },
    },
    {
      name: "NetworkError with a cause",
      given: () => new NetworkError("Request failed", { ...ctx, cause }),
      want: {
        name: "NetworkError",
        message: `Request failed ${where}`,
        shortMessage: "Request failed",
        method: "eth_call",
        host: "rpc.example:443",
      },
    },
    {
      name: "ValidationError",
      given: () =>
        new ValidationError(
          "client options",
          [{ path: "options.url", rule: "required", message: "is required", received: "undefined" }],
          {},
        ),
      want: {
        name: "ValidationError",
        message: "Invalid client options: options.url is required (rule: required, got undefined).",
        shortMessage: "Invalid client options: options.url is required (rule: required, got undefined).",
        issues: [{ path: "options.url", rule: "required", message: "is required", received: "undefined" }],
      },
    },
  ])("$name: no stack, no cause", ({ given, want }) => {
    const error = given();
    const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
    expect(json).toEqual(want);
    expect(Object.keys(error.toJSON())).not.toContain("stack");
    expect(Object.keys(error.toJSON())).not.toContain("cause");
  });
});

describe("redact", () => {
  const KEY = "s3cr3t-KEY";

  it("replaces secrets in message, stack and the whole cause chain, keeping code and name", () => {
    const root = Object.assign(new Error(`connect to /${KEY} refused`), {
      code: "ECONNREFUSED",
      cause: `root detail ${KEY}`,
    });
    const middle = Object.assign(new TypeError(`fetch failed for ${KEY}`, { cause: root }), { code: 7 });
    const top = new NetworkError(`Request failed (${KEY})`, { ...ctx, cause: middle });

    const out = redact(top, [KEY]) as Error;
    expect(out).toBeInstanceOf(Error);
    expect(out).not.toBe(top);
    expect(out.name).toBe("NetworkError");
    expect(out.message).toBe(`Request failed (***) ${where}`);
    expect(out.stack).toContain("Request failed (***)");

    const c1 = out.cause as Error & { code?: unknown };
    expect({ name: c1.name, message: c1.message, code: c1.code }).toEqual({
      name: "TypeError",
      message: "fetch failed for ***",
      code: 7,
    });
    expect(c1.stack).toContain("fetch failed for ***");

    const c2 = c1.cause as Error & { code?: unknown };
    expect({ name: c2.name, message: c2.message, code: c2.code, cause: c2.cause }).toEqual({
      name: "Error",
      message: "connect to /*** refused",
      code: "ECONNREFUSED",
      cause: "root detail ***",
    });

    // Nothing reachable holds the key, however it is printed.
    expect(inspect(out, { depth: 10 })).not.toContain(KEY);
    // The original is left as it was.
    expect(top.message).toContain(KEY);
    expect((top.cause as Error).message).toContain(KEY);
  });

  it.each<{ name: string; given: { error: unknown; secrets: string[] }; want: unknown }>([
    { name: "a string", given: { error: `key=${KEY}`, secrets: [KEY] }, want: "key=***" },
    {
      name: "several secrets (raw and URL-encoded)",
      given: { error: "a/b a%2Fb", secrets: ["a/b", "a%2Fb"] },
      want: "*** ***",
    },
    { name: "every occurrence", given: { error: `${KEY}${KEY} ${KEY}`, secrets: [KEY] }, want: "****** ***" },
    { name: "empty secret is ignored", given: { error: "keep", secrets: [""] }, want: "keep" },
    { name: "no secrets", given: { error: "keep", secrets: [] }, want: "keep" },
    { name: "a number is returned as is", given: { error: 42, secrets: [KEY] }, want: 42 },
    { name: "undefined is returned as is", given: { error: undefined, secrets: [KEY] }, want: undefined },
  ])("non-errors: $name", ({ given, want }) => {
    expect(redact(given.error, given.secrets)).toBe(want);
  });

  it.each<{ name: string; given: unknown; want: unknown }>([
    { name: "string code kept", given: "ECONNRESET", want: "ECONNRESET" },
    { name: "number code kept", given: -32000, want: -32000 },
    { name: "object code dropped", given: { nested: true }, want: undefined },
  ])("code: $name", ({ given, want }) => {
    const out = redact(Object.assign(new Error("x"), { code: given }), [KEY]) as Error & { code?: unknown };
    expect(out.code).toStrictEqual(want);
  });

  it("an error without a cause gets none", () => {
    const out = redact(new Error(`no ${KEY}`), [KEY]) as Error;
    expect(out.message).toBe("no ***");
    expect("cause" in out).toBe(false);
  });
});
