/**
 * The generated package compiles under `tsc --strict` (with noUncheckedIndexedAccess) on its own,
 * by TypeScript 7 (tsgo): its build (`prepack`, test/helpers/packed.ts) compiles it with TypeScript
 * 5.9 and `--typecheck` (test/generator/commands/typecheck.test.ts) with the TypeScript ts-morph bundles.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { TSGO, TSGO_ENV } from "../helpers/strict-tsc.js";

const run = promisify(execFile);

describe("generated/", () => {
  it("type-checks with tsc --noEmit --strict (TypeScript 7)", async () => {
    const result = await run(TSGO, ["--noEmit", "--strict", "-p", "tsconfig.json"], {
      cwd: path.join(ROOT, "generated"),
      env: TSGO_ENV,
      timeout: 120_000,
    }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  }, 120_000);
});
