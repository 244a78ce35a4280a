/**
 * Issue 34's entries from the packed tarball, in an ESM project (`module: nodenext`) and a CommonJS
 * one (`"type": "commonjs"`, `module: node16`, compiled to `require`): both strict, the package's
 * declarations checked too (no skipLibCheck). The check uses `<subpath>/schemas` through a helper
 * typed by the official `@standard-schema/spec` (what a form or router library writes), round-trips a
 * client through `toEip1193Provider` (`./eth`) and `fromEip1193` (the root), and traces a call with a
 * tracer of the `tracer` option's shape. Compiled with tsc, run with Node, its line compared.
 */
import { execFile } from "node:child_process";
import { mkdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { freshProject, installedPackage } from "../helpers/packed.js";
import { NODE_TYPES, tsconfig, typecheckProject } from "./projects.js";

// Packing and installing the tarball (once per run, shared by the consumer files) gets a hook's room.
beforeAll(installedPackage, 300_000);

const run = promisify(execFile);
const apps: string[] = [];
afterAll(async () => {
  for (const app of apps) await rm(app, { recursive: true, force: true });
});

const CHECK = `import type { StandardSchemaV1 } from "@standard-schema/spec";
import { createTransport, fromEip1193, type TracerLike } from "@blockchain-rpc/clients";
import { createEthNodeClient, toEip1193Provider, type EthNodeMethods } from "@blockchain-rpc/clients/eth";
import { schemas } from "@blockchain-rpc/clients/eth/schemas";
import { schemas as advancedSchemas } from "@blockchain-rpc/clients/advanced/schemas";

/** What a form or router library does with any Standard Schema: validate, then use the typed value. */
function parse<S extends StandardSchemaV1>(schema: S, value: unknown): StandardSchemaV1.InferOutput<S> | string[] {
  const result = schema["~standard"].validate(value);
  if (result instanceof Promise) throw new Error("async");
  return result.issues ? result.issues.map((i) => \`\${(i.path ?? []).map(String).join(".")}: \${i.message}\`) : result.value;
}

export async function check(): Promise<string> {
  const good = parse(schemas.eth_getBlockByNumber.params, ["latest", false]);
  const typed: EthNodeMethods["eth_getBlockByNumber"]["params"] | string[] = good;
  const bad = parse(schemas.eth_getBlockByNumber.params, ["yesterday", false]);
  const limits = parse(advancedSchemas.adv_getBlocks.params, { blockchain: "eth", fromBlock: 1, toBlock: 100 });

  const spans: string[] = [];
  const tracer: TracerLike = {
    startSpan: (name, options) => {
      spans.push(name + " " + String(options?.attributes?.["rpc.system"]));
      return { setAttribute: () => undefined, addEvent: () => undefined, setStatus: () => undefined, end: () => undefined };
    },
  };
  const node = createEthNodeClient({
    transport: createTransport({
      type: "memory",
      request: async ({ id, method }) => JSON.stringify({ jsonrpc: "2.0", id, result: method === "eth_chainId" ? "0x1" : "0x2a" }),
    }),
    tracer,
  });
  const over = createEthNodeClient({ transport: fromEip1193(toEip1193Provider(node)) });
  const block = await over.eth_blockNumber();
  const chain = await (over.request as (m: string, p: unknown[]) => Promise<unknown>)("eth_chainId", []);
  return JSON.stringify({ typed, bad, limits, block, chain, spans });
}
`;

const EXPECTED = {
  typed: ["latest", false],
  bad: [expect.stringMatching(/^0: matches none of: HexQuantity .*BlockTag/)],
  limits: [expect.stringMatching(/^toBlock: must be at most 30 blocks after fromBlock/)],
  block: "0x2a",
  chain: "0x1",
  spans: ["eth_blockNumber jsonrpc", "eth_chainId jsonrpc"],
};

const MAIN = (from: string): string =>
  `import { check } from "${from}";\n\ncheck().then((line) => console.log(line));\n`;

describe("issue 34's entries from the tarball, strict, declarations checked", () => {
  it.each([
    {
      name: "ESM, module nodenext",
      type: "module",
      module: "nodenext",
      from: "./check.js",
      compiler: "TypeScript 5.9",
    },
    { name: "CommonJS, module node16", type: "commonjs", module: "node16", from: "./check", compiler: "TypeScript 7" },
  ] as const)(
    "$name: type-checks ($compiler), compiles, runs",
    async ({ type, module, from, compiler }) => {
      const app = await freshProject(
        `interop-${type}`,
        { type },
        {
          "check.ts": CHECK,
          "main.ts": MAIN(from),
          "tsconfig.json": tsconfig({
            module,
            moduleResolution: module,
            lib: ["ES2022", "DOM"],
            outDir: "out",
            ...NODE_TYPES,
          }),
        },
      );
      apps.push(app);
      // The consumer's own install of the spec's types (offline: the workspace's copy).
      await mkdir(path.join(app, "node_modules", "@standard-schema"), { recursive: true });
      await symlink(
        path.join(ROOT, "node_modules", "@standard-schema", "spec"),
        path.join(app, "node_modules", "@standard-schema", "spec"),
        "dir",
      );
      expect(await typecheckProject(app, compiler)).toBe("");
      const { stdout } = await run(process.execPath, ["out/main.js"], { cwd: app, timeout: 30_000 });
      expect(JSON.parse(stdout)).toEqual(EXPECTED);
    },
    300_000,
  );
});
