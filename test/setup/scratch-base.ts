/**
 * Where a test run keeps its files (test/setup/pack-dir.ts): the folder under which the run's own
 * folder is made, and with it every test's mkdtemp folder.
 *
 * A memory-backed filesystem (tmpfs, Linux's /dev/shm) when there is one with room, else the
 * system's temporary folder. The tests create and delete tens of thousands of small files (generated
 * packages, installed node_modules, the run cache's entries); on a disk's ext4, each creation after
 * many deletions scans the inode table for an inode not recently deleted (`recently_deleted` in
 * the kernel), which took about 4% of the whole run's CPU (docs/DECISIONS.md, "Sixth round"). A
 * TMPDIR the user set is kept as it is: they chose where temporary files go.
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

export function scratchBase(probe: ScratchProbe): { base: string; why: string } {
  if (probe.env.TMPDIR) return { base: os.tmpdir(), why: "TMPDIR is set" };
  if (probe.platform !== "linux") return { base: os.tmpdir(), why: `no ${MEMORY_FOLDER} on ${probe.platform}` };
  const stat = probe.statfs(MEMORY_FOLDER);
  if (!stat) return { base: os.tmpdir(), why: `${MEMORY_FOLDER} cannot be read` };
  if (stat.type !== TMPFS_MAGIC) return { base: os.tmpdir(), why: `${MEMORY_FOLDER} is not a tmpfs` };
  const free = stat.bavail * stat.bsize;
  if (free < MIN_FREE_BYTES)
    return { base: os.tmpdir(), why: `${MEMORY_FOLDER} has ${(free / 2 ** 30).toFixed(1)} GiB free, under 4 GiB` };
  if (!probe.writable(MEMORY_FOLDER)) return { base: os.tmpdir(), why: `${MEMORY_FOLDER} is not writable` };
  return { base: MEMORY_FOLDER, why: "a tmpfs with room" };
}
