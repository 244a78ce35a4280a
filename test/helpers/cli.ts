/** How tests start the command line as users do: `node generator/bin.mjs <command> …` (what `npm run <command>` runs). */
import path from "node:path";
import { ROOT } from "../../generator/root.js";

export const BIN = path.join(ROOT, "generator", "bin.mjs");

/** The file and arguments of a child process running `command` with `args`. */
export function cliProcess(command: string, args: readonly string[]): [string, string[]] {
  return [process.execPath, [BIN, command, ...args]];
}
