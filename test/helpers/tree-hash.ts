/**
 * The sha256 of a folder's entries: their paths below it (sorted) and their contents. Used for the
 * packed tarball's name (packed.ts) and to find byte-identical runtime copies (runtime-view.ts).
 * A symbolic link counts by the text it points to (never followed: it may lead out of the folder),
 * anything else that is not a file or a folder by its kind, so two folders that differ in any
 * entry never share a digest.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, readlink } from "node:fs/promises";
import path from "node:path";

/** The entries below `dir`, sorted by path: what each one contributes beside its path. */
async function entries(dir: string, leaveOut: ReadonlySet<string>, base = dir): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (leaveOut.has(entry.name) && dir === base) continue;
    const full = path.join(dir, entry.name);
    const rel = path.relative(base, full);
    if (entry.isDirectory()) out.push(...(await entries(full, leaveOut, base)));
    else if (entry.isFile()) out.push([rel, "f"]);
    else if (entry.isSymbolicLink()) out.push([rel, `l${await readlink(full)}`]);
    else out.push([rel, "o"]);
  }
  return out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** sha256 (hex) over the paths and contents of the entries below `dir`; the names in `leaveOut` at its top are left out. */
export async function treeHash(dir: string, leaveOut: ReadonlySet<string> = new Set()): Promise<string> {
  const hash = createHash("sha256");
  for (const [rel, kind] of await entries(dir, leaveOut)) {
    hash.update(`${rel}\0${kind}\0`);
    if (kind === "f") hash.update(await readFile(path.join(dir, rel))).update("\0");
  }
  return hash.digest("hex");
}
