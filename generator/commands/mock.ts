/**
 * `npm run mock -- --spec <file> [--spec <file> …] [--port N] [--host A [--allow-remote]] [--pages N]
 * [--interval MS] [--seed TEXT] [--overrides FILE] [--quiet] [--max-body-bytes N …]`: serves OpenRPC documents as a mock JSON-RPC server until
 * interrupted (Ctrl-C), printing one line per call unless `--quiet`. Arguments are checked before anything is read; every failure is one line,
 * exit 1. The server's code is imported only when it starts.
 */
import { isIP } from "node:net";
import type { Options } from "yargs";
import {
  DEFAULT_LIMITS,
  DEFAULT_PAGES,
  LIMIT_ALIASES,
  limitFlag,
  limitNames,
  resolveLimits,
  type LimitName,
} from "../mock/limits.js";
import { terminalText } from "../print/escape.js";
import { writeLine } from "./context.js";
import { checkReading, READING_OPTIONS, readingOptions, type ReadingArgs } from "./reading.js";
import { listenProblem, untilSignal, wholeNumber } from "./server.js";
import { quoted, UsageError, type Command, type Parsed } from "./usage.js";

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

const limitOptions = Object.fromEntries(
  limitNames().map((name): [string, Options] => {
    const alias = LIMIT_ALIASES[name];
    return [
      limitFlag(name).slice(2),
      {
        type: "number",
        requiresArg: true,
        ...(alias ? { alias: alias.slice(2) } : {}),
        describe: `${LIMIT_HELP[name]} [default: ${DEFAULT_LIMITS[name]}]`,
      },
    ];
  }),
);

export const mock: Command = {
  command: "mock",
  npm: "npm run mock --",
  synopsis: "--spec <file> [--spec <file> ...] [--port <n>] [--pages <n>] [--interval <ms>]",
  describe:
    "Serves OpenRPC documents as a mock JSON-RPC 2.0 server (HTTP and WebSocket, with the spec's x-subscription methods) on 127.0.0.1: answers come from the spec's examples, or are generated from its result schemas.",
  tool: "The mock server",
  options: {
    spec: { type: "string", array: true, nargs: 1, describe: "OpenRPC document (JSON or YAML); repeat for several" },
    port: { type: "number", requiresArg: true, default: 0, describe: "Port to listen on; 0 picks a free port" },
    host: {
      type: "string",
      requiresArg: true,
      default: "127.0.0.1",
      describe: "IP address to listen on; loopback only unless --allow-remote",
    },
    "allow-remote": { type: "boolean", default: false, describe: "Allow a --host that other machines can reach" },
    "allow-file-pages": {
      type: "boolean",
      default: false,
      describe:
        'Take WebSocket connections from pages opened from disk (Origin "null", which a sandboxed frame of any site sends too), for a site built with npm run docs -- --mock-url',
    },
    pages: {
      type: "number",
      requiresArg: true,
      default: DEFAULT_PAGES,
      describe: "Pages of each paginated method (the last one has no nextPageToken)",
    },
    quiet: { type: "boolean", default: false, describe: "Print no line per call (method, params, outcome, time)" },
    seed: {
      type: "string",
      requiresArg: true,
      describe: "Text that changes every generated value; the same seed gives the same answers",
    },
    overrides: {
      type: "string",
      requiresArg: true,
      describe:
        'JSON file of fixed answers per method: { "<method>": { "result": … } or { "error": { "code", "message" } } }',
    },
    ...READING_OPTIONS,
    ...limitOptions,
    debug: { type: "boolean", default: false, describe: "Show stack traces of unexpected failures" },
  },
  required: { spec: "Pass at least one OpenRPC document with --spec <file>." },
  examples: [
    ["--spec spec/eth.openrpc.json --port 8545", "an Ethereum node mock on http://127.0.0.1:8545"],
    ["--spec spec/advanced.openrpc.json --spec spec/solana.openrpc.json", "two documents on one free port"],
    ["--spec spec/eth.openrpc.json --interval 200", "eth_subscribe notifications every 200 ms"],
    [
      "--spec spec/eth.openrpc.json --overrides overrides.json --seed demo",
      "fixed answers for some methods, other values from seed demo",
    ],
  ],
  check: (v: Parsed) => void mockArgs(v),
  run: async (v: Parsed, context) => {
    const { stdout, stderr } = context;
    const { specs, port, pages, limits, host } = mockArgs(v);
    const { isLoopback, startMockServer } = await import("../mock/server.js");
    const { callLine } = await import("../mock/log.js");
    if (!isLoopback(host) && v.allowRemote !== true)
      throw new UsageError(
        `--host ${host} would let other machines call the mock; pass --allow-remote as well to do that on purpose.`,
      );
    const server = await startMockServer({
      specs,
      port,
      host,
      allowRemote: v.allowRemote === true,
      allowFilePages: v.allowFilePages === true,
      pages,
      limits,
      ...readingOptions(v as ReadingArgs),
      ...(typeof v.seed === "string" ? { seed: v.seed } : {}),
      ...(typeof v.overrides === "string" ? { overrides: v.overrides } : {}),
      cwd: context.cwd,
      report: (line) => writeLine(stderr, line),
      ...(v.quiet === true ? {} : { log: (record) => writeLine(stdout, terminalText(callLine(record))) }),
    }).catch(listenProblem(host, port));
    for (const warning of server.warnings) writeLine(stderr, terminalText(`warning: ${warning}`));
    if (!isLoopback(host))
      writeLine(stderr, `warning: the mock listens on ${host} (--allow-remote): other machines can call it.`);
    writeLine(
      stdout,
      terminalText(
        `Mock JSON-RPC server for ${specs.join(", ")} (${server.methods.length} methods) listening on ${server.url}/`,
      ),
    );
    writeLine(
      stdout,
      `GET ${server.url}/ lists the methods; WebSocket (calls and subscriptions) on ${server.url.replace(/^http/, "ws")}/. Press Ctrl-C to stop.`,
    );
    await untilSignal(server, context.signal);
    return 0;
  },
};

interface MockArgs {
  specs: string[];
  port: number;
  pages: number;
  limits: Partial<Record<LimitName, number>>;
  host: string;
}

/** The arguments, their values checked (the host's reach is checked by the server's own rule, when it is loaded). */
function mockArgs(v: Parsed): MockArgs {
  const port = wholeNumber("--port", v.port, 0, 65535);
  const pages = wholeNumber("--pages", v.pages, 1, 1000);
  const limits: Partial<Record<LimitName, number>> = {};
  for (const name of limitNames()) {
    const value = v[limitFlag(name).slice(2)];
    if (value !== undefined) limits[name] = wholeNumber(limitFlag(name), value, 0, 2 ** 31 - 1);
  }
  try {
    resolveLimits(limits);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  checkReading(v as ReadingArgs);
  const specs = v.spec as string[];
  for (const file of specs) if (file.trim() === "") throw new UsageError("--spec must name a file; it is empty.");
  const host = v.host as string;
  if (host !== "localhost" && isIP(host) === 0)
    throw new UsageError(
      `--host must be an IP address (127.0.0.1, ::1, 0.0.0.0, …) or localhost, not ${quoted(host)}.`,
    );
  return { specs, port, pages, limits, host };
}
