/**
 * The Bun and Deno binaries, as npm installs them (the devDependency `bun`, the optional
 * dependency `@deno/linux-x64-glibc`).
 *
 * Bun brings its binary in a platform package that npm installs as an optional dependency
 * (`@oven/bun-linux-x64/bin/bun`); its postinstall script only moves or links it
 * (`bun/bin/bun.exe`). Deno's platform package is depended on directly: the `deno` package lists
 * every platform's package, and `npm ci` fails when the registry in use lacks one of them (the
 * registry CI uses serves only linux-x64's). npm may not run install scripts (npm 11 asks for
 * approval), so the platform package is tried first, and a binary counts only when `--version`
 * answers.
 *
 * Skips: where the platform has no such package, always (with a notice); where it has one but
 * the binary is missing, outside CI only (with a notice saying `npm ci` installs it); in CI the
 * test runs and fails.
 */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { ROOT } from "../../generator/root.js";
import { inCi } from "./chromium.js";

export interface RuntimeBinary {
  /** The executable, when one answers `--version`. */
  path: string | undefined;
  /** The version line it printed. */
  version: string | undefined;
  skip: boolean;
  notice: string | undefined;
}

const require = createRequire(path.join(ROOT, "package.json"));

/** The platform packages that ship each binary, by `${process.platform}-${process.arch}`. */
const PLATFORM_BINARIES: Record<string, Record<string, string[]>> = {
  bun: {
    "linux-x64": ["@oven/bun-linux-x64/bin/bun", "@oven/bun-linux-x64-baseline/bin/bun"],
    "linux-arm64": ["@oven/bun-linux-aarch64/bin/bun"],
    "darwin-x64": ["@oven/bun-darwin-x64/bin/bun"],
    "darwin-arm64": ["@oven/bun-darwin-aarch64/bin/bun"],
  },
  deno: {
    "linux-x64": ["@deno/linux-x64-glibc/deno"],
    "linux-arm64": ["@deno/linux-arm64-glibc/deno"],
    "darwin-x64": ["@deno/darwin-x64/deno"],
    "darwin-arm64": ["@deno/darwin-arm64/deno"],
  },
};

/** Where the postinstall script of the main package puts the binary. */
const LINKED: Record<string, string | undefined> = { bun: "bun/bin/bun.exe", deno: undefined };

function resolve(request: string): string | undefined {
  try {
    return require.resolve(request);
  } catch {
    return undefined;
  }
}

function versionOf(file: string): string | undefined {
  try {
    return execFileSync(file, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 20_000 })
      .split("\n")[0]!
      .trim();
  } catch {
    return undefined;
  }
}

/** Finds `bun` or `deno` and prints the skip notice, if any, on stderr. */
export function findRuntime(name: "bun" | "deno", env: NodeJS.ProcessEnv = process.env): RuntimeBinary {
  const platform = `${process.platform}-${process.arch}`;
  const packaged = PLATFORM_BINARIES[name]![platform];
  if (!packaged) {
    const notice = `Skipping the ${name} consumer: npm ships no ${name} binary for ${platform} that this test knows of.`;
    console.warn(notice);
    return { path: undefined, version: undefined, skip: true, notice };
  }
  for (const request of [...packaged, ...(LINKED[name] ? [LINKED[name]] : [])]) {
    const file = resolve(request);
    const version = file && versionOf(file);
    if (file && version) return { path: file, version, skip: false, notice: undefined };
  }
  if (inCi(env)) return { path: `${name}-not-installed`, version: undefined, skip: false, notice: undefined };
  const notice = `Skipping the ${name} consumer: no working ${name} binary in node_modules (${packaged.join(", ")}); run \`npm ci\` to install it (with CI=true the test runs and fails instead).`;
  console.warn(notice);
  return { path: undefined, version: undefined, skip: true, notice };
}
