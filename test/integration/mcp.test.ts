/**
 * The `./mcp` entry of generated/ (createMcpServer) through the MCP SDK's own `Client`, in memory
 * (InMemoryTransport), against a real HTTP server on 127.0.0.1 answering with the published samples
 * (test/helpers/sample-server.ts). Tools per chosen API with the spec's required params; structured
 * results valid by the tool's outputSchema (checked by the SDK's client, by ajv's draft-07 class as
 * the SDK uses it, and by ajv's 2020-12 class in strict mode); invalid arguments, unknown tools and
 * hostile arguments refused with no request sent; JSON-RPC errors, garbage and huge answers as
 * error results; the key nowhere in what the client sees.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { createMcpServer, toolsets, type McpServerOptions } from "../../generated/src/mcp/index.js";
import { SAMPLES_DIR, startSampleServer, type SampleServer } from "../helpers/sample-server.js";

/** A key no sample, schema or message holds by chance: every output is searched for it. */
const KEY = "mcpKEY-7f3a9c1e";

let backend: SampleServer;
const sessions: { client: Client; close: () => Promise<void> }[] = [];
/** Every text the client received (tool lists, results, errors), to search for the key. */
const seen: string[] = [];

beforeAll(async () => {
  backend = await startSampleServer({ echoId: true });
});
afterAll(async () => {
  for (const s of sessions) await s.close();
  await backend.close();
});
beforeEach(() => backend.reset());

/** A client connected in memory to a fresh server with these options (url per API on the backend by default). */
async function connect(options: McpServerOptions = {}): Promise<Client> {
  const server = createMcpServer({
    url: { advanced: `${backend.url}/multichain`, eth: `${backend.url}/eth`, solana: `${backend.url}/solana` },
    apiKey: KEY,
    retryCount: 0,
    ...options,
  });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "test", version: "1.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  sessions.push({ client, close: () => client.close().then(() => server.close()) });
  return client;
}

type CallResult = {
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallResult> {
  const result = (await client.callTool({ name, arguments: args })) as CallResult;
  seen.push(JSON.stringify(result));
  return result;
}

const textOf = (r: CallResult): string => r.content.map((c) => c.text ?? "").join("\n");

/** The spec's request methods (no subscriptions, no unsubscribe methods) with their required params and x-idempotent. */
function specTools(file: string): Map<string, { required: string[]; idempotent: boolean }> {
  const spec = JSON.parse(readFileSync(path.join(ROOT, "spec", file), "utf8")) as {
    methods: {
      name: string;
      params: { name: string; required?: boolean }[];
      "x-subscription"?: { unsubscribe: string };
      "x-idempotent"?: boolean;
    }[];
  };
  const unsubscribe = new Set(
    spec.methods.flatMap((m) => (m["x-subscription"] ? [m["x-subscription"].unsubscribe] : [])),
  );
  return new Map(
    spec.methods
      .filter((m) => !m["x-subscription"] && !unsubscribe.has(m.name))
      .map((m) => [
        m.name,
        { required: m.params.filter((p) => p.required).map((p) => p.name), idempotent: m["x-idempotent"] === true },
      ]),
  );
}

const ajv07 = new AjvJsonSchemaValidator();
const ajv2020 = new Ajv2020({ strict: true, strictTuples: false, strictRequired: false, allErrors: true });

describe("tools/list", () => {
  it.each([
    [["advanced"], ["advanced.openrpc.json"]],
    [["eth"], ["eth.openrpc.json"]],
    [["solana"], ["solana.openrpc.json"]],
    [undefined, ["advanced.openrpc.json", "eth.openrpc.json", "solana.openrpc.json"]],
  ] as const)("apis %j: one tool per request method, with the spec's required params", async (apis, files) => {
    const client = await connect(apis ? { apis: [...apis] } : {});
    const { tools } = await client.listTools();
    seen.push(JSON.stringify(tools));
    const expected = new Map(files.flatMap((f) => [...specTools(f)]));
    expect(tools.map((t) => t.name).sort()).toEqual([...expected.keys()].sort());
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      const { required, idempotent } = expected.get(tool.name)!;
      expect([...(tool.inputSchema.required ?? [])].sort(), tool.name).toEqual([...required].sort());
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(idempotent);
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      // Both dialects compile every schema (strict 2020-12: no unknown keyword, no $ref out of the tool).
      for (const schema of [tool.inputSchema, tool.outputSchema!]) {
        expect(() => ajv2020.compile(schema), tool.name).not.toThrow();
        expect(JSON.stringify(schema)).not.toMatch(/"\$ref":"(?!#\/\$defs\/)/);
      }
    }
  });

  it("a positional API's tool takes its params by name", async () => {
    const client = await connect({ apis: ["eth"] });
    const { tools } = await client.listTools();
    const block = tools.find((t) => t.name === "eth_getBlockByNumber")!;
    expect(Object.keys(block.inputSchema.properties ?? {})).toEqual(["block", "fullTransactions"]);
  });

  it("refuses an API the package does not have, naming the ones it has", () => {
    expect(() => createMcpServer({ apis: ["nope" as "eth"] })).toThrow(
      /Unknown API "nope" in options\.apis: this server has advanced, eth, solana\./,
    );
  });
});

describe("tools/call through the live server", () => {
  it("adv_getLogs: a published answer (logs without blockchain) is structured, valid by its outputSchema", async () => {
    const client = await connect();
    const sample = JSON.parse(readFileSync(path.join(SAMPLES_DIR, "ankr_getLogs.request.json"), "utf8")) as {
      params: Record<string, unknown>;
    };
    const result = await call(client, "adv_getLogs", sample.params);
    expect(result.isError).toBeFalsy();
    const logs = (result.structuredContent as { logs: Record<string, unknown>[] }).logs;
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.some((l) => !("blockchain" in l))).toBe(true);
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    const { tools } = await client.listTools();
    const schema = tools.find((t) => t.name === "adv_getLogs")!.outputSchema!;
    expect(ajv07.getValidator(schema)(result.structuredContent).errorMessage).toBeUndefined();
    expect(ajv2020.validate(schema, result.structuredContent), ajv2020.errorsText()).toBe(true);
    // Sent by name, to <url>/<key>.
    expect(backend.requests).toHaveLength(1);
    expect(backend.requests[0]!.path).toBe(`/multichain/${KEY}`);
    expect(JSON.parse(backend.requests[0]!.body).params).toEqual(sample.params);
  });

  it("getAccountInfo (positional): arguments by name go out by position; u64 values come back as exact decimal strings", async () => {
    const client = await connect({ apis: ["solana"] });
    const result = await call(client, "getAccountInfo", {
      pubkey: "vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg",
      config: { encoding: "base58", minContextSlot: "18446744073709551615" },
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const value = (result.structuredContent as { value: Record<string, unknown> }).value;
    expect(value.rentEpoch).toBe("18446744073709551615");
    expect(value.lamports).toBe("88860054690252");
    expect((result.structuredContent as { context: { slot: unknown } }).context.slot).toBe("374431575");
    expect(textOf(result)).toContain('"rentEpoch":"18446744073709551615"');
    // The decimal string went out as an exact JSON integer, in positional order.
    expect(backend.requests[0]!.body).toContain(
      '"params":["vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg",{"encoding":"base58","minContextSlot":18446744073709551615}]',
    );
    const { tools } = await client.listTools();
    const schema = tools.find((t) => t.name === "getAccountInfo")!.outputSchema!;
    expect(ajv07.getValidator(schema)(result.structuredContent).errorMessage).toBeUndefined();
    expect(ajv2020.validate(schema, result.structuredContent), ajv2020.errorsText()).toBe(true);
  });

  it("a result that is not an object is { result }: eth_blockNumber, getBlockHeight", async () => {
    const client = await connect();
    const block = await call(client, "eth_blockNumber");
    expect(block.structuredContent).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]+$/) });
    const height = await call(client, "getBlockHeight");
    expect(height.structuredContent).toEqual({ result: expect.stringMatching(/^[0-9]+$/) });
  });

  it("eth_getBlockByNumber with full transactions validates, by position on the wire", async () => {
    const client = await connect();
    const result = await call(client, "eth_getBlockByNumber", { block: "latest", fullTransactions: true });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(JSON.parse(backend.requests[0]!.body).params).toEqual(["latest", true]);
  });
});

describe("errors are results with isError, in one sentence", () => {
  it.each([
    ["adv_getLogs", { blockchain: "eth", pageSize: 20_000 }, /params\.pageSize must be at most 10000 \(rule: maximum/],
    ["adv_getNFTMetadata", {}, /contractAddress.*rule: required/],
    [
      "getAccountInfo",
      { pubkey: "vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", config: { minContextSlot: "-1" } },
      /minContextSlot/,
    ],
    ["adv_getLogs", { blockchain: "eth", colour: "red" }, /has no param "colour"; its params are .*blockchain/],
    ["nope_tool", {}, /Unknown tool "nope_tool"/],
  ] as const)("%s %j: refused, no request sent", async (tool, args, message) => {
    const client = await connect();
    const result = await call(client, tool, args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(message);
    expect(backend.requests).toHaveLength(0);
  });

  it("a JSON-RPC error: its code and message", async () => {
    backend.respondWith((r) => ({
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: r.rpcId,
        error: { code: -32005, message: "not found", data: { hint: "x" } },
      }),
    }));
    const client = await connect();
    const result = await call(client, "adv_getNFTMetadata", {
      blockchain: "eth",
      contractAddress: "0x8d01c8ee82e581e55c02117a676b5bbd4734fabb",
      tokenId: "1",
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^JsonRpcError: JSON-RPC error -32005: not found \(method adv_getNFTMetadata, host 127\.0\.0\.1:\d+\) Data: \{"hint":"x"\}$/,
    );
  });

  it.each([
    ["garbage", "<html>not json</html>", /^MalformedResponseError: /],
    [
      "a body larger than maxResponseBytes",
      `{"jsonrpc":"2.0","id":1,"result":"${"a".repeat(20_000)}"}`,
      /^ResponseTooLargeError: /,
    ],
    [
      "a result the spec does not allow",
      '{"jsonrpc":"2.0","id":1,"result":{"currencies":"many"}}',
      /^ValidationError: Invalid result/,
    ],
  ])("an answer that is %s", async (_what, body, message) => {
    backend.respondWith(() => ({ headers: { "content-type": "application/json" }, body }));
    const client = await connect({ maxResponseBytes: 10_000 });
    const result = await call(client, "adv_getCurrencies", { blockchain: "eth" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(message);
    expect(textOf(result)).not.toMatch(/\n\s+at /);
  });
});

describe("hostile arguments", () => {
  it("a __proto__ key: refused or dropped, nothing sent, no prototype touched", async () => {
    const client = await connect();
    const args = JSON.parse('{"__proto__": {"blockchain": "eth", "polluted": true}}') as Record<string, unknown>;
    const result = await call(client, "adv_getCurrencies", args);
    expect(result.isError).toBe(true);
    expect(backend.requests).toHaveLength(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("arguments nested 10 000 deep, and 5 MB of them: refused before anything looks further", async () => {
    const client = await connect();
    let deep: unknown = "x";
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const nested = await call(client, "adv_getLogs", { blockchain: "eth", topics: deep });
    expect(textOf(nested)).toMatch(/nest deeper than 128 levels; no request was sent/);
    const huge = await call(client, "adv_getLogs", { blockchain: "eth", address: "a".repeat(5_000_000) });
    expect(textOf(huge)).toMatch(/more than 4194304; no request was sent/);
    expect(backend.requests).toHaveLength(0);
  });

  it("a key with a '/' makes every call an error result that names the option, never the key", async () => {
    const client = await connect({ apiKey: `${KEY}/x` });
    const result = await call(client, "adv_getCurrencies", { blockchain: "eth" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/options\.apiKey/);
    expect(backend.requests).toHaveLength(0);
  });
});

describe("the README", () => {
  it("lists every tool, its API and its kind, in its MCP section", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("## MCP server"), readme.indexOf("## Changing the spec"));
    const rows = [...section.matchAll(/^\| `([^`]+)` +\| (\w+) +\| (read|write) +\|/gm)].map((m) =>
      m.slice(1, 4).join(" "),
    );
    const tools = Object.entries(toolsets).flatMap(([api, set]) =>
      set.tools.map((t) => `${t.name} ${api} ${t.annotations.readOnlyHint ? "read" : "write"}`),
    );
    expect(rows.sort()).toEqual(tools.sort());
  });
});

describe("the key", () => {
  it("appears in nothing the client received", () => {
    expect(seen.length).toBeGreaterThan(10);
    for (const text of seen) expect(text).not.toContain(KEY);
  });
});
