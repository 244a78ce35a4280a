/**
 * The package's `#default-transport` import, as bundlers resolve it from the installed tarball: a
 * default client (`{ url, apiKey }`) bundled for the browser, for wrangler's `workerd`, for Vercel's
 * `edge-light` (esbuild) and for the browser by Rollup holds the fetch file and no node:http code,
 * from the ESM build and from the CommonJS one (`require`); so does one for Bun (its `bun`
 * condition comes before `node`); bundled for Node, it holds the node:http one. The size of the browser bundle is guarded by test/size-budget.test.ts.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PACKAGE } from "../../generator/defaults.js";
import { freshProject } from "../helpers/packed.js";

let app = "";
beforeAll(async () => {
  const client = `createAdvancedClient({ url: "https://host/multichain", apiKey: "k" }).getCurrencies({ blockchain: "eth" });`;
  app = await freshProject(
    "default-transport",
    { type: "module" },
    {
      "esm.js": `import { createAdvancedClient } from "${DEFAULT_PACKAGE}/advanced";\n${client}\n`,
      "cjs.cjs": `const { createAdvancedClient } = require("${DEFAULT_PACKAGE}/advanced");\n${client}\n`,
    },
  );
}, 300_000);
afterAll(async () => {
  if (app) await rm(app, { recursive: true, force: true });
});

/** The package's runtime files an esbuild bundle of `entry` holds. */
async function esbuildInputs(entry: string, platform: "browser" | "node", conditions?: string[]): Promise<string[]> {
  const result = await build({
    absWorkingDir: app,
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform,
    ...(conditions && { conditions }),
    write: false,
    metafile: true,
    logLevel: "silent",
    external: ["ws"],
  });
  return Object.keys(result.metafile.inputs).filter((file) => file.includes("/runtime/"));
}

const FETCH = /dist\/(esm|cjs)\/runtime\/default-transport\.js$/;
const NODE = /dist\/(esm|cjs)\/runtime\/(default-transport-node|node)\.js$/;

/** Which transport a bundle's runtime `files` picked: the fetch file alone, or the node:http ones (both) and no fetch file. */
function expectPicked(files: readonly string[], pick: "fetch" | "node:http", label: string): void {
  const [picked, other, count] = pick === "fetch" ? [FETCH, NODE, 1] : [NODE, FETCH, 2];
  expect(
    files.filter((f) => picked.test(f)),
    `${label}:\n${files.join("\n")}`,
  ).toHaveLength(count);
  expect(
    files.filter((f) => other.test(f)),
    label,
  ).toEqual([]);
}

describe("#default-transport in bundles of the installed package", () => {
  const targets = [
    { name: "the browser", conditions: undefined },
    { name: "wrangler's workerd", conditions: ["workerd", "worker", "browser"] },
    { name: "Vercel's edge-light", conditions: ["edge-light", "worker", "browser"] },
  ];
  for (const { name, conditions } of targets)
    for (const entry of ["esm.js", "cjs.cjs"])
      it(`esbuild for ${name} (${entry}): the fetch file, no node:http`, async () => {
        expectPicked(await esbuildInputs(entry, "browser", conditions), "fetch", entry);
      }, 60_000);

  it("Rollup for the browser: the fetch file, no node:http", async () => {
    const [{ rollup }, { nodeResolve }] = await Promise.all([import("rollup"), import("@rollup/plugin-node-resolve")]);
    const bundle = await rollup({
      input: path.join(app, "esm.js"),
      onwarn: () => undefined,
      plugins: [nodeResolve({ browser: true, rootDir: app })],
    });
    const modules = bundle.cache!.modules.map((m) => m.id).filter((id) => id.includes("/runtime/"));
    await bundle.close();
    expectPicked(modules, "fetch", "esm.js");
  }, 60_000);

  it("esbuild for Bun (its `bun` condition first): the fetch file", async () => {
    for (const entry of ["esm.js", "cjs.cjs"])
      expectPicked(await esbuildInputs(entry, "node", ["bun"]), "fetch", entry);
  }, 60_000);

  it("esbuild for Node: the node:http file", async () => {
    for (const entry of ["esm.js", "cjs.cjs"]) expectPicked(await esbuildInputs(entry, "node"), "node:http", entry);
  }, 60_000);
});
