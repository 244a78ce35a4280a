/**
 * The test kit's `mockTransport` (runtime/testing-mock.ts through generated/src/<api>/testing.ts) with
 * the generated clients: typed handlers, `calls` by name for positional and by-name APIs, answers from
 * the spec (examples first, else values made from the result schema, valid by ajv against the documented
 * schemas, deterministic per seed and the mock server's own), `rpcError`, results checked against the
 * spec, batches, call timeouts and aborts with latency, `use` and `reset`.
 */
import { describe, expect, it } from "vitest";
import { createAdvancedClient } from "../../generated/src/advanced/index.js";
import { mockTransport as advancedMock } from "../../generated/src/advanced/testing.js";
import { api as ethApi, createEthNodeClient } from "../../generated/src/eth/index.js";
import { mockTransport, rpcError } from "../../generated/src/eth/testing.js";
import { data as ethData } from "../../generated/src/eth/testing-data.js";
import { createSolanaNodeClient } from "../../generated/src/solana/index.js";
import { mockTransport as solanaMock } from "../../generated/src/solana/testing.js";
import {
  AbortError,
  JsonRpcError,
  TimeoutError,
  ValidationError,
  isJsonRpcError,
} from "../../generated/src/runtime/index.js";
import { createMockTransport, type TestingData } from "../../generated/src/runtime/testing.js";
import { resultFor } from "../../generator/mock/results.js";
import { buildRegistry, findMethod } from "../../generator/mock/registry.js";
import { guardUnhandledRejections, rejectionOf } from "../helpers/error-checks.js";
import { loadModels, schemaChecker } from "../generator/mock/fixtures.js";

guardUnhandledRejections();

const models = await loadModels();
const ADDRESS = "0x8d01c8ee82e581e55c02117a676b5bbd4734fabb";

/** The eth setup without its examples: every fallback is a value made from the result schema. */
const noExamples: TestingData = {
  definitions: ethData.definitions,
  methods: Object.fromEntries(Object.entries(ethData.methods).map(([k, m]) => [k, { ...m, examples: [] }])),
};
const madeUp = (options: { seed?: string | number } = {}) =>
  createMockTransport({ title: "Ethereum Node API", api: ethApi, data: noExamples }, {}, options);

describe("handlers", () => {
  it("answer the client's calls; calls are recorded in order with params by name (positional API)", async () => {
    const transport = mockTransport({
      eth_blockNumber: () => "0x10",
      eth_getTransactionCount: ({ address, block }) => (address === ADDRESS && block === "latest" ? "0x7" : "0x0"),
    });
    const eth = createEthNodeClient({ transport });
    expect(await eth.eth_blockNumber()).toBe("0x10");
    expect(await eth.eth_getTransactionCount(ADDRESS, "latest")).toBe("0x7");
    expect(transport.calls).toEqual([
      { method: "eth_blockNumber", params: {} },
      { method: "eth_getTransactionCount", params: { address: ADDRESS, block: "latest" } },
    ]);
  });

  it("by-name API: the params object as sent; async handlers; the handler gets a copy", async () => {
    const transport = advancedMock({
      adv_getCurrencies: async (params) => {
        (params as { blockchain: string }).blockchain = "changed";
        return { currencies: [] };
      },
    });
    const adv = createAdvancedClient({ transport });
    expect(await adv.getCurrencies({ blockchain: "eth" })).toEqual({ currencies: [] });
    expect(transport.calls).toEqual([{ method: "adv_getCurrencies", params: { blockchain: "eth" } }]);
  });

  it("context.fallback() is the spec's answer, a copy the handler may change", async () => {
    const transport = mockTransport({
      eth_getBlockByNumber: (_params, { fallback, method, signal }) => {
        const block = fallback();
        expect(method).toBe("eth_getBlockByNumber");
        expect(signal.aborted).toBe(false);
        return block && { ...block, number: "0x99" };
      },
    });
    const eth = createEthNodeClient({ transport });
    const block = await eth.eth_getBlockByNumber("0x1b4", true);
    expect(block?.number).toBe("0x99");
    expect((await eth.eth_getBlockByNumber("0x1b4", true))?.number).toBe("0x99");
  });

  it("use() adds or replaces handlers; reset() forgets calls and what use() added", async () => {
    const transport = mockTransport({ eth_blockNumber: () => "0x1" });
    const eth = createEthNodeClient({ transport });
    transport.use({ eth_blockNumber: () => "0x2" });
    expect(await eth.eth_blockNumber()).toBe("0x2");
    transport.reset();
    expect(transport.calls).toEqual([]);
    expect(await eth.eth_blockNumber()).toBe("0x1");
    expect(() => transport.use({ eth_nope: () => 1 } as never)).toThrow(ValidationError);
  });
});

describe("answers from the spec", () => {
  it("the example whose params equal the call's, else the first example of the same result variant", async () => {
    const eth = createEthNodeClient({ transport: mockTransport() });
    const examples = models.eth!.methods.find((m) => m.rpcName === "eth_getBlockByNumber")!.examples;
    const full = examples.find((e) => e.params.fullTransactions === true)!;
    expect(await eth.eth_getBlockByNumber(full.params.block as "latest", true)).toEqual(full.result);
    // Other params: the first example whose params select the same variant (hashes, not transaction objects).
    const hashes = await eth.eth_getBlockByNumber("0x5", false);
    expect(hashes?.transactions.every((t) => typeof t === "string")).toBe(true);
  });

  it("what the kit answers without a handler fits the documented schema (ajv), made up or an example, for every method of the three APIs", async () => {
    let checked = 0;
    for (const [subpath, model] of Object.entries(models)) {
      const check = schemaChecker(model);
      const { api } = await import(`../../generated/src/${subpath}/index.ts`);
      const { data } = await import(`../../generated/src/${subpath}/testing-data.ts`);
      const bare = {
        ...data,
        methods: Object.fromEntries(
          Object.entries(data.methods as object).map(([k, m]) => [k, { ...m, examples: [] }]),
        ),
      };
      // Made from the schema (the examples taken out), then as shipped (examples first).
      for (const [seed, table] of [
        ["a", bare],
        [2, bare],
        ["third", bare],
        ["shipped", data],
      ] as const) {
        const transport = createMockTransport({ title: model.title, api, data: table }, {}, { seed });
        // Every method with a result whose valid params the spec shows (an example), or that needs none; answers counted.
        const callable = model.methods.filter(
          (x) => x.result && !x.subscription && (x.examples.length > 0 || !x.params.some((p) => p.required)),
        );
        checked += callable.length;
        for (const m of callable) {
          const named = m.examples[0]?.params ?? {};
          const spec = api.methods[m.rpcName];
          const positional = (spec.structure ?? api.keyed.paramStructure) === "by-position";
          const params = positional
            ? (spec.params as string[]).map((n) => named[n]).filter((v) => v !== undefined)
            : named;
          const raw = await transport.request(
            {
              id: 1,
              method: m.rpcName,
              params,
              body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: m.rpcName, params }),
            },
            { timeout: 0, context: {} },
          );
          const { result } = JSON.parse(raw as string) as { result: unknown };
          expect(check(m.resultType, result), `${m.rpcName} seed ${seed}`).toEqual([]);
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(4 * 15);
  });

  it("are deterministic per seed: the same seed the same values, a number seed as its text, another seed others", async () => {
    const heads = async (seed?: string | number) =>
      createEthNodeClient({ transport: madeUp(seed === undefined ? {} : { seed }) }).eth_getBlockByNumber(
        "latest",
        false,
      );
    expect(await heads("s1")).toEqual(await heads("s1"));
    expect(await heads(7)).toEqual(await heads("7"));
    expect(await heads()).toEqual(await heads(""));
    expect(await heads("s1")).not.toEqual(await heads("s2"));
  });

  it("are the mock server's values for the same seed (one value maker)", async () => {
    const { registry } = buildRegistry([{ model: models.eth!, exactResults: new Map() }]);
    for (const [method, params, args] of [
      ["eth_blockNumber", {}, []],
      ["eth_getBlockByNumber", { block: "latest", fullTransactions: false }, ["latest", false]],
    ] as const) {
      const served = findMethod(registry, method)!;
      const expected = resultFor({ ...served, examples: [] }, { ...params }, { pages: 1, seed: "same" });
      const eth = createEthNodeClient({ transport: madeUp({ seed: "same" }) });
      expect(await eth.request(method, args as never)).toEqual(expected);
    }
  });

  it('unhandled: "error" refuses with -32601 naming the method', async () => {
    const eth = createEthNodeClient({ transport: mockTransport({}, { unhandled: "error" }) });
    const error = await rejectionOf(eth.eth_blockNumber());
    expect(isJsonRpcError(error, -32601)).toBe(true);
    expect(error.message).toContain("no handler for eth_blockNumber");
  });

  it("a paginated method without a handler answers one last page: iterating ends", async () => {
    const adv = createAdvancedClient({ transport: advancedMock() });
    const pages = [];
    for await (const page of adv.paginate.getNFTHolders({ blockchain: "eth", contractAddress: ADDRESS }).pages())
      pages.push(page);
    expect(pages).toHaveLength(1);
    expect(pages[0]).not.toHaveProperty("nextPageToken");
  });

  it("u64 values arrive as exact bigints (Solana)", async () => {
    const sol = createSolanaNodeClient({
      transport: solanaMock({ getBlockHeight: () => 18446744073709551615n }),
    });
    expect(await sol.getBlockHeight()).toBe(18446744073709551615n);
  });
});

describe("errors", () => {
  it("rpcError: the call rejects with the package's JsonRpcError carrying code, message and data", async () => {
    const eth = createEthNodeClient({
      transport: mockTransport({
        eth_call: () => {
          throw rpcError(3, "execution reverted", "0x08c379a0");
        },
      }),
    });
    const error = await rejectionOf(eth.eth_call({ to: ADDRESS }, "latest"));
    expect(error).toBeInstanceOf(JsonRpcError);
    expect(error).toMatchObject({ code: 3, data: "0x08c379a0", shortMessage: "JSON-RPC error 3: execution reverted" });
  });

  it("a result that breaks the spec rejects with a ValidationError naming the method and the path", async () => {
    const adv = createAdvancedClient({
      transport: advancedMock({ adv_getLogs: () => ({ logs: [{ address: 42 }] }) as never }),
    });
    const error = await rejectionOf(adv.getLogs({ blockchain: "eth" }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain("result of adv_getLogs from its mockTransport handler");
    expect((error as ValidationError).issues.map((i) => i.path)).toContain("result.logs[0].address");
  });

  it("params are checked against the spec even when the client does not check them (-32602 naming the param)", async () => {
    const transport = mockTransport({ eth_getTransactionCount: () => "0x1" });
    const eth = createEthNodeClient({ transport, validateRequests: false });
    const error = await rejectionOf(eth.eth_getTransactionCount("0xnot-an-address", "latest"));
    expect(isJsonRpcError(error, -32602)).toBe(true);
    expect(error.message).toContain("params.address");
  });
});

describe("batches, timeouts, aborts, latency", () => {
  it("a batch answers each call on its own: a result, an rpcError, a result that breaks the spec", async () => {
    const transport = mockTransport({
      eth_blockNumber: () => "0x10",
      eth_call: () => {
        throw rpcError(-32000, "busy");
      },
      eth_getTransactionCount: () => "nope" as never,
    });
    const eth = createEthNodeClient({ transport });
    const [a, b, c] = await eth.batch(
      (x) =>
        [
          x.eth_blockNumber(),
          x.eth_call({ to: ADDRESS }, "latest"),
          x.eth_getTransactionCount(ADDRESS, "latest"),
        ] as const,
    );
    expect(a).toEqual({ status: "fulfilled", value: "0x10" });
    expect(b.status === "rejected" && isJsonRpcError(b.reason, -32000)).toBe(true);
    expect(c.status === "rejected" && c.reason instanceof ValidationError).toBe(true);
    expect(transport.calls.map((call) => call.method)).toEqual([
      "eth_blockNumber",
      "eth_call",
      "eth_getTransactionCount",
    ]);
  });

  it("latency is waited; a call's timeout cuts it short with a TimeoutError", async () => {
    const started = Date.now();
    const eth = createEthNodeClient({ transport: mockTransport({}, { latency: 30 }) });
    await eth.eth_blockNumber();
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    const slow = createEthNodeClient({ transport: mockTransport({}, { latency: 60_000 }), retryCount: 0 });
    expect(await rejectionOf(slow.eth_blockNumber({ timeout: 20 }))).toBeInstanceOf(TimeoutError);
  });

  it("a huge latency and an abort: the call rejects with AbortError at once and the handler never runs", async () => {
    let ran = false;
    const transport = mockTransport({ eth_blockNumber: () => ((ran = true), "0x1") }, { latency: 2 ** 31 - 1 });
    const eth = createEthNodeClient({ transport, timeout: 0 });
    const controller = new AbortController();
    const call = eth.eth_blockNumber({ signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    expect(await rejectionOf(call)).toBeInstanceOf(AbortError);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toBe(false);
  });

  it("latency as a function of the call; a function giving no number fails the call with a message", async () => {
    const seen: string[] = [];
    const ok = mockTransport({}, { latency: (call) => (seen.push(call.method), 0) });
    await createEthNodeClient({ transport: ok }).eth_blockNumber();
    expect(seen).toEqual(["eth_blockNumber"]);
    const bad = mockTransport({}, { latency: () => Number.NaN });
    const error = await rejectionOf(createEthNodeClient({ transport: bad, retryCount: 0 }).eth_blockNumber());
    expect(error.message).toContain("options.latency gave number for eth_blockNumber");
  });
});
