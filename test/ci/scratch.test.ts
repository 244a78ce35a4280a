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
    expect(scratchBase(probe())).toEqual({ base: "/dev/shm", why: "a tmpfs with room" });
  });

  it("is the system's temporary folder otherwise, saying why", () => {
    const fallback = (over: Partial<ScratchProbe>): string => {
      const { base, why } = scratchBase(probe(over));
      expect(base).toBe(os.tmpdir());
      return why;
    };
    expect(fallback({ env: { TMPDIR: "/somewhere" } })).toBe("TMPDIR is set");
    expect(fallback({ platform: "darwin" })).toBe("no /dev/shm on darwin");
    expect(fallback({ statfs: () => undefined })).toBe("/dev/shm cannot be read");
    expect(fallback({ statfs: () => ({ ...roomy, type: 0xef53 }) })).toBe("/dev/shm is not a tmpfs");
    // Docker's default /dev/shm is 64 MiB.
    expect(fallback({ statfs: () => ({ ...roomy, bavail: (64 * 2 ** 20) / 4096 }) })).toBe(
      "/dev/shm has 0.1 GiB free, under 4 GiB",
    );
    expect(fallback({ writable: () => false })).toBe("/dev/shm is not writable");
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
