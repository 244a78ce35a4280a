/**
 * The `<subpath>/schemas` modules (runtime/standard-schema.ts): Standard Schema v1 objects whose
 * verdict is exactly the client's. Each input below goes both to a schema and to a client over a
 * transport that answers everything: the schema passes it exactly when the client sends it, and its
 * issues are the client's ValidationError issues (message for message, paths as Standard Schema
 * paths). Hostile inputs included: huge params, extra positions, `__proto__` keys, wrong shapes.
 */
import { describe, expect, it } from "vitest";
import { api as advancedApi, createAdvancedClient } from "../../generated/src/advanced/index.js";
import { schemas as advancedSchemas } from "../../generated/src/advanced/schemas.js";
import { api as ethApi, createEthNodeClient } from "../../generated/src/eth/index.js";
import { schemas as ethSchemas, type StandardSchemaV1 } from "../../generated/src/eth/schemas.js";
import { api as solanaApi } from "../../generated/src/solana/index.js";
import { schemas as solanaSchemas } from "../../generated/src/solana/schemas.js";
import { ValidationError, createTransport } from "../../generated/src/runtime/index.js";
import { schemasOf } from "../../generated/src/runtime/standard-schema.js";
import * as v from "../../generated/src/runtime/validate.js";

/** A transport that answers every request with `result`, counting what it is sent. */
function answering(result: unknown = "0x1") {
  const sent: string[] = [];
  const transport = createTransport({
    type: "memory",
    request: async ({ id, method }) => (sent.push(method), JSON.stringify({ jsonrpc: "2.0", id, result })),
  });
  return { transport, sent };
}

/** A schema's verdict, synchronously (these schemas never answer with a promise). */
function check(schema: StandardSchemaV1<unknown, unknown>, value: unknown): StandardSchemaV1.Result<unknown> {
  const result = schema["~standard"].validate(value);
  expect(result).not.toBeInstanceOf(Promise);
  return result as StandardSchemaV1.Result<unknown>;
}

/** What the client does with `params`: sent, or refused with these issues. */
async function clientVerdict(
  call: (params: unknown) => Promise<unknown>,
  params: unknown,
): Promise<{ sent: true } | { issues: string[] }> {
  try {
    await call(params);
    return { sent: true };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { issues: error.issues.map((i) => i.message) };
  }
}

const HUGE = "0x" + "a".repeat(2_000_000);
const ADDRESS = "0x8d97689c9818892b700e27f316cc3e41e17fbeb9";

describe("the verdict is the client's", () => {
  const { transport, sent } = answering();
  const eth = createEthNodeClient({ transport, retryCount: 0 });
  const ethCall = (method: string) => (params: unknown) =>
    (eth.request as (m: string, p: unknown) => Promise<unknown>)(method, params);

  it.each<[string, unknown]>([
    ["eth_blockNumber", []],
    ["eth_blockNumber", [1]],
    ["eth_getBlockByNumber", ["latest", true]],
    ["eth_getBlockByNumber", ["0x1b4", false]],
    ["eth_getBlockByNumber", ["yesterday", false]],
    ["eth_getBlockByNumber", ["latest"]],
    ["eth_getBlockByNumber", ["latest", "yes", "extra"]],
    ["eth_getBlockByNumber", { block: "latest", fullTransactions: false }],
    ["eth_getBlockByNumber", { __proto__: null, block: "latest", fullTransactions: false, constructor: 1 }],
    ["eth_getTransactionCount", [ADDRESS, "latest"]],
    ["eth_getTransactionCount", [HUGE, "latest"]],
    ["eth_getTransactionCount", ["0xABC", 7]],
    ["eth_call", [{ to: ADDRESS, data: "0x", accessList: [{ address: ADDRESS, storageKeys: [7] }] }, "latest"]],
    ["eth_call", [{ to: ADDRESS, unknownField: 1 }, "latest"]],
    ["debug_traceCall", [{ to: ADDRESS }, "latest", { tracer: "callTracer", limit: 1.5 }]],
    ["eth_subscribe", ["newHeads"]],
    ["eth_subscribe", ["everything"]],
    ["eth_unsubscribe", ["0x1"]],
    ["eth_unsubscribe", [null]],
  ])("%s %j", async (method, params) => {
    const schema = ethSchemas[method as keyof typeof ethSchemas].params;
    const verdict = check(schema, params);
    const before = sent.length;
    const client = await clientVerdict(ethCall(method), params);
    if ("sent" in client) {
      expect(verdict.issues).toBeUndefined();
      expect((verdict as { value: unknown }).value).toBe(params);
      expect(sent.length).toBe(before + 1);
    } else {
      expect(verdict.issues?.map((i) => i.message)).toEqual(client.issues);
      expect(sent.length).toBe(before);
    }
  });

  const adv = createAdvancedClient({ transport: answering({}).transport, retryCount: 0 });
  const advCall = (method: string) => (params: unknown) =>
    (adv.request as (m: string, p: unknown) => Promise<unknown>)(method, params);
  it.each<[string, unknown]>([
    ["adv_getLogs", { blockchain: "eth", pageSize: 100 }],
    ["adv_getLogs", { blockchain: "eth", pageSize: 20_000 }],
    ["adv_getLogs", { blockchain: "nope" }],
    ["adv_getBlocks", { blockchain: "eth", fromBlock: 100, toBlock: 200 }],
    ["adv_getBlocks", { blockchain: "eth", fromBlock: 100, toBlock: 110, includeLogs: true }],
    ["adv_getBlocks", { blockchain: "eth", fromBlock: 100, toBlock: 110, includeLogs: true, includeTxs: true }],
    ["adv_getCurrencies", { blockchain: "eth" }],
    ["adv_getCurrencies", [1, 2, 3]],
  ])("%s %j (by name, with the spec's limits)", async (method, params) => {
    const verdict = check(advancedSchemas[method as keyof typeof advancedSchemas].params, params);
    const client = await clientVerdict(advCall(method), params);
    if ("sent" in client) expect(verdict.issues).toBeUndefined();
    else expect(verdict.issues?.map((i) => i.message)).toEqual(client.issues);
  });
});

describe("issues and paths", () => {
  it("a positional method's path starts with the param's position", () => {
    const result = check(ethSchemas.eth_call.params, [
      { to: ADDRESS, accessList: [{ address: "me", storageKeys: [] }] },
      "latest",
    ]);
    expect(result.issues).toEqual([
      { message: expect.stringMatching(/^must match/), path: [0, "accessList", 0, "address"] },
    ]);
  });

  it("a by-name method's path starts with the param's name; a limit rule names its param", () => {
    expect(check(advancedSchemas.adv_getLogs.params, { blockchain: "eth", pageSize: 20_000 }).issues).toEqual([
      { message: "must be at most 10000", path: ["pageSize"] },
    ]);
    const span = check(advancedSchemas.adv_getBlocks.params, { blockchain: "eth", fromBlock: 1, toBlock: 100 });
    expect(span.issues).toEqual([
      { message: expect.stringMatching(/^must be at most 30 blocks after fromBlock/), path: ["toBlock"] },
    ]);
  });

  it("not an array or object: one issue at the root", () => {
    for (const value of ["latest", 42, null, true])
      expect(check(ethSchemas.eth_getBlockByNumber.params, value).issues).toEqual([
        { message: "must be an array or an object of params", path: [] },
      ]);
  });

  it("results: the result validator's verdict, with its paths", () => {
    expect(check(ethSchemas.eth_blockNumber.result, "0x10")).toEqual({ value: "0x10" });
    expect(check(ethSchemas.eth_blockNumber.result, 16).issues).toEqual([{ message: "must be a string", path: [] }]);
    const issues = check(advancedSchemas.adv_getLogs.result, { logs: [{ blockNumber: 5 }] }).issues ?? [];
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.path?.slice(0, 2)).toEqual(["logs", 0]);
  });
});

describe("the schemas object", () => {
  it.each([
    ["advanced", advancedSchemas, advancedApi],
    ["eth", ethSchemas, ethApi],
    ["solana", solanaSchemas, solanaApi],
  ] as const)("%s: every method of the spec, subscribe methods included, Standard Schema v1", (_name, schemas, api) => {
    expect(Object.keys(schemas)).toEqual(Object.keys(api.methods));
    for (const { params, result } of Object.values(schemas) as { params: StandardSchemaV1; result: StandardSchemaV1 }[])
      for (const s of [params, result]) {
        expect(s["~standard"].version).toBe(1);
        expect(s["~standard"].vendor).toBe("@blockchain-rpc/clients");
        expect(typeof s["~standard"].validate).toBe("function");
      }
    expect(Object.isFrozen(schemas)).toBe(true);
  });

  it("a method named __proto__ is an own member, and nothing is polluted", () => {
    const schemas = schemasOf<Record<string, { params: [string]; result: unknown }>>(
      {
        name: "x",
        keyed: { paramStructure: "by-position", envelope: "jsonrpc", methodIn: "body" },
        methods: { ["__proto__"]: { params: ["a"] }, toString: { params: [] } } as never,
        validators: Object.fromEntries([["__proto__", v.object({ a: v.string() }, { required: ["a"] })]]),
      },
      {},
      "test",
    );
    expect(Object.keys(schemas)).toEqual(["__proto__", "toString"]);
    expect(check(schemas["__proto__"]!.params, ["ok"]).issues).toBeUndefined();
    expect(check(schemas["__proto__"]!.params, [1]).issues).toEqual([{ message: "must be a string", path: [0] }]);
    expect(({} as { params?: unknown }).params).toBeUndefined();
  });
});
