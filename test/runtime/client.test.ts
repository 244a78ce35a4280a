/**
 * The call core of runtime/client.ts: `encodeParams`, `decodeResponse`, and `createRpcClient`
 * against a real node:http server on 127.0.0.1 (no mocked fetch).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createRpcClient,
  http as httpTransport,
  type ApiSpec,
  type Transport,
  type ClientOptions,
  type EndpointSpec,
  type MethodSpec,
  type Params,
} from "../../runtime/index.js";
import { exactJson } from "../../runtime/exact.js";
import { typeOf } from "../../runtime/issue.js";
// encodeParams and decodeResponse were moved from client.ts to codec.ts (client.ts uses them from there).
import { encodeParams } from "../../runtime/codec.js";
import { decodeResponse } from "../../runtime/wire.js";
import {
  HttpError,
  JsonRpcError,
  MalformedResponseError,
  RpcClientError,
  TimeoutError,
  ValidationError,
} from "../../runtime/errors.js";
import type { Issue } from "../../runtime/validate.js";
import { anyOf, object, string, uint64 } from "../../runtime/validate.js";

const U64_MAX = 18446744073709551615n;

const byName: EndpointSpec = { paramStructure: "by-name", envelope: "jsonrpc", methodIn: "body" };
const byPosition: EndpointSpec = { paramStructure: "by-position", envelope: "jsonrpc", methodIn: "body" };
const proxyEndpoint: EndpointSpec = { paramStructure: "by-position", envelope: "params-only", methodIn: "query" };

const block = anyOf([uint64(), string({ pattern: /^0x[0-9a-f]+$/i })]);
const api: ApiSpec = {
  name: "Test",
  methods: {
    adv_getLogs: {
      params: ["fromBlock", "toBlock", "address"],
      limits: [
        { rule: "maxBlockSpan", from: "fromBlock", to: "toBlock", max: 30, description: "at most 30 blocks per call" },
      ],
    },
    getBalance: { params: ["account"], u64: { value: true } },
    named_only: { params: ["a", "b"], structure: "by-name" },
    echo: { params: ["a", "b", "c"] },
    boom: { params: [] },
    slow: { params: [] },
    fail: { params: [] },
  },
  validators: {
    adv_getLogs: object(
      { fromBlock: block, toBlock: block, address: string({ pattern: /^0x[0-9a-f]{40}$/ }) },
      { additional: false },
    ),
  },
  keyed: byName,
  proxy: proxyEndpoint,
};
const apiWithoutProxy: ApiSpec = { name: "Solana", methods: {}, keyed: byPosition };

// ---------------------------------------------------------------------------------------------
describe("encodeParams", () => {
  const spec: MethodSpec = { params: ["a", "b", "c"] };
  it.each<{
    name: string;
    given: { named: Record<string, unknown>; original?: Params; spec: MethodSpec | undefined; endpoint: EndpointSpec };
    want: unknown;
  }>([
    {
      name: "by-name drops undefined, keeps null",
      given: { named: { a: 1, b: undefined, c: null }, spec, endpoint: byName },
      want: { a: 1, c: null },
    },
    {
      name: "by-name keeps falsy values",
      given: { named: { a: 0, b: "", c: false }, spec, endpoint: byName },
      want: { a: 0, b: "", c: false },
    },
    { name: "by-name with nothing", given: { named: {}, spec, endpoint: byName }, want: {} },
    {
      name: "by-position: all given",
      given: { named: { a: 1, b: 2, c: 3 }, spec, endpoint: byPosition },
      want: [1, 2, 3],
    },
    {
      name: "by-position: in documented order whatever the key order",
      given: { named: { c: 3, a: 1, b: 2 }, spec, endpoint: byPosition },
      want: [1, 2, 3],
    },
    {
      name: "by-position: middle undefined → null",
      given: { named: { a: 1, c: 3 }, spec, endpoint: byPosition },
      want: [1, null, 3],
    },
    {
      name: "by-position: trailing undefined dropped",
      given: { named: { a: 1, b: undefined, c: undefined }, spec, endpoint: byPosition },
      want: [1],
    },
    {
      name: "by-position: first missing, last given",
      given: { named: { c: 3 }, spec, endpoint: byPosition },
      want: [null, null, 3],
    },
    {
      name: "by-position: explicit trailing null kept",
      given: { named: { a: 1, c: null }, spec, endpoint: byPosition },
      want: [1, null, null],
    },
    { name: "by-position: nothing → []", given: { named: {}, spec, endpoint: byPosition }, want: [] },
    {
      name: "by-position: unknown names are not sent",
      given: { named: { a: 1, zz: 2 }, spec, endpoint: byPosition },
      want: [1],
    },
    {
      name: "method by-name wins over a by-position endpoint",
      given: { named: { a: 1, b: undefined }, spec: { ...spec, structure: "by-name" }, endpoint: byPosition },
      want: { a: 1 },
    },
    {
      name: "method by-position wins over a by-name endpoint",
      given: { named: { a: 1, c: 3 }, spec: { ...spec, structure: "by-position" }, endpoint: byName },
      want: [1, null, 3],
    },
    {
      name: "params-only proxy endpoint is by-position",
      given: { named: { b: 2 }, spec, endpoint: proxyEndpoint },
      want: [null, 2],
    },
    {
      name: "no spec: the caller's params as given",
      given: { named: { 0: "x" }, original: ["x", undefined], spec: undefined, endpoint: byName },
      want: ["x", undefined],
    },
    {
      name: "no spec, no params → []",
      given: { named: {}, original: undefined, spec: undefined, endpoint: byName },
      want: [],
    },
  ])("$name", ({ given, want }) => {
    expect(encodeParams(given.named, given.original, given.spec, given.endpoint)).toStrictEqual(want);
  });
});

// ---------------------------------------------------------------------------------------------
describe("decodeResponse", () => {
  const context = { method: "eth_call", host: "rpc.example:443" };
  const where = "(method eth_call, host rpc.example:443)";
  type Want = { result: unknown } | { error: new (...args: never[]) => RpcClientError; props: Record<string, unknown> };
  const malformed = (reason: string, body: string): Want => ({
    error: MalformedResponseError,
    props: { message: `Malformed response: ${reason} ${where}`, body },
  });
  const long = `{"jsonrpc":"2.0","id":1,"junk":"${"j".repeat(300)}"}`;

  it.each<{
    name: string;
    given: { text: string; id: number | undefined; spec?: MethodSpec; secrets?: string[] };
    want: Want;
  }>([
    {
      name: "numeric id matches",
      given: { text: '{"jsonrpc":"2.0","id":1,"result":"0x1"}', id: 1 },
      want: { result: "0x1" },
    },
    {
      name: 'string id "1" accepted for request id 1',
      given: { text: '{"jsonrpc":"2.0","id":"1","result":"0x1"}', id: 1 },
      want: { result: "0x1" },
    },
    {
      name: "null result is a result",
      given: { text: '{"jsonrpc":"2.0","id":1,"result":null}', id: 1 },
      want: { result: null },
    },
    {
      name: "error: null with a result",
      given: { text: '{"jsonrpc":"2.0","id":1,"result":[1],"error":null}', id: 1 },
      want: { result: [1] },
    },
    {
      name: "wrong id → MalformedResponseError",
      given: { text: '{"jsonrpc":"2.0","id":2,"result":"0x1"}', id: 1 },
      want: malformed("the response id 2 does not match the request id 1", '{"jsonrpc":"2.0","id":2,"result":"0x1"}'),
    },
    {
      name: "wrong string id",
      given: { text: '{"jsonrpc":"2.0","id":"01","result":"0x1"}', id: 1 },
      want: malformed(
        'the response id "01" does not match the request id 1',
        '{"jsonrpc":"2.0","id":"01","result":"0x1"}',
      ),
    },
    {
      name: "missing id when one was sent",
      given: { text: '{"jsonrpc":"2.0","result":"0x1"}', id: 1 },
      want: malformed("the response id undefined does not match the request id 1", '{"jsonrpc":"2.0","result":"0x1"}'),
    },
    {
      name: "id ignored when the request id is undefined",
      given: { text: '{"jsonrpc":"2.0","id":99,"result":"0x1"}', id: undefined },
      want: { result: "0x1" },
    },
    {
      name: "error object → JsonRpcError with code and data",
      given: {
        text: '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid params","data":{"field":"to"}}}',
        id: 1,
      },
      want: {
        error: JsonRpcError,
        props: {
          code: -32602,
          data: { field: "to" },
          message: `JSON-RPC error -32602: invalid params ${where}`,
          shortMessage: "JSON-RPC error -32602: invalid params",
        },
      },
    },
    {
      name: "error with id null (parse error) is still a JsonRpcError",
      given: { text: '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}', id: 1 },
      want: { error: JsonRpcError, props: { code: -32700, data: undefined } },
    },
    {
      name: "numeric string code is converted",
      given: { text: '{"jsonrpc":"2.0","id":1,"error":{"code":"-32000","message":"header not found"}}', id: 1 },
      want: { error: JsonRpcError, props: { code: -32000, shortMessage: "JSON-RPC error -32000: header not found" } },
    },
    {
      name: "non-numeric code → -32603",
      given: { text: '{"jsonrpc":"2.0","id":1,"error":{"code":"oops","message":"x"}}', id: 1 },
      want: { error: JsonRpcError, props: { code: -32603 } },
    },
    {
      name: "missing code → -32603, missing message → (no message)",
      given: { text: '{"jsonrpc":"2.0","id":1,"error":{}}', id: 1 },
      want: { error: JsonRpcError, props: { code: -32603, shortMessage: "JSON-RPC error -32603: (no message)" } },
    },
    {
      name: "null code → -32603 (null is not numeric)",
      given: { text: '{"jsonrpc":"2.0","id":1,"error":{"code":null,"message":"x"}}', id: 1 },
      want: { error: JsonRpcError, props: { code: -32603 } },
    },
    {
      name: "secret in the error message is scrubbed",
      given: {
        text: '{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"bad key KEY123"}}',
        id: 1,
        secrets: ["KEY123"],
      },
      want: { error: JsonRpcError, props: { shortMessage: "JSON-RPC error -32001: bad key ***" } },
    },
    {
      name: "big integer in error data becomes a number",
      given: {
        text: '{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"x","data":{"slot":18446744073709551615}}}',
        id: 1,
      },
      want: { error: JsonRpcError, props: { data: { slot: Number("18446744073709551615") } } },
    },
    {
      name: "neither result nor error",
      given: { text: '{"jsonrpc":"2.0","id":1}', id: 1 },
      want: malformed("the response has neither result nor error", '{"jsonrpc":"2.0","id":1}'),
    },
    {
      name: "not JSON (HTML)",
      given: { text: "<html>502 Bad Gateway</html>", id: 1 },
      want: malformed("the body is not valid JSON (truncated or not JSON at all)", "<html>502 Bad Gateway</html>"),
    },
    {
      name: "truncated JSON",
      given: { text: '{"jsonrpc":"2.0","id":1,"res', id: 1 },
      want: malformed("the body is not valid JSON (truncated or not JSON at all)", '{"jsonrpc":"2.0","id":1,"res'),
    },
    { name: "empty body", given: { text: "", id: 1 }, want: malformed("the body is empty", "") },
    { name: "blank body", given: { text: " \n", id: 1 }, want: malformed("the body is empty", " \n") },
    {
      name: "array body (batch)",
      given: { text: '[{"jsonrpc":"2.0","id":1,"result":1}]', id: 1 },
      want: malformed("expected a JSON-RPC response object", '[{"jsonrpc":"2.0","id":1,"result":1}]'),
    },
    {
      name: "null body",
      given: { text: "null", id: 1 },
      want: malformed("expected a JSON-RPC response object", "null"),
    },
    {
      name: "number body",
      given: { text: "42", id: undefined },
      want: malformed("expected a JSON-RPC response object", "42"),
    },
    {
      name: "long bad body is cut to 200 characters",
      given: { text: long, id: 1 },
      want: malformed("the response has neither result nor error", `${long.slice(0, 200)}…`),
    },
    {
      name: "secret in a bad body is scrubbed",
      given: { text: "<p>no key KEY123</p>", id: 1, secrets: ["KEY123"] },
      want: malformed("the body is not valid JSON (truncated or not JSON at all)", "<p>no key ***</p>"),
    },
    {
      name: "u64 map applied (u64::MAX exact)",
      given: {
        text: '{"jsonrpc":"2.0","id":1,"result":{"context":{"slot":5},"value":{"lamports":18446744073709551615,"owner":"x"}}}',
        id: 1,
        spec: { params: [], u64: { context: { slot: true }, value: { lamports: true } } },
      },
      want: { result: { context: { slot: 5n }, value: { lamports: U64_MAX, owner: "x" } } },
    },
    {
      name: "u64 map applied without long integers",
      given: {
        text: '{"jsonrpc":"2.0","id":1,"result":[{"lamports":1},{"lamports":2}]}',
        id: 1,
        spec: { params: [], u64: { "*": { lamports: true } } },
      },
      want: { result: [{ lamports: 1n }, { lamports: 2n }] },
    },
    {
      name: "unclaimed big integers become numbers as with JSON.parse",
      given: {
        text: '{"jsonrpc":"2.0","id":1,"result":{"a":18446744073709551615,"b":18446744073709551615}}',
        id: 1,
        spec: { params: [], u64: { a: true } },
      },
      want: { result: { a: U64_MAX, b: Number("18446744073709551615") } },
    },
    {
      name: "no spec: big integers as numbers",
      given: { text: '{"jsonrpc":"2.0","id":1,"result":18446744073709551615}', id: 1 },
      want: { result: Number("18446744073709551615") },
    },
    {
      // A float with 17 fraction digits (as JSON.stringify prints 0.1 + 0.2) beside a u64.
      name: "u64 next to a long fraction",
      given: {
        text: '{"jsonrpc":"2.0","id":1,"result":{"amount":18446744073709551615,"uiAmount":0.30000000000000004}}',
        id: 1,
        spec: { params: [], u64: { amount: true } },
      },
      want: { result: { amount: U64_MAX, uiAmount: 0.30000000000000004 } },
    },
  ])("$name", ({ given, want }) => {
    const run = (): unknown => decodeResponse(given.text, given.id, given.spec, context, given.secrets);
    if ("result" in want) {
      expect(run()).toStrictEqual(want.result);
      return;
    }
    let error: unknown;
    try {
      run();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(want.error);
    const picked = Object.fromEntries(Object.keys(want.props).map((k) => [k, (error as Record<string, unknown>)[k]]));
    expect(picked).toStrictEqual(want.props);
    expect((error as RpcClientError).method).toBe("eth_call");
    expect((error as RpcClientError).host).toBe("rpc.example:443");
  });
});

// ---------------------------------------------------------------------------------------------
// createRpcClient: option validation

describe("createRpcClient options", () => {
  const issue = (path: string, rule: string, message: string, received: string): Issue => ({
    path,
    rule,
    message,
    received,
  });
  it.each<{ name: string; given: { api?: ApiSpec; options: ClientOptions }; want: Issue[] }>([
    {
      name: "missing url",
      given: { options: {} },
      want: [
        issue(
          "options.url",
          "required",
          "is required (or pass proxyUrl for the keyless proxy, or a transport)",
          "undefined",
        ),
      ],
    },
    {
      name: "both url and proxyUrl",
      given: { options: { url: "https://rpc.example/x", proxyUrl: "https://proxy.example/" } },
      want: [issue("options.proxyUrl", "exclusive", "cannot be combined with url: pass one of them", "string")],
    },
    {
      name: "proxyUrl on an API without proxy",
      given: { api: apiWithoutProxy, options: { proxyUrl: "https://proxy.example/" } },
      want: [
        issue("options.proxyUrl", "unsupported", "is not available: the Solana API has no keyless proxy", "string"),
      ],
    },
    {
      name: "apiKey with proxyUrl",
      given: { options: { proxyUrl: "https://proxy.example/", apiKey: "k" } },
      want: [issue("options.apiKey", "exclusive", "cannot be used with proxyUrl: the proxy takes no key", "string")],
    },
    {
      name: "bad URL",
      given: { options: { url: "not a url" } },
      want: [issue("options.url", "format", "must be an absolute URL such as https://host/path", "string")],
    },
    {
      name: "bad proxy URL",
      given: { options: { proxyUrl: "/relative" } },
      want: [issue("options.proxyUrl", "format", "must be an absolute URL such as https://host/path", "string")],
    },
    {
      name: "ftp url",
      given: { options: { url: "ftp://rpc.example/" } },
      want: [issue("options.url", "protocol", "must start with http:// or https://", "string")],
    },
    {
      name: "ws url (the WebSocket transport is a value from the ./ws subpath)",
      given: { options: { url: "wss://rpc.example/eth", apiKey: "k" } },
      want: [
        issue(
          "options.url",
          "protocol",
          "is a WebSocket URL: pass transport: webSocket(url, { apiKey }) from the package's ./ws subpath",
          "string",
        ),
      ],
    },
    {
      name: "transport with url and headers",
      given: {
        options: { transport: httpTransport("https://rpc.example/"), url: "https://rpc.example/", headers: { a: "b" } },
      },
      want: [
        issue(
          "options.url",
          "exclusive",
          "cannot be combined with transport: pass it to the transport (http(url, { … }))",
          "string",
        ),
        issue(
          "options.headers",
          "exclusive",
          "cannot be combined with transport: pass it to the transport (http(url, { … }))",
          "object",
        ),
      ],
    },
    {
      name: "transport that is not one",
      given: { options: { transport: { type: "", request: "nope" } as unknown as Transport } },
      want: [
        issue("options.transport.type", "type", "must be a non-empty string naming the transport", "string"),
        issue(
          "options.transport.request",
          "type",
          "must be a function (request, options) => Promise<answer>",
          "string",
        ),
      ],
    },
    {
      name: "proxy transport on an API without proxy",
      given: { api: apiWithoutProxy, options: { transport: httpTransport("https://proxy.example/", { proxy: true }) } },
      want: [
        issue(
          "options.transport.endpoint",
          "unsupported",
          'is "proxy", but the Solana API has no keyless proxy',
          "string",
        ),
      ],
    },
    {
      name: "ws proxy URL (the proxy is HTTP only)",
      given: { options: { proxyUrl: "wss://proxy.example/" } },
      want: [issue("options.proxyUrl", "protocol", "must start with http:// or https://", "string")],
    },
    ...["a/b", "a?b", "a#b", "a b", ""].map((apiKey) => ({
      name: `bad apiKey ${JSON.stringify(apiKey)}`,
      given: { options: { url: "https://rpc.example/", apiKey } },
      want: [issue("options.apiKey", "format", "must be a non-empty string without '/', '?', '#' or spaces", "string")],
    })),
    {
      name: "apiKey not a string",
      given: { options: { url: "https://rpc.example/", apiKey: 42 as unknown as string } },
      want: [issue("options.apiKey", "format", "must be a non-empty string without '/', '?', '#' or spaces", "number")],
    },
    {
      name: "negative timeout",
      given: { options: { url: "https://rpc.example/", timeout: -1 } },
      want: [issue("options.timeout", "minimum", "must be a number, 0 or more", "number")],
    },
    {
      name: "NaN timeout",
      given: { options: { url: "https://rpc.example/", timeout: Number.NaN } },
      want: [issue("options.timeout", "minimum", "must be a number, 0 or more", "number")],
    },
    {
      name: "string timeout",
      given: { options: { url: "https://rpc.example/", timeout: "100" as unknown as number } },
      want: [issue("options.timeout", "minimum", "must be a number, 0 or more", "string")],
    },
    {
      name: "several problems reported together",
      given: { options: { url: "nope", apiKey: "a/b", timeout: -5 } },
      want: [
        issue("options.url", "format", "must be an absolute URL such as https://host/path", "string"),
        issue("options.apiKey", "format", "must be a non-empty string without '/', '?', '#' or spaces", "string"),
        issue("options.timeout", "minimum", "must be a number, 0 or more", "number"),
      ],
    },
  ])("$name → made without throwing; every call rejects with the ValidationError", async ({ given, want }) => {
    // A client made at module scope never throws there (a build that evaluates it without its
    // environment goes on); what is wrong comes with the first call, and nothing is sent.
    const client = createRpcClient(given.api ?? api, given.options);
    expect(client.transport.type).toBe("none");
    for (const attempt of [
      () => client.call("eth_blockNumber", []),
      () => client.call("eth_blockNumber", [], { timeout: 5 }),
      () => client.batch((call) => [call("eth_blockNumber", [])]),
      () => client.paginate("eth_blockNumber", {})[Symbol.asyncIterator]().next(),
      () => client.subscribe("eth_subscribe", []),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues).toEqual(want);
      for (const i of want) expect((error as ValidationError).message).toContain(`${i.path} ${i.message}`);
      expect((error as ValidationError).message).toMatch(/^Invalid client options: /);
    }
  });

  it.each<{ name: string; given: ClientOptions }>([
    { name: "url only", given: { url: "http://127.0.0.1:1/" } },
    { name: "url + apiKey + timeout 0", given: { url: "https://rpc.example/eth", apiKey: "abc-123_X", timeout: 0 } },
    { name: "proxyUrl only", given: { proxyUrl: "https://proxy.example/rpc" } },
  ])("valid options: $name", ({ given }) => {
    const client = createRpcClient(api, given);
    expect(client.transport.type).toBe("http");
  });

  it("the apiKey never appears in an option error", async () => {
    const client = createRpcClient(api, { url: "nope", apiKey: "SECRET KEY" });
    const error = await client.call("eth_blockNumber", []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(JSON.stringify(error) + String((error as Error).stack)).not.toContain("SECRET");
  });

  it("a refused client runs none of its options: no fetch, no hook, no batching, the key nowhere", async () => {
    let fetched = 0;
    let hooked = 0;
    const client = createRpcClient(api, {
      url: "https://rpc.example/",
      apiKey: "a/SECRET",
      timeout: -1,
      fetch: async () => (fetched++, new Response("{}")),
      onRequest: () => void hooked++,
      onResponse: () => void hooked++,
      batch: true,
    });
    const errors = await Promise.all([
      client.call("eth_blockNumber", []).catch((e: unknown) => e),
      client.call("eth_blockNumber", []).catch((e: unknown) => e),
      client.transport
        .request({ id: 1, method: "eth_blockNumber", params: [], body: "{}" }, { timeout: 0, context: {} })
        .catch((e: unknown) => e),
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((i) => i.path)).toEqual(["options.apiKey", "options.timeout"]);
      expect(JSON.stringify(error) + (error as Error).message + String((error as Error).stack)).not.toContain("SECRET");
    }
    expect([fetched, hooked]).toEqual([0, 0]);
    client.close();
  });

  it("options that are not an object: a client all the same, whose calls reject naming `options`", async () => {
    for (const options of [null, 42, "https://rpc.example/"]) {
      const client = createRpcClient(api, options as unknown as ClientOptions);
      const error = await client.call("eth_blockNumber", []).catch((e: unknown) => e);
      expect((error as ValidationError).issues).toEqual([
        issue("options", "type", "must be an object", typeOf(options)),
      ]);
    }
  });

  it("call options that are wrong reject that call (and a paginator's first step), naming them", async () => {
    const client = createRpcClient(api, { url: "http://127.0.0.1:1/" });
    const error = await client.call("eth_blockNumber", [], { timeout: -1, retryCount: 0.5 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toMatch(/^Invalid call options: /);
    expect((error as ValidationError).issues).toEqual([
      issue("callOptions.timeout", "minimum", "must be a number, 0 or more", "number"),
      issue("callOptions.retryCount", "integer", "must be a whole number", "number"),
    ]);
    const pages = client.paginate("eth_blockNumber", {}, { maxPages: 0 });
    const paging = await pages[Symbol.asyncIterator]()
      .next()
      .catch((e: unknown) => e);
    expect((paging as ValidationError).issues).toEqual([
      issue("callOptions.maxPages", "minimum", "must be a number, 1 or more", "number"),
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// createRpcClient against a real server

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const seen: Seen[] = [];

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
    let message: { id?: unknown; method?: string } = {};
    try {
      const parsed = JSON.parse(body) as unknown;
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) message = parsed as typeof message;
    } catch {
      // params-only bodies and garbage: no id
    }
    const id = JSON.stringify(message.id ?? null);
    const rpcMethod = message.method ?? decodeURIComponent((req.url ?? "").split("?")[1] ?? "");
    switch (rpcMethod) {
      case "getBalance":
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(`{"jsonrpc":"2.0","id":${id},"result":{"context":{"slot":12},"value":18446744073709551615}}`);
        return;
      case "boom":
        res
          .writeHead(200)
          .end(
            `{"jsonrpc":"2.0","id":${id},"error":{"code":-32000,"message":"execution reverted","data":"0x08c379a0"}}`,
          );
        return;
      case "fail":
        res.writeHead(503, { "retry-after": "2" }).end("<h1>down</h1>");
        return;
      case "slow":
        return; // never answers
      default:
        res.writeHead(200, { "content-type": "application/json" }).end(`{"jsonrpc":"2.0","id":${id},"result":"ok"}`);
    }
  });
});

let base = "";
let host = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  base = `http://${host}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
});

const last = (): Seen => {
  expect(seen).toHaveLength(1);
  return seen[0]!;
};

describe("createRpcClient: requests on the wire", () => {
  it.each<{
    name: string;
    given: { options: () => ClientOptions; method: string; params: Params };
    want: { url: string; body: unknown };
  }>([
    {
      name: "keyed URL is <url>/<apiKey>",
      given: { options: () => ({ url: `${base}/eth`, apiKey: "KEY1" }), method: "echo", params: { a: 1 } },
      want: { url: "/eth/KEY1", body: { jsonrpc: "2.0", id: 1, method: "echo", params: { a: 1 } } },
    },
    {
      name: "trailing slashes of url are not doubled",
      given: { options: () => ({ url: `${base}/eth//`, apiKey: "KEY1" }), method: "echo", params: { a: 1 } },
      want: { url: "/eth/KEY1", body: { jsonrpc: "2.0", id: 1, method: "echo", params: { a: 1 } } },
    },
    {
      name: "apiKey is URL-encoded in the path",
      given: { options: () => ({ url: `${base}/eth`, apiKey: "k%y" }), method: "echo", params: {} },
      want: { url: "/eth/k%25y", body: { jsonrpc: "2.0", id: 1, method: "echo", params: {} } },
    },
    {
      name: "url without apiKey is used as given",
      given: { options: () => ({ url: `${base}/local/` }), method: "echo", params: { a: 1, b: undefined } },
      want: { url: "/local/", body: { jsonrpc: "2.0", id: 1, method: "echo", params: { a: 1 } } },
    },
    {
      name: "positional caller on a by-name endpoint is sent by name",
      given: { options: () => ({ url: `${base}/eth` }), method: "echo", params: [1, undefined, 3] },
      want: { url: "/eth", body: { jsonrpc: "2.0", id: 1, method: "echo", params: { a: 1, c: 3 } } },
    },
    {
      name: "unknown method: params as given",
      given: { options: () => ({ url: `${base}/eth` }), method: "eth_chainId", params: undefined },
      want: { url: "/eth", body: { jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] } },
    },
    {
      name: "proxy: method in the query, body is the params array",
      given: {
        options: () => ({ proxyUrl: `${base}/proxy` }),
        method: "adv_getLogs",
        params: { fromBlock: 1, address: "0x" + "ab".repeat(20) },
      },
      want: { url: "/proxy?adv_getLogs", body: [1, null, "0x" + "ab".repeat(20)] },
    },
    {
      name: "proxy URL with a query: method appended with &",
      given: {
        options: () => ({ proxyUrl: `${base}/proxy?net=main` }),
        method: "adv_getLogs",
        params: { fromBlock: "0x1", toBlock: "0x2" },
      },
      want: { url: "/proxy?net=main&adv_getLogs", body: ["0x1", "0x2"] },
    },
    {
      name: "proxy: method-level by-name wins over the proxy's by-position",
      given: { options: () => ({ proxyUrl: `${base}/proxy` }), method: "named_only", params: { b: 2 } },
      want: { url: "/proxy?named_only", body: { b: 2 } },
    },
  ])("$name", async ({ given, want }) => {
    const client = createRpcClient(api, given.options());
    await expect(client.call(given.method, given.params)).resolves.toBe("ok");
    const request = last();
    expect(request.method).toBe("POST");
    expect(request.url).toBe(want.url);
    expect(JSON.parse(request.body)).toEqual(want.body);
  });

  it("bigint params are sent as bare JSON integers", async () => {
    const client = createRpcClient(api, { proxyUrl: `${base}/proxy` });
    await client.call("adv_getLogs", { fromBlock: U64_MAX - 30n, toBlock: U64_MAX });
    expect(last().body).toBe("[18446744073709551585,18446744073709551615]");
  });

  it("bigint params are bare JSON integers with the method's exact codec and without it (extras.ts)", async () => {
    const client = createRpcClient(api, { url: `${base}/eth` });
    for (const spec of [{ params: ["a"], exact: exactJson }, { params: ["a"] }] satisfies MethodSpec[]) {
      seen.length = 0;
      await client.invoke("echo", spec, undefined, { a: U64_MAX });
      expect(last().body).toMatch(/"params":\{"a":18446744073709551615\}\}$/);
    }
  });

  it("request ids increase per client", async () => {
    const client = createRpcClient(api, { url: `${base}/eth` });
    await client.call("echo", {});
    await client.call("echo", {});
    expect(seen.map((s) => (JSON.parse(s.body) as { id: number }).id)).toEqual([1, 2]);
  });

  it("default and custom headers are sent; custom ones win", async () => {
    const client = createRpcClient(api, {
      url: `${base}/eth`,
      headers: { "x-custom": "yes", accept: "application/json, text/plain" },
    });
    await client.call("echo", {});
    const { headers } = last();
    expect({ ct: headers["content-type"], accept: headers.accept, custom: headers["x-custom"] }).toEqual({
      ct: "application/json",
      accept: "application/json, text/plain",
      custom: "yes",
    });
  });

  it("the custom fetch option is used for the request", async () => {
    const calls: { url: string; method: string | undefined }[] = [];
    const recording: typeof fetch = (input, init) => {
      calls.push({ url: String(input), method: init?.method });
      return globalThis.fetch(input, init);
    };
    const client = createRpcClient(api, { url: `${base}/eth`, apiKey: "KEY2", fetch: recording });
    await expect(client.call("echo", { a: 1 })).resolves.toBe("ok");
    expect(calls).toEqual([{ url: `${base}/eth/KEY2`, method: "POST" }]);
    expect(last().url).toBe("/eth/KEY2");
  });
});

describe("createRpcClient: results and errors", () => {
  it("u64 fields of the result are bigint", async () => {
    const client = createRpcClient(api, { url: `${base}/sol` });
    expect(await client.call("getBalance", ["acc"])).toStrictEqual({ context: { slot: 12 }, value: U64_MAX });
  });

  it("u64 fields are exact with the method's exact parser (success path) and without it (wire.ts)", async () => {
    const client = createRpcClient(api, { url: `${base}/sol` });
    const spec: MethodSpec = { params: ["account"], u64: { value: true } };
    const want = { context: { slot: 12 }, value: U64_MAX };
    expect(await client.invoke("getBalance", { ...spec, exact: exactJson }, undefined, ["acc"])).toStrictEqual(want);
    expect(await client.invoke("getBalance", spec, undefined, ["acc"])).toStrictEqual(want);
    // A method without u64 fields parses with JSON.parse: a long integer is a number, as JSON.parse makes it.
    expect(await client.invoke("getBalance", { params: ["account"] }, undefined, ["acc"])).toStrictEqual({
      context: { slot: 12 },
      value: Number(U64_MAX),
    });
  });

  it.each<{
    name: string;
    given: { options: () => ClientOptions; method: string; params: Params; call?: { timeout?: number } };
    want: { type: new (...args: never[]) => RpcClientError; props: Record<string, unknown>; sent: number };
  }>([
    {
      name: "JSON-RPC error → JsonRpcError",
      given: { options: () => ({ url: `${base}/eth`, apiKey: "KEY3" }), method: "boom", params: [] },
      want: {
        type: JsonRpcError,
        props: { code: -32000, data: "0x08c379a0", shortMessage: "JSON-RPC error -32000: execution reverted" },
        sent: 1,
      },
    },
    {
      name: "HTTP 503 → HttpError with Retry-After",
      given: { options: () => ({ url: `${base}/eth`, apiKey: "KEY3" }), method: "fail", params: [] },
      want: { type: HttpError, props: { status: 503, retryAfter: 2000, body: "down" }, sent: 1 },
    },
    {
      name: "client timeout → TimeoutError",
      given: { options: () => ({ url: `${base}/eth`, apiKey: "KEY3", timeout: 80 }), method: "slow", params: [] },
      want: { type: TimeoutError, props: { timeout: 80 }, sent: 1 },
    },
    {
      name: "per-call timeout overrides the client's",
      given: {
        options: () => ({ url: `${base}/eth`, apiKey: "KEY3", timeout: 60_000 }),
        method: "slow",
        params: [],
        call: { timeout: 90 },
      },
      want: { type: TimeoutError, props: { timeout: 90 }, sent: 1 },
    },
    {
      name: "block span over the x-limits max → ValidationError before any I/O",
      given: {
        options: () => ({ url: `${base}/eth`, apiKey: "KEY3" }),
        method: "adv_getLogs",
        params: { fromBlock: 0, toBlock: 31 },
      },
      want: {
        type: ValidationError,
        props: {
          issues: [
            {
              path: "params.toBlock",
              rule: "x-limits.maxBlockSpan",
              message:
                "must be at most 30 blocks after fromBlock (toBlock − fromBlock is 31); at most 30 blocks per call",
              received: "integer",
            },
          ],
        },
        sent: 0,
      },
    },
    {
      name: "misspelt param → ValidationError before any I/O (positional caller on the proxy)",
      given: {
        options: () => ({ proxyUrl: `${base}/proxy` }),
        method: "adv_getLogs",
        params: { fromBlock: 0, tooBlock: 1 },
      },
      want: {
        type: ValidationError,
        props: {
          issues: [
            {
              path: "params.tooBlock",
              rule: "additionalProperties",
              message: "is not a known field (known: fromBlock, toBlock, address)",
              received: "integer",
              value: "1",
            },
          ],
        },
        sent: 0,
      },
    },
  ])("$name", async ({ given, want }) => {
    const client = createRpcClient(api, given.options());
    let error: unknown;
    try {
      await client.call(given.method, given.params, given.call);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(want.type);
    const picked = Object.fromEntries(Object.keys(want.props).map((k) => [k, (error as Record<string, unknown>)[k]]));
    expect(picked).toEqual(want.props);
    expect((error as RpcClientError).method).toBe(given.method);
    expect((error as Error).message).toContain(`method ${given.method}`);
    expect(JSON.stringify(error) + String((error as Error).stack)).not.toContain("KEY3");
    expect(seen).toHaveLength(want.sent);
  });

  it("errors from the server name the host, never the key", async () => {
    const client = createRpcClient(api, { url: `${base}/eth`, apiKey: "KEY4" });
    const error = await client.call("fail", []).then(
      () => undefined,
      (e: unknown) => e as HttpError,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error!.host).toBe(host);
    expect(error!.message).toBe(`HTTP 503: down (method fail, host ${host})`);
  });

  it("validateRequests: false sends invalid params anyway", async () => {
    const client = createRpcClient(api, { url: `${base}/eth`, validateRequests: false });
    await expect(client.call("adv_getLogs", { fromBlock: 0, toBlock: 31 })).resolves.toBe("ok");
    expect(JSON.parse(last().body)).toMatchObject({ params: { fromBlock: 0, toBlock: 31 } });
  });
});
