/**
 * The mcp plugin on small documents, one golden folder per case (test/generator/plugins/mcp/<case>/,
 * updated with `npx vitest run test/generator/plugins/mcp.test.ts -u`): every file it writes, and the
 * package.json parts it contributes (the `./mcp` export, the bin, the optional peer). The tool
 * tables are in prettier's form already, and the whole `mcp` folder type-checks strictly with the
 * MCP SDK (as the package builds it). Tool names: MCP's characters, one namespace across APIs.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate, packageModel } from "../../../generator/generate.js";
import { loadFixedInputs } from "../../../generator/load/fixed-inputs.js";
import type { DocumentModel } from "../../../generator/model/document.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { binName, keyVariable, toolName, toolNames } from "../../../generator/plugins/mcp/names.js";
import { PRETTIER_OPTIONS } from "../../../generator/print/options.js";
import { doc, loaded } from "../../helpers/spec.js";
import { strictTscOver } from "../../helpers/strict-tsc.js";

const temp = await mkdtemp(path.join(os.tmpdir(), "mcp-plugin-"));
afterAll(() => rm(temp, { recursive: true, force: true }));

/** A wallet API by position: a read with a u64 result, a write, a recursive result, a notification, a subscription. */
const wallet: DocumentModel = normalizeDocument(
  loaded(
    doc(
      [
        {
          name: "w_getBalance",
          summary: "Balance of an address.",
          description: "In the smallest unit.",
          "x-idempotent": true,
          params: [
            { name: "address", required: true, description: "Who.", schema: { $ref: "#/components/schemas/Address" } },
            { name: "atSlot", schema: { type: "integer", format: "uint64" } },
          ],
          result: { name: "balance", schema: { type: "integer", format: "uint64" } },
        },
        {
          name: "w_send",
          summary: "Sends a payment.",
          params: [
            { name: "from", required: true, schema: { $ref: "#/components/schemas/Address" } },
            { name: "to", required: true, schema: { $ref: "#/components/schemas/Address" } },
            { name: "__proto__", schema: { type: "string" } },
          ],
          result: { name: "receipt", schema: { $ref: "#/components/schemas/Receipt" } },
        },
        {
          name: "w.tree of accounts",
          "x-idempotent": true,
          params: [],
          result: { name: "tree", schema: { $ref: "#/components/schemas/Account" } },
        },
        { name: "w_ping", params: [], result: undefined },
        {
          name: "w_subscribe",
          params: [{ name: "kind", required: true, schema: { type: "string", enum: ["heads"] } }],
          result: { name: "id", schema: { type: "string" } },
          "x-subscription": { notification: "w_subscription", unsubscribe: "w_unsubscribe", item: { type: "string" } },
        },
        {
          name: "w_unsubscribe",
          "x-idempotent": true,
          params: [{ name: "id", required: true, schema: { type: "string" } }],
          result: { name: "ok", schema: { type: "boolean" } },
        },
      ],
      {
        Address: { type: "string", pattern: "^0x[0-9a-f]{40}$", description: "An address." },
        Receipt: {
          type: "object",
          properties: { hash: { type: "string" }, fee: { type: "integer", format: "uint64" } },
          required: ["hash"],
          "x-response-deviations": { omitted: ["hash"] },
        },
        Account: {
          type: "object",
          properties: {
            name: { type: "string" },
            lamports: { type: "integer", format: "uint64" },
            children: { type: "array", items: { $ref: "#/components/schemas/Account" } },
          },
        },
      },
      {
        info: { title: "Wallet API", version: "1.0.0" },
        servers: [{ name: "main", url: "https://wallet.example/rpc/{apiKey}" }],
      },
    ),
    {},
    "spec/wallet.openrpc.json",
  ),
);

/** Two APIs that share a method name, without servers. */
const twins = ["alpha", "beta"].map((name) =>
  normalizeDocument(
    loaded(
      doc(
        [
          {
            name: "getBalance",
            "x-idempotent": true,
            params: [{ name: "who", required: true, schema: { type: "string" } }],
          },
          { name: `${name}_only`, params: [] },
        ],
        {},
        { info: { title: `${name} API`, version: "1.0.0" } },
      ),
      {},
      `spec/${name}.openrpc.json`,
    ),
  ),
);

const CASES: { name: string; documents: DocumentModel[]; packageName: string }[] = [
  { name: "wallet", documents: [wallet], packageName: "@acme/wallet-client" },
  { name: "shared-names", documents: twins, packageName: "chains" },
];

describe.each(CASES)("case $name", async ({ name, documents, packageName }) => {
  const { files, warnings } = await generate(packageModel(documents, { packageName }), await loadFixedInputs());
  const mine = [...files.keys()].filter((f) => f.startsWith("src/mcp/")).sort();

  it("writes the golden files", async () => {
    expect(mine).toEqual(
      [
        ...documents.map((d) => `src/mcp/tools/${d.subpath}.ts`),
        "src/mcp/bin.ts",
        "src/mcp/index.ts",
        "src/mcp/toolsets.ts",
      ].sort(),
    );
    for (const file of mine) await expect(files.get(file)).toMatchFileSnapshot(`mcp/${name}/${file.slice(8)}.snap`);
    const manifest = JSON.parse(files.get("package.json")!) as Record<string, Record<string, unknown>>;
    const contributed = {
      bin: manifest.bin,
      export: manifest.exports!["./mcp"],
      peer: manifest.peerDependencies!["@modelcontextprotocol/sdk"],
      optional: manifest.peerDependenciesMeta!["@modelcontextprotocol/sdk"],
      build: manifest.devDependencies!["@modelcontextprotocol/sdk"],
      warnings: warnings.filter((w) => w.rule === "mcp-tool-name").map((w) => w.message),
    };
    await expect(`${JSON.stringify(contributed, null, 2)}\n`).toMatchFileSnapshot(
      `mcp/${name}/package-parts.json.snap`,
    );
  });

  it("its files are what prettier prints", async () => {
    const prettier = await import("prettier");
    for (const file of mine) {
      const text = files.get(file)!;
      expect(await prettier.format(text, { parser: "typescript", ...PRETTIER_OPTIONS }), file).toBe(text);
    }
  });

  it("type-checks strictly with the MCP SDK, as the package builds it", async () => {
    // The package in <temp>/<name>/pkg: strictTscOver writes its tsconfig.json and links the
    // workspace's node_modules (the MCP SDK) one folder up, where the package's imports find them.
    const out = path.join(temp, name);
    for (const [file, content] of files) {
      await mkdir(path.dirname(path.join(out, "pkg", file)), { recursive: true });
      await writeFile(path.join(out, "pkg", file), content);
    }
    const output = await strictTscOver(
      out,
      mine.map((f) => `pkg/${f}`),
      120_000,
    );
    expect(output).toBe("");
  });
});

describe("names", () => {
  it.each([
    ["eth_getBalance", "eth_getBalance"],
    ["w.tree of accounts", "w.tree_of_accounts"],
    ["rpc/discover", "rpc_discover"],
    ["ñandú", "_and_"],
    ["😀", "_"],
    ["", "_"],
    ["a".repeat(200), "a".repeat(128)],
  ])("tool name of %j: %j", (method, name) => {
    expect(toolName(method)).toBe(name);
    expect(name).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
  });

  it("a name two tools share is prefixed with each API's subpath; a third still shared is numbered", () => {
    const third = normalizeDocument(
      loaded(
        doc([
          { name: "getBalance", params: [] },
          { name: "get Balance", params: [] },
        ]),
        {},
        "spec/alpha_getBalance.json",
      ),
    );
    const { names } = toolNames([...twins, third]);
    expect([...names.values()]).toEqual([
      "alpha_getBalance",
      "alpha_only",
      "beta_getBalance",
      "beta_only",
      "alpha_getbalance_getBalance",
      "get_Balance",
    ]);
  });

  it.each([
    ["@blockchain-rpc/clients", "blockchain-rpc-mcp", "BLOCKCHAIN_RPC_API_KEY"],
    ["chains", "chains-mcp", "CHAINS_API_KEY"],
    ["@1inch/sdk", "1inch-mcp", "_1INCH_API_KEY"],
  ])("package %s: bin %s, key from %s", (pkg, bin, variable) => {
    expect(binName(pkg)).toBe(bin);
    expect(keyVariable(pkg)).toBe(variable);
  });
});
