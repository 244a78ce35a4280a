#!/usr/bin/env node
/**
 * `npm run mock -- --spec <file> [--spec <file> …] [--port N] [--pages N]`: serves OpenRPC
 * documents as a mock JSON-RPC server on 127.0.0.1 until interrupted (Ctrl-C).
 */
import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { formatProblems, GeneratorError } from "../problems.js";
import { DEFAULT_PAGES, startMockServer, type MockServer } from "./server.js";
import { DEFAULT_NOTIFY_INTERVAL } from "./subscriptions.js";

async function main(): Promise<number> {
  const argv = await yargs(hideBin(process.argv))
    .scriptName("npm run mock --")
    .usage("$0 --spec <file> [--spec <file> ...] [--port <n>] [--pages <n>] [--interval <ms>]\n\nServes OpenRPC documents as a mock JSON-RPC 2.0 server on 127.0.0.1: answers come from the spec's examples, or are generated from its result schemas.")
    .option("spec", { type: "string", array: true, demandOption: "Pass at least one OpenRPC document with --spec <file>.", describe: "OpenRPC document (JSON or YAML); repeat for several" })
    .option("port", { type: "number", default: 0, describe: "Port on 127.0.0.1; 0 picks a free port" })
    .option("pages", { type: "number", default: DEFAULT_PAGES, describe: "Pages of each paginated method (the last one has no nextPageToken)" })
    .option("interval", { type: "number", default: DEFAULT_NOTIFY_INTERVAL, describe: "Milliseconds between two notifications of a WebSocket subscription (x-subscription)" })
    .example("$0 --spec spec/eth.openrpc.json --port 8545", "an Ethereum node mock on http://127.0.0.1:8545")
    .example("$0 --spec spec/advanced.openrpc.json --spec spec/solana.openrpc.json", "two documents on one free port")
    .check((args) => {
      if (!Number.isInteger(args.port) || args.port < 0 || args.port > 65535) throw new Error(`--port must be a whole number from 0 to 65535, not ${args.port}.`);
      if (!Number.isInteger(args.pages) || args.pages < 1) throw new Error(`--pages must be a whole number of at least 1, not ${args.pages}.`);
      if (!Number.isInteger(args.interval) || args.interval < 1) throw new Error(`--interval must be a whole number of milliseconds, at least 1, not ${args.interval}.`);
      return true;
    })
    .strict()
    .help()
    .version(false)
    .parseAsync();

  const server = await startMockServer({ specs: argv.spec, port: argv.port, pages: argv.pages, interval: argv.interval });
  for (const warning of server.warnings) console.warn(`warning: ${warning}`);
  console.log(`Mock JSON-RPC server for ${argv.spec.join(", ")} (${server.methods.length} methods) listening on ${server.url}/`);
  console.log(`GET ${server.url}/ lists the methods; subscriptions over ${server.url.replace("http", "ws")}/. Press Ctrl-C to stop.`);
  await untilSignal(server);
  return 0;
}

/** Resolves once SIGINT or SIGTERM arrives and the server is closed. */
function untilSignal(server: MockServer): Promise<void> {
  return new Promise((resolve) => {
    const stop = (): void => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void server.close().finally(resolve);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof GeneratorError) console.error(formatProblems(error.problems, "The mock server"));
    else console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
