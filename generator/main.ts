/** The program generator/bin.mjs runs (bundled): the command line of generator/cli.ts with this process's arguments. */
import { start } from "./cli.js";

await start(process.argv.slice(2));
