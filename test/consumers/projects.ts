/**
 * The consumer projects of the matrix: the same check, written once, placed in a fresh project
 * per runtime with that runtime's module settings. Each calls the Ethereum and Solana clients
 * of the installed tarball against a local sample server and prints one JSON line, which the
 * tests compare with EXPECTED.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "../../generator/root.js";
import { tscEnv, TSGO, TSGO_ENV } from "../helpers/strict-tsc.js";

/** What every consumer prints: the answer, exact u64 as bigint, and a validation error caught by class. */
export const EXPECTED = { block: "0xf5f277", rentEpoch: "18446744073709551615", type: "bigint", rule: "pattern" };

/** The request paths every consumer makes: keyed endpoints, key appended to the URL path. */
export const EXPECTED_PATHS = ["/eth/consumer-key", "/solana/consumer-key"];

/** The shared check, as TypeScript. */
export function checkSource(): string {
  return `import { createEthNodeClient } from "@blockchain-rpc/clients/eth";
import { createSolanaNodeClient } from "@blockchain-rpc/clients/solana";
import { ValidationError } from "@blockchain-rpc/clients";

export async function check(url: string): Promise<string> {
  const eth = createEthNodeClient({ url: url + "/eth", apiKey: "consumer-key" });
  const sol = createSolanaNodeClient({ url: url + "/solana", apiKey: "consumer-key" });
  const block: string = await eth.eth_blockNumber();
  const info = await sol.getAccountInfo("vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg", { encoding: "base58" });
  const rentEpoch: bigint | undefined = info.value?.rentEpoch;
  let rule = "none";
  try {
    await sol.getAccountInfo("not base58!");
  } catch (e) {
    rule = e instanceof ValidationError ? (e.issues[0]?.rule ?? "no issue") : String(e);
  }
  return JSON.stringify({ block, rentEpoch: String(rentEpoch), type: typeof rentEpoch, rule });
}
`;
}

/**
 * An entry that prints the check's line; `from` is the import path of the check module (with
 * the extension its resolution needs). CommonJS has no top-level await, hence `.then`.
 */
export function mainSource(url: string, from: string): string {
  return `import { check } from ${JSON.stringify(from)};

check(${JSON.stringify(url)}).then((line) => console.log(line));
`;
}

/**
 * tsconfig of a consumer: strict, declarations of the package checked too (no skipLibCheck), and
 * of the packages beside it (@types/node, the peers). TypeScript's own lib files (lib.dom.d.ts and
 * the like) are not checked (skipDefaultLibCheck): they are the compiler's, not ours, and checking
 * them was 40% of a consumer's check (TypeScript 5.9: 9.7 s → 6.0 s of CPU for one project).
 */
export function tsconfig(compilerOptions: Record<string, unknown>, include = ["*.ts"]): string {
  const base = { target: "ES2022", strict: true, skipLibCheck: false, skipDefaultLibCheck: true };
  return `${JSON.stringify({ compilerOptions: { ...base, ...compilerOptions }, include }, null, 2)}\n`;
}

/** Node's types from the workspace, for consumers that run on Node. */
export const NODE_TYPES = { types: ["node"], typeRoots: [path.join(ROOT, "node_modules", "@types")] };

/**
 * The compilers users run: TypeScript 5.9 (`tsc`) and TypeScript 7 (`tsgo`, the native port,
 * `typescript@latest`). The consumer projects are split between them (the files with two or more
 * projects use both), so a declaration only one of them accepts fails here (docs/DECISIONS.md).
 */
export const COMPILERS = {
  "TypeScript 5.9": path.join(ROOT, "node_modules", ".bin", "tsc"),
  "TypeScript 7": TSGO,
} as const;
export type Compiler = keyof typeof COMPILERS;

const run = promisify(execFile);

/** The compiler over the project's tsconfig: "" when it type-checks (and emits, when the tsconfig says so). */
export function typecheckProject(
  app: string,
  compiler: Compiler,
  options: { project?: string; timeout?: number } = {},
): Promise<string> {
  return run(COMPILERS[compiler], ["-p", options.project ?? "tsconfig.json"], {
    cwd: app,
    timeout: options.timeout ?? 120_000,
    env: compiler === "TypeScript 7" ? TSGO_ENV : tscEnv(),
  }).then(
    (r) => r.stdout,
    (e: { stdout?: string; message: string }) => e.stdout || e.message,
  );
}

/** What the custom-transport consumer prints (see `transportSource`). */
export const EXPECTED_TRANSPORT = {
  block: "0x10",
  batch: ["0x10", "0x1"],
  heads: ["0x1", "0x2"],
  seen: [
    "request eth_blockNumber",
    "batch eth_blockNumber,eth_getTransactionCount",
    "request eth_subscribe",
    "request eth_unsubscribe",
  ],
  ws: { type: "webSocket", capabilities: { batch: true, subscriptions: true } },
};

/**
 * A consumer that writes its own in-memory transport (the `Transport` interface of the root entry),
 * passes it to a generated client, makes a call, a batch and a subscription through it, and makes
 * (without connecting) a `webSocket` transport from the `./ws` subpath.
 */
export function transportSource(): string {
  return `import { createEthNodeClient } from "@blockchain-rpc/clients/eth";
import type { ServerNotification, Transport, TransportRequest } from "@blockchain-rpc/clients";
import { webSocket } from "@blockchain-rpc/clients/ws";

const head = (n: number) => ({ number: "0x" + n.toString(16), hash: "0x" + n.toString(16).padStart(64, "0"), parentHash: "0x" + "0".repeat(64), timestamp: "0x1" });

export async function check(): Promise<string> {
  const seen: string[] = [];
  const listeners = new Set<(n: ServerNotification) => void>();
  const answer = (r: TransportRequest): object => {
    if (r.method === "eth_subscribe") {
      setTimeout(() => [1, 2].forEach((n) => listeners.forEach((l) => l({ method: "eth_subscription", params: { subscription: "0xa1", result: head(n) } }))), 5);
      return { jsonrpc: "2.0", id: r.id, result: "0xa1" };
    }
    const result = r.method === "eth_blockNumber" ? "0x10" : r.method === "eth_unsubscribe" ? true : "0x1";
    return { jsonrpc: "2.0", id: r.id, result };
  };
  const memory: Transport = {
    type: "memory",
    host: "memory",
    capabilities: { batch: true, subscriptions: true },
    async request(r) {
      seen.push("request " + r.method);
      return JSON.stringify(answer(r));
    },
    async batch(requests) {
      seen.push("batch " + requests.map((r) => r.method).join(","));
      return JSON.stringify(requests.map(answer));
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onConnection: () => () => undefined,
  };
  const eth = createEthNodeClient({ transport: memory });
  const block = await eth.eth_blockNumber();
  const settled = await eth.batch((c) => [c.eth_blockNumber(), c.eth_getTransactionCount("0x8d01c8ee82e581e55c02117a676b5bbd4734fabb", "latest")] as const);
  const batch = settled.map((s) => (s.status === "fulfilled" ? s.value : String(s.reason)));
  const heads: string[] = [];
  for await (const item of await eth.eth_subscribe("newHeads")) {
    heads.push(item.number);
    if (heads.length === 2) break;
  }
  const ws = webSocket("ws://127.0.0.1:9/eth", { apiKey: "consumer-key" });
  return JSON.stringify({ block, batch, heads, seen, ws: { type: ws.type, capabilities: ws.capabilities } });
}
`;
}
