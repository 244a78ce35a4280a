/**
 * Where spec files are read from: the working tree by default, or e.g. a git ref (spec-diff).
 * The disk source reads regular files only, of bounded size, and never blocks on a FIFO or a
 * device (`/dev/stdin`, `/dev/zero`): the file is opened non-blocking and checked before reading.
 */
import { constants, existsSync } from "node:fs";
import { open, realpath } from "node:fs/promises";
import path from "node:path";

export interface SpecSource {
  /** The text of `file` (a path relative to the working directory). Throws when it cannot be read. */
  read(file: string): Promise<string>;
  /** How `file` is named in problems: `spec/a.json`, or `HEAD:spec/a.json`. */
  name(file: string): string;
  /** The sentence fragment saying why `file` could not be read. */
  why(file: string, error: unknown): string;
  /** Whether `file` exists (used to suggest a fix for a wrong relative `$ref`). */
  exists?(file: string): boolean;
  /** The real path of an absolute path (symbolic links followed), for containment checks; rejects as `fs.realpath`. */
  realpath?(full: string): Promise<string>;
}

/** Largest spec file read, in bytes (the biggest public OpenRPC documents are a few MB). */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

class UnreadableFile extends Error {}

export function diskSource(cwd: string): SpecSource {
  return {
    read: (file) => readRegularFile(path.resolve(cwd, file)),
    name: (file) => file,
    why: (file, error) =>
      error instanceof UnreadableFile
        ? `cannot read ${file}: ${error.message}`
        : `cannot read ${file}: ${errnoText((error as NodeJS.ErrnoException).code)}`,
    exists: (file) => existsSync(path.resolve(cwd, file)),
    realpath: (full) => realpath(full),
  };
}

/** The error code with what it means, for the codes a user meets reading a file. */
function errnoText(code: string | undefined): string {
  const meaning: Record<string, string> = {
    ENOENT: "no such file or folder",
    EACCES: "permission denied",
    EPERM: "operation not permitted",
    ENOTDIR: "a part of the path is not a folder",
    ELOOP: "too many symbolic links",
    ENAMETOOLONG: "the name is too long",
  };
  if (code === undefined) return "unknown error";
  return Object.hasOwn(meaning, code) ? `${code} (${meaning[code]})` : code;
}

async function readRegularFile(full: string): Promise<string> {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then tells what was opened.
  const handle = await open(full, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new UnreadableFile("it is not a regular file (a directory, FIFO, socket or device)");
    if (stat.size > MAX_FILE_BYTES)
      throw new UnreadableFile(`it is ${stat.size} bytes, more than the ${MAX_FILE_BYTES} bytes a spec file may have`);
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const { bytesRead } = await handle.read(buffer, read, stat.size - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    await handle.close();
  }
}
