/** The generated package compiles under `tsc --strict` (with noUncheckedIndexedAccess) on its own. */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";

const run = promisify(execFile);

describe("generated/", () => {
  it("type-checks with tsc --noEmit --strict", async () => {
    const tsc = path.join(ROOT, "node_modules", ".bin", "tsc");
    const result = await run(tsc, ["--noEmit", "--strict", "-p", "tsconfig.json"], {
      cwd: path.join(ROOT, "generated"),
      timeout: 120_000,
    }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(result.out).toBe("");
    expect(result.code).toBe(0);
  }, 120_000);
});
