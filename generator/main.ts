/**
 * The program generator/bin.mjs runs (bundled): the command line of generator/cli.ts with this
 * process's arguments. A gen run with nothing to do (`npm run gen`, `--check`, `--out dir`: see
 * `quickGenArgs`) is answered first, from the marker's fingerprint, without loading the command
 * line program (yargs) at all; any doubt, and every other command line, goes to generator/cli.ts.
 */
import { answerUnchangedGen } from "./commands/gen.js";

const argv = process.argv.slice(2);
// A failure here (an unreadable spec/ folder) is reported by the full run that follows.
const answered = await answerUnchangedGen(argv).catch(() => undefined);
if (answered !== undefined) process.exit(answered);
const { start } = await import("./cli.js");
await start(argv);
