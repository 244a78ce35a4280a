/**
 * `sideEffects: false` in the generated package.json is a promise that no module does anything when
 * merely imported. A bundler then drops every module an app does not use. Each case bundles a small app
 * (esbuild, ESM, code splitting, as bench/size.ts does) and lists the modules in the chunks the app
 * can ever load: its entry chunk and what that chunk imports, statically or through `import()`.
 */
import { build, type Metafile } from "esbuild";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SOURCE_CONDITION } from "../../generator/defaults.js";

const GENERATED = path.resolve(import.meta.dirname, "..", "..", "generated");
const SRC = path.join(GENERATED, "src");

/** Modules (relative to generated/src) with code in the chunks reachable from the app's entry chunk. */
async function reachableModules(source: string): Promise<{ start: Set<string>; all: Set<string>; startCode: string }> {
  const result = await build({
    stdin: { contents: source, resolveDir: SRC, loader: "ts", sourcefile: "app.ts" },
    // Paths in the metafile are relative to this folder (nothing is written: write is false).
    absWorkingDir: SRC,
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    conditions: [SOURCE_CONDITION],
    splitting: true,
    outdir: path.join(SRC, "out"),
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const outputs: Metafile["outputs"] = result.metafile.outputs;
  const entry = Object.keys(outputs).find((k) => outputs[k]!.entryPoint === "app.ts");
  if (!entry) throw new Error("esbuild wrote no chunk for the app's entry");
  const chunksFrom = (kinds: readonly string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [entry];
    while (stack.length > 0) {
      const key = stack.pop()!;
      if (seen.has(key)) continue;
      seen.add(key);
      for (const i of outputs[key]?.imports ?? []) if (kinds.includes(i.kind) && !i.external) stack.push(i.path);
    }
    return seen;
  };
  const walk = (kinds: readonly string[]): Set<string> => {
    const seen = chunksFrom(kinds);
    const modules = new Set<string>();
    for (const key of seen)
      for (const [input, { bytesInOutput }] of Object.entries(outputs[key]!.inputs))
        if (bytesInOutput > 0 && input !== "app.ts") modules.add(input.split(path.sep).join("/"));
    return modules;
  };
  const startChunks = chunksFrom(["import-statement"]);
  const startCode = result.outputFiles
    .filter((f) => startChunks.has(path.relative(SRC, f.path).split(path.sep).join("/")))
    .map((f) => f.text)
    .join("\n");
  return { start: walk(["import-statement"]), all: walk(["import-statement", "dynamic-import"]), startCode };
}

const from = (file: string): string => JSON.stringify(path.join(SRC, file));

const CASES: { name: string; app: string; start: string[]; never: RegExp[]; unreachable?: RegExp[] }[] = [
  {
    name: "a constant of one API (its error codes)",
    app: `import { AdvancedErrors } from ${from("advanced/index.ts")};\nconsole.log(AdvancedErrors.NotFound);\n`,
    start: ["advanced/client.ts"],
    never: [/^runtime\//, /^advanced\/(api|validators|result-validators)\.ts$/, /^(eth|solana)\//],
  },
  {
    name: "one error guard from the root entry",
    app: `import { isJsonRpcError } from ${from("index.ts")};\nconsole.log(isJsonRpcError(new Error("x")));\n`,
    start: ["runtime/errors.ts"],
    never: [/^runtime\/(client|http|ws|codec|validate|subscription.*)\.ts$/, /^(advanced|eth|solana)\//],
  },
  {
    name: "one client and one call (the benchmark's app)",
    app: `import { createAdvancedClient } from ${from("advanced/index.ts")};\ncreateAdvancedClient({ url: "https://host.example/x", apiKey: "KEY" }).getLogs({ blockchain: "eth" });\n`,
    // Everything a first call needs is imported statically (no chunk to fetch on the way): the HTTP
    // transport, the answer's success path, the request validators. Retries, batching, pagination and
    // subscriptions load through import() when used, and so does the failure path (the error classes
    // but ValidationError and NetworkError, their messages, the redaction of secrets, the decoding of
    // a wrong answer); the WebSocket transport is not reachable at all.
    start: [
      "advanced/client.ts",
      "advanced/api.ts",
      "advanced/validators.ts",
      "runtime/client.ts",
      "runtime/http.ts",
      "runtime/answer.ts",
    ],
    never: [
      /^(eth|solana)\//,
      /^advanced\/result-validators\.ts$/,
      /^runtime\/(ws|ws-entry|extras|paginate|batch|queue|subscription.*|subscribe-args|backfill|retry|index)\.ts$/,
      /^runtime\/(failures|wire|secrets|errors|stream-errors)\.ts$/,
      // The words of option problems and the ValidationError load when a call rejects (option-text.ts),
      // and the factories that throw at once (http(), createTransport()) are not used.
      /^runtime\/(option-text|validation-error|factories)\.ts$/,
    ],
    // Nor the MCP server (its runtime, its entry, the SDK: an optional peer only ./mcp loads), nor the test kit,
    // which only a test imports (its subpath, and the value maker it shares with the mock server).
    unreachable: [
      /^runtime\/ws(-entry)?\.ts$/,
      /node_modules\/ws\//,
      /^runtime\/node\.ts$/,
      /^runtime\/mcp-/,
      /^mcp\//,
      /@modelcontextprotocol/,
      /^runtime\/(testing|mock-)[\w-]*\.ts$/,
      /^\w+\/testing(-data)?\.ts$/,
      /node_modules\/msw\//,
    ],
  },
  {
    name: "one per-method function and its core (the ./advanced/methods subpath)",
    app: `import { createAdvancedCore, getLogs } from ${from("advanced/methods.ts")};\ngetLogs(createAdvancedCore({ url: "https://host.example/x", apiKey: "KEY" }), { blockchain: "eth" });\n`,
    start: [
      "advanced/methods.ts",
      "advanced/validators.ts",
      "runtime/client.ts",
      "runtime/http.ts",
      "runtime/answer.ts",
    ],
    // No client object, no method table: only the function's own spec and validator. No failure path.
    never: [
      /^(eth|solana)\//,
      /^advanced\/(client|api|result-validators)\.ts$/,
      /^runtime\/(ws|ws-entry|extras|paginate|batch|queue|subscription.*|subscribe-args|backfill|retry|index)\.ts$/,
      /^runtime\/(failures|wire|secrets|errors|stream-errors)\.ts$/,
    ],
    // Nor the test kit, which only a test imports (its subpath, and the value maker it shares with the mock server).
    unreachable: [
      /^runtime\/ws(-entry)?\.ts$/,
      /node_modules\/ws\//,
      /^runtime\/node\.ts$/,
      /^runtime\/(testing|mock-)[\w-]*\.ts$/,
      /^\w+\/testing(-data)?\.ts$/,
      /node_modules\/msw\//,
      // Issue 34's interop: nothing of it unless imported (the observer is a lazy chunk, loaded with its options).
      /^runtime\/(eip1193|eip1193-provider|standard-schema)\.ts$/,
    ],
  },
  {
    name: "an Ethereum client and one call: no EIP-1193 provider, no Standard Schema, no observer at start",
    app: `import { createEthNodeClient } from ${from("eth/index.ts")};\ncreateEthNodeClient({ url: "https://host.example/eth" }).eth_blockNumber();\n`,
    start: ["eth/client.ts", "runtime/client.ts"],
    never: [/^runtime\/(observe|watch|span|log-lines|hooks)\.ts$/, /^eth\/(schemas|eip1193)\.ts$/],
    unreachable: [/^runtime\/(eip1193|eip1193-provider|standard-schema)\.ts$/, /^eth\/(schemas|eip1193)\.ts$/],
  },
  {
    name: "an Ethereum client under viem (eth's toEip1193Provider): the provider, not fromEip1193",
    app: `import { createEthNodeClient, toEip1193Provider } from ${from("eth/index.ts")};\nconsole.log(toEip1193Provider(createEthNodeClient({ url: "https://host.example/eth" })));\n`,
    start: ["eth/eip1193.ts", "runtime/eip1193-provider.ts"],
    never: [/^runtime\/(observe|watch|span|log-lines)\.ts$/, /^eth\/schemas\.ts$/],
    unreachable: [/^runtime\/(eip1193|standard-schema)\.ts$/],
  },
  {
    name: "the schemas of one API: its validators, no client",
    app: `import { schemas } from ${from("eth/schemas.ts")};\nconsole.log(schemas.eth_blockNumber.params["~standard"].validate([]));\n`,
    start: ["eth/schemas.ts", "runtime/standard-schema.ts", "eth/validators.ts", "eth/result-validators.ts"],
    never: [/^runtime\/(client|http|node|ws|observe|eip1193.*)\.ts$/, /^eth\/client\.ts$/],
  },
  {
    name: "a WebSocket client (the ./ws subpath)",
    app: `import { createEthNodeClient } from ${from("eth/index.ts")};\nimport { webSocket } from ${from("ws/index.ts")};\ncreateEthNodeClient({ transport: webSocket("wss://host.example/eth") }).eth_blockNumber();\n`,
    start: ["eth/client.ts", "runtime/ws.ts", "runtime/client.ts"],
    never: [/^(advanced|solana)\//, /^runtime\/(paginate|batch|queue|subscription.*|retry|index)\.ts$/],
  },
];

describe("the MCP SDK is loaded by the ./mcp entry alone", () => {
  it("no module of src/ but mcp/index.ts imports it statically; the bin imports it only through import()", () => {
    const importers: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/(from\s*|import\()"@modelcontextprotocol\//.test(readFileSync(full, "utf8")))
          importers.push(path.relative(SRC, full).split(path.sep).join("/"));
      }
    };
    walk(SRC);
    expect(importers.sort()).toEqual(["mcp/bin.ts", "mcp/index.ts"]);
    const bin = readFileSync(path.join(SRC, "mcp", "bin.ts"), "utf8");
    expect(bin).not.toMatch(/^import .*@modelcontextprotocol/m);
    expect(bin).toMatch(/import\("@modelcontextprotocol\/sdk\/server\/stdio\.js"\)/);
  });
});

describe("sideEffects: false holds for the generated package", () => {
  it("its package.json says so", () => {
    const pkg = JSON.parse(readFileSync(path.join(GENERATED, "package.json"), "utf8")) as { sideEffects?: unknown };
    expect(pkg.sideEffects).toBe(false);
  });

  it.each(CASES)(
    "$name: the bundle holds no module the app does not use",
    async ({ app, start, never, unreachable }) => {
      const { start: atStart, all } = await reachableModules(app);
      for (const module of start) expect([...atStart], `${module} should load at start`).toContain(module);
      const unused = [...atStart].filter((m) => never.some((re) => re.test(m)));
      expect(unused, `modules loaded at start that the app does not use: ${[...atStart].join(", ")}`).toEqual([]);
      // Nothing of the other APIs is reachable at all, not even through import() (ws: the WebSocket transport's peer).
      const own = `${start[0]!.split("/")[0]!}/`;
      const foreign = [...all].filter(
        (m) => !m.startsWith("runtime/") && !m.startsWith(own) && !/node_modules\/ws\//.test(m),
      );
      expect(foreign).toEqual([]);
      // Not even a lazy chunk: an HTTP-only app never carries the WebSocket transport.
      const carried = [...all].filter((m) => (unreachable ?? []).some((re) => re.test(m)));
      expect(carried).toEqual([]);
    },
  );

  it("a per-method function carries only its own method: no other method's name, param or validator at start", async () => {
    const { startCode: code } = await reachableModules(
      `import { createAdvancedCore, getLogs } from ${from("advanced/methods.ts")};\ngetLogs(createAdvancedCore({ url: "https://host.example/x" }), {});\n`,
    );
    // Its own name, params and validator rules are there.
    for (const own of ['"adv_getLogs"', "fromTimestamp", "1e4"]) expect(code).toContain(own);
    // Another method's JSON-RPC name, params and rules are not (result validators are a lazy chunk).
    for (const other of ["adv_getNFTHolders", "walletAddress", "transactionHash", "includeTxs", "adv_getBlocks"])
      expect(code, other).not.toContain(other);
  });

  it("the one-call app checks its options at start, but carries none of their words nor the ValidationError", async () => {
    const { startCode: code } = await reachableModules(
      `import { createAdvancedClient } from ${from("advanced/index.ts")};\ncreateAdvancedClient({ url: "https://host.example/x", apiKey: "KEY" }).getLogs({});\n`,
    );
    // The checks are there (by the keys of their words)...
    for (const check of ['"keyInBrowser"', '"urlRequired"', '"atMostMs"', '"transportRequest"'])
      expect(code).toContain(check);
    // ...their words and the error class are not.
    for (const words of [
      "must not hold credentials",
      "must be an absolute URL",
      "timers past 2^31 ms",
      "must be a transport: http(url)",
      '"ValidationError"',
    ])
      expect(code, words).not.toContain(words);
  });

  it("error classes are tree-shakable: an app using one guard carries only the classes it names", async () => {
    const result = await build({
      stdin: {
        contents: `import { isJsonRpcError } from ${from("index.ts")};\nconsole.log(isJsonRpcError(new Error("x")));\n`,
        resolveDir: SRC,
        loader: "ts",
        sourcefile: "app.ts",
      },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      conditions: [SOURCE_CONDITION],
      write: false,
      logLevel: "silent",
    });
    const code = result.outputFiles[0]!.text;
    expect(code).toContain('"JsonRpcError"');
    const carried = [
      "HttpError",
      "TimeoutError",
      "AbortError",
      "NetworkError",
      "SocketClosedError",
      "SubscriptionError",
    ];
    expect(carried.filter((name) => code.includes(`"${name}"`))).toEqual([]);
  });
});
