/**
 * Where a test run keeps its files (test/setup/pack-dir.ts): the folder under which the run's own
 * folder is made, and with it every test's mkdtemp folder.
 *
 * A memory-backed filesystem (tmpfs, Linux's /dev/shm) when there is one with room, else the
 * system's temporary folder. The tests create and delete tens of thousands of small files (generated
 * packages, installed node_modules, the run cache's entries); on this machine's ext4 disk, finding an
 * inode for each new file (`find_inode_bit`, `recently_deleted` in the kernel) took about 3.5% of the
 * whole run's CPU (docs/DECISIONS.md, "Sixth round"). A TMPDIR the user set is kept as it is: they
 * chose where temporary files go.
 */
import os from "node:os";

/** statfs's `f_type` of tmpfs (linux/magic.h TMPFS_MAGIC). */
export const TMPFS_MAGIC = 0x01021994;
/** The room a run needs at most, with a margin (the run's peak is measured in docs/DECISIONS.md). */
export const MIN_FREE_BYTES = 4 * 2 ** 30;
export const MEMORY_FOLDER = "/dev/shm";

export interface ScratchProbe {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  /** statfs of a path, or undefined when it cannot be read (absent, not a folder, no access). */
  statfs(path: string): { type: number; bavail: number; bsize: number } | undefined;
  /** Whether the process may create files in the folder. */
  writable(path: string): boolean;
}

/** MEMORY_FOLDER when it is a writable tmpfs with MIN_FREE_BYTES free and no TMPDIR is set, else the system's temporary folder. */
export function scratchBase(probe: ScratchProbe): string {
  if (probe.env.TMPDIR || probe.platform !== "linux") return os.tmpdir();
  const stat = probe.statfs(MEMORY_FOLDER);
  const roomy = stat?.type === TMPFS_MAGIC && stat.bavail * stat.bsize >= MIN_FREE_BYTES;
  return roomy && probe.writable(MEMORY_FOLDER) ? MEMORY_FOLDER : os.tmpdir();
}
