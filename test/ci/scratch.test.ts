/**
 * Where the test run keeps its files (test/setup/pack-dir.ts, test/setup/scratch-base.ts): a
 * memory-backed folder when there is one with room, else the system's temporary folder; every
 * test's mkdtemp folder and every tool the tests start inside the run's folder.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, inject, it } from "vitest";
import { runtimeCopy } from "../../generator/print/generated-header.js";
import { ROOT } from "../../generator/root.js";
import * as projectRuntime from "../../runtime/mock-json.js";
import { MIN_FREE_BYTES, scratchBase, TMPFS_MAGIC, type ScratchProbe } from "../setup/scratch-base.js";

const run = promisify(execFile);

const roomy = { type: TMPFS_MAGIC, bavail: MIN_FREE_BYTES / 4096, bsize: 4096 };
const probe = (over: Partial<ScratchProbe> = {}): ScratchProbe => ({
  env: {},
  platform: "linux",
  statfs: () => roomy,
  writable: () => true,
  ...over,
});

describe("the folder a run's files go under", () => {
  it("is /dev/shm when it is a writable tmpfs with room for a run", () => {
    expect(scratchBase(probe())).toBe("/dev/shm");
  });

  // Each case differs from the one above in one thing only.
  it.each<[string, Partial<ScratchProbe>]>([
    ["TMPDIR is set", { env: { TMPDIR: "/somewhere" } }],
    ["not Linux", { platform: "darwin" }],
    ["/dev/shm cannot be read", { statfs: () => undefined }],
    ["/dev/shm is not a tmpfs", { statfs: () => ({ ...roomy, type: 0xef53 }) }],
    // Docker's default /dev/shm is 64 MiB.
    ["/dev/shm has 64 MiB free", { statfs: () => ({ ...roomy, bavail: (64 * 2 ** 20) / 4096 }) }],
    ["/dev/shm has one block less than a run needs", { statfs: () => ({ ...roomy, bavail: roomy.bavail - 1 }) }],
    ["/dev/shm is not writable", { writable: () => false }],
  ])("is the system's temporary folder when %s", (_why, over) => {
    expect(scratchBase(probe(over))).toBe(os.tmpdir());
  });
});

describe("this run", () => {
  const tmp = path.join(inject("packDir"), "tmp");

  it("makes every test's temporary folder inside the run's folder", () => {
    expect(os.tmpdir()).toBe(tmp);
  });

  it("gives the tools the tests start the same temporary folder", async () => {
    const { stdout } = await run(process.execPath, ["-p", "require('node:os').tmpdir()"]);
    expect(stdout.trim()).toBe(tmp);
  });

  it("imports a package's exact runtime copy there as the project's runtime module (test/setup/runtime-once.ts)", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "runtime-once-"));
    try {
      const text = await readFile(path.join(ROOT, "runtime", "mock-json.ts"), "utf8");
      await mkdir(path.join(dir, "src", "runtime"), { recursive: true });
      await writeFile(path.join(dir, "src", "runtime", "mock-json.ts"), runtimeCopy("mock-json.ts", text));
      await writeFile(path.join(dir, "src", "index.ts"), 'export { jsonEqual } from "./runtime/mock-json.js";\n');
      // A copy that differs in a byte is its own module.
      await mkdir(path.join(dir, "changed", "src", "runtime"), { recursive: true });
      await writeFile(
        path.join(dir, "changed", "src", "runtime", "mock-json.ts"),
        `${runtimeCopy("mock-json.ts", text)}\n`,
      );
      await writeFile(
        path.join(dir, "changed", "src", "index.ts"),
        'export { jsonEqual } from "./runtime/mock-json.js";\n',
      );
      const exact = (await import(path.join(dir, "src", "index.ts"))) as typeof projectRuntime;
      const changed = (await import(path.join(dir, "changed", "src", "index.ts"))) as typeof projectRuntime;
      expect(exact.jsonEqual).toBe(projectRuntime.jsonEqual);
      expect(changed.jsonEqual).not.toBe(projectRuntime.jsonEqual);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
