/**
 * Stage 6, write: replaces the output folder in one step. The new tree is written completely
 * into a sibling temp folder, then swapped in with renames, so a crash never leaves the output
 * half old, half new. Build products the generator does not own (node_modules, dist) move over.
 */
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/** Entries of the output folder that belong to the package's users, not to the generator. */
export const PRESERVED = ["node_modules", "dist"];

export async function writeOutput(outDir: string, files: Map<string, string>): Promise<void> {
  const target = path.resolve(outDir);
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  await recover(target);
  const staging = await mkdtemp(path.join(parent, `.${path.basename(target)}.new-`));
  try {
    for (const [file, text] of files) {
      const full = path.join(staging, file);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, text);
    }
    const exists = await isDir(target);
    if (exists) {
      for (const name of PRESERVED) {
        if (await isDir(path.join(target, name))) await rename(path.join(target, name), path.join(staging, name));
      }
      const old = `${target}.old`;
      await rm(old, { recursive: true, force: true });
      await rename(target, old);
      await rename(staging, target);
      await rm(old, { recursive: true, force: true });
    } else {
      await rename(staging, target);
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** A crash between the two renames leaves `<out>.old` and no `<out>`: put the old tree back. */
async function recover(target: string): Promise<void> {
  const old = `${target}.old`;
  if (!(await isDir(target)) && (await isDir(old))) await rename(old, target);
  else await rm(old, { recursive: true, force: true });
}

async function isDir(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
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
      else files.set(child, await readFile(path.join(dir, child), "utf8"));
    }
  };
  await walk("");
  return files;
}
