/**
 * vitest globalSetup: one mkdtemp folder per test run, removed when the run ends. It holds
 *
 * - the work shared by test files (test/helpers/run-cache.ts): the tarball test/helpers/packed.ts packs
 *   once, prettier's answers, …; creating the folder costs nothing, the work happens when a test asks;
 * - `tmp/`, the run's TMPDIR: every test's mkdtemp folder, and the temporary files of the tools the
 *   tests start (the workers and their child processes inherit it).
 *
 * The folder is made on a memory-backed filesystem when there is one with room (./scratch-base.ts).
 */
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, statfsSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { scratchBase } from "./scratch-base.js";

declare module "vitest" {
  export interface ProvidedContext {
    packDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const base = scratchBase({
    env: process.env,
    platform: process.platform,
    statfs: (p) => {
      try {
        return statfsSync(p);
      } catch {
        return undefined;
      }
    },
    writable: (p) => {
      try {
        accessSync(p, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    },
  });
  const dir = mkdtempSync(path.join(base, "openrpc-ts-run-"));
  const tmp = path.join(dir, "tmp");
  mkdirSync(tmp);
  const before = process.env.TMPDIR;
  // Read by os.tmpdir() in the workers, which start after the global setup, and by their child processes.
  process.env.TMPDIR = tmp;
  project.provide("packDir", dir);
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
