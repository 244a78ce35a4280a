/**
 * Where the writer may write, decided on real paths. Path text alone can lie: `--out generated`
 * may be a symbolic link to the project itself, to another package's `node_modules`, or anywhere
 * else, and a leftover `<out>.old` may be one too. The writer replaces its folder with renames and
 * moves `node_modules`/`dist` over, so writing through a link would move or delete another
 * folder's contents. Every check here runs on the real path (`realpath` of the parent, `lstat` of
 * the folder itself), and a link is never followed: it is refused with one clear message.
 */
import { lstat, readdir, readFile, readlink, realpath } from "node:fs/promises";
import path from "node:path";
import { GeneratorError } from "../problems.js";
import { MARKER, parseMarker, type Marker } from "./marker.js";

/**
 * Why `target` can never be an output folder, whatever `--force` says: the root of the file
 * system, or the working folder or one of its ancestors (replacing it would delete the project).
 * Pure: callers pass real paths (see `realOutput`).
 */
export function outputProblem(target: string, cwd: string): { message: string; hint: string } | undefined {
  if (path.dirname(target) === target)
    return {
      message: "--out is the root of the file system.",
      hint: "Pass a folder for the package, such as ./my-client.",
    };
  const rel = path.relative(target, cwd);
  if (rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel)))
    return {
      message: "--out contains the working folder, which writing would replace.",
      hint: "Pass a folder inside the project, such as ./generated.",
    };
  return undefined;
}

export function refuse(given: string, message: string, hint: string): never {
  throw new GeneratorError([{ file: given, pointer: "", message, hint }], "write");
}

/** The real path of `p`: the real path of its nearest existing ancestor, then the rest as written. */
export async function realPath(p: string): Promise<string> {
  const absolute = path.resolve(p);
  const real = await realpath(absolute).catch(() => undefined);
  if (real !== undefined) return real;
  const parent = path.dirname(absolute);
  return parent === absolute ? absolute : path.join(await realPath(parent), path.basename(absolute));
}

/**
 * The real, absolute output folder for `given` (relative to `cwd`), or a refusal: the root, the
 * working folder or one of its ancestors (compared as real paths, so a link to the project is
 * caught), a symbolic link, or something that is not a folder. Links above the folder (a linked
 * home or temp folder) are resolved; the folder itself is never a link.
 */
export async function realOutput(given: string, cwd: string): Promise<string> {
  const typed = path.resolve(cwd, given);
  const real =
    path.dirname(typed) === typed ? typed : path.join(await realPath(path.dirname(typed)), path.basename(typed));
  const where = outputProblem(typed, path.resolve(cwd)) ?? outputProblem(real, await realPath(cwd));
  if (where) refuse(given, where.message, where.hint);
  const info = await lstat(real).catch(() => undefined);
  if (info?.isSymbolicLink()) {
    const to = await readlink(real).catch(() => "?");
    refuse(
      given,
      `--out is a symbolic link (to ${to}); the generator never writes through a link, because replacing the folder would move or delete what the link points to.`,
      "Pass a real folder (the link's target itself, if that is what you mean), or remove the link.",
    );
  }
  if (info && !info.isDirectory())
    refuse(given, "--out is a file, not a folder.", "Pass a folder (it is created when missing).");
  return real;
}

/** The marker of `dir` when it is a regular file the generator wrote (never read through a link), else undefined. */
export async function readMarker(dir: string): Promise<Marker | undefined> {
  const file = path.join(dir, MARKER);
  const info = await lstat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  const text = await readFile(file, "utf8").catch(() => undefined);
  return text === undefined ? undefined : parseMarker(text);
}

/**
 * Files under `dir` the generator did not write: neither listed in `owned` nor in a preserved
 * folder at the top. A link is never the generator's (it writes only regular files and folders),
 * even where the marker lists its name, and is never followed.
 */
export async function userFiles(
  dir: string,
  owned: ReadonlySet<string>,
  preserved: readonly string[],
): Promise<string[]> {
  const found: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (!rel && (preserved.includes(entry.name) || entry.name === MARKER)) continue;
      if (entry.isDirectory()) await walk(child);
      else if (!entry.isFile() || !owned.has(child)) found.push(child);
    }
  };
  await walk("");
  return found.sort();
}
