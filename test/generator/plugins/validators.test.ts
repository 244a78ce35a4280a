/**
 * The generated validators (compiled from the spec into combinator calls) must agree with ajv,
 * the reference JSON Schema implementation, on every example of the spec and on bad inputs.
 */
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { loadSpec } from "../../../generator/load/load.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import type { DocumentModel } from "../../../generator/model/document.js";
import type { Issue, Validator } from "../../../runtime/validate.js";
import { explain } from "../../../runtime/validate-explain.js";
import { applyU64, parseJson } from "../../../runtime/json.js";
import type { ApiSpec } from "../../../runtime/index.js";
import { getPointer } from "../../../generator/load/refs.js";
import { readFileSync } from "node:fs";
import { api as advApi } from "../../../generated/src/advanced/api.js";
import { api as ethApi } from "../../../generated/src/eth/api.js";
import { api as solApi } from "../../../generated/src/solana/api.js";
import { validators as advParams } from "../../../generated/src/advanced/validators.js";
import { resultValidators as advResults } from "../../../generated/src/advanced/result-validators.js";
import { validators as ethParams } from "../../../generated/src/eth/validators.js";
import { resultValidators as ethResults } from "../../../generated/src/eth/result-validators.js";
import { validators as solParams } from "../../../generated/src/solana/validators.js";
import { resultValidators as solResults } from "../../../generated/src/solana/result-validators.js";

const apis: [string, Record<string, Validator>, Record<string, Validator>][] = [
  ["advanced", advParams, advResults],
  ["eth", ethParams, ethResults],
  ["solana", solParams, solResults],
];
const tables: Record<string, ApiSpec> = { advanced: advApi, eth: ethApi, solana: solApi };

/** An example result as the client would decode it: integers exact, u64 fields as bigint. */
function decoded(api: string, method: string, pointer: string): unknown {
  const raw = parseJson(readFileSync(`${ROOT}/spec/${api}.openrpc.json`, "utf8")).value;
  const value = getPointer(raw, `${pointer}/result/value`);
  const u64 = tables[api]!.methods[method]!.u64;
  return u64 ? applyU64(value, u64) : value;
}
const docs = new Map<string, DocumentModel>();
for (const [name] of apis) docs.set(name, normalizeDocument(await loadSpec(`spec/${name}.openrpc.json`, ROOT)));

function ajvFor(doc: DocumentModel, lenient: boolean) {
  const ajv = new Ajv({ strict: false, validateFormats: false });
  ajv.addSchema({
    $id: "doc",
    definitions: Object.fromEntries(doc.schemas.map((s) => [s.name, lenient ? s.lenient : s.schema])),
  });
  return (type: string, value: unknown) => ajv.getSchema(`doc#/definitions/${type}`)!(value) as boolean;
}

const run = (v: Validator, value: unknown): { ok: boolean; issues: Issue[] } => {
  const issues: Issue[] = [];
  return { ok: explain(v, value, "params", issues), issues };
};

describe.each(apis)("%s validators agree with ajv", (name, params, results) => {
  const doc = docs.get(name)!;
  const ajvParams = ajvFor(doc, false);
  const ajvResults = ajvFor(doc, true);
  const cases = doc.methods.flatMap((m) => m.examples.map((e) => [m, e] as const));

  it.each(cases.map(([m, e]) => [`${m.rpcName}: ${e.name}`, m, e] as const))("%s", (_label, m, e) => {
    expect(run(params[m.rpcName]!, e.params).ok).toBe(true);
    expect(ajvParams(m.paramsType, e.params)).toBe(true);
    if (e.hasResult && m.result) {
      const generated = run(results[m.rpcName]!, decoded(name, m.rpcName, e.pointer));
      expect(generated.issues).toEqual([]);
      expect(ajvResults(m.resultType, e.result)).toBe(true);
    }
  });
});

const adv = docs.get("advanced")!;
const ajvAdv = ajvFor(adv, false);
const eth = docs.get("eth")!;
const ajvEth = ajvFor(eth, false);

describe("bad params: both reject, and the generated validator says where and why", () => {
  it.each([
    ["adv_getLogs", "GetLogsParams", { pageSize: 0 }, "params.pageSize", "minimum", "integer"],
    ["adv_getLogs", "GetLogsParams", { pageSize: 10001 }, "params.pageSize", "maximum", "integer"],
    ["adv_getLogs", "GetLogsParams", { pageSize: 1.5 }, "params.pageSize", "type", "number"],
    ["adv_getLogs", "GetLogsParams", { blockchain: "btc" }, "params.blockchain", "enum", "string"],
    ["adv_getLogs", "GetLogsParams", { blockchain: ["eth", "btc"] }, "params.blockchain[1]", "enum", "string"],
    ["adv_getLogs", "GetLogsParams", { fromBlock: "latest" }, "params.fromBlock", "anyOf", "string"],
    ["adv_getLogs", "GetLogsParams", { toBlock: "earliest" }, "params.toBlock", "anyOf", "string"],
    ["adv_getLogs", "GetLogsParams", { fromBlock: -1 }, "params.fromBlock", "minimum", "integer"],
    ["adv_getLogs", "GetLogsParams", { topics: [[1]] }, "params.topics[0][0]", "type", "integer"],
    ["adv_getLogs", "GetLogsParams", { pagesize: 10 }, "params.pagesize", "additionalProperties", "integer"],
    [
      "adv_getNFTsByOwner",
      "GetNFTsByOwnerParams",
      { walletAddress: "0x1", pageSize: 51 },
      "params.pageSize",
      "maximum",
      "integer",
    ],
    [
      "adv_getNFTsByOwner",
      "GetNFTsByOwnerParams",
      { walletAddress: "0x1", filter: [{ notAnAddress: [] }] },
      "params.filter[0].notAnAddress",
      "additionalProperties",
      "array",
    ],
    ["adv_getNFTsByOwner", "GetNFTsByOwnerParams", {}, "params.walletAddress", "required", "undefined"],
    [
      "adv_getNFTHolders",
      "GetNFTHoldersParams",
      { blockchain: "eth", contractAddress: "0x1", pageSize: 10001 },
      "params.pageSize",
      "maximum",
      "integer",
    ],
    [
      "adv_getBlocks",
      "GetBlocksParams",
      { blockchain: "eth", includeTxs: "yes" },
      "params.includeTxs",
      "type",
      "string",
    ],
  ])("%s %j", (method, type, given, path, rule, received) => {
    const result = run(advParams[method]!, given);
    expect(result.ok).toBe(false);
    expect(ajvAdv(type, given)).toBe(false);
    expect(result.issues).toEqual([expect.objectContaining({ path, rule, received })]);
  });

  it.each([
    [
      "eth_getBlockByNumber",
      "EthGetBlockByNumberParams",
      { block: "newest", fullTransactions: true },
      "params.block",
      "anyOf",
    ],
    ["eth_getBlockByNumber", "EthGetBlockByNumberParams", { block: "0x1" }, "params.fullTransactions", "required"],
    ["eth_call", "EthCallParams", { transaction: { to: "0x12" }, block: "latest" }, "params.transaction.to", "pattern"],
    [
      "eth_call",
      "EthCallParams",
      { transaction: { gasLimit: "0x1" }, block: "latest" },
      "params.transaction.gasLimit",
      "additionalProperties",
    ],
    [
      "eth_getTransactionCount",
      "EthGetTransactionCountParams",
      { address: "0xZZ", block: "latest" },
      "params.address",
      "pattern",
    ],
  ])("%s %j", (method, type, given, path, rule) => {
    const result = run(ethParams[method]!, given);
    expect(result.ok).toBe(false);
    expect(ajvEth(type, given)).toBe(false);
    expect(result.issues).toEqual([expect.objectContaining({ path, rule })]);
  });
});
