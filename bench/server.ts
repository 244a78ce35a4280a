/**
 * The loopback JSON-RPC server every network benchmark talks to. It runs in its own process
 * (`startServer()` spawns it), so the client under test has a core to itself on a 2-core machine
 * and the client's RSS is not mixed with the server's.
 *
 * Routes, by the first path segment (anything after it, such as an API key, is ignored):
 * - `/calls/…`: `eth_blockNumber` → `"0x10"`; `adv_getLogs` and `ankr_getLogs` → a fixed page of
 *   100 logs (the same bytes for every client; only the echoed id differs).
 * - `/pages/<pages>/<perPage>/…`: `adv_getLogs` pages of `perPage` logs generated on the fly, with
 *   `nextPageToken` until page `pages`; every page has the same length in bytes.
 *
 * Run directly (`tsx bench/server.ts`), it prints `{"port":N}` on its first stdout line.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { SOURCE_CONDITION } from "../generator/defaults.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, "..");
const SAMPLE = "/work/shared/real-samples/ankr_getLogs.swagger-with-event-decoding.response.json";

type Json = Record<string, unknown>;

/** The log shape of the real `ankr_getLogs` sample with event decoding (about 1.2 KB of JSON). */
export function sampleLog(): Json {
  try {
    const sample = JSON.parse(readFileSync(SAMPLE, "utf8")) as { result: { logs: Json[] } };
    const log = sample.result.logs[0];
    if (log) return log;
  } catch {
    // fall through to the built-in copy of the same log
  }
  return {
    address: "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2",
    blockHash: "0x76fe73c4d2a66bb0cba343482521c8cd44f0ef824e97493f3c4f3e5140422ea5",
    blockNumber: "0xdaf6b4",
    blockchain: "eth",
    data: "0x00000000000000000000000000000000000000000000000000787f498b5b22b7",
    event: {
      anonymous: false,
      id: "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
      inputs: [
        {
          indexed: true,
          name: "_from",
          size: 20,
          type: "address",
          valueDecoded: "0xDef1C0ded9bec7F1a1670819833240f027b25EfF",
        },
        {
          indexed: true,
          name: "_to",
          size: 20,
          type: "address",
          valueDecoded: "0x3dd49f67E9d5Bc4C5E6634b3F70BfD9dc1b6BD74",
        },
        { indexed: false, name: "_value", size: 256, type: "uint256", valueDecoded: "33916951052624567" },
      ],
      name: "Transfer",
      signature: "Transfer(address,address,uint256)",
      string: "event Transfer(address indexed _from, address indexed _to, uint256 _value)",
      verified: false,
    },
    logIndex: "0x49",
    removed: false,
    topics: [
      "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
      "0x000000000000000000000000def1c0ded9bec7f1a1670819833240f027b25eff",
      "0x0000000000000000000000003dd49f67e9d5bc4c5e6634b3f70bfd9dc1b6bd74",
    ],
    transactionHash: "0x6f11297b0964a0fb0630e6667093a6c9cee4b383495c94e99becc6b88aed8f14",
    transactionIndex: "0x3f",
  };
}

/** `{ logs: [...count logs], nextPageToken? }` as JSON text; every log has its own fixed-width `logIndex`. */
export function logsPageText(count: number, nextPageToken?: string, blockNumber = "0xdaf6b4"): string {
  const base = sampleLog();
  const logs = Array.from({ length: count }, (_, i) => ({
    ...base,
    blockNumber,
    logIndex: `0x${i.toString(16).padStart(5, "0")}`,
  }));
  return JSON.stringify(nextPageToken === undefined ? { logs } : { logs, nextPageToken });
}

const PAGE_100 = logsPageText(100);

function envelope(id: unknown, resultText: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id ?? null)},"result":${resultText}}`;
}

function errorEnvelope(id: unknown, code: number, message: string): string {
  return JSON.stringify({ jsonrpc: "2.0", id: id ?? null, error: { code, message } });
}

/** Pages of the `/pages/` route: one template per (pages, perPage), the page number filled in. */
const pageTemplates = new Map<string, { head: string; tail: string; last: string }>();
const TOKEN_WIDTH = 8;

function pageText(pages: number, perPage: number, page: number): string {
  const key = `${pages}/${perPage}`;
  let template = pageTemplates.get(key);
  if (!template) {
    const marker = "#".repeat(TOKEN_WIDTH);
    // The block number carries the page, so pages differ, yet every page has the same length.
    const text = logsPageText(perPage, `p${marker}`, `0x${marker}`);
    const at = text.lastIndexOf(`"p${marker}"`);
    template = { head: text.slice(0, at), tail: text.slice(at), last: logsPageText(perPage, undefined, `0x${marker}`) };
    pageTemplates.set(key, template);
  }
  const hex = page.toString(16).padStart(TOKEN_WIDTH, "0");
  if (page + 1 >= pages) return template.last.replaceAll("#".repeat(TOKEN_WIDTH), hex);
  const next = (page + 1).toString(16).padStart(TOKEN_WIDTH, "0");
  return template.head.replaceAll("#".repeat(TOKEN_WIDTH), hex) + template.tail.replace("#".repeat(TOKEN_WIDTH), next);
}

function answer(route: string[], message: Json): string {
  const { id, method } = message;
  const params = (Array.isArray(message.params) ? message.params[0] : message.params) as Json | undefined;
  if (route[0] === "pages" && method === "adv_getLogs") {
    const pages = Number(route[1] ?? 1000);
    const perPage = Number(route[2] ?? 1000);
    const token = typeof params?.pageToken === "string" ? params.pageToken : "";
    const page = token ? Number.parseInt(token.slice(1), 16) : 0;
    return envelope(id, pageText(pages, perPage, page));
  }
  if (method === "eth_blockNumber") return envelope(id, '"0x10"');
  if (method === "adv_getLogs" || method === "ankr_getLogs") return envelope(id, PAGE_100);
  return errorEnvelope(id, -32601, "Method not found");
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const route = (req.url ?? "/").split("?")[0]!.split("/").filter(Boolean);
    let body: string;
    try {
      const message = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Json | Json[];
      body = Array.isArray(message) ? `[${message.map((m) => answer(route, m)).join(",")}]` : answer(route, message);
    } catch {
      body = errorEnvelope(null, -32700, "Parse error");
    }
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
    res.end(body);
  });
}

function serve(): void {
  const server = createServer({ keepAliveTimeout: 60_000 }, handle);
  server.listen(0, "127.0.0.1", () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    process.stdout.write(`${JSON.stringify({ port })}\n`);
  });
  // Stop with the parent: stdin closes when the parent goes away.
  process.stdin.on("end", () => process.exit(0));
  process.stdin.resume();
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  close(): Promise<void>;
}

/** The `tsx` loader arguments for running a TypeScript file in a child `node`. */
export function tsxArgs(file: string, args: readonly string[] = []): string[] {
  return ["--import", "tsx", file, ...args];
}

/**
 * The `node` argument for a child that imports generated/src (not the packed build): the package's
 * `#…` imports then map to its sources. Never for a child that loads the packed package (its
 * src/ would mix with its dist/).
 */
export const SOURCE_CONDITIONS = `--conditions=${SOURCE_CONDITION}`;

/** Starts the server in a child process and resolves once it listens. */
export function startServer(): Promise<RunningServer> {
  const child = spawn(process.execPath, tsxArgs(fileURLToPath(import.meta.url), ["--serve"]), {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    child.once("exit", (code) => reject(new Error(`the benchmark server exited with code ${code} before listening`)));
    lines.once("line", (line) => {
      const { port } = JSON.parse(line) as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        child,
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.stdin?.end();
            setTimeout(() => child.kill(), 2000).unref();
          }),
      });
    });
  });
}

if (process.argv.includes("--serve")) serve();
