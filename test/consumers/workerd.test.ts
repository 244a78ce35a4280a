/**
 * An edge consumer: a Cloudflare Worker in a fresh project that installs the tarball, bundled by
 * esbuild for the browser platform with the `workerd`/`worker` conditions (a Node built-in in
 * the package would fail the bundle), type-checked against the WebWorker lib, and run by
 * workerd through miniflare (npm; workerd's binary comes in the optional dependency
 * `@cloudflare/workerd-linux-64`, which `workerd` resolves by itself). No `nodejs_compat`
 * flag: no Node built-ins, and workerd refuses eval and `new Function`. The Worker calls the
 * clients against the sample server on 127.0.0.1.
 */
import { rm } from "node:fs/promises";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshProject } from "../helpers/packed.js";
import { startSampleServer, type SampleServer } from "../helpers/sample-server.js";
import { EXPECTED, EXPECTED_PATHS, checkSource, tsconfig, typecheckProject } from "./projects.js";

let server: SampleServer;
let mf: Miniflare | undefined;
let app = "";

const WORKER = `import { check } from "./check";

interface Env {
  SERVER: string;
}

function evalRefused(): boolean {
  try {
    return new Function("return 1")() !== 1;
  } catch {
    return true;
  }
}

export default {
  async fetch(_request: Request, env: Env): Promise<Response> {
    const answer = JSON.parse(await check(env.SERVER)) as Record<string, unknown>;
    const runtime = { evalRefused: evalRefused(), process: typeof (globalThis as { process?: unknown }).process };
    return new Response(JSON.stringify({ answer, runtime }), { headers: { "content-type": "application/json" } });
  },
};
`;

beforeAll(async () => {
  server = await startSampleServer({ echoId: true });
});
afterAll(async () => {
  try {
    await mf?.dispose();
  } finally {
    await server?.close();
    if (app) await rm(app, { recursive: true, force: true });
  }
});

describe("a Cloudflare Worker on workerd (miniflare)", () => {
  it("type-checks, bundles without Node built-ins, and calls the clients with eval refused", async () => {
    app = await freshProject(
      "workerd",
      { type: "module" },
      {
        "check.ts": checkSource(),
        "worker.ts": WORKER,
        "tsconfig.json": tsconfig({
          module: "esnext",
          moduleResolution: "bundler",
          lib: ["ES2022", "WebWorker"],
          noEmit: true,
          types: [],
        }),
      },
    );
    expect(await typecheckProject(app, "TypeScript 7")).toBe("");

    const bundle = await build({
      absWorkingDir: app,
      entryPoints: ["worker.ts"],
      bundle: true,
      format: "esm",
      platform: "browser",
      conditions: ["workerd", "worker", "browser"],
      target: "es2022",
      write: false,
      logLevel: "silent",
    });
    const script = bundle.outputFiles[0]!.text;
    expect(script).not.toMatch(/from\s*"node:|require\("node:/);

    // The module is listed by hand: miniflare's own import scan refuses the runtime's
    // `import(name)` of the optional `ws` package, which workerd itself never reaches (it has WebSocket).
    mf = new Miniflare({
      modules: [{ type: "ESModule", path: "worker.mjs", contents: script }],
      compatibilityDate: "2025-07-18",
      bindings: { SERVER: server.url },
    });
    const response = await mf.dispatchFetch("http://worker.local/");
    const body = (await response.json()) as { answer: unknown; runtime: unknown };
    expect(response.status).toBe(200);
    expect(body).toEqual({ answer: EXPECTED, runtime: { evalRefused: true, process: "undefined" } });
    expect(server.requests.map((r) => r.path)).toEqual([...EXPECTED_PATHS]);
  }, 180_000);
});
