/**
 * The MCP bin's process: reads the command line and the key (mcp-args.ts), starts the server on
 * stdio through `start` (the generated `src/mcp/bin.ts` loads the MCP SDK there, so a missing SDK
 * is one sentence, not a stack trace), and stops when stdin ends. stdout carries only the protocol:
 * console output goes to stderr; every message on stderr is one line without the key. A wrong
 * command line exits with code 2, a failure to start or a crash with 1.
 */
import { planBin, type BinSpec } from "./mcp-args.js";
import { hideSecrets } from "./secrets.js";

export type { BinSpec } from "./mcp-args.js";

/** What the bin hands `start`: the chosen APIs, their endpoints and the key. */
export interface BinOptions<Api extends string = string> {
  apis: Api[];
  url: { [K in Api]?: string };
  apiKey?: string;
}

/** A started server: closing it ends the session. */
export interface BinServer {
  close(): Promise<void>;
}

/** The part of Node's `process` the bin uses (the package builds without Node's types). */
interface Process {
  argv: string[];
  env: Record<string, string | undefined>;
  stdin: { on(event: "end" | "close", listener: () => void): unknown };
  stderr: { write(text: string): boolean };
  on(event: "uncaughtException" | "unhandledRejection", listener: (error: unknown) => void): unknown;
  exit(code?: number): never;
}

/** The message of anything thrown, on one line, without a stack. */
function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, " ").trim();
}

/** Whether `error` says the MCP SDK is not installed. */
function sdkMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    messageOf(error).includes("@modelcontextprotocol/sdk")
  );
}

/** Runs the bin in this process. */
export async function runMcpBin<Api extends string>(
  spec: BinSpec & { readonly apis: Readonly<Record<Api, string | undefined>> },
  start: (options: BinOptions<Api>) => Promise<BinServer>,
): Promise<void> {
  const proc = (globalThis as unknown as { process: Process }).process;
  const say = (line: string): void => void proc.stderr.write(`${spec.bin}: ${line}\n`);
  // Nothing but the protocol on stdout: a stray console.log would break the client's reading of it.
  for (const name of ["log", "info", "debug"] as const) console[name] = console.error;
  const plan = planBin(proc.argv.slice(2), proc.env, spec);
  if (plan.kind === "help") {
    proc.stderr.write(`${plan.text}\n`);
    return proc.exit(0);
  }
  if (plan.kind === "error") {
    say(plan.message);
    return proc.exit(2);
  }
  const secrets = plan.apiKey ? [plan.apiKey] : [];
  const fatal = (what: string) => (error: unknown) => {
    say(hideSecrets(`${what}: ${messageOf(error)}`, secrets));
    proc.exit(1);
  };
  proc.on("uncaughtException", fatal("stopped on an unexpected error"));
  proc.on("unhandledRejection", fatal("stopped on an unexpected error"));
  let server: BinServer;
  try {
    // planBin took the names from spec.apis: they are the Api names.
    const options = { apis: plan.apis, url: plan.url, ...(plan.apiKey ? { apiKey: plan.apiKey } : {}) };
    server = await start(options as BinOptions<Api>);
  } catch (error) {
    if (sdkMissing(error)) {
      say("needs the MCP SDK: install it beside this package (npm install @modelcontextprotocol/sdk@1).");
      return proc.exit(1);
    }
    return fatal("could not start")(error);
  }
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void server.close().then(
      () => proc.exit(0),
      () => proc.exit(0),
    );
  };
  proc.stdin.on("end", stop);
  proc.stdin.on("close", stop);
}
