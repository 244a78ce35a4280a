#!/usr/bin/env node
/**
 * `npm run playground -- [--port N]`: builds the site, serves it on 127.0.0.1 with the mock
 * server of every spec under /mock/, prints the URL, and runs until Ctrl-C.
 */
import path from "node:path";
import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { terminalText } from "../escape.js";
import { ROOT } from "../generate.js";
import { failureMessage } from "../report.js";
import { listenProblem, untilSignal, usageFailure, UsageError, wholeNumber } from "../server-cli.js";
import { startPlayground } from "./serve.js";
import { buildSite, defaultSpecs } from "./site.js";

const argv = hideBin(process.argv);

async function main(): Promise<number> {
  const args = await yargs(argv)
    .scriptName("npm run playground --")
    .usage("$0 [--port <n>]\n\nServes the API reference and playground on 127.0.0.1, with a mock server for every spec.")
    .option("port", { type: "number", default: 0, describe: "Port on 127.0.0.1; 0 picks a free port" })
    .option("debug", { type: "boolean", default: false, describe: "Show stack traces of unexpected failures" })
    .check((a) => {
      wholeNumber("--port", a.port, 0, 65535);
      return true;
    })
    .strict()
    .help()
    .version(false)
    .fail(usageFailure)
    .parseAsync();
  const built = await buildSite();
  const specs = await defaultSpecs(ROOT);
  const playground = await startPlayground({ files: built.files, specs, port: args.port, cwd: ROOT }).catch(listenProblem("127.0.0.1", args.port));
  for (const warning of playground.mock.warnings) console.warn(terminalText(`warning: ${warning}`));
  console.log(`Playground for ${specs.map((s) => path.basename(s)).join(", ")} (${playground.mock.methods.length} methods): ${playground.url}`);
  console.log(`Mock server at ${playground.url}mock/ (the default endpoint). Press Ctrl-C to stop.`);
  await untilSignal(playground);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${terminalText(error.message)} Run \`npm run playground -- --help\` for the options.`);
    else console.error(failureMessage(error, "The playground", argv.includes("--debug")));
    process.exit(1);
  },
);
