/**
 * Type-checks generated packages written side by side in one folder (`<dir>/<name>/src`) with one
 * `tsc` run under the strictest options a consumer may use: resolves with tsc's output ("" when
 * everything compiles), never rejects (a crash or a timeout is its message).
 *
 * The compiler is TypeScript 7 (`tsgo`, the native port, `typescript@latest`): the same checker and
 * messages at about a third of the CPU of TypeScript 5.9 (docs/DECISIONS.md, "Generated code is
 * type-checked by TypeScript 7 in tests"). TypeScript 5.9 keeps checking the package of spec/ and the
 * published declarations (test/generator/commands/typecheck.test.ts, test/package/typecheck.test.ts,
 * test/consumers/).
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { SOURCE_CONDITION } from "../../generator/defaults.js";
import { ROOT } from "../../generator/root.js";
import { outputOfView, runtimeView } from "./runtime-view.js";

const run = promisify(execFile);

/**
 * TypeScript 7's compiler (`@typescript/native-preview`, pinned in package.json): its native
 * executable, from the package of this platform (`@typescript/native-preview-linux-x64`, …), which
 * `node_modules/.bin/tsgo` would start from a Node process of its own (about 0.1 s of CPU per run on
 * Node 20, which cannot replace itself with the executable). That script where the platform's
 * package is not found.
 */
export const TSGO = nativeTsgo() ?? path.join(ROOT, "node_modules", ".bin", "tsgo");

function nativeTsgo(): string | undefined {
  const dir = path.join(
    ROOT,
    "node_modules",
    "@typescript",
    `native-preview-${process.platform}-${process.arch}`,
    "lib",
  );
  const exe = path.join(dir, process.platform === "win32" ? "tsgo.exe" : "tsgo");
  return existsSync(exe) ? exe : undefined;
}

/**
 * The environment TypeScript 7 runs in here: Go's garbage collector off until the compiler's heap
 * nears 3 GiB (`GOGC=off` with `GOMEMLIMIT`, the setting Go's GC guide gives for a process that
 * should collect only under memory pressure). The programs of these tests peak at about 1.5 GiB,
 * so they are never collected: about a quarter less CPU per run (docs/DECISIONS.md, "Fourth round").
 */
export const TSGO_ENV: NodeJS.ProcessEnv = { ...process.env, GOGC: "off", GOMEMLIMIT: "3GiB" };

/**
 * `env` for TypeScript 5.9, a Node program (the package's build, the consumer projects' checks):
 * V8's pool of background threads cut from Node's default of four to one (`--v8-pool-size=1`). On
 * two cores, four threads of concurrent compiling and marking beside the compiler cost more than
 * they save: a check of the package of spec/ took 11.9 → 9.7 s of CPU and 7.3 → 5.7 s of wall time,
 * its CommonJS build 14.4 → 12.5 s of CPU (docs/DECISIONS.md, "Fourth round"). What it compiles and
 * reports is the same.
 */
export function tscEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ""} --v8-pool-size=1`.trim() };
}

export const STRICT_COMPILER_OPTIONS = {
  target: "ES2022",
  lib: ["ES2022", "DOM"],
  module: "NodeNext",
  moduleResolution: "NodeNext",
  strict: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
  // The package's `#default-transport` import maps to dist/ for its users; these checks compile src/
  // alone, so it resolves through the source condition (generator/defaults.ts SOURCE_CONDITION).
  customConditions: [SOURCE_CONDITION],
} as const;

export function strictTsc(dir: string, packages: readonly string[], timeout: number): Promise<string> {
  return strictTscOver(
    dir,
    packages.map((name) => `${name}/src`),
    timeout,
  );
}

/**
 * The same over any `include` globs (paths inside `dir`: a package's sources and the user's own
 * files), with `overrides` of the strict options where a check needs them. When every entry is a
 * whole package (`<name>/src`), a runtime copy byte-identical to an earlier package's is checked once
 * (runtime-view.ts); what is reported, and under which paths, is what a check of each would report.
 */
export async function strictTscOver(
  dir: string,
  include: readonly string[],
  timeout: number,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  // The packages' build dependencies (the MCP SDK, whose types `<package>/mcp` uses), as `npm install`
  // in a package gives them: the workspace's node_modules, linked beside the packages (removing `dir`
  // removes the link, never what it points to).
  await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir").catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== "EEXIST") throw error;
  });
  // Whole packages (`<name>/src`) that hold the same runtime: each runtime copy checked once (runtime-view.ts).
  const packages = include.every((entry) => /^[^*?]+\/src$/.test(entry))
    ? include.map((entry) => entry.slice(0, -"/src".length))
    : [];
  const view = packages.length > 1 ? await runtimeView(dir, packages) : undefined;
  const at = view?.dir ?? dir;
  const compilerOptions = { ...STRICT_COMPILER_OPTIONS, ...overrides, ...(view ? { rootDirs: view.rootDirs } : {}) };
  await writeFile(path.join(at, "tsconfig.json"), JSON.stringify({ compilerOptions, include }));
  try {
    const output = await run(TSGO, ["-p", path.join(at, "tsconfig.json")], { timeout, env: TSGO_ENV }).then(
      (r) => r.stdout,
      (e: { stdout?: string; message: string }) => e.stdout || e.message,
    );
    return view ? outputOfView(output, view.dir, dir, process.cwd()) : output;
  } finally {
    if (view) await rm(view.dir, { recursive: true, force: true });
  }
}
