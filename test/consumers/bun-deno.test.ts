/**
 * Bun and Deno consumers of the packed tarball: a fresh project installed by npm, run by the
 * binary the devDependencies `bun` and `deno` bring (test/helpers/runtimes.ts), against a
 * sample server on 127.0.0.1. The Bun project is type-checked by TypeScript 7 (`moduleResolution:
 * bundler`), the Deno project by `deno check` (Deno's own libs, the package's declarations).
 */
import { execFile } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshProject, installedPackage } from "../helpers/packed.js";
import { findRuntime } from "../helpers/runtimes.js";
import { startSampleServer, type SampleServer } from "../helpers/sample-server.js";
import { EXPECTED, EXPECTED_PATHS, checkSource, mainSource, tsconfig, typecheckProject } from "./projects.js";

// Packing and installing the tarball (once per run, shared by the consumer files) gets a hook's room.
beforeAll(installedPackage, 300_000);

const run = promisify(execFile);
const bun = findRuntime("bun");
const deno = findRuntime("deno");
let server: SampleServer;
const apps: string[] = [];

beforeAll(async () => {
  server = await startSampleServer({ echoId: true });
});
beforeEach(() => server?.reset());
afterAll(async () => {
  await server?.close();
  for (const app of apps) await rm(app, { recursive: true, force: true });
});

async function project(name: string, files: Record<string, string>): Promise<string> {
  const app = await freshProject(
    name,
    { type: "module" },
    { "check.ts": checkSource(), "main.ts": mainSource(server.url, "./check.ts"), ...files },
  );
  apps.push(app);
  return app;
}

/** Runs a binary in the project with a HOME and caches inside the project, so nothing is written elsewhere. */
async function inProject(
  app: string,
  file: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const home = path.join(app, ".home");
  await mkdir(home, { recursive: true });
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    XDG_CACHE_HOME: path.join(home, ".cache"),
    DENO_DIR: path.join(home, ".deno"),
    DENO_NO_UPDATE_CHECK: "1",
    NO_COLOR: "1",
    BUN_INSTALL_CACHE_DIR: path.join(home, ".bun-cache"),
    BUN_RUNTIME_TRANSPILER_CACHE_PATH: "0",
    DO_NOT_TRACK: "1",
  };
  return run(file, args, { cwd: app, env, timeout: 60_000 }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string; message: string }) => ({
      code: typeof e.code === "number" ? e.code : 1,
      stdout: e.stdout ?? "",
      stderr: e.stderr || e.message,
    }),
  );
}

describe.skipIf(bun.skip)("Bun", () => {
  it(`bun ${bun.version ?? ""}: the project type-checks (bundler resolution) and runs`, async () => {
    const app = await project("bun", {
      "tsconfig.json": tsconfig({
        module: "preserve",
        moduleResolution: "bundler",
        allowImportingTsExtensions: true,
        noEmit: true,
        lib: ["ES2022", "DOM"],
        types: [],
      }),
    });
    expect(await typecheckProject(app, "TypeScript 7")).toBe("");
    const result = await inProject(app, bun.path!, ["--no-install", "run", "main.ts"]);
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual(EXPECTED);
    expect(server.requests.map((r) => r.path)).toEqual([...EXPECTED_PATHS]);
    // Bun takes the package's `bun` condition of #default-transport: its own fetch (which names itself), not node:http.
    expect(server.requests.map((r) => String(r.headers["user-agent"]).split("/")[0])).toEqual(
      EXPECTED_PATHS.map(() => "Bun"),
    );
  }, 120_000);
});

describe.skipIf(deno.skip)("Deno", () => {
  it(`${deno.version ?? "deno"}: deno check passes and deno run (network limited to the server) works`, async () => {
    const app = await project("deno", { "deno.json": `${JSON.stringify({ nodeModulesDir: "manual" })}\n` });
    const checked = await inProject(app, deno.path!, ["check", "main.ts"]);
    expect(checked.code, checked.stderr).toBe(0);
    const host = new URL(server.url).host;
    const result = await inProject(app, deno.path!, [
      "run",
      "--no-prompt",
      `--allow-net=${host}`,
      "--allow-read=.",
      "main.ts",
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(EXPECTED);
    expect(server.requests.map((r) => r.path)).toEqual([...EXPECTED_PATHS]);
  }, 120_000);
});
