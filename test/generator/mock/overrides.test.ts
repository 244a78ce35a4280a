/**
 * The mock's `--overrides` file (generator/mock/overrides.ts) and `--seed`: a fixed result or
 * error per method, given once the params are valid; a file with mistakes is refused whole, each
 * problem named by its JSON pointer; a missing file is named with its path; the seed changes
 * the generated values and the same seed gives the same answers. Files live in the test's own
 * mkdtemp folder; servers listen on 127.0.0.1.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkOverrides, loadOverrides } from "../../../generator/mock/overrides.js";
import { startMockServer, type MockServer } from "../../../generator/mock/server.js";
import { envelope, post, SPECS } from "./fixtures.js";

let dir: string;
const servers: MockServer[] = [];
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "mock-overrides-"));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await rm(dir, { recursive: true, force: true });
});

async function start(options: { overrides?: string; seed?: string }): Promise<MockServer> {
  const server = await startMockServer({ specs: SPECS, port: 0, ...options });
  servers.push(server);
  return server;
}

describe("checkOverrides", () => {
  it("names each mistake with its JSON pointer and the fix", () => {
    const { problems } = checkOverrides(
      {
        eth_blockNumbr: { result: "0x1" },
        eth_call: { result: "0x", error: { code: 1, message: "x" } },
        "adv/getLogs": {},
        eth_getTransactionCount: { error: { code: "1", message: 2 } },
      },
      ["eth_blockNumber", "eth_call", "adv/getLogs", "eth_getTransactionCount"],
    );
    expect(problems).toEqual([
      '#/eth_blockNumbr: the mock serves no method "eth_blockNumbr"; use one of the spec\'s method names.',
      '#/eth_call must be an object with either "result" (the answer) or "error" ({ "code", "message" }).',
      '#/adv~1getLogs must be an object with either "result" (the answer) or "error" ({ "code", "message" }).',
      '#/eth_getTransactionCount/error must be { "code": <integer>, "message": <text> } (optionally "data"), not {"code":"1","message":2}.',
    ]);
    expect(checkOverrides([], []).problems[0]).toMatch(/^# must be an object keyed by method name/);
  });

  it("names a missing file with its full path", async () => {
    await expect(loadOverrides("absent.json", [], dir)).rejects.toThrow(
      `The overrides file ${path.join(dir, "absent.json")} does not exist; check the path given with --overrides.`,
    );
  });
});

describe("a mock with overrides", () => {
  it("answers the fixed result or error once the params are valid", async () => {
    const file = path.join(dir, "overrides.json");
    await writeFile(
      file,
      JSON.stringify({
        eth_blockNumber: { result: "0x10" },
        eth_getBlockByNumber: { error: { code: -32000, message: "Try later.", data: { retryAfter: 1 } } },
      }),
    );
    const mock = await start({ overrides: file });
    expect((await post(`${mock.url}/eth`, envelope("eth_blockNumber", []))).json).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: "0x10",
    });
    expect((await post(`${mock.url}/eth`, envelope("eth_getBlockByNumber", ["latest", false]))).json).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32000, message: "Try later.", data: { retryAfter: 1 } },
    });
    const invalid = (await post(`${mock.url}/eth`, envelope("eth_getBlockByNumber", ["nope", false]))).json as {
      error: { code: number };
    };
    expect(invalid.error.code).toBe(-32602);
  });

  it("refuses to start with a file that names no served method", async () => {
    const file = path.join(dir, "wrong.json");
    await writeFile(file, JSON.stringify({ eth_nope: { result: 1 } }));
    await expect(startMockServer({ specs: SPECS, port: 0, overrides: file })).rejects.toThrow(
      `The overrides file ${file} has 1 problem(s):\n- #/eth_nope: the mock serves no method "eth_nope"; use one of the spec's method names.`,
    );
  });
});

describe("--seed", () => {
  it("changes generated values, and the same seed gives the same answers", async () => {
    const [plain, a, again, b] = await Promise.all([
      start({}),
      start({ seed: "a" }),
      start({ seed: "a" }),
      start({ seed: "b" }),
    ]);
    const body = envelope("adv_getNFTHolders", {
      blockchain: "eth",
      contractAddress: "0x" + "1".repeat(40),
      pageSize: 3,
    });
    const answers = await Promise.all(
      [plain, a, again, b].map(async (s) => (await post(`${s.url}/advanced`, body)).text),
    );
    expect(answers[1]).toBe(answers[2]);
    expect(new Set([answers[0], answers[1], answers[3]]).size).toBe(3);
  });
});
