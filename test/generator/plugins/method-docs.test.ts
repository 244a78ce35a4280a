/**
 * Doc comments a reader can follow (plugins/client/method-docs.ts): an overload set has one doc
 * comment, on its first overload, and TypeScript shows it for every overload (checked with its
 * language service on the generated package); every example is labelled with the overload its
 * params call and passes the values of that overload; each `@throws` is written once.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { generatePackage } from "../../../generator/commands/pipeline.js";
import { ROOT } from "../../../generator/root.js";
import { emitClient } from "../../../generator/plugins/client/client.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { doc, loaded } from "../../helpers/spec.js";

const specs = ["spec/advanced.openrpc.json", "spec/eth.openrpc.json", "spec/solana.openrpc.json"];
const { files } = await generatePackage({ specs, packageName: "docs", cwd: ROOT });
const ethClient = files.get("src/eth/client.ts")!;

/** The doc comments directly above each declaration of `name` in an interface, in order (undefined: none). */
function overloadComments(text: string, name: string): (string | undefined)[] {
  const lines = text.split("\n");
  const found: (string | undefined)[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith(`  ${name}(`)) return;
    if (lines[i - 1] !== "   */") return void found.push(undefined);
    let start = i - 1;
    while (lines[start] !== "  /**") start--;
    found.push(lines.slice(start, i).join("\n"));
  });
  return found;
}

describe("one doc comment per overload set", () => {
  it.each([
    ["eth_getBlockByNumber", 3],
    ["debug_traceCall", 3],
    ["eth_subscribe", 4],
  ])("%s: the first of its %i overloads carries the only comment", (name, count) => {
    const comments = overloadComments(ethClient, name);
    expect(comments).toHaveLength(count);
    expect(comments[0]).toBeDefined();
    expect(comments.slice(1)).toEqual(Array(count - 1).fill(undefined));
  });

  it("writes a method's description, params and errors once", () => {
    expect(ethClient.split("Returns a block by number or tag.").length - 1).toBe(1);
    expect(ethClient.split("@param fullTransactions").length - 1).toBe(1);
    const comment = overloadComments(ethClient, "eth_getBlockByNumber")[0]!;
    const throws = comment.split("\n").filter((l) => l.includes("@throws"));
    expect(throws.length).toBeGreaterThan(0);
    expect(new Set(throws).size).toBe(throws.length);
  });

  it("lists which overload gives which result type", () => {
    const comment = overloadComments(ethClient, "eth_getBlockByNumber")[0]!;
    expect(comment).toContain(
      [
        "   * The result type follows the params, one overload each:",
        "   * - `fullTransactions` is `true`: {@link EthGetBlockByNumberResultWithTransactions}",
        "   * - `fullTransactions` is `false`: {@link EthGetBlockByNumberResultWithTransactionHashes}",
        "   * - otherwise: {@link EthGetBlockByNumberResult}",
      ].join("\n"),
    );
  });

  it("labels every example with the overload it calls, and the call passes that overload's value", () => {
    const comment = overloadComments(ethClient, "eth_getBlockByNumber")[0]!;
    const examples = [...comment.matchAll(/\/\/ (.*)\n {3}\* (const result = await .*)/g)].map((m) => [m[1], m[2]]);
    expect(examples).toEqual([
      [
        "block-0x1b4-full (`fullTransactions` is `true`)",
        'const result = await eth.eth_getBlockByNumber("0x1b4", true);',
      ],
      [
        "transaction-hashes-only (`fullTransactions` is `false`)",
        'const result = await eth.eth_getBlockByNumber("0x2a", false);',
      ],
    ]);
    // Every overload has its own example: the struct logger (no tracer) and callTracer.
    const trace = overloadComments(ethClient, "debug_traceCall")[0]!;
    expect(trace.match(/(?<=\* \/\/ ).*/g)).toEqual([
      'default-struct-logger (`traceConfig.tracer` is not set (or `null`, or `""`))',
      'call-tracer (`traceConfig.tracer` is `"callTracer"`)',
    ]);
  });

  it("TypeScript shows the one comment for every overload (quick info of a call to each)", () => {
    const use = [
      'import { createEthNodeClient } from "./eth/index.js";',
      'const eth = createEthNodeClient({ url: "http://127.0.0.1:1" });',
      'void eth.eth_getBlockByNumber("latest", true);',
      'void eth.eth_getBlockByNumber("latest", false);',
      "declare const full: boolean;",
      'void eth.eth_getBlockByNumber("latest", full);',
      "",
    ].join("\n");
    const sources = new Map([...files].filter(([f]) => f.endsWith(".ts")).map(([f, t]) => [`/pkg/${f}`, t]));
    sources.set("/pkg/src/use.ts", use);
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      strict: true,
      types: [],
    };
    const service = ts.createLanguageService({
      getScriptFileNames: () => [...sources.keys()],
      getScriptVersion: () => "1",
      getScriptSnapshot: (f) => {
        const text = sources.get(f) ?? ts.sys.readFile(f);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => "/pkg",
      getCompilationSettings: () => options,
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: (f) => sources.has(f) || ts.sys.fileExists(f),
      readFile: (f) => sources.get(f) ?? ts.sys.readFile(f),
    });
    const shown = [true, false, "full"].map((arg) => {
      const at = use.indexOf(`"latest", ${String(arg)})`) - "eth_getBlockByNumber(".length + 2;
      const info = service.getQuickInfoAtPosition("/pkg/src/use.ts", at)!;
      return {
        signature: ts.displayPartsToString(info.displayParts),
        documentation: ts.displayPartsToString(info.documentation),
      };
    });
    expect(shown.map((s) => /fullTransactions: (\w+)/.exec(s.signature)?.[1])).toEqual([
      "true",
      "false",
      "EthGetBlockByNumberParams",
    ]);
    for (const s of shown) expect(s.documentation).toContain("Returns a block by number or tag.");
    expect(service.getSemanticDiagnostics("/pkg/src/use.ts").map((d) => d.messageText)).toEqual([]);
  });
});

describe("doc comments of small documents", () => {
  it.each([
    [
      "a summary that is the description's first sentence is shown once",
      "Gets x.",
      "Gets x. Then more.",
      "Gets x.\n   *\n   * Then more.",
    ],
    ["a summary without its period", "Gets x", "Gets x. Then more.", "Gets x\n   *\n   * Then more."],
    ["a summary that ends inside a word", "Get", "Getting x.", "Get\n   *\n   * Getting x."],
    ["a summary that ends inside a sentence", "Gets x", "Gets x, then y.", "Gets x\n   *\n   * Gets x, then y."],
    ["a description that is the summary", "Gets x.", "Gets x.", "Gets x.\n   *\n   * Calls"],
  ])("%s", (_name, summary, description, shown) => {
    const client = emitClient(normalizeDocument(loaded(doc([{ name: "x_get", summary, description }]))), "");
    expect(client).toContain(`   * ${shown}`);
  });

  const method = {
    name: "x_get",
    paramStructure: "by-position" as const,
    params: [{ name: "full", required: true, schema: { type: "boolean" } }],
    result: { name: "r", schema: { type: "string" } },
    "x-result-variants": [{ name: "Full", when: { param: "full", equals: true }, schema: { type: "string" } }],
    errors: [
      { code: 1, message: "One." },
      { code: 1, message: "One." },
      { code: -32602, message: "Invalid params." },
      { code: 2, message: "Two." },
    ],
    examples: [
      {
        name: "not-full",
        params: [{ name: "full", value: false }],
        result: { name: "r", value: "x" },
      },
    ],
  };
  const client = emitClient(normalizeDocument(loaded(doc([method]))), "");

  it("writes each error code once, and the generic JSON-RPC codes not at all", () => {
    expect(client.match(/@throws .*/g)).toEqual([
      "@throws {JsonRpcError} code 1: One.",
      "@throws {JsonRpcError} code 2: Two.",
    ]);
  });

  it("shows an example of a later overload on the first one's comment, labelled with the overload it calls", () => {
    expect(client).toContain("// not-full (the general overload)\n   * const result = await test.x_get(false);");
    expect(overloadComments(client, "x_get").slice(1)).toEqual([undefined]);
  });
});
