/**
 * The whole site of a set of specs (default every spec/*.openrpc.json|yaml, as `npm run gen`): the
 * generator's own road (`loadModel` with the reading options gen takes, then `generate`, so the
 * model is the one the clients come from, with the same problems) → site model → page HTML,
 * styles and the script bundle. The bundle is built from a generated package: for spec/ it is
 * generated/ (checked first to match the spec: the fast road, nothing written); for any other
 * specs the package just generated, written into a temporary folder of this build's own and
 * removed after bundling. Returns the files (path → text); writes nothing else.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { processCaches } from "../commands/caches.js";
import { DEFAULT_PACKAGE } from "../defaults.js";
import { generate, packageModel } from "../generate.js";
import { loadFixedInputs } from "../load/fixed-inputs.js";
import { loadModel, readingOf, requireModel, type ReadingOptions } from "../load/load-model.js";
import type { DocumentModel } from "../model/document.js";
import { GeneratorError } from "../problems.js";
import { releasedVersion, versionOption } from "../release/version.js";
import { ROOT } from "../root.js";
import { compareOutputs } from "../write/diff.js";
import { MARKER } from "../write/marker.js";
import { readOutput } from "../write/write.js";
import { bundleSite, type Bundle } from "./bundle.js";
import { siteModel } from "./model.js";
import { renderPage } from "./render.js";
import type { SiteData } from "./types.js";

export interface SiteBuildOptions extends ReadingOptions {
  /** Where the page finds the mock server (default `mock/`, next to the page). */
  mockUrl?: string;
  /** The specs (default every spec/*.openrpc.json|yaml), relative to `cwd` (default the project folder). */
  specs?: readonly string[];
  cwd?: string;
}

export interface SiteBuild {
  files: Map<string, string>;
  site: SiteData;
  bundle: Bundle;
  documents: DocumentModel[];
}

/**
 * The files of the site, from the site model of already normalized documents; the script bundles
 * the clients of the package in `packageDir` (default generated/).
 */
export async function siteFiles(
  site: SiteData,
  packageDir = path.join(ROOT, "generated"),
): Promise<{ files: Map<string, string>; bundle: Bundle }> {
  const style = await readFile(path.join(ROOT, "templates/site/style.css"), "utf8");
  const bundle = await bundleSite(site, ROOT, packageDir);
  const files = new Map([
    ["index.html", renderPage(site)],
    ["style.css", style],
    ["app.js", bundle.code],
  ]);
  return { files, bundle };
}

export async function buildSite(options: SiteBuildOptions = {}): Promise<SiteBuild> {
  // From the project folder, as `npm run gen` runs (at the released version it keeps): the files then match generated/ byte for byte.
  const caches = processCaches();
  const cwd = options.cwd ?? ROOT;
  const own = options.specs === undefined;
  const specs = options.specs ?? (await defaultSpecs(cwd));
  const loaded = await loadModel({ specs, cwd, cache: caches.load, ...readingOf(options) });
  const { documents } = requireModel(loaded, "The site");
  const released = own ? versionOption(await releasedVersion(path.join(ROOT, "generated"))) : {};
  const model = packageModel(documents, { packageName: DEFAULT_PACKAGE, ...released });
  const generated = await generate(model, await loadFixedInputs(), caches);
  const site = siteModel(documents, {
    packageName: DEFAULT_PACKAGE,
    ...(options.mockUrl ? { mockUrl: options.mockUrl } : {}),
  });
  if (!own) return { ...(await fromPackage(site, generated.files)), site, documents };
  const onDisk = await readOutput(path.join(ROOT, "generated"));
  onDisk.delete(MARKER);
  const stale = compareOutputs(generated.files, onDisk);
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
  const { files, bundle } = await siteFiles(site);
  return { files, site, bundle, documents };
}

/** The site bundled from a package generated here: written into a temporary folder of its own, removed after. */
async function fromPackage(
  site: SiteData,
  packageFiles: ReadonlyMap<string, string>,
): Promise<{ files: Map<string, string>; bundle: Bundle }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "openrpc-ts-site-"));
  try {
    for (const [file, text] of packageFiles) {
      const target = path.join(dir, file);
      // Paths come from the plugins (relative, inside the package); checked all the same.
      if (path.relative(dir, target).startsWith("..")) throw new Error(`A package file escapes its folder: ${file}`);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, text);
    }
    return await siteFiles(site, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every spec/*.openrpc.(json|yaml), relative to `cwd`. */
export async function defaultSpecs(cwd: string): Promise<string[]> {
  const dir = path.join(ROOT, "spec");
  const names = (await readdir(dir)).filter((n) => /\.openrpc\.(json|ya?ml)$/.test(n)).sort();
  return names.map((n) => path.relative(cwd, path.join(dir, n)));
}
