#!/usr/bin/env node
/**
 * `npm run playground -- [--port N]`: builds the site, serves it on 127.0.0.1 with the mock
 * server of every spec under /mock/, prints the URL, and runs until Ctrl-C.
 */
import path from "node:path";
import { helpText, parseArgs, runCli, type CommandSpec } from "./args.js";
import { terminalText } from "../print/escape.js";
import { ROOT } from "../root.js";
import { failureMessage } from "./report.js";
import { listenProblem, untilSignal, wholeNumber } from "./server.js";
import { startPlayground } from "../site/serve.js";
import { buildSite, defaultSpecs } from "../site/site.js";

const argv = process.argv.slice(2);

const COMMAND: CommandSpec = {
  name: "npm run playground --",
  usage: "[--port <n>]",
  description: "Serves the API reference and playground on 127.0.0.1, with a mock server for every spec.",
  options: {
    port: { type: "number", default: 0, describe: "Port on 127.0.0.1; 0 picks a free port" },
    debug: { type: "boolean", default: false, describe: "Show stack traces of unexpected failures" },
  },
};

async function main(): Promise<number> {
  const parsed = parseArgs(COMMAND, argv);
  if (parsed.help) {
    console.log(helpText(COMMAND));
    return 0;
  }
  const port = wholeNumber("--port", parsed.values.port, 0, 65535);
  const args = { port };
  const built = await buildSite();
  const specs = await defaultSpecs(ROOT);
  const playground = await startPlayground({ files: built.files, specs, port: args.port, cwd: ROOT }).catch(
    listenProblem("127.0.0.1", args.port),
  );
  for (const warning of playground.mock.warnings) console.warn(terminalText(`warning: ${warning}`));
  console.log(
    `Playground for ${specs.map((s) => path.basename(s)).join(", ")} (${playground.mock.methods.length} methods): ${playground.url}`,
  );
  console.log(`Mock server at ${playground.url}mock/ (the default endpoint). Press Ctrl-C to stop.`);
  await untilSignal(playground);
  return 0;
}

runCli(COMMAND, main, (error) => failureMessage(error, "The playground", argv.includes("--debug")));
