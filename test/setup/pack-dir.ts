/**
 * vitest globalSetup: one mkdtemp folder per test run where test/helpers/packed.ts packs
 * generated/ once (keyed by content hash) for every test that needs the tarball. Removed when
 * the run ends. Creating it costs nothing; the pack itself happens only when a test asks.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    packDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), "openrpc-ts-pack-"));
  project.provide("packDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
