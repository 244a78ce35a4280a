/**
 * Stage 6, write: replaces the output folder in one step. The new tree is written completely
 * into a sibling temp folder, then swapped in with renames, so a crash never leaves the output
 * half old, half new. What the generator does not own (node_modules, dist, CHANGELOG.md) moves over.
 *
 * The output folder is the user's disk, so the write refuses what it cannot undo: a folder it
 * did not write (no MARKER), files in it that it did not write (unless `force`), the root, a
 * file, the working folder or one of its ancestors, and any path that would leave the folder.
 */
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { MARKER, parseMarker, withMarker } from "./marker.js";
import { GeneratorError } from "../problems.js";

export { MARKER };

/**
 * Entries of the output folder that belong to the package's users, not to the generator: build
 * products, and the changelog `npm run release` writes (generator/release/), which every later
 * run keeps as it is and `--check` does not compare.
 */
export const PRESERVED = ["node_modules", "dist", "CHANGELOG.md"];

export interface WriteOptions {
  /** Replace a folder the generator did not write, or files in it that it did not write. */
  force?: boolean;
  /** The working folder: a relative `outDir` is resolved against it, and the output may not contain it. Default `process.cwd()`. */
  cwd?: string;
}

export async function writeOutput(
  outDir: string,
  files: Map<string, string>,
  options: WriteOptions = {},
): Promise<void> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const target = path.resolve(cwd, outDir);
  for (const file of files.keys()) checkRelative(file);
  // Without a marker (the site, a test's files), one listing the files: the next run must know them as ours.
  const all = files.has(MARKER) ? files : withMarker(files);
  const where = outputProblem(target, cwd);
  if (where) refuse(outDir, where.message, where.hint);
  const info = await stat(target).catch(() => undefined);
  if (info && !info.isDirectory())
    refuse(outDir, "--out is a file, not a folder.", "Pass a folder (it is created when missing).");
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  await recover(target);
  await checkOwnership(target, outDir, options.force === true);
  const staging = await mkdtemp(path.join(parent, `.${path.basename(target)}.new-`));
  try {
    await chmod(staging, 0o755);
    // The folders first, then every file at once (all inside the staging folder).
    const folders = [...new Set([...all.keys()].map((file) => path.dirname(path.join(staging, file))))].sort();
    for (const folder of folders) await mkdir(folder, { recursive: true, mode: 0o755 });
    await Promise.all([...all].map(([file, text]) => writeFile(path.join(staging, file), text, { mode: 0o644 })));
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await swap(target, staging);
}

/**
 * Why `target` can never be an output folder, whatever `--force` says: the root of the file
 * system, or the working folder or one of its ancestors (replacing it would delete the project).
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

function refuse(given: string, message: string, hint: string): never {
  throw new GeneratorError([{ file: given, pointer: "", message, hint }], "write");
}

/** Swaps `staging` in for `target`; the preserved entries move from the old tree after the swap, so a failure cannot lose them. */
async function swap(target: string, staging: string): Promise<void> {
  if (!(await isDir(target))) {
    await rename(staging, target);
    return;
  }
  const old = `${target}.old`;
  await rm(old, { recursive: true, force: true });
  await rename(target, old);
  try {
    await rename(staging, target);
  } catch (error) {
    await rename(old, target);
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  await finish(target, old);
}

/** Moves the preserved entries from the old tree into the new one (unless it has its own), then removes the old tree. */
async function finish(target: string, old: string): Promise<void> {
  for (const name of PRESERVED) {
    if ((await exists(path.join(old, name))) && !(await exists(path.join(target, name))))
      await rename(path.join(old, name), path.join(target, name));
  }
  await rm(old, { recursive: true, force: true });
}

/** A crash during a swap leaves `<out>.old`: finish the swap, or put the old tree back. */
async function recover(target: string): Promise<void> {
  const old = `${target}.old`;
  if (!(await isDir(old))) return;
  if (await isDir(target)) await finish(target, old);
  else await rename(old, target);
}

/** Paths in the file map are plain relative paths that stay inside the output folder. */
function checkRelative(file: string): void {
  const parts = file.split("/");
  if (
    file === "" ||
    path.isAbsolute(file) ||
    /^[a-z]:/i.test(file) ||
    file.includes("\\") ||
    file.includes("\u0000") ||
    parts.some((p) => p === "" || p === "." || p === "..")
  ) {
    refuse(
      "(output)",
      `refusing to write ${JSON.stringify(file)}: it is not a plain relative path inside the output folder.`,
      "This is a bug in the generator or a name it should have refused; please report it.",
    );
  }
}

async function checkOwnership(target: string, given: string, force: boolean): Promise<void> {
  const entries = await readdir(target).catch(() => [] as string[]);
  if (entries.length === 0 || force) return;
  const marker = await readFile(path.join(target, MARKER), "utf8").catch(() => undefined);
  const listed = marker === undefined ? undefined : parseMarker(marker)?.files;
  const owned = listed === undefined ? undefined : new Set(listed);
  if (owned === undefined)
    refuse(
      given,
      `is not empty and was not written by the generator (it has no ${MARKER}).`,
      "Choose an empty or new folder, or pass --force to replace everything in it.",
    );
  const theirs = await userFiles(target, owned);
  if (theirs.length > 0) {
    const list = theirs.slice(0, 5).join(", ") + (theirs.length > 5 ? `, and ${theirs.length - 5} more` : "");
    refuse(
      given,
      `holds files the generator did not write (${list}); writing would delete them.`,
      "Move them out of the folder, or pass --force to replace them.",
    );
  }
}

/** Files under `dir` that are neither listed in the marker nor in a preserved folder. */
async function userFiles(dir: string, owned: ReadonlySet<string>): Promise<string[]> {
  const found: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (!rel && (PRESERVED.includes(entry.name) || entry.name === MARKER)) continue;
      if (entry.isDirectory()) await walk(child);
      else if (!owned.has(child)) found.push(child);
    }
  };
  await walk("");
  return found.sort();
}

async function isDir(p: string): Promise<boolean> {
  return stat(p).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/** The files under `dir` that the generator owns (everything but PRESERVED), path → text. */
export async function readOutput(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (rel: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (!rel && PRESERVED.includes(entry.name)) continue;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) files.set(child, await readFile(path.join(dir, child), "utf8"));
    }
  };
  await walk("");
  return files;
}
