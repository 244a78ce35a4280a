/**
 * A command run inside another program (`main(argv, { context })`, generator/commands/context.ts)
 * takes nothing of that program's process: relative paths are the context's folder's, every line
 * goes to the context's outputs, and a server stops on the context's signal without touching the
 * process's signal handlers. The probes are what a careless change would break: a `process.cwd()`
 * left in a command reads or writes the project's own folder, a `console.log` or `process.stdout`
 * prints past the collector, a SIGINT handler outlives its server.
 */
import { existsSync } from "node:fs";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { main } from "../../../generator/cli.js";
import type { CommandContext } from "../../../generator/commands/context.js";
import { ROOT } from "../../../generator/root.js";

const FIXTURE = path.join(ROOT, "test/fixtures/spec-diff");
const scratch = await mkdtemp(path.join(os.tmpdir(), "command-context-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** A context in `cwd` whose two outputs are kept; it has no environment but `env`. */
function contextIn(
  cwd: string,
  signal?: AbortSignal,
): { context: CommandContext; kept: { stdout: string; stderr: string } } {
  const kept = { stdout: "", stderr: "" };
  const output = (name: "stdout" | "stderr") => ({
    write: (text: string, done?: () => void) => {
      kept[name] += text;
      done?.();
      return true;
    },
  });
  const context = { cwd, env: {}, stdout: output("stdout"), stderr: output("stderr"), ...(signal ? { signal } : {}) };
  return { context, kept };
}

/** A folder of its own holding the fixture's two versions (v1/ and v2/, each a spec and the types it references). */
async function folder(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(scratch, `${name}-`));
  await cp(FIXTURE, dir, { recursive: true });
  return dir;
}

/** The process's own outputs and the console, watched: a line that reaches them is a leak. */
let leaks: MockInstance[] = [];
beforeEach(() => {
  leaks = [
    ...[process.stdout, process.stderr].map((stream) => vi.spyOn(stream, "write").mockImplementation(() => true)),
    ...(["log", "error", "warn"] as const).map((method) => vi.spyOn(console, method).mockImplementation(() => {})),
  ];
});
afterEach(() => {
  const leaked = leaks.flatMap((spy) => spy.mock.calls.map((call) => String(call[0])));
  vi.restoreAllMocks();
  expect(leaked).toEqual([]);
});

describe("a command run in process with a context of its own", () => {
  it("gen reads and writes relative to the context's folder, never the process's", async () => {
    const dir = await folder("gen");
    const { context, kept } = contextIn(dir);
    // Neither name exists in the process's folder (the project's root): a read or write there fails the test.
    const argv = ["gen", "--spec", "v1/pets.openrpc.json", "--out", "context-probe-out", "--name", "pets"];
    expect(existsSync(path.join(ROOT, "v1"))).toBe(false);
    expect(await main(argv, { context })).toBe(0);
    expect(kept.stderr).toBe("");
    expect(kept.stdout).toMatch(/^Wrote \d+ files to context-probe-out from v1\/pets\.openrpc\.json\.\n$/);
    expect(JSON.parse(await readFile(path.join(dir, "context-probe-out", "package.json"), "utf8"))).toMatchObject({
      name: "pets",
    });
    expect(existsSync(path.join(ROOT, "context-probe-out"))).toBe(false);
  });

  it("gen's fingerprint follows the context's OPENRPC_TS_CACHE, not the process's", async () => {
    const dir = await folder("gen-cache");
    const argv = ["gen", "--spec", "v1/pets.openrpc.json", "--out", "out", "--name", "pets"];
    const run = async (env: Record<string, string>): Promise<string> => {
      const { context, kept } = contextIn(dir);
      expect(await main(argv, { context: { ...context, env } })).toBe(0);
      return kept.stdout;
    };
    expect(await run({})).toMatch(/^Wrote \d+ files to out /);
    expect(await run({})).toMatch(/^out is up to date \(\d+ files from 1 spec\); nothing to write\.\n$/);
    // Off in the context: made in full and written again, and not recorded.
    expect(await run({ OPENRPC_TS_CACHE: "off" })).toMatch(/^Wrote \d+ files to out /);
  });

  it("spec:diff reads both sides and writes --output in the context's folder; its verdict goes to the context's stderr", async () => {
    const dir = await folder("spec-diff");
    const { context, kept } = contextIn(dir);
    const argv = [
      "spec:diff",
      "v1/pets.openrpc.json",
      "v2/pets.openrpc.json",
      "--format",
      "json",
      "--output",
      "r.json",
    ];
    expect(await main(argv, { context })).toBe(1);
    expect(kept.stdout).toBe("");
    expect(kept.stderr).toMatch(/^The review fails: 3 ERR at --fail-on ERR or worse\.\n$/);
    const report = JSON.parse(await readFile(path.join(dir, "r.json"), "utf8")) as { bump: string };
    expect(report.bump).toBe("major");
    expect(existsSync(path.join(ROOT, "r.json"))).toBe(false);
  });

  it("a mistake in the command line, the help and the version go to the context's outputs", async () => {
    const { context, kept } = contextIn(scratch);
    expect(await main(["gen", "--bogus"], { context })).toBe(1);
    expect(kept).toEqual({
      stdout: "",
      stderr: '"--bogus" is not an option of npm run gen. Run `npm run gen -- --help` for the options.\n',
    });
    kept.stderr = "";
    expect(await main(["spec:diff", "--help"], { context })).toBe(0);
    expect(kept.stdout).toMatch(/^Usage: npm run spec:diff -- /);
    kept.stdout = "";
    expect(await main(["--version"], { context })).toBe(0);
    expect(kept).toEqual({ stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/), stderr: "" });
  });

  it("mock serves the context's folder's spec and stops on the context's signal, leaving the process's signals alone", async () => {
    const dir = await folder("mock");
    const stop = new AbortController();
    const { context, kept } = contextIn(dir, stop.signal);
    const handlers = [process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")];
    const running = main(["mock", "--spec", "v1/pets.openrpc.json", "--port", "0", "--quiet"], { context });
    let url: string | undefined;
    for (let i = 0; i < 200 && !url; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      url = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(kept.stdout)?.[1];
    }
    expect(url, kept.stdout + kept.stderr).toBeDefined();
    expect([process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")]).toEqual(handlers);
    const listed = await fetch(`${url}/`);
    expect(await listed.text()).toContain("pets_list");
    stop.abort();
    expect(await running).toBe(0);
    await expect(fetch(`${url}/`)).rejects.toThrow();
    expect(kept.stderr).toBe("");
  });

  it("a server given a signal that has already aborted closes at once", async () => {
    const dir = await folder("aborted");
    const { context } = contextIn(dir, AbortSignal.abort());
    expect(await main(["mock", "--spec", "v1/pets.openrpc.json", "--port", "0", "--quiet"], { context })).toBe(0);
  });
});
