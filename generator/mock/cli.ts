#!/usr/bin/env node
/**
 * `npm run mock -- --spec <file> [--spec <file> …] [--port N] [--host A [--allow-remote]] [--pages N]
 * [--interval MS] [--max-body-bytes N …]`: serves OpenRPC documents as a mock JSON-RPC server until interrupted
 * (Ctrl-C). Arguments are checked before anything is read; every failure is one line, exit 1.
 */
import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { terminalText } from "../escape.js";
import { formatProblems, GeneratorError } from "../problems.js";
import { DEFAULT_LIMITS, LIMIT_ALIASES, limitFlag, limitNames, type LimitName, type MockLimits } from "./limits.js";
import { DEFAULT_PAGES, isLoopback, startMockServer } from "./server.js";
import { isIP } from "node:net";
import { listenProblem, single, untilSignal, usageFailure, UsageError, wholeNumber } from "../server-cli.js";

const LIMIT_HELP: Record<LimitName, string> = {
  maxBodyBytes: "Largest request body in bytes (counted after gzip/deflate decoding)",
  maxBatchItems: "Most requests in one batch",
  maxDepth: "Deepest nesting of arrays and objects in a request",
  maxResponseBytes: "Largest answer to one request in bytes",
  maxHeaderBytes: "Largest request head in bytes",
  headersTimeoutMs: "Time to receive a request's headers (ms)",
  requestTimeoutMs: "Time to receive a whole request (ms)",
  keepAliveTimeoutMs: "Idle time before a kept-alive connection closes (ms)",
  maxConnections: "Open connections at once (HTTP and WebSocket)",
  wsMaxPayloadBytes: "Largest WebSocket message in bytes",
  wsMaxMessagesPerSecond: "WebSocket messages per second per connection",
  wsMaxBufferedBytes: "Unsent answers a WebSocket client may pile up, in bytes",
  wsHeartbeatMs: "WebSocket ping interval (ms); no pong by the next ping closes the socket",
  wsMaxSubscriptions: "Subscriptions (x-subscription) one WebSocket connection may hold at once",
  wsNotifyIntervalMs: "Time between two notifications of one WebSocket subscription (ms)",
};

async function main(): Promise<number> {
  let parser = yargs(hideBin(process.argv))
    .scriptName("npm run mock --")
    .usage("$0 --spec <file> [--spec <file> ...] [--port <n>] [--pages <n>] [--interval <ms>]\n\nServes OpenRPC documents as a mock JSON-RPC 2.0 server (HTTP and WebSocket, with the spec's x-subscription methods) on 127.0.0.1: answers come from the spec's examples, or are generated from its result schemas.")
    .option("spec", { type: "string", array: true, demandOption: "Pass at least one OpenRPC document with --spec <file>.", describe: "OpenRPC document (JSON or YAML); repeat for several" })
    .option("port", { type: "number", default: 0, describe: "Port to listen on; 0 picks a free port" })
    .option("host", { type: "string", default: "127.0.0.1", describe: "IP address to listen on; loopback only unless --allow-remote" })
    .option("allow-remote", { type: "boolean", default: false, describe: "Allow a --host that other machines can reach" })
    .option("pages", { type: "number", default: DEFAULT_PAGES, describe: "Pages of each paginated method (the last one has no nextPageToken)" });
  for (const name of limitNames()) {
    const alias = LIMIT_ALIASES[name]?.slice(2);
    parser = parser.option(limitFlag(name).slice(2), { type: "number", ...(alias ? { alias } : {}), describe: `${LIMIT_HELP[name]} [default: ${DEFAULT_LIMITS[name]}]` });
  }
  const argv = await parser
    .example("$0 --spec spec/eth.openrpc.json --port 8545", "an Ethereum node mock on http://127.0.0.1:8545")
    .example("$0 --spec spec/advanced.openrpc.json --spec spec/solana.openrpc.json", "two documents on one free port")
    .example("$0 --spec spec/eth.openrpc.json --interval 200", "eth_subscribe notifications every 200 ms")
    .check((args) => {
      wholeNumber("--port", args.port, 0, 65535);
      wholeNumber("--pages", args.pages, 1, 1000);
      if ((args.spec ?? []).length === 0) throw new Error("Pass at least one OpenRPC document with --spec <file>.");
      for (const name of limitNames()) if (args[name] !== undefined) wholeNumber(limitFlag(name), args[name], 0, 2 ** 31 - 1);
      for (const spec of args.spec ?? []) if (String(spec).trim() === "") throw new Error("--spec must name a file; it is empty.");
      const host = String(single("--host", args.host));
      if (host !== "localhost" && isIP(host) === 0) throw new Error(`--host must be an IP address (127.0.0.1, ::1, 0.0.0.0, …) or localhost, not ${JSON.stringify(terminalText(host.slice(0, 100)))}.`);
      if (!isLoopback(host) && !args.allowRemote) throw new Error(`--host ${host} would let other machines call the mock; pass --allow-remote as well to do that on purpose.`);
      return true;
    })
    .strict()
    .help()
    .version(false)
    .fail(usageFailure)
    .parseAsync();

  const limits: Partial<MockLimits> = {};
  for (const name of limitNames()) {
    const value = (argv as Record<string, unknown>)[name];
    if (typeof value === "number") limits[name] = value;
  }
  const host = String(argv.host);
  const server = await startMockServer({ specs: argv.spec, port: argv.port, host, allowRemote: argv.allowRemote, pages: argv.pages, limits }).catch(listenProblem(host, argv.port));
  for (const warning of server.warnings) console.warn(`warning: ${warning}`);
  if (!isLoopback(host)) console.warn(`warning: the mock listens on ${host} (--allow-remote): other machines can call it.`);
  console.log(`Mock JSON-RPC server for ${argv.spec.join(", ")} (${server.methods.length} methods) listening on ${server.url}/`);
  console.log(`GET ${server.url}/ lists the methods; WebSocket (calls and subscriptions) on ${server.url.replace(/^http/, "ws")}/. Press Ctrl-C to stop.`);
  await untilSignal(server);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${terminalText(error.message)} Run \`npm run mock -- --help\` for the options.`);
    else if (error instanceof GeneratorError) console.error(formatProblems(error.problems, "The mock server"));
    else console.error(`The mock server failed: ${terminalText(error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error))}`);
    process.exit(1);
  },
);
