/**
 * YAML documents through the command line as users run it (`node generator/bin.mjs`, the esbuild
 * bundle, where the `yaml` module arrives as a CommonJS default export): a valid document
 * generates; a broken one is one clear problem with its place, and never a crash of the error
 * path itself ("Right-hand side of 'instanceof' …").
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cliProcess } from "../../helpers/cli.js";

const run = promisify(execFile);
let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "yaml-cli-"));
  await writeFile(
    path.join(dir, "ok.openrpc.yaml"),
    "openrpc: 1.3.2\ninfo:\n  title: Yaml\n  version: 1.0.0\nmethods:\n  - name: hello\n    params: []\n    result:\n      name: r\n      schema:\n        type: string\n",
  );
  await writeFile(path.join(dir, "bad.openrpc.yaml"), "openrpc: 1.3.2\ninfo: [unclosed\n");
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const gen = async (spec: string): Promise<{ code: number; out: string }> => {
  const [file, args] = cliProcess("gen", ["--spec", path.join(dir, spec), "--out", path.join(dir, `out-${spec}`)]);
  return run(file, args, { timeout: 60_000 }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
};

describe("YAML documents through the bundled command line", () => {
  it("a valid document generates", async () => {
    const { code, out } = await gen("ok.openrpc.yaml");
    expect(out).toMatch(/^Wrote \d+ files to /m);
    expect(code).toBe(0);
  }, 60_000);

  it("a broken document is one problem with its line and column, not a crash", async () => {
    const { code, out } = await gen("bad.openrpc.yaml");
    expect(code).toBe(1);
    expect(out).toContain("bad.openrpc.yaml#: is not valid YAML (line 3, column 1: bad indent).");
    expect(out).not.toMatch(/instanceof|failed:|\n\s+at /);
  }, 60_000);
});
