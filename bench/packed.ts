/**
 * The published build, as a user installs it: `npm pack` of generated/ (its prepack builds dist/),
 * installed into a fresh project in a temp folder. The calls section times the clients from that
 * project's node_modules/…/dist, not from generated/src.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { ROOT } from "./server.js";

const run = promisify(execFile);

export interface PackedBuild {
  /** The installed package's folder (…/node_modules/<name>). */
  dir: string;
  /** URL of the ES module entry of a subpath (`advanced`, `eth`) in dist/. */
  entry(subpath: string): string;
  remove(): Promise<void>;
}

export async function packedBuild(): Promise<PackedBuild> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-packed-"));
  try {
    await run("npm", ["pack", "--pack-destination", dir], { cwd: path.join(ROOT, "generated"), timeout: 300_000 });
    const tarball = (await readdir(dir)).find((f) => f.endsWith(".tgz"));
    if (!tarball) throw new Error("npm pack of generated/ wrote no tarball");
    const app = path.join(dir, "app");
    await mkdir(app);
    await writeFile(
      path.join(app, "package.json"),
      JSON.stringify({ name: "bench-app", version: "1.0.0", private: true }),
    );
    await run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", path.join(dir, tarball)], {
      cwd: app,
      timeout: 300_000,
    });
    const { name } = (
      await import(pathToFileURL(path.join(ROOT, "generated", "package.json")).href, { with: { type: "json" } })
    ).default as { name: string };
    const installed = path.join(app, "node_modules", ...name.split("/"));
    return {
      dir: installed,
      entry: (subpath) => pathToFileURL(path.join(installed, "dist", "esm", subpath, "index.js")).href,
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
