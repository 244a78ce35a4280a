/**
 * The bundle `npm run gen` runs (generator/build.mjs) checks examples as the sources do: ajv is a
 * chunk of its own there, imported on first need, and CommonJS interop differs between esbuild
 * and Node. Built into its own temporary folder and run as a child process.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { doc } from "../../helpers/spec.js";

const run = promisify(execFile);
let dir = "";

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "examples-bundle-"));
  const { buildGenerator } = (await import(path.join(ROOT, "generator", "build.mjs"))) as {
    buildGenerator(options: { outdir: string }): Promise<unknown>;
  };
  await buildGenerator({ outdir: path.join(dir, "bundle") });
  // The bundle keeps prettier, ts-morph and esbuild external: found as from the repository's own build.
  await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const spec = (value: unknown) =>
  doc([
    {
      name: "get",
      params: [{ name: "n", required: true, schema: { type: "integer", maximum: 5 } }],
      examples: [{ name: "ex", params: [{ name: "n", value }], result: { name: "r", value: "ok" } }],
    },
  ]);

/** Runs the bundled generator on `document`; its exit code and output. */
async function gen(document: unknown, name: string): Promise<{ code: number; output: string }> {
  const file = path.join(dir, `${name}.openrpc.json`);
  await writeFile(file, JSON.stringify(document));
  const args = [path.join(dir, "bundle", "cli.mjs"), "--spec", file, "--out", path.join(dir, `out-${name}`)];
  const env = { ...process.env, OPENRPC_TS_CACHE: "off" };
  return run(process.execPath, args, { cwd: dir, env, timeout: 30_000 }).then(
    (r) => ({ code: 0, output: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, output: e.stdout + e.stderr }),
  );
}

describe("the bundled generator's examples check", () => {
  it("refuses a document whose example does not fit, saying where and what", async () => {
    const { code, output } = await gen(spec(9), "wrong");
    expect(code).toBe(1);
    expect(output).toContain(
      '#/methods/0/examples/0/params: example "ex" of get has invalid params: /n must be <= 5, found 9.',
    );
    await expect(readdir(dir)).resolves.not.toContain("out-wrong");
  }, 30_000);

  it("generates a document whose examples fit", async () => {
    const { code, output } = await gen(spec(3), "right");
    expect(output).not.toContain("problem");
    expect(code).toBe(0);
  }, 30_000);
});
