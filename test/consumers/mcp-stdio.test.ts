/**
 * The packed package's bin, `blockchain-rpc-mcp`, installed in a fresh project and driven over stdio:
 * by the MCP SDK's own `Client` with `StdioClientTransport`, and by hand (raw lines, so that every
 * byte on stdout is checked to be protocol). The backend is a real HTTP server on 127.0.0.1
 * answering with the published samples. The key, recognisable, is searched for in every tool list,
 * result, error and all of stderr. Bad command lines exit 2 with one sentence; without the SDK, the
 * bin says so; the `./mcp` subpath loads from ESM and CommonJS alike.
 */
import { execFile, spawn } from "node:child_process";
import { mkdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { freshProject } from "../helpers/packed.js";
import { startSampleServer, type SampleServer } from "../helpers/sample-server.js";

const run = promisify(execFile);
const KEY = "stdioKEY-4b1d9e77";
const VARIABLE = "BLOCKCHAIN_RPC_API_KEY";

let app: string;
let bin: string;
let backend: SampleServer;
/** Everything the bin wrote on stderr, and every answer the clients saw. */
const stderr: string[] = [];
const seen: string[] = [];

/** Runs the bin to its end with `args` and `env`, stdin closed at once. */
async function runBin(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(bin, args, { cwd: app, env: { PATH: process.env.PATH ?? "", ...env }, stdio: "pipe" });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  stderr.push(err);
  return { code, stdout: out, stderr: err };
}

beforeAll(async () => {
  backend = await startSampleServer({ echoId: true });
  app = await freshProject("mcp", { type: "module" }, {});
  bin = path.join(app, "node_modules", ".bin", "blockchain-rpc-mcp");
}, 300_000);
afterAll(async () => {
  await backend?.close();
  if (app) await rm(app, { recursive: true, force: true });
});

describe("without the MCP SDK installed", () => {
  it("the bin says it needs it, in one sentence, exit 1; the clients still load", async () => {
    const result = await runBin(["--url", `${backend.url}/all`], { [VARIABLE]: KEY });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      "blockchain-rpc-mcp: needs the MCP SDK: install it beside this package (npm install @modelcontextprotocol/sdk@1).\n",
    );
    const { stdout } = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'import("@blockchain-rpc/clients/eth").then((m) => console.log(typeof m.createEthNodeClient))',
      ],
      { cwd: app },
    );
    expect(stdout.trim()).toBe("function");
  });
});

describe("with the SDK installed", () => {
  beforeAll(async () => {
    // The consumer's own install of the optional peer (offline: the workspace's copy).
    await mkdir(path.join(app, "node_modules", "@modelcontextprotocol"), { recursive: true });
    await symlink(
      path.join(ROOT, "node_modules", "@modelcontextprotocol", "sdk"),
      path.join(app, "node_modules", "@modelcontextprotocol", "sdk"),
      "dir",
    );
  });

  it("the ./mcp subpath loads from ESM and from CommonJS", async () => {
    const esm = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'import { createMcpServer } from "@blockchain-rpc/clients/mcp"; console.log(typeof createMcpServer)',
      ],
      { cwd: app },
    );
    const cjs = await run(
      process.execPath,
      ["--input-type=commonjs", "-e", 'console.log(typeof require("@blockchain-rpc/clients/mcp").createMcpServer)'],
      { cwd: app },
    );
    expect([esm.stdout.trim(), cjs.stdout.trim()]).toEqual(["function", "function"]);
  });

  it("the SDK's Client over stdio: tools per --api, structured results from the live server, isError without a request", async () => {
    const transport = new StdioClientTransport({
      command: bin,
      args: [
        "--api",
        "advanced",
        "--api",
        "solana",
        "--url",
        `${backend.url}/all`,
        "--url",
        `solana=${backend.url}/solana`,
      ],
      env: { PATH: process.env.PATH ?? "", [VARIABLE]: KEY },
      cwd: app,
      stderr: "pipe",
    });
    let err = "";
    transport.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    const errors: Error[] = [];
    const client = new Client({ name: "stdio-test", version: "1.0.0" });
    client.onerror = (e) => errors.push(e);
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      seen.push(JSON.stringify(tools));
      const names = tools.map((t) => t.name);
      expect(names).toContain("adv_getLogs");
      expect(names).toContain("getAccountInfo");
      expect(names.some((n) => n.startsWith("eth_"))).toBe(false);
      expect(tools.find((t) => t.name === "adv_getNFTMetadata")?.inputSchema.required).toEqual(["contractAddress"]);

      backend.reset();
      const info = (await client.callTool({
        name: "getAccountInfo",
        arguments: { pubkey: "vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", config: { encoding: "base58" } },
      })) as { structuredContent?: { value: { rentEpoch: string } }; isError?: boolean };
      seen.push(JSON.stringify(info));
      expect(info.isError).toBeFalsy();
      expect(info.structuredContent?.value.rentEpoch).toBe("18446744073709551615");
      const schema = tools.find((t) => t.name === "getAccountInfo")!.outputSchema!;
      expect(new AjvJsonSchemaValidator().getValidator(schema)(info.structuredContent).valid).toBe(true);
      expect(backend.requests.map((r) => r.path)).toEqual([`/solana/${KEY}`]);

      const logs = (await client.callTool({
        name: "adv_getLogs",
        arguments: { blockchain: "eth", fromBlock: 14350001 },
      })) as {
        structuredContent?: { logs: object[] };
      };
      seen.push(JSON.stringify(logs));
      expect(logs.structuredContent?.logs.length).toBeGreaterThan(0);
      expect(backend.requests.map((r) => r.path)).toEqual([`/solana/${KEY}`, `/all/${KEY}`]);

      backend.reset();
      const invalid = (await client.callTool({ name: "adv_getLogs", arguments: { pageSize: 0 } })) as {
        content: { text: string }[];
        isError?: boolean;
      };
      seen.push(JSON.stringify(invalid));
      expect(invalid.isError).toBe(true);
      expect(invalid.content[0]!.text).toMatch(/params\.pageSize must be at least 1 \(rule: minimum/);
      expect(backend.requests).toHaveLength(0);

      backend.respondWith((r) => ({
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: r.rpcId, error: { code: 0, message: `not authorized ${KEY}` } }),
      }));
      const denied = (await client.callTool({ name: "adv_getCurrencies", arguments: { blockchain: "eth" } })) as {
        content: { text: string }[];
        isError?: boolean;
      };
      seen.push(JSON.stringify(denied));
      expect(denied.isError).toBe(true);
      expect(denied.content[0]!.text).toMatch(/^JsonRpcError: JSON-RPC error 0: not authorized \*\*\*/);
      backend.respondWith(null);
    } finally {
      await client.close();
    }
    stderr.push(err);
    expect(errors).toEqual([]);
  }, 60_000);

  it("by hand: every line on stdout is a JSON-RPC message; stdin closed, the bin exits 0", async () => {
    const child = spawn(bin, ["--api", "eth", "--url", `${backend.url}/eth`], {
      cwd: app,
      env: { PATH: process.env.PATH ?? "", [VARIABLE]: KEY },
      stdio: "pipe",
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const send = (message: object): boolean => child.stdin.write(`${JSON.stringify(message)}\n`);
    const lines = (): string[] => out.split("\n").filter((l) => l !== "");
    const waitFor = async (count: number): Promise<void> => {
      for (let i = 0; i < 200 && lines().length < count; i++) await new Promise((r) => setTimeout(r, 50));
    };
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    await waitFor(1);
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "eth_blockNumber", arguments: {} } });
    // Raw text: an own `__proto__` key, as a hostile client would send it.
    child.stdin.write(
      '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"no/such tool","arguments":{"__proto__":{"x":1}}}}\n',
    );
    await waitFor(4);
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    stderr.push(err);
    seen.push(out);
    expect(code).toBe(0);
    // Answers come in the order the calls end.
    const messages = lines()
      .map((l) => JSON.parse(l) as { jsonrpc: string; id: number; result: Record<string, unknown> })
      .sort((a, b) => a.id - b.id);
    expect(messages.every((m) => m.jsonrpc === "2.0")).toBe(true);
    expect(messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect((messages[2]!.result.structuredContent as { result: string }).result).toMatch(/^0x/);
    expect(messages[3]!.result).toMatchObject({ isError: true });
  }, 60_000);

  it.each([
    [["--url", "ftp://nope.example/"], /The URL of --url is not an absolute http\(s\) URL/],
    [["--api", "bitcoin"], /Unknown API "bitcoin" in --api; this package has advanced, eth, solana\./],
    [["--key", KEY], /read only from the environment variable BLOCKCHAIN_RPC_API_KEY/],
    [["--frobnicate"], /Unknown option "--frobnicate"/],
  ])("bad flags %j: one sentence on stderr, exit 2, nothing on stdout", async (args, message) => {
    const result = await runBin(args, { [VARIABLE]: KEY });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("a key with a '/' in the environment: exit 2, the key not repeated", async () => {
    const result = await runBin(["--url", `${backend.url}/all`], { [VARIABLE]: `${KEY}/evil` });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/BLOCKCHAIN_RPC_API_KEY holds a character an API key cannot/);
  });

  it("--help: the usage on stderr, exit 0, nothing on stdout", async () => {
    const result = await runBin(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^Usage: blockchain-rpc-mcp \[--api <api>\]/);
  });
});

it("the key appears in no tool list, result, error, or line of stderr", () => {
  expect(seen.length).toBeGreaterThan(3);
  expect(stderr.length).toBeGreaterThan(5);
  for (const text of [...seen, ...stderr]) expect(text).not.toContain(KEY);
});
