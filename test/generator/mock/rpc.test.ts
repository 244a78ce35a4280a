/** The JSON-RPC side of the mock (generator/mock/rpc.ts and results.ts), HTTP aside: body text in, answer out. */
import { describe, expect, it } from "vitest";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { buildRegistry } from "../../../generator/mock/registry.js";
import { conditionHolds, pageNumber } from "../../../generator/mock/results.js";
import { answerRequest, type LocalMethod, type RpcAnswer, type Target } from "../../../generator/mock/rpc.js";
import type { VariantCondition } from "../../../generator/model/document.js";
import { doc, loaded, type MiniMethod } from "../../helpers/spec.js";

const methods: MiniMethod[] = [
  {
    name: "getBlock",
    paramStructure: "by-position",
    params: [
      { name: "number", required: true, schema: { type: "integer" } },
      { name: "full", schema: { type: "boolean" } },
    ],
    result: {
      name: "block",
      schema: { type: "object", required: ["txs"], properties: { txs: { type: "array", items: { type: "string" } } } },
    },
    "x-result-variants": [
      {
        name: "Full",
        when: { param: "full", equals: true },
        schema: {
          type: "object",
          required: ["txs"],
          properties: {
            txs: {
              type: "array",
              items: { type: "object", required: ["hash"], properties: { hash: { type: "string" } } },
            },
          },
        },
      },
    ],
    examples: [
      {
        name: "block 7",
        params: [{ name: "number", value: 7 }],
        result: { name: "block", value: { txs: ["0xseven"], big: Number("18446744073709551615") } },
      },
    ],
  },
  {
    name: "list",
    paramStructure: "either",
    params: [
      { name: "pageSize", schema: { type: "integer", minimum: 1, maximum: 50, default: 4 } },
      { name: "pageToken", schema: { type: "string" } },
    ],
    result: {
      name: "page",
      schema: {
        type: "object",
        required: ["items"],
        properties: {
          items: { type: ["array", "null"], items: { type: "integer" } },
          nextPageToken: { type: "string" },
        },
      },
    },
  },
  {
    // Its example contradicts its schema (as MetaMask's wallet_switchEthereumChain does): never served.
    name: "switchChain",
    params: [{ name: "chainId", required: true, schema: { type: "string" } }],
    result: { name: "nothing", schema: { type: "null" } },
    examples: [
      { name: "wrong", params: [{ name: "chainId", value: "0x1" }], result: { name: "nothing", value: "0x1" } },
    ],
  },
];
const document = doc(methods);
const { registry } = buildRegistry([{ model: normalizeDocument(loaded(document)), exactResults: new Map() }]);
const answer = (body: string, target: Target = {}, pages = 3): RpcAnswer =>
  answerRequest(body, target, registry, { pages });
const json = (a: RpcAnswer): unknown => (a.status === 200 ? JSON.parse(a.body) : undefined);
const call = (method: string, params: unknown, id: unknown = 1): string =>
  JSON.stringify({ jsonrpc: "2.0", id, method, params });

describe("answerRequest", () => {
  const cases: [string, { body: string; target?: Target; want: unknown }][] = [
    [
      "an example's params give its result",
      {
        body: call("getBlock", [7]),
        want: { jsonrpc: "2.0", id: 1, result: { txs: ["0xseven"], big: 18446744073709552000 } },
      },
    ],
    [
      "an example whose result contradicts the schema is not served",
      { body: call("switchChain", ["0x1"]), want: { jsonrpc: "2.0", id: 1, result: null } },
    ],
    [
      "a string id is echoed",
      {
        body: call("getBlock", [7], "abc"),
        want: { jsonrpc: "2.0", id: "abc", result: { txs: ["0xseven"], big: 18446744073709552000 } },
      },
    ],
    [
      "unparsable JSON is -32700 with id null",
      {
        body: "{",
        want: {
          jsonrpc: "2.0",
          id: null,
          error: { code: -32700, message: expect.stringMatching(/^Parse error: the body is not valid JSON/) },
        },
      },
    ],
    [
      "an empty batch is -32600",
      {
        body: "[]",
        want: {
          jsonrpc: "2.0",
          id: null,
          error: { code: -32600, message: "Invalid Request: a batch must hold at least one request object." },
        },
      },
    ],
    [
      "a missing jsonrpc is -32600",
      {
        body: '{"id":3,"method":"getBlock","params":[1]}',
        want: {
          jsonrpc: "2.0",
          id: 3,
          error: {
            code: -32600,
            message: 'Invalid Request: jsonrpc must be "2.0", not missing.',
            data: [{ path: "jsonrpc", rule: "const", message: 'must be "2.0", not missing' }],
          },
        },
      },
    ],
    [
      "a method that is not a string is -32600",
      {
        body: '{"jsonrpc":"2.0","id":3,"method":5}',
        want: {
          jsonrpc: "2.0",
          id: 3,
          error: {
            code: -32600,
            message: "Invalid Request: method must be a string, not the number 5.",
            data: [{ path: "method", rule: "type", message: "must be a string, not the number 5" }],
          },
        },
      },
    ],
    [
      "params that are neither array nor object are -32600",
      {
        body: '{"jsonrpc":"2.0","id":3,"method":"getBlock","params":7}',
        want: {
          jsonrpc: "2.0",
          id: 3,
          error: {
            code: -32600,
            message: "Invalid Request: params must be an array or an object, not the number 7.",
            data: [{ path: "params", rule: "type", message: "must be an array or an object, not the number 7" }],
          },
        },
      },
    ],
    [
      "a request that is not an object is -32600",
      {
        body: '"hello"',
        want: {
          jsonrpc: "2.0",
          id: null,
          error: {
            code: -32600,
            message: 'Invalid Request: request must be an object, not the string "hello".',
            data: [{ path: "request", rule: "type", message: 'must be an object, not the string "hello"' }],
          },
        },
      },
    ],
    [
      "an unknown method is -32601",
      {
        body: call("nope", []),
        want: { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found: nope" } },
      },
    ],
    [
      "invalid params are -32602",
      {
        body: call("list", { pageSize: 51 }),
        want: {
          jsonrpc: "2.0",
          id: 1,
          error: {
            code: -32602,
            message: "Invalid params: pageSize must be <= 50 (maximum)",
            data: [{ path: "pageSize", rule: "maximum", message: "must be <= 50" }],
          },
        },
      },
    ],
    [
      "a batch is answered item by item, notifications left out",
      {
        body: `[${call("nope", [], 1)},{"jsonrpc":"2.0","method":"getBlock","params":[7]},${call("getBlock", [7], 2)}]`,
        want: [
          { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found: nope" } },
          { jsonrpc: "2.0", id: 2, result: { txs: ["0xseven"], big: 18446744073709552000 } },
        ],
      },
    ],
    [
      'the proxy form answers with id "1"',
      {
        body: "[7]",
        target: { proxyMethod: "getBlock" },
        want: { jsonrpc: "2.0", id: "1", result: { txs: ["0xseven"], big: 18446744073709552000 } },
      },
    ],
    [
      "the proxy form with a body that is not params is -32600",
      {
        body: "7",
        target: { proxyMethod: "getBlock" },
        want: {
          jsonrpc: "2.0",
          id: "1",
          error: {
            code: -32600,
            message:
              "Invalid Request: the proxy form takes the params of getBlock as the body, an array (or an object keyed by param name); the body is the number 7.",
          },
        },
      },
    ],
    [
      "the proxy form for an unknown method is -32601",
      {
        body: "[]",
        target: { proxyMethod: "nope" },
        want: { jsonrpc: "2.0", id: "1", error: { code: -32601, message: "Method not found: nope" } },
      },
    ],
    [
      'unparsable JSON in the proxy form is -32700 with id "1"',
      {
        body: "[",
        target: { proxyMethod: "getBlock" },
        want: { jsonrpc: "2.0", id: "1", error: { code: -32700, message: expect.stringMatching(/^Parse error/) } },
      },
    ],
  ];
  it.each(cases)("%s", (_name, { body, target, want }) => {
    expect(json(answer(body, target))).toEqual(want);
  });

  it("answers a lone notification and a batch of notifications with 204 and no body", () => {
    expect(answer('{"jsonrpc":"2.0","method":"getBlock","params":[7]}')).toEqual({ status: 204 });
    expect(answer('[{"jsonrpc":"2.0","method":"nope"},{"jsonrpc":"2.0","method":"getBlock"}]')).toEqual({
      status: 204,
    });
  });

  it("keeps every digit of a u64 in an example result and of a big id", () => {
    const exact = buildRegistry([
      {
        model: normalizeDocument(loaded(document)),
        exactResults: new Map([["/methods/0/examples/0", { txs: [], big: 18446744073709551615n }]]),
      },
    ]).registry;
    const a = answerRequest('{"jsonrpc":"2.0","id":18446744073709551615,"method":"getBlock","params":[7]}', {}, exact, {
      pages: 3,
    });
    expect(a.status === 200 && a.body).toBe(
      '{"jsonrpc":"2.0","id":18446744073709551615,"result":{"txs":[],"big":18446744073709551615}}',
    );
  });

  it("generates the variant the params select, the same for the same request", () => {
    const full = json(answer(call("getBlock", [8, true]))) as { result: { txs: unknown[] } };
    const hashes = json(answer(call("getBlock", [8, false]))) as { result: { txs: unknown[] } };
    expect(full.result.txs[0]).toEqual({ hash: expect.any(String) });
    expect(typeof hashes.result.txs[0]).toBe("string");
    expect(answer(call("getBlock", [8, true]))).toEqual(answer(call("getBlock", [8, true])));
  });

  it("pages a paginated method: pageSize items, page-2 … page-N, the last page without a token", () => {
    const page = (params: unknown, pages = 3): { items: unknown[]; nextPageToken?: string } =>
      (json(answer(call("list", params), {}, pages)) as { result: { items: unknown[]; nextPageToken?: string } })
        .result;
    expect(page({})).toEqual({ items: expect.any(Array), nextPageToken: "page-2" });
    expect(page({}).items).toHaveLength(4); // the schema default
    expect(page({ pageSize: 2, pageToken: "page-2" })).toEqual({
      items: [expect.any(Number), expect.any(Number)],
      nextPageToken: "page-3",
    });
    expect(page({ pageSize: 2, pageToken: "page-3" })).toEqual({ items: [expect.any(Number), expect.any(Number)] });
    expect(page({ pageSize: 2 }, 1)).not.toHaveProperty("nextPageToken");
    expect(page({ pageSize: 2, pageToken: "page-2" }).items).not.toEqual(page({ pageSize: 2 }).items);
  });
});

describe("pageNumber", () => {
  const cases: [unknown, number][] = [
    [undefined, 1],
    ["", 1],
    ["page-2", 2],
    ["page-3", 3],
    ["page-9", 3],
    ["CA9QXqcw", 2],
  ];
  it.each(cases)("token %j is page %i of 3", (token, want) => {
    expect(pageNumber(token, 3)).toBe(want);
  });
});

describe("conditionHolds", () => {
  const cases: [string, VariantCondition, Record<string, unknown>, boolean][] = [
    ["equals", { param: "full", equals: true }, { full: true }, true],
    ["equals false", { param: "full", equals: false }, { full: false }, true],
    ["equals, other value", { param: "full", equals: true }, { full: false }, false],
    [
      "in, on a property",
      { param: "config", property: "encoding", in: ["base58", "base64"] },
      { config: { encoding: "base64" } },
      true,
    ],
    ["in, property missing", { param: "config", property: "encoding", in: ["base58"] }, { config: {} }, false],
    ["absent: left out", { param: "config", property: "tracer", absent: true }, {}, true],
    ["absent: empty string", { param: "config", property: "tracer", absent: true }, { config: { tracer: "" } }, true],
    [
      "absent: given",
      { param: "config", property: "tracer", absent: true },
      { config: { tracer: "callTracer" } },
      false,
    ],
  ];
  it.each(cases)("%s", (_name, when, named, want) => {
    expect(conditionHolds(when, named)).toBe(want);
  });
});

describe("answerRequest's local methods (the WebSocket subscription hook)", () => {
  const localMethods = new Map<string, LocalMethod>([
    ["sub_ping", (params) => ({ result: { pong: params } })],
    [
      "getBlock",
      (params, spec) => {
        const outcome = spec();
        return "result" in outcome ? { result: { wrapped: outcome.result, params } } : outcome;
      },
    ],
    [
      "sub_broken",
      () => {
        throw new TypeError("boom");
      },
    ],
  ]);
  const withLocal = (body: string): unknown => json(answerRequest(body, {}, registry, { pages: 3, localMethods }));

  it("serves a local method before the spec's", () => {
    expect(withLocal(call("sub_ping", [1]))).toEqual({ jsonrpc: "2.0", id: 1, result: { pong: [1] } });
  });

  it("gives a local method the spec's answer for the same name and params", () => {
    expect(withLocal(call("getBlock", [7]))).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: { wrapped: { txs: ["0xseven"], big: 18446744073709552000 }, params: [7] },
    });
    expect(withLocal(call("getBlock", ["x"]))).toMatchObject({ error: { code: -32602 } });
  });

  it("turns a failing local method into -32603 with a sentence, no stack", () => {
    expect(withLocal(call("sub_broken", []))).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32603, message: "Internal error: the mock could not answer sub_broken (boom)." },
    });
  });

  it("finds no local method through the map's prototype", () => {
    expect(withLocal(call("constructor", []))).toMatchObject({ error: { code: -32601 } });
  });
});
