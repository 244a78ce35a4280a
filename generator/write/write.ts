/**
 * Stage 6, write: replaces the output folder in one step. The new tree is written completely
 * into a sibling temp folder, then swapped in with renames, so a crash never leaves the output
 * half old, half new. What the generator does not own (node_modules, dist, CHANGELOG.md) moves over.
 *
 * The output folder is the user's disk, so the write refuses what it cannot undo: a folder it
 * did not write (no MARKER), files in it that it did not write (unless `force`), the root, a
 * file, the working folder or one of its ancestors, and any path that would leave the folder.
 * Every check runs on real paths and no link is ever followed (./paths.ts): an `--out` or a
 * leftover `<out>.old` that is a link is refused, and links inside are removed, never entered.
 */
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { MARKER, withMarker } from "./marker.js";
import { readMarker, realOutput, refuse, userFiles } from "./paths.js";

export { MARKER };
export { outputProblem, realOutput } from "./paths.js";

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
  const force = options.force === true;
  for (const file of files.keys()) checkRelative(file);
  // Without a marker (the site, a test's files), one listing the files: the next run must know them as ours.
  const all = files.has(MARKER) ? files : withMarker(files);
  const target = await realOutput(outDir, cwd);
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  await recover(target, outDir, force);
  await checkOwnership(target, outDir, { force, leftover: false });
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
  await swap(target, staging, outDir);
}

/** Swaps `staging` in for `target`; the preserved entries move from the old tree after the swap, so a failure cannot lose them. */
async function swap(target: string, staging: string, given: string): Promise<void> {
  if (!(await isDir(target))) {
    await rename(staging, target);
    return;
  }
  const old = `${target}.old`;
  // recover() has just finished any leftover; one that appeared since is not ours to delete.
  if (await lstat(old).catch(() => undefined)) {
    await rm(staging, { recursive: true, force: true });
    refuse(
      `${given}.old`,
      "appeared while the generator was writing; it was left as it is.",
      "Remove it and run again.",
    );
  }
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

/**
 * Moves the preserved entries from the old tree into the new one (unless it has its own), then
 * removes the old tree: every other entry first and the marker last, so that a crash half-way
 * leaves a tree that still shows it is the generator's. Links inside are removed, never followed.
 */
async function finish(target: string, old: string): Promise<void> {
  for (const name of PRESERVED) {
    if ((await present(path.join(old, name))) && !(await present(path.join(target, name))))
      await rename(path.join(old, name), path.join(target, name));
  }
  for (const name of await readdir(old))
    if (name !== MARKER) await rm(path.join(old, name), { recursive: true, force: true });
  await rm(old, { recursive: true, force: true });
}

/**
 * A crash during a swap leaves `<out>.old`: finish the swap, or put the old tree back. Only a real
 * folder holding the generator's marker is such a leftover: a link, a file, or a folder without
 * the marker (even with `force`) is refused and left as it is.
 */
async function recover(target: string, given: string, force: boolean): Promise<void> {
  const old = `${target}.old`;
  const info = await lstat(old).catch(() => undefined);
  if (!info) return;
  const name = `${given}.old`;
  const hint = "It is not what an interrupted write leaves; move or remove it yourself, then run again.";
  if (info.isSymbolicLink())
    refuse(name, "is a symbolic link; the generator never moves or deletes what a link points to.", hint);
  if (!info.isDirectory()) refuse(name, "is not a folder the generator wrote.", hint);
  await checkOwnership(old, name, { force, leftover: true });
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

/**
 * Refuses a non-empty folder without the generator's marker (unless `force`; never for a
 * `leftover`), and one holding files the marker does not list (unless `force`).
 */
async function checkOwnership(
  target: string,
  given: string,
  { force, leftover }: { force: boolean; leftover: boolean },
): Promise<void> {
  const entries = await readdir(target).catch(() => [] as string[]);
  if (entries.length === 0) return;
  const listed = (await readMarker(target))?.files;
  if (listed === undefined && !(force && !leftover))
    refuse(
      given,
      `is not empty and was not written by the generator (it has no ${MARKER}).`,
      leftover
        ? "It is not what an interrupted write leaves; move or remove it yourself, then run again."
        : "Choose an empty or new folder, or pass --force to replace everything in it.",
    );
  if (force || listed === undefined) return;
  const theirs = await userFiles(target, new Set(listed), PRESERVED);
  if (theirs.length > 0) {
    const list = theirs.slice(0, 5).join(", ") + (theirs.length > 5 ? `, and ${theirs.length - 5} more` : "");
    refuse(
      given,
      `holds files the generator did not write (${list}); writing would delete them.`,
      "Move them out of the folder, or pass --force to replace them.",
    );
  }
}

/** A real folder (a link to one is not). */
async function isDir(p: string): Promise<boolean> {
  return lstat(p).then(
    (s) => s.isDirectory(),
    () => false,
  );
}

/** Anything at `p`, a dangling link included. */
async function present(p: string): Promise<boolean> {
  return lstat(p).then(
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
