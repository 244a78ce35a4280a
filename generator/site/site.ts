/**
 * The whole site from spec/ (every spec/*.openrpc.json|yaml, as `npm run gen`): the generator's own pipeline (`generate()`, so the model is the
 * one the clients come from) → site model → page HTML, styles and the script bundle. Checks
 * first that generated/ matches the spec, because the bundle is built from it. Returns the files
 * (path → text); writes nothing.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_PACKAGE } from "../defaults.js";
import { compareOutputs } from "../write/diff.js";
import { generate, ROOT } from "../generate.js";
import type { DocumentModel } from "../model/document.js";
import { GeneratorError } from "../problems.js";
import { readOutput } from "../write/write.js";
import { bundleSite, type Bundle } from "./bundle.js";
import { siteModel } from "./model.js";
import { renderPage } from "./render.js";
import type { SiteData } from "./types.js";
import { releasedVersion, versionOption } from "../release/version.js";

export interface SiteBuildOptions {
  /** Where the page finds the mock server (default `mock/`, next to the page). */
  mockUrl?: string;
}

export interface SiteBuild {
  files: Map<string, string>;
  site: SiteData;
  bundle: Bundle;
  documents: DocumentModel[];
}

/** The files of the site, from the site model of already normalized documents. */
export async function siteFiles(site: SiteData): Promise<{ files: Map<string, string>; bundle: Bundle }> {
  const style = await readFile(path.join(ROOT, "templates/site/style.css"), "utf8");
  const bundle = await bundleSite(site, ROOT);
  const files = new Map([
    ["index.html", renderPage(site)],
    ["style.css", style],
    ["app.js", bundle.code],
  ]);
  return { files, bundle };
}

export async function buildSite(options: SiteBuildOptions = {}): Promise<SiteBuild> {
  // From the project folder, as `npm run gen` runs (at the released version it keeps): the files then match generated/ byte for byte.
  const released = versionOption(await releasedVersion(path.join(ROOT, "generated")));
  const generated = await generate({
    specs: await defaultSpecs(ROOT),
    cwd: ROOT,
    packageName: DEFAULT_PACKAGE,
    ...released,
  });
  const stale = compareOutputs(generated.files, await readOutput(path.join(ROOT, "generated")));
  if (stale.length > 0) {
    throw new GeneratorError(
      [
        {
          file: "generated/",
          pointer: "",
          message: `does not match spec/ (${stale.length} file${stale.length === 1 ? "" : "s"} differ), and the playground's script is built from it.`,
          hint: "Run `npm run gen` first.",
        },
      ],
      "The site",
    );
  }
  const site = siteModel(generated.documents, {
    packageName: DEFAULT_PACKAGE,
    ...(options.mockUrl ? { mockUrl: options.mockUrl } : {}),
  });
  const { files, bundle } = await siteFiles(site);
  return { files, site, bundle, documents: generated.documents };
}

/** Every spec/*.openrpc.(json|yaml), relative to `cwd`. */
export async function defaultSpecs(cwd: string): Promise<string[]> {
  const dir = path.join(ROOT, "spec");
  const names = (await readdir(dir)).filter((n) => /\.openrpc\.(json|ya?ml)$/.test(n)).sort();
  return names.map((n) => path.relative(cwd, path.join(dir, n)));
}
