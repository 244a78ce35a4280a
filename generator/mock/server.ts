/**
 * The mock server over HTTP on 127.0.0.1: POST a JSON-RPC request (to `/`, to any keyed path
 * `/<anything>/<key>`, or in the proxy form to `/?<method>`) and get an answer made from the
 * spec; GET lists the methods; every answer carries CORS headers so a browser page can call it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { loadMockDocuments } from "./load.js";
import { buildRegistry, listMethods, type Registry } from "./registry.js";
import { answerRequest, type Target } from "./rpc.js";
import { attachSubscriptions, DEFAULT_NOTIFY_INTERVAL } from "./subscriptions.js";

export interface MockServerOptions {
  /** OpenRPC documents (JSON or YAML), relative to `cwd`. */
  specs: readonly string[];
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Pages of each paginated method. Default 3. */
  pages?: number;
  /** Milliseconds between two notifications of a WebSocket subscription. Default 1000. */
  interval?: number;
  cwd?: string;
}

export interface MockServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  /** Every method served. */
  methods: string[];
  /** Things worth knowing that do not stop the server (duplicate methods, examples that do not fit). */
  warnings: string[];
  close(): Promise<void>;
}

export const DEFAULT_PAGES = 3;
/** Largest request body read, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024 * 1024;

const CORS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, GET, OPTIONS",
  "access-control-allow-headers": "content-type, accept, authorization",
  "access-control-max-age": "600",
};

export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  const pages = options.pages ?? DEFAULT_PAGES;
  if (!Number.isInteger(pages) || pages < 1) throw new RangeError(`pages must be a whole number of at least 1, not ${pages}.`);
  const loaded = await loadMockDocuments(options.specs, options.cwd);
  const { registry, warnings } = buildRegistry(loaded.documents);
  const server = createServer((request, response) => {
    handle(request, response, registry, pages).catch((error: unknown) => send(response, 500, "text/plain; charset=utf-8", `The mock server failed: ${(error as Error).message}\n`));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const subscriptions = attachSubscriptions(server, registry, { pages, interval: options.interval ?? DEFAULT_NOTIFY_INTERVAL }, targetOf);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    methods: listMethods(registry).map((m) => m.name),
    warnings: [...loaded.warnings.map((w) => `${w.file}#${w.pointer}: ${w.message}`), ...warnings],
    close: () =>
      new Promise<void>((resolve, reject) => {
        subscriptions.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function handle(request: IncomingMessage, response: ServerResponse, registry: Registry, pages: number): Promise<void> {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (request.method === "OPTIONS") {
    const asked = request.headers["access-control-request-headers"];
    return send(response, 204, undefined, undefined, typeof asked === "string" && asked !== "" ? { "access-control-allow-headers": asked } : {});
  }
  if (request.method === "GET" || request.method === "HEAD") return send(response, 200, "text/plain; charset=utf-8", describeServer(registry));
  if (request.method !== "POST") return send(response, 405, "text/plain; charset=utf-8", `The mock server takes POST (JSON-RPC), GET (the method list) and OPTIONS, not ${request.method}.\n`, { allow: "POST, GET, OPTIONS" });
  const text = await readBody(request);
  if (text === undefined) return send(response, 413, "text/plain; charset=utf-8", `The request body is larger than ${MAX_BODY_BYTES} bytes.\n`);
  const answer = answerRequest(text, targetOf(url), registry, { pages });
  if (answer.status === 204) return send(response, 204);
  send(response, 200, "application/json; charset=utf-8", answer.body);
}

/** `/eth/<key>` → scope `eth`; `/?adv_getLogs` → the proxy form for `adv_getLogs`. */
export function targetOf(url: URL): Target {
  const scope = url.pathname.split("/").filter(Boolean)[0];
  const query = url.search.slice(1).split("&")[0] ?? "";
  const proxyMethod = query !== "" && !query.includes("=") ? decode(query) : undefined;
  return { ...(scope !== undefined ? { scope: decode(scope) } : {}), ...(proxyMethod !== undefined ? { proxyMethod } : {}) };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The body as text, or `undefined` when it exceeds MAX_BODY_BYTES. */
async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function send(response: ServerResponse, status: number, contentType?: string, body?: string, headers: Record<string, string> = {}): void {
  if (response.headersSent) return void response.end();
  response.writeHead(status, { ...CORS, ...headers, ...(contentType ? { "content-type": contentType } : {}) });
  response.end(body);
}

/** The text GET answers: what is served and how to call it. */
export function describeServer(registry: Registry): string {
  const lines = ["Mock JSON-RPC 2.0 server made from OpenRPC documents (answers come from the spec's examples or its schemas).", "POST a request to / or /<path>/<key>; keyless proxy form: POST /?<method> with the params as the body.", ""];
  for (const d of registry.documents) {
    lines.push(`${d.document.title} ${d.document.version} (${d.document.source}), also at /${d.document.subpath}/<key>:`);
    const methods = listMethods({ documents: [d] });
    const width = Math.max(...methods.map((m) => m.name.length), 0);
    for (const m of methods) lines.push(`  ${m.name.padEnd(width)}  ${m.summary}`.trimEnd());
    lines.push("");
  }
  return lines.join("\n");
}
