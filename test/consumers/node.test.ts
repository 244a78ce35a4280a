/**
 * Node consumers of the packed tarball, each a fresh project type-checked with the workspace's
 * TypeScript (declarations included) and run against a sample server on 127.0.0.1:
 * ESM (`module: nodenext`), CommonJS (`"type": "commonjs"`, `module: node16`, compiled to
 * `require`), and a bundler project (`moduleResolution: bundler`, bundled by esbuild for the
 * browser platform, the bundle run by Node).
 */
import { execFile } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshProject, installedPackage } from "../helpers/packed.js";
import { startSampleServer, type SampleServer } from "../helpers/sample-server.js";
import {
  EXPECTED,
  EXPECTED_PATHS,
  EXPECTED_TRANSPORT,
  NODE_TYPES,
  checkSource,
  mainSource,
  transportSource,
  tsconfig,
  typecheckProject,
} from "./projects.js";

// Packing and installing the tarball (once per run, shared by the consumer files) gets a hook's room.
beforeAll(installedPackage, 300_000);

const run = promisify(execFile);
let server: SampleServer;
const apps: string[] = [];

beforeAll(async () => {
  server = await startSampleServer({ echoId: true });
});
beforeEach(() => server.reset());
afterAll(async () => {
  await server?.close();
  for (const app of apps) await rm(app, { recursive: true, force: true });
});

async function project(
  name: string,
  packageJson: Record<string, unknown>,
  files: Record<string, string>,
): Promise<string> {
  const app = await freshProject(name, packageJson, files);
  apps.push(app);
  return app;
}

async function node(app: string, file: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, [file], { cwd: app, timeout: 30_000 });
  return JSON.parse(stdout);
}

describe("a Node project installing the tarball", () => {
  it("ESM, module nodenext: type-checks (TypeScript 5.9), imports, runs", async () => {
    const app = await project(
      "esm",
      { type: "module" },
      {
        "check.ts": checkSource(),
        "main.ts": mainSource(server.url, "./check.js"),
        "tsconfig.json": tsconfig({
          module: "nodenext",
          moduleResolution: "nodenext",
          lib: ["ES2022"],
          outDir: "out",
          ...NODE_TYPES,
        }),
      },
    );
    expect(await typecheckProject(app, "TypeScript 5.9")).toBe("");
    expect(await readFile(path.join(app, "out/check.js"), "utf8")).toContain('from "@blockchain-rpc/clients/eth"');
    expect(await node(app, "out/main.js")).toEqual(EXPECTED);
    expect(server.requests.map((r) => r.path)).toEqual([...EXPECTED_PATHS]);
  }, 120_000);

  it("CommonJS, module node16: type-checks against the CommonJS declarations (TypeScript 7), requires, runs", async () => {
    const app = await project(
      "cjs",
      { type: "commonjs" },
      {
        "check.ts": checkSource(),
        "main.ts": mainSource(server.url, "./check.js"),
        "tsconfig.json": tsconfig({
          module: "node16",
          moduleResolution: "node16",
          lib: ["ES2022"],
          outDir: "out",
          ...NODE_TYPES,
        }),
      },
    );
    expect(await typecheckProject(app, "TypeScript 7")).toBe("");
    expect(await readFile(path.join(app, "out/check.js"), "utf8")).toContain('require("@blockchain-rpc/clients/eth")');
    expect(await node(app, "out/main.js")).toEqual(EXPECTED);
    expect(server.requests.map((r) => r.path)).toEqual([...EXPECTED_PATHS]);
  }, 120_000);

  it("bundler: moduleResolution bundler type-checks (TypeScript 7), esbuild bundles for the browser platform, the bundle runs", async () => {
    const app = await project(
      "bundler",
      { type: "module" },
      {
        "check.ts": checkSource(),
        "main.ts": mainSource(server.url, "./check"),
        "tsconfig.json": tsconfig({
          module: "esnext",
          moduleResolution: "bundler",
          lib: ["ES2022", "DOM"],
          noEmit: true,
          types: [],
        }),
      },
    );
    expect(await typecheckProject(app, "TypeScript 7")).toBe("");
    const result = await build({
      absWorkingDir: app,
      entryPoints: ["main.ts"],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      outfile: "out/bundle.js",
      logLevel: "silent",
      metafile: true,
    });
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.startsWith("node_modules/@blockchain-rpc/clients/dist/esm/"))).toBe(true);
    expect(inputs.filter((i) => i.includes("/dist/cjs/"))).toEqual([]);
    expect(await node(app, "out/bundle.js")).toEqual(EXPECTED);
    expect(server.requests.map((r) => r.path)).toEqual([...EXPECTED_PATHS]);
  }, 120_000);

  it.each([
    { name: "ESM, module nodenext", type: "module", module: "nodenext", compiler: "TypeScript 7" },
    { name: "CommonJS, module node16", type: "commonjs", module: "node16", compiler: "TypeScript 5.9" },
  ] as const)(
    "$name ($compiler): a custom in-memory transport carries a call, a batch and a subscription; ./ws gives webSocket",
    async ({ type, module, compiler }) => {
      const app = await project(
        `transport-${type}`,
        { type },
        {
          "check.ts": transportSource(),
          "main.ts": `import { check } from "./check.js";\n\ncheck().then((line) => console.log(line));\n`,
          "tsconfig.json": tsconfig({
            module,
            moduleResolution: module,
            lib: ["ES2022"],
            outDir: "out",
            ...NODE_TYPES,
          }),
        },
      );
      expect(await typecheckProject(app, compiler)).toBe("");
      expect(await node(app, "out/main.js")).toEqual(EXPECTED_TRANSPORT);
      expect(server.requests).toEqual([]);
    },
    120_000,
  );
});
