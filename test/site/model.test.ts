/**
 * The site model from the real specs (the same normalized model the clients are emitted from):
 * every method is there with what its page and form need, endpoints carry no key segment and
 * WebSocket servers are left out.
 */
import { describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { loadSpec } from "../../generator/load/load.js";
import { normalizeDocument } from "../../generator/normalize/document.js";
import { conditionText, siteModel } from "../../generator/site/model.js";
import { callSignature, fieldLabel } from "../../generator/site/render.js";
import { selectedVariant } from "../../generator/site/browser/describe.js";

const documents = await Promise.all(
  ["spec/advanced.openrpc.json", "spec/eth.openrpc.json", "spec/solana.openrpc.json"].map(async (f) =>
    normalizeDocument(await loadSpec(f, ROOT)),
  ),
);
const site = siteModel(documents, { packageName: "@blockchain-rpc/clients" });
const method = (name: string) => site.apis.flatMap((a) => a.methods).find((m) => m.rpcName === name)!;

describe("siteModel", () => {
  it("lists every method of every document, in spec order", () => {
    expect(site.apis.map((a) => [a.subpath, a.methods.length])).toEqual(
      documents.map((d) => [d.subpath, d.methods.length]),
    );
    expect(site.apis.flatMap((a) => a.methods.map((m) => m.rpcName))).toEqual(
      documents.flatMap((d) => d.methods.map((m) => m.rpcName)),
    );
    expect(site.mockUrl).toBe("mock/");
  });

  it("endpoints: HTTPS servers with their defaults filled in and no key segment; proxies marked keyless", () => {
    const advanced = site.apis.find((a) => a.subpath === "advanced")!;
    expect(advanced.endpoints).toEqual([
      {
        id: "advanced",
        label: "Keyed multichain endpoint of the Advanced API.",
        kind: "keyed",
        url: "https://advanced.example/multichain",
      },
      {
        id: "advanced-proxy",
        label: "Keyless proxy of the Advanced API (interactive playground).",
        kind: "proxy",
        url: "https://advanced-proxy.example/",
      },
    ]);
    const all = site.apis.flatMap((a) => a.endpoints);
    expect(all.every((e) => e.url.startsWith("https://") && !e.url.includes("{"))).toBe(true);
    expect(site.apis.map((a) => a.hasProxy)).toEqual([true, true, false]);
  });

  it("a paginated method carries its token, next and items fields; a method with variants their conditions", () => {
    expect(method("adv_getLogs").pagination).toEqual({ token: "pageToken", next: "nextPageToken", items: "logs" });
    const variants = method("eth_getBlockByNumber").variants;
    expect(variants.length).toBeGreaterThan(0);
    expect(variants.every((v) => v.condition.startsWith(v.when.param))).toBe(true);
  });

  it("forms: pageSize is an integer with its bounds; blockchain of getCurrencies a select", () => {
    const pageSize = method("adv_getLogs").params.find((p) => p.name === "pageSize")!;
    expect(pageSize.field).toMatchObject({ kind: "integer", minimum: 1, maximum: 10000 });
    expect(fieldLabel(pageSize.field)).toBe("integer (1 to 10000)");
    const fullTransactions = method("eth_getBlockByNumber").params.find((p) => p.name === "fullTransactions")!;
    expect(fullTransactions.field.kind).toBe("boolean");
  });

  it("result fields, limits and examples reach the page", () => {
    expect(method("adv_getLogs").resultFields.map((f) => f.name)).toEqual(["logs", "nextPageToken"]);
    expect(method("adv_getBlocks").limits).toHaveLength(2);
    expect(method("adv_getTokenPrice").examples.length).toBeGreaterThan(1);
  });

  it("every overload has its own example: each result variant is selected by the params of one", () => {
    const uncovered = site.apis
      .flatMap((a) => a.methods)
      .flatMap((m) =>
        m.variants
          .filter((v) => !m.examples.some((e) => selectedVariant(m, e.params)?.startsWith(`${v.name} (`)))
          .map((v) => `${m.rpcName} ${v.name}`),
      );
    expect(uncovered).toEqual([]);
    expect(method("debug_traceCall").variants.map((v) => v.name)).toEqual(["StructLogger", "CallTracer"]);
  });

  it("the call signature follows the client: an object, or positional arguments", () => {
    const advanced = site.apis[0]!;
    const eth = site.apis[1]!;
    expect(callSignature(advanced, method("adv_getCurrencies"))).toBe("advanced.getCurrencies({ blockchain })");
    expect(callSignature(eth, method("eth_getBlockByNumber"))).toBe(
      "eth.eth_getBlockByNumber(block, fullTransactions)",
    );
  });
});

describe("conditionText", () => {
  it.each([
    [{ param: "fullTransactions", equals: true }, "fullTransactions is true"],
    [
      { param: "tracer", property: "tracer", in: ["callTracer", "prestateTracer"] },
      'tracer.tracer is one of "callTracer", "prestateTracer"',
    ],
    [{ param: "config", property: "encoding", absent: true }, "config.encoding is not set"],
  ])("%j", (when, want) => {
    expect(conditionText(when)).toBe(want);
  });
});
