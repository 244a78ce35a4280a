/**
 * A real HTTP server on 127.0.0.1 for end-to-end tests of the generated clients.
 *
 * - Every request is recorded: HTTP method, URL (path + query), headers, raw body text, and the
 *   JSON-RPC method it asked for (from the envelope's `method`, or from the URL query in the
 *   proxy form `POST /proxy?adv_getLogs`).
 * - By default each request is answered with the published sample response of its method, the
 *   raw bytes of the file exactly as stored in `shared/real-samples/` (see DEFAULT_SAMPLES;
 *   `adv_X` is served `ankr_X.response.json`).
 * - `respondWith(fn)` installs a responder; it may return a response, or `undefined` to fall
 *   back to the default sample.
 *
 * Ids: by default the sample's own `id` is kept, so the body is byte-for-byte the published one.
 * The samples answer with id 1 (or "1"), and a fresh client's first request has id 1, so tests
 * use a fresh client per call. `startSampleServer({ echoId: true })` rewrites only the top-level
 * `id` token of a JSON answer to the id of the request (every other byte is kept), for tests
 * that make several calls on one client.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Folder of the published samples (`shared/real-samples`); override with REAL_SAMPLES_DIR. */
export const SAMPLES_DIR =
  process.env.REAL_SAMPLES_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), "../../../shared/real-samples");

/** The sample answered by default, per JSON-RPC method (path relative to SAMPLES_DIR). */
export const DEFAULT_SAMPLES: Readonly<Record<string, string>> = {
  adv_getCurrencies: "ankr_getCurrencies.response.json",
  adv_getLogs: "ankr_getLogs.response.json",
  adv_getBlocks: "ankr_getBlocks.response.json",
  adv_getTransactionsByHash: "ankr_getTransactionsByHash.response.json",
  adv_getInteractions: "ankr_getInteractions.response.json",
  adv_getNFTsByOwner: "ankr_getNFTsByOwner.response.json",
  adv_getNFTMetadata: "ankr_getNFTMetadata.response.json",
  adv_getNFTHolders: "ankr_getNFTHolders.response.json",
  adv_getTokenPrice: "ankr_getTokenPrice.response.json",
  eth_blockNumber: "eth_blockNumber.response.json",
  eth_getBlockByNumber: "eth_getBlockByNumber.response.json",
  eth_call: "eth_call.response.json",
  eth_getTransactionCount: "eth_getTransactionCount.response.json",
  debug_traceCall: "node/debug_traceCall.callTracer.drpc-docs.json",
  getBlockHeight: "getBlockHeight.response.json",
  getAccountInfo: "getAccountInfo.example1.response.json",
};

export interface RecordedRequest {
  /** HTTP method (`POST`). */
  method: string;
  /** Path and query as sent (`/multichain/test-key-123`, `/proxy?adv_getLogs`). */
  url: string;
  path: string;
  /** The query without `?` (`adv_getLogs`), or `""`. */
  query: string;
  /** Headers, names in lower case. */
  headers: IncomingHttpHeaders;
  /** The raw body text. */
  body: string;
  /** The JSON-RPC method: the envelope's `method`, else the URL query (proxy form). */
  rpcMethod: string | undefined;
  /** The envelope's `id` when the body is a JSON-RPC envelope. */
  rpcId: unknown;
}

export interface SampleResponse {
  status?: number;
  headers?: Record<string, string>;
  body: string | Buffer;
}

export type Responder = (request: RecordedRequest) => SampleResponse | undefined | Promise<SampleResponse | undefined>;

export interface SampleServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  url: string;
  /** Every request received so far, oldest first. */
  requests: RecordedRequest[];
  /** Installs a responder (`undefined` from it = default sample); `null` removes it. */
  respondWith(fn: Responder | null): void;
  /** Forgets the recorded requests and removes the responder. */
  reset(): void;
  /** Stops listening and drops every open connection. */
  close(): Promise<void>;
}

export interface SampleServerOptions {
  /** Rewrite the top-level `id` of JSON answers to the request's id (default false: sample bytes kept). */
  echoId?: boolean;
}

/** Raw bytes of a sample file (path relative to SAMPLES_DIR). */
export function sampleBytes(file: string): Buffer {
  return readFileSync(resolve(SAMPLES_DIR, file));
}

/** Text of a sample file. */
export function sampleText(file: string): string {
  return sampleBytes(file).toString("utf8");
}

/** A response that serves a sample file as published (JSON or plain text by its extension). */
export function fromSample(file: string, status = 200, headers: Record<string, string> = {}): SampleResponse {
  return {
    status,
    headers: {
      "content-type": file.endsWith(".json") ? "application/json" : "text/plain; charset=utf-8",
      ...headers,
    },
    body: sampleBytes(file),
  };
}

/** Which sample answers `method` by default. */
export function defaultSampleFor(method: string): string | undefined {
  return Object.hasOwn(DEFAULT_SAMPLES, method) ? DEFAULT_SAMPLES[method] : undefined;
}

export async function startSampleServer(options: SampleServerOptions = {}): Promise<SampleServer> {
  const requests: RecordedRequest[] = [];
  let responder: Responder | null = null;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = req.url ?? "/";
      const q = url.indexOf("?");
      const path = q === -1 ? url : url.slice(0, q);
      const query = q === -1 ? "" : url.slice(q + 1);
      let rpcMethod: string | undefined;
      let rpcId: unknown;
      try {
        const parsed: unknown = JSON.parse(body);
        if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
          const envelope = parsed as { method?: unknown; id?: unknown };
          if (typeof envelope.method === "string") rpcMethod = envelope.method;
          rpcId = envelope.id;
        }
      } catch {
        // not JSON: recorded as is
      }
      if (rpcMethod === undefined && query !== "") {
        const key = query.split("&").find((part) => part !== "" && !part.includes("="));
        if (key !== undefined) rpcMethod = decodeURIComponent(key);
      }
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        url,
        path,
        query,
        headers: req.headers,
        body,
        rpcMethod,
        rpcId,
      };
      requests.push(recorded);
      void answer(recorded, res);
    });
  });

  async function answer(request: RecordedRequest, res: ServerResponse): Promise<void> {
    try {
      let response = responder ? await responder(request) : undefined;
      if (response === undefined) {
        const file = request.rpcMethod === undefined ? undefined : defaultSampleFor(request.rpcMethod);
        response =
          file === undefined
            ? {
                status: 404,
                headers: { "content-type": "text/plain" },
                body: `sample-server: no sample for method ${JSON.stringify(request.rpcMethod)}`,
              }
            : fromSample(file);
      }
      let body = typeof response.body === "string" ? Buffer.from(response.body, "utf8") : response.body;
      if (options.echoId && request.rpcId !== undefined) {
        const rewritten = rewriteTopLevelId(body.toString("utf8"), JSON.stringify(request.rpcId));
        if (rewritten !== undefined) body = Buffer.from(rewritten, "utf8");
      }
      if (res.destroyed) return;
      res.writeHead(response.status ?? 200, { "content-length": String(body.length), ...response.headers });
      res.end(body);
    } catch (error) {
      if (res.destroyed) return;
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(`sample-server: responder failed: ${String(error)}`);
    }
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolveListen();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respondWith(fn) {
      responder = fn;
    },
    reset() {
      requests.length = 0;
      responder = null;
    },
    close() {
      return new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * Replaces the value of the top-level `"id"` member of a JSON object text with `idJson`, keeping
 * every other byte (whitespace, key order, long integers). `undefined` when there is none.
 */
export function rewriteTopLevelId(text: string, idJson: string): string | undefined {
  let depth = 0;
  let i = 0;
  const n = text.length;
  const skipString = (start: number): number => {
    let j = start + 1;
    while (j < n && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
    return j + 1;
  };
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      const end = skipString(i);
      if (depth === 1) {
        let j = end;
        while (j < n && /\s/.test(text[j]!)) j++;
        if (text[j] === ":" && text.slice(i, end) === '"id"') {
          j++;
          while (j < n && /\s/.test(text[j]!)) j++;
          const valueEnd = text[j] === '"' ? skipString(j) : scanPrimitive(text, j);
          return text.slice(0, j) + idJson + text.slice(valueEnd);
        }
      }
      i = end;
      continue;
    }
    if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") depth--;
    i++;
  }
  return undefined;
}

function scanPrimitive(text: string, start: number): number {
  let j = start;
  while (j < text.length && !/[\s,}\]]/.test(text[j]!)) j++;
  return j;
}
