/**
 * Issue 33's "done when": a consumer project installs the packed package (offline) and tests its own
 * functions with the test kit, in vitest, through `mockTransport` and `mswHandlers`, with typed
 * handlers, fallbacks made from the spec and valid by ajv, rpcError, a batch and a subscription; the
 * same under node:test; strict tsc (declarations checked too) passes the suite and refuses a handler of
 * the wrong type. A second project without msw type-checks the testing entry and loads it, from ESM and
 * from CommonJS. vitest, msw and ajv are the workspace's, linked in as the consumer's own installs.
 */
import { execFile } from "node:child_process";
import { mkdir, rm, symlink } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { freshProject, installedPackage, toolEnv } from "../helpers/packed.js";
import { NODE_TYPES, tsconfig, typecheckProject } from "./projects.js";
import { AJV, APP, NODE_MSW_FREE_CHECK, NODE_TEST, NO_MSW, NO_MSW_CJS, VITEST, WRONG } from "./testing-projects.js";

// Packing and installing the tarball (once per run, shared by the consumer files) gets a hook's room.
beforeAll(installedPackage, 300_000);

const run = promisify(execFile);
const apps: string[] = [];
afterAll(async () => {
  for (const app of apps) await rm(app, { recursive: true, force: true });
});

/** The consumer's own install of a package: the workspace's copy, linked (the install is offline). */
async function link(app: string, name: string): Promise<void> {
  const target = path.join(app, "node_modules", name);
  await mkdir(path.dirname(target), { recursive: true });
  await symlink(path.join(ROOT, "node_modules", name), target, "dir");
}

const compilerOptions = {
  module: "nodenext",
  moduleResolution: "nodenext",
  lib: ["ES2022", "DOM"],
  ...NODE_TYPES,
};

describe("a project testing its own code with the test kit", async () => {
  const app = await freshProject(
    "testing-kit",
    { type: "module" },
    {
      "src/app.ts": APP,
      "test/ajv.ts": AJV,
      "test/app.test.ts": VITEST,
      "test/node-app.ts": NODE_TEST,
      "wrong/wrong.ts": WRONG,
      "vitest.config.mjs": `export default { test: { include: ["test/app.test.ts"], testTimeout: 30000 } };\n`,
      "tsconfig.json": tsconfig({ ...compilerOptions, outDir: "out", rootDir: "." }, ["src", "test"]),
      "tsconfig.wrong.json": tsconfig({ ...compilerOptions, noEmit: true }, ["wrong"]),
    },
  );
  apps.push(app);
  for (const name of ["vitest", "msw", "ajv"]) await link(app, name);

  it("type-checks under strict tsc (TypeScript 7), the package's declarations included (skipLibCheck off)", async () => {
    expect(await typecheckProject(app, "TypeScript 7", { timeout: 180_000 })).toBe("");
  }, 240_000);

  it("strict tsc (TypeScript 7) refuses a handler of the wrong type", async () => {
    const out = await typecheckProject(app, "TypeScript 7", { project: "tsconfig.wrong.json", timeout: 180_000 });
    expect(out).toMatch(/wrong\/wrong\.ts\(3,\d+\): error TS2322/);
    // TypeScript 5.9 names the result type alone, TypeScript 7 the handler type around it.
    expect(out).toMatch(/is not assignable to type '[^'\n]*`0x\$\{string\}`/);
  }, 240_000);

  it("its vitest suite passes: mockTransport and mswHandlers, typed handlers, fallbacks valid by ajv, rpcError, batch, subscription", async () => {
    const vitest = path.join(ROOT, "node_modules", "vitest", "vitest.mjs");
    const result = await run(process.execPath, [vitest, "run", "--reporter=verbose"], {
      cwd: app,
      env: toolEnv({ CI: "true", NO_COLOR: "1" }),
      timeout: 180_000,
    }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
    expect(result.out).toMatch(/Tests\s+6 passed \(6\)/);
    expect(result.code, result.out).toBe(0);
  }, 240_000);

  it("the kit works under node:test too", async () => {
    // TAP named: Node 23 and later print `spec` by default, also when the output is not a terminal.
    const result = await run(process.execPath, ["--test", "--test-reporter=tap", "out/test/node-app.js"], {
      cwd: app,
      timeout: 60_000,
    }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(result.out).toMatch(/# pass 2\n/);
    expect(result.code, result.out).toBe(0);
  }, 120_000);
});

describe("a project without msw", async () => {
  const app = await freshProject(
    "testing-no-msw",
    { type: "module" },
    {
      "main.ts": NO_MSW,
      "main.cjs": NO_MSW_CJS,
      "tsconfig.json": tsconfig({ ...compilerOptions, outDir: "out" }, ["main.ts"]),
    },
  );
  apps.push(app);

  it("type-checks the testing entry (TypeScript 5.9, skipLibCheck off) and loads it from ESM and CommonJS", async () => {
    expect(await typecheckProject(app, "TypeScript 5.9", { timeout: 180_000 })).toBe("");
    const esm = await run(process.execPath, ["out/main.js"], { cwd: app, timeout: 30_000 });
    expect(JSON.parse(esm.stdout)).toEqual({ n: "0x40", calls: [{ method: "eth_blockNumber", params: {} }] });
    const cjs = await run(process.execPath, ["main.cjs"], { cwd: app, timeout: 30_000 });
    expect(JSON.parse(cjs.stdout)).toEqual({ n: "0x41" });
    const missing = await run(process.execPath, ["--input-type=module", "-e", NODE_MSW_FREE_CHECK], {
      cwd: app,
      timeout: 30_000,
    });
    expect(missing.stdout.trim()).toBe(
      "mswHandlers needs msw 2, an optional peer dependency: npm install --save-dev msw@2.",
    );
  }, 240_000);
});
