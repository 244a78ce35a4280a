/**
 * The released version the generator keeps: `npm run release` writes it into the output
 * package's package.json, and every later `npm run gen` (and `--check`, `--watch`) reads it back
 * from there instead of falling back to the default, so a release is never undone by the next
 * generation. `--pkg-version` still wins.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { versionProblem } from "../package-name.js";
import { GeneratorError } from "../problems.js";
import { MARKER } from "../write/marker.js";
import { DEFAULT_VERSION } from "../defaults.js";

/**
 * The version in `<outDir>/package.json` when the generator wrote that folder (it holds the
 * marker); `undefined` for a new or foreign folder. A version that is not semver is an error
 * naming the file, never silently replaced.
 */
export async function releasedVersion(outDir: string, cwd = process.cwd()): Promise<string | undefined> {
  const dir = path.resolve(cwd, outDir);
  const [marker, text] = await Promise.all([
    readFile(path.join(dir, MARKER), "utf8").catch(() => undefined),
    readFile(path.join(dir, "package.json"), "utf8").catch(() => undefined),
  ]);
  if (marker === undefined || text === undefined) return undefined;
  const file = path.join(path.relative(cwd, dir) || ".", "package.json");
  let version: unknown;
  try {
    version = (JSON.parse(text) as { version?: unknown } | null)?.version;
  } catch {
    throw problem(file, "is not valid JSON, so the released version cannot be read from it.");
  }
  if (version === undefined) return undefined;
  if (typeof version !== "string" || versionProblem(version))
    throw problem(file, `has the version ${JSON.stringify(version).slice(0, 100)}, which is not a semantic version.`);
  return version;
}

/**
 * The `version` option of a generation that makes `version`: absent for the default, so that a
 * package never released keeps the fingerprint it always had (the marker's key hashes the options).
 */
export function versionOption(version: string | undefined): { version?: string } {
  return version === undefined || version === DEFAULT_VERSION ? {} : { version };
}

function problem(file: string, message: string): GeneratorError {
  return new GeneratorError(
    [
      {
        file,
        pointer: "/version",
        message,
        hint: "Fix the version (e.g. 1.2.0) or pass --pkg-version; `npm run release` keeps it for you.",
      },
    ],
    "load",
  );
}
