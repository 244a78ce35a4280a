/**
 * A real Ethereum node for integration tests: hardhat@2's `hardhat node` (in-memory chain,
 * automining, 20 unlocked accounts), started as a child process on a free 127.0.0.1 port. It
 * serves JSON-RPC over HTTP and WebSocket on the same port.
 *
 * - `startHardhatNode()` resolves once the node answers `eth_blockNumber` (bounded: 60 s), or
 *   rejects with the node's output; a port lost to a race is retried on a new port.
 * - `rpc(method, params)` is a raw JSON-RPC helper (plain fetch) for test setup only: deploying
 *   contracts, sending transactions. What a test checks goes through the client under test.
 * - `stop()` ends the node (SIGTERM, then SIGKILL after 5 s) and resolves when it has exited.
 *   The node also dies with the test process: a `process.on("exit")` hook kills it, and a
 *   watchdog preloaded into the child (hardhat-watchdog.cjs) exits when its stdin pipe from the
 *   parent closes, which happens however the parent ends.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** The project root: hardhat must run from inside the project. */
const ROOT = resolve(here, "../..");
const HARDHAT_CLI = resolve(ROOT, "node_modules/hardhat/internal/cli/bootstrap.js");
const HARDHAT_CONFIG = resolve(ROOT, "test/integration/hardhat/hardhat.config.cjs");
const WATCHDOG = resolve(here, "hardhat-watchdog.cjs");

const STARTUP_TIMEOUT_MS = 60_000;
const POLL_INTERVAL_MS = 200;
const STOP_GRACE_MS = 5_000;
/** How much of the node's output is kept for error messages. */
const OUTPUT_KEEP = 16_384;

/** A JSON-RPC error answered by the node to a raw `rpc` call. */
export class RawRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
    readonly data: unknown,
  ) {
    super(`${method}: JSON-RPC error ${code}: ${message}`);
    this.name = "RawRpcError";
  }
}

export interface HardhatNode {
  /** `http://127.0.0.1:<port>` */
  readonly httpUrl: string;
  /** `ws://127.0.0.1:<port>` (same server) */
  readonly wsUrl: string;
  readonly port: number;
  /** `127.0.0.1:<port>`, as errors of the client name it. */
  readonly host: string;
  /** Raw JSON-RPC over HTTP, for setup. Rejects with RawRpcError on a JSON-RPC error. */
  rpc<T = unknown>(method: string, params?: readonly unknown[]): Promise<T>;
  /** The last output of the node (stdout and stderr), for diagnostics. */
  output(): string;
  /** The node's process id. */
  readonly pid: number;
  /** Stops the node; resolves when its process has exited. Safe to call more than once. */
  stop(): Promise<void>;
}

/** A port that was free a moment ago on 127.0.0.1 (bind port 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close((error) => (error ? reject(error) : resolvePort(port)));
    });
  });
}

let rawId = 1;

async function rawRpc<T>(url: string, method: string, params: readonly unknown[], timeoutMs = 30_000): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: rawId++, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let body: { result?: T; error?: { code: number; message: string; data?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(`${method}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  if (body.error) throw new RawRpcError(method, body.error.code, body.error.message, body.error.data);
  return body.result as T;
}

/** Starts `hardhat node` on a free port and waits until it answers. */
export async function startHardhatNode(): Promise<HardhatNode> {
  let lastError: unknown;
  // A port found free can be taken by someone else before hardhat binds it: try a few ports.
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(await freePort());
    } catch (error) {
      lastError = error;
      if (!(error instanceof PortInUseError)) throw error;
    }
  }
  throw lastError;
}

class PortInUseError extends Error {}

async function startOnce(port: number): Promise<HardhatNode> {
  const host = `127.0.0.1:${port}`;
  const httpUrl = `http://${host}`;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "--require",
      WATCHDOG,
      HARDHAT_CLI,
      "--config",
      HARDHAT_CONFIG,
      "node",
      "--hostname",
      "127.0.0.1",
      "--port",
      String(port),
    ],
    {
      cwd: ROOT,
      detached: false,
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: "true", NO_COLOR: "1", FORCE_COLOR: "0" },
    },
  );
  if (child.pid === undefined) {
    throw new Error(
      `could not spawn hardhat node: ${await new Promise((r) => child.once("error", (e) => r(String(e))))}`,
    );
  }
  const pid = child.pid;

  // The node logs every call: keep reading (a full pipe would stall it), keep only the tail.
  let output = "";
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString("utf8")).slice(-OUTPUT_KEEP);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  let exited = child.exitCode !== null || child.signalCode !== null;
  const exitedPromise = new Promise<void>((done) => {
    if (exited) return done();
    child.once("exit", () => {
      exited = true;
      done();
    });
  });
  child.once("error", (error) => keep(Buffer.from(`\n[spawn error] ${String(error)}\n`)));

  // Dies with this process, whatever way it ends normally.
  const killOnExit = (): void => {
    if (!exited) child.kill("SIGKILL");
  };
  process.once("exit", killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (!exited) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => {
          if (!exited) child.kill("SIGKILL");
        }, STOP_GRACE_MS);
        await exitedPromise;
        clearTimeout(timer);
      }
      child.stdin?.destroy();
      child.stdout?.destroy();
      child.stderr?.destroy();
      process.removeListener("exit", killOnExit);
    })();
    return stopping;
  };

  // Wait until it answers, bounded in time; give up at once if it exits.
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (exited) {
      await stop();
      if (/EADDRINUSE|address already in use/i.test(output)) throw new PortInUseError(`port ${port} is in use`);
      throw new Error(`hardhat node exited before answering (port ${port}). Output:\n${output}`);
    }
    try {
      await rawRpc<string>(httpUrl, "eth_blockNumber", [], 1_000);
      break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`hardhat node did not answer within ${STARTUP_TIMEOUT_MS} ms (port ${port}). Output:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
  }

  return {
    httpUrl,
    wsUrl: `ws://${host}`,
    port,
    host,
    pid,
    rpc: <T = unknown>(method: string, params: readonly unknown[] = []) => rawRpc<T>(httpUrl, method, params),
    output: () => output,
    stop,
  };
}
