/**
 * The consumer projects of the matrix: the same check, written once, placed in a fresh project
 * per runtime with that runtime's module settings. Each calls the Ethereum and Solana clients
 * of the installed tarball against a local sample server and prints one JSON line, which the
 * tests compare with EXPECTED.
 */
import path from "node:path";
import { ROOT } from "../../generator/root.js";

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

/** tsconfig of a consumer: strict, declarations of the package checked too (no skipLibCheck). */
export function tsconfig(compilerOptions: Record<string, unknown>, include = ["*.ts"]): string {
  return `${JSON.stringify({ compilerOptions: { target: "ES2022", strict: true, skipLibCheck: false, ...compilerOptions }, include }, null, 2)}\n`;
}

/** Node's types from the workspace, for consumers that run on Node. */
export const NODE_TYPES = { types: ["node"], typeRoots: [path.join(ROOT, "node_modules", "@types")] };

export const TSC = path.join(ROOT, "node_modules", ".bin", "tsc");
