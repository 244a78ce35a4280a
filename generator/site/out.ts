/**
 * Where `npm run docs` may write: the checks of generator/write/write.ts (never the root, the working
 * folder or its ancestors; never a non-empty folder without the generator's marker, nor one
 * holding files the generator did not write; never a path outside the folder), plus one of its
 * own: a folder the generator wrote as a client package (its marker lists no index.html) is not
 * a site, so the site never replaces generated/ or any other client package.
 */
import { lstat, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { MARKER } from "../write/marker.js";
import { GeneratorError } from "../problems.js";
import { realOutput, writeOutput } from "../write/write.js";

/** Files every site has; a marker without them belongs to something else. */
export const SITE_FILES = ["index.html", "app.js", "style.css"];

/** Why `marker` (the text of an existing output folder's marker) shows the folder is no site, or undefined. */
export function notASite(marker: string | undefined): string | undefined {
  if (marker === undefined) return undefined;
  try {
    const files = (JSON.parse(marker) as { files?: unknown }).files;
    if (Array.isArray(files) && SITE_FILES.every((f) => files.includes(f))) return undefined;
  } catch {
    // an unreadable marker is no site's either
  }
  return `holds output of the generator that is not a site (its ${MARKER} lists no ${SITE_FILES.join(", ")}); writing the site would replace it.`;
}

/**
 * Refuses, before anything is built, an --out that can never take a site: the root, the working
 * folder or an ancestor (as real paths), a symbolic link, a non-empty folder the generator did not write, or a folder holding
 * generator output that is not a site. (writeOutput
 * checks the rest, and these again, when it writes.)
 */
export async function checkSiteOut(outDir: string, cwd = process.cwd()): Promise<void> {
  // The real folder, or a refusal (the root, the working folder or an ancestor, a link, a file).
  const target = await realOutput(outDir, cwd);
  const hint = "Choose an empty or new folder for the site, such as ./site.";
  const markerFile = path.join(target, MARKER);
  const isFile = (await lstat(markerFile).catch(() => undefined))?.isFile() === true;
  const marker = isFile ? await readFile(markerFile, "utf8").catch(() => undefined) : undefined;
  const entries = await readdir(target).catch(() => [] as string[]);
  const problem =
    marker === undefined && entries.length > 0
      ? `is not empty and was not written by the generator (it has no ${MARKER}).`
      : notASite(marker);
  if (problem) throw new GeneratorError([{ file: outDir, pointer: "", message: problem, hint }], "write");
}

export async function writeSite(outDir: string, files: Map<string, string>, cwd = process.cwd()): Promise<void> {
  await checkSiteOut(outDir, cwd);
  await writeOutput(outDir, files, { cwd });
}
