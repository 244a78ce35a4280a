/**
 * The sha256 of a folder's files: their paths below it (sorted) and their contents. Used for the
 * packed tarball's name (packed.ts) and to find byte-identical runtime copies (runtime-view.ts).
 */
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

async function files(dir: string, leaveOut: ReadonlySet<string>, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (leaveOut.has(entry.name) && dir === base) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await files(full, leaveOut, base)));
    else if (entry.isFile()) out.push(path.relative(base, full));
  }
  return out.sort();
}

/** sha256 (hex) over the paths and contents of the files below `dir`; the names in `leaveOut` at its top are left out. */
export async function treeHash(dir: string, leaveOut: ReadonlySet<string> = new Set()): Promise<string> {
  const hash = createHash("sha256");
  for (const file of await files(dir, leaveOut))
    hash
      .update(`${file}\0`)
      .update(await readFile(path.join(dir, file)))
      .update("\0");
  return hash.digest("hex");
}
