/**
 * The packed tarball itself, as consumers and registries see it: arethetypeswrong (strict
 * profile, every entry point under node10, node16 from CJS and ESM, bundler) and publint
 * --strict find nothing, and every source map and declaration map points at a file of the
 * shipped src/ (so a debugger or "go to definition" lands in TypeScript, not in dist/).
 */
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { packedTarball } from "../helpers/packed.js";

const run = promisify(execFile);
const bin = (name: string): string => path.join(ROOT, "node_modules", ".bin", name);
let tarball = "";
let unpacked = "";

beforeAll(async () => {
  tarball = await packedTarball();
  unpacked = await mkdtemp(path.join(os.tmpdir(), "tarball-"));
  await run("tar", ["-xzf", tarball, "-C", unpacked], { timeout: 60_000 });
}, 300_000);
afterAll(async () => {
  if (unpacked) await rm(unpacked, { recursive: true, force: true });
});

async function tool(file: string, args: string[]): Promise<{ code: number; out: string }> {
  return run(file, args, {
    cwd: unpacked,
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      code: typeof e.code === "number" ? e.code : 1,
      out: `${e.stdout ?? ""}${e.stderr ?? ""}`,
    }),
  );
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out;
}

describe("the packed tarball", () => {
  it("arethetypeswrong finds no problem in any entry point", async () => {
    const { code, out } = await tool(bin("attw"), [tarball, "--no-definitely-typed", "--format", "ascii"]);
    expect(out).toContain("No problems found");
    for (const entry of ["", "/advanced", "/eth", "/solana", "/mcp"]) {
      const block = out.split("***").find((b) => b.includes(`"@blockchain-rpc/clients${entry}"`));
      expect(block, entry).toMatch(
        /node10: 🟢\s*\nnode16 \(from CJS\): 🟢 \(CJS\)\nnode16 \(from ESM\): 🟢 \(ESM\)\nbundler: 🟢/,
      );
    }
    expect(code).toBe(0);
  }, 120_000);

  it("publint --strict finds nothing but the imports of dist/cjs/package.json, which Node does read", async () => {
    const { publint } = await import("publint");
    const pkgDir = path.join(unpacked, "package");
    const { messages } = await publint({ pkgDir, pack: false, strict: true });
    // publint holds that Node ignores a nested package.json's "imports" (true of "exports", not of
    // "imports": Node resolves `#…` by the nearest package.json, docs/DECISIONS.md). dist/cjs/'s is
    // that nearest one for the CommonJS build: without it, require("#default-transport") fails there.
    const nested = (m: (typeof messages)[number]): boolean =>
      m.code === "NESTED_PACKAGE_JSON_FIELD_IGNORED" &&
      (m.args as { filePath?: string }).filePath === "./dist/cjs/package.json" &&
      (m.args as { field?: string }).field === "imports";
    expect(messages.filter((m) => !nested(m))).toEqual([]);
    const required = createRequire(path.join(pkgDir, "dist/cjs/runtime/client.js")).resolve("#default-transport");
    expect(required).toBe(path.join(pkgDir, "dist/cjs/runtime/default-transport-node.js"));
  }, 120_000);

  it("ships declarations for each format, and every map points into the shipped src/", async () => {
    const pkg = path.join(unpacked, "package");
    const files = (await walk(pkg)).map((f) => path.relative(pkg, f));
    for (const entry of ["index", "advanced/index", "eth/index", "solana/index"]) {
      for (const format of ["esm", "cjs"]) {
        for (const ext of [".js", ".js.map", ".d.ts", ".d.ts.map"])
          expect(files, `${format} ${entry}${ext}`).toContain(`dist/${format}/${entry}${ext}`);
      }
    }
    expect(JSON.parse(await readFile(path.join(pkg, "dist/cjs/package.json"), "utf8"))).toEqual({
      type: "commonjs",
      imports: {
        "#default-transport": {
          bun: "./runtime/default-transport.js",
          node: "./runtime/default-transport-node.js",
          default: "./runtime/default-transport.js",
        },
      },
    });
    // The declarations never name a `#…` import (TypeScript's node10 resolution, typesVersions, knows none).
    const declarations = files.filter((f) => f.endsWith(".d.ts"));
    for (const file of declarations)
      expect(await readFile(path.join(pkg, file), "utf8"), file).not.toMatch(/(from\s*|import\()["']#/);

    const maps = files.filter((f) => f.endsWith(".map"));
    const emitted = files.filter((f) => /\.(js|d\.ts)$/.test(f) && f.startsWith("dist/"));
    expect(maps.length).toBe(emitted.length);
    const problems: string[] = [];
    for (const file of emitted) {
      const text = await readFile(path.join(pkg, file), "utf8");
      const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text)?.[1];
      if (url !== `${path.basename(file)}.map`) problems.push(`${file}: sourceMappingURL ${url ?? "missing"}`);
    }
    for (const file of maps) {
      const map = JSON.parse(await readFile(path.join(pkg, file), "utf8")) as {
        sources: string[];
        sourceRoot?: string;
      };
      for (const source of map.sources) {
        const target = path.relative(pkg, path.resolve(pkg, path.dirname(file), map.sourceRoot ?? "", source));
        if (!target.startsWith("src/") || !files.includes(target))
          problems.push(`${file}: ${source} → ${target} is not a shipped source`);
      }
      if (map.sources.length !== 1) problems.push(`${file}: ${map.sources.length} sources`);
    }
    expect(problems).toEqual([]);
  });
});
