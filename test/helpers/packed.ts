/**
 * The packed tarball of generated/, built once per test run and shared by every test file.
 *
 * generated/ is copied (without dist/ and node_modules/) into a folder of the run's pack
 * folder (test/setup/pack-dir.ts) and `npm pack`ed there, so the package's own build script
 * runs (prepack) and nothing is written into the repository. The tarball is named by the
 * sha256 of generated/'s files and made once per run (test/helpers/run-cache.ts `oncePerRun`: test
 * files running in parallel wait on its lock and the second one reuses the first one's tarball).
 *
 * `freshProject` makes a project with the tarball installed: `npm install --offline` runs once per
 * run, into a project of its own, and each fresh project gets a copy of what it installed.
 */
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "../../generator/root.js";
import { keyOf, oncePerRun, runDir } from "./run-cache.js";
import { tscEnv } from "./strict-tsc.js";
import { treeHash } from "./tree-hash.js";

const run = promisify(execFile);
const GENERATED = path.join(ROOT, "generated");
const SKIP = new Set(["dist", "node_modules"]);

/** Env for child processes: the workspace's tools (tsc for the package's build) on PATH, no npm chatter. */
export function toolEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${path.join(ROOT, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
    npm_config_update_notifier: "false",
    npm_config_audit: "false",
    npm_config_fund: "false",
    ...extra,
  };
}

/** sha256 over generated/'s paths and contents (dist/ and node_modules/ left out). */
export async function contentHash(dir = GENERATED): Promise<string> {
  return (await treeHash(dir, SKIP)).slice(0, 16);
}

/** Path of the tarball of generated/ as it is now, packing it if this run has not yet (once per run, run-cache.ts). */
export async function packedTarball(): Promise<string> {
  const hash = await contentHash();
  const tarball = path.join(runDir(), `blockchain-rpc-clients-${hash}.tgz`);
  return oncePerRun("packed", hash, async () => {
    const work = await mkdtemp(path.join(runDir(), "work-"));
    const copy = path.join(work, "package");
    await cp(GENERATED, copy, { recursive: true, filter: (src) => !SKIP.has(path.relative(GENERATED, src)) });
    await linkBuildDependencies(copy);
    // The build (prepack) runs TypeScript 5.9 twice: with V8's thread pool sized for two cores (tscEnv).
    await run("npm", ["pack", "--pack-destination", work], { cwd: copy, env: tscEnv(toolEnv()), timeout: 240_000 });
    const packed = (await readdir(work)).filter((f) => f.endsWith(".tgz"));
    if (packed.length !== 1)
      throw new Error(`npm pack in ${copy} made ${packed.length} tarballs (${packed.join(", ")}); expected one.`);
    await rename(path.join(work, packed[0]!), tarball);
    await rm(work, { recursive: true, force: true });
    return tarball;
  });
}

/**
 * The package's devDependencies besides TypeScript (the types its build imports, such as
 * @tanstack/query-core for the `<subpath>/query` modules), linked from the workspace's
 * node_modules into the copy, as `npm install` in the package would provide them. npm pack
 * leaves node_modules/ out of the tarball.
 */
async function linkBuildDependencies(copy: string): Promise<void> {
  const manifest = JSON.parse(await readFile(path.join(copy, "package.json"), "utf8")) as {
    devDependencies?: Record<string, string>;
  };
  for (const name of Object.keys(manifest.devDependencies ?? {})) {
    if (name === "typescript") continue;
    const target = path.join(copy, "node_modules", name);
    await mkdir(path.dirname(target), { recursive: true });
    await symlink(path.join(ROOT, "node_modules", name), target, "dir");
  }
}

/**
 * The tarball installed once per run (`npm install --offline`) into a project of its own in the
 * run's folder; its path. Every fresh project copies its node_modules: the same tree npm would
 * write there, since those projects declare no dependencies of their own.
 */
async function installedOnce(tarball: string): Promise<string> {
  const base = path.join(runDir(), `installed-${path.basename(tarball, ".tgz")}`);
  return oncePerRun("installed", keyOf(tarball), async () => {
    await rm(base, { recursive: true, force: true });
    await mkdir(base);
    await writeFile(
      path.join(base, "package.json"),
      `${JSON.stringify({ name: "consumer-base", version: "1.0.0", private: true }, null, 2)}\n`,
    );
    await run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", tarball], {
      cwd: base,
      env: toolEnv(),
      timeout: 120_000,
    });
    return base;
  });
}

/**
 * Packs and installs the tarball for this run if no test file has yet (minutes on a busy machine):
 * a test file whose tests make fresh projects calls it in a beforeAll, so that the time goes to a
 * hook with room for it, not to whichever test runs first.
 */
export async function installedPackage(): Promise<void> {
  await installedOnce(await packedTarball());
}

/**
 * A fresh project in a mkdtemp folder: package.json (and any files given) and the tarball
 * installed (the node_modules npm installed once this run, copied with its .bin links, and the
 * dependency npm would add to package.json).
 */
export async function freshProject(
  name: string,
  packageJson: Record<string, unknown>,
  files: Record<string, string>,
): Promise<string> {
  const tarball = await packedTarball();
  const base = await installedOnce(tarball);
  const installed = JSON.parse(await readFile(path.join(base, "package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  const dependencies = Object.fromEntries(Object.keys(installed.dependencies ?? {}).map((d) => [d, `file:${tarball}`]));
  const app = await mkdtemp(path.join(os.tmpdir(), `consumer-${name}-`));
  await writeFile(
    path.join(app, "package.json"),
    `${JSON.stringify({ name: `consumer-${name}`, version: "1.0.0", private: true, ...packageJson, dependencies }, null, 2)}\n`,
  );
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(app, file)), { recursive: true });
    await writeFile(path.join(app, file), text);
  }
  await cp(path.join(base, "node_modules"), path.join(app, "node_modules"), {
    recursive: true,
    verbatimSymlinks: true,
  });
  return app;
}
