#!/usr/bin/env node
/**
 * `npm run mock -- --spec <file> [--spec <file> …] [--port N] [--host A [--allow-remote]] [--pages N]
 * [--interval MS] [--max-body-bytes N …]`: serves OpenRPC documents as a mock JSON-RPC server until interrupted
 * (Ctrl-C). Arguments are checked before anything is read; every failure is one line, exit 1.
 */
import { helpText, parseArgs, quoted, runCli, type CommandSpec, type OptionSpec } from "./args.js";
import { terminalText } from "../print/escape.js";
import { formatProblems, GeneratorError } from "../problems.js";
import {
  DEFAULT_LIMITS,
  LIMIT_ALIASES,
  limitFlag,
  limitNames,
  type LimitName,
  type MockLimits,
} from "../mock/limits.js";
import { DEFAULT_PAGES, isLoopback, startMockServer } from "../mock/server.js";
import { isIP } from "node:net";
import { listenProblem, untilSignal, UsageError, wholeNumber } from "./server.js";

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

const COMMAND: CommandSpec = {
  name: "npm run mock --",
  usage: "--spec <file> [--spec <file> ...] [--port <n>] [--pages <n>] [--interval <ms>]",
  description:
    "Serves OpenRPC documents as a mock JSON-RPC 2.0 server (HTTP and WebSocket, with the spec's x-subscription methods) on 127.0.0.1: answers come from the spec's examples, or are generated from its result schemas.",
  options: {
    spec: {
      type: "string",
      placeholder: "file",
      multiple: true,
      required: "Pass at least one OpenRPC document with --spec <file>.",
      describe: "OpenRPC document (JSON or YAML); repeat for several",
    },
    port: { type: "number", default: 0, describe: "Port to listen on; 0 picks a free port" },
    host: {
      type: "string",
      placeholder: "address",
      default: "127.0.0.1",
      describe: "IP address to listen on; loopback only unless --allow-remote",
    },
    "allow-remote": { type: "boolean", default: false, describe: "Allow a --host that other machines can reach" },
    pages: {
      type: "number",
      default: DEFAULT_PAGES,
      describe: "Pages of each paginated method (the last one has no nextPageToken)",
    },
    ...Object.fromEntries(
      limitNames().map((name): [string, OptionSpec] => {
        const alias = LIMIT_ALIASES[name];
        return [
          limitFlag(name).slice(2),
          {
            type: "number",
            ...(alias ? { aliases: [alias] } : {}),
            describe: `${LIMIT_HELP[name]} [default: ${DEFAULT_LIMITS[name]}]`,
          },
        ];
      }),
    ),
  },
  examples: [
    ["--spec spec/eth.openrpc.json --port 8545", "an Ethereum node mock on http://127.0.0.1:8545"],
    ["--spec spec/advanced.openrpc.json --spec spec/solana.openrpc.json", "two documents on one free port"],
    ["--spec spec/eth.openrpc.json --interval 200", "eth_subscribe notifications every 200 ms"],
  ],
};

interface MockArgs {
  spec: string[];
  port: number;
  host: string;
  allowRemote: boolean;
  pages: number;
  limits: Partial<MockLimits>;
}

/** The arguments, checked before anything is read or bound; undefined for --help. */
function readArgs(): MockArgs | undefined {
  const parsed = parseArgs(COMMAND, process.argv.slice(2));
  if (parsed.help) return undefined;
  const v = parsed.values;
  const port = wholeNumber("--port", v.port, 0, 65535);
  const pages = wholeNumber("--pages", v.pages, 1, 1000);
  const limits: Partial<MockLimits> = {};
  for (const name of limitNames()) {
    const value = v[name];
    if (value !== undefined) limits[name] = wholeNumber(limitFlag(name), value, 0, 2 ** 31 - 1);
  }
  const spec = v.spec as string[];
  for (const file of spec) if (file.trim() === "") throw new UsageError("--spec must name a file; it is empty.");
  const host = v.host as string;
  if (host !== "localhost" && isIP(host) === 0)
    throw new UsageError(
      `--host must be an IP address (127.0.0.1, ::1, 0.0.0.0, …) or localhost, not ${quoted(host)}.`,
    );
  if (!isLoopback(host) && !v.allowRemote)
    throw new UsageError(
      `--host ${host} would let other machines call the mock; pass --allow-remote as well to do that on purpose.`,
    );
  return { spec, port, host, allowRemote: v.allowRemote === true, pages, limits };
}

async function main(): Promise<number> {
  const argv = readArgs();
  if (!argv) {
    console.log(helpText(COMMAND));
    return 0;
  }
  const host = argv.host;
  const server = await startMockServer({
    specs: argv.spec,
    port: argv.port,
    host,
    allowRemote: argv.allowRemote,
    pages: argv.pages,
    limits: argv.limits,
  }).catch(listenProblem(host, argv.port));
  for (const warning of server.warnings) console.warn(`warning: ${warning}`);
  if (!isLoopback(host))
    console.warn(`warning: the mock listens on ${host} (--allow-remote): other machines can call it.`);
  console.log(
    `Mock JSON-RPC server for ${argv.spec.join(", ")} (${server.methods.length} methods) listening on ${server.url}/`,
  );
  console.log(
    `GET ${server.url}/ lists the methods; WebSocket (calls and subscriptions) on ${server.url.replace(/^http/, "ws")}/. Press Ctrl-C to stop.`,
  );
  await untilSignal(server);
  return 0;
}

runCli(COMMAND, main, (error) =>
  error instanceof GeneratorError
    ? formatProblems(error.problems, "The mock server")
    : `The mock server failed: ${terminalText(error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error))}`,
);
