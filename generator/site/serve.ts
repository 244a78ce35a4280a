/**
 * The playground server on 127.0.0.1: the site's files (from memory, by exact name only: no
 * path ever reaches the disk) and, under `/mock/`, the mock server of generator/mock/ for every
 * spec (started with its exported factory and reached by forwarding, so the page calls it on
 * its own origin). WebSocket upgrades under `/mock/` are passed on to the mock's WebSocket
 * endpoint too, so the page can try the spec's subscriptions. Counts the calls it forwards, so
 * tests can prove that nothing was sent. Requests for a foreign Host name (DNS rebinding) get
 * 421, and upgrades from a foreign page Origin 403 (mock/hosts.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { CallLog } from "../mock/log.js";
import { foreignRequest } from "../mock/hosts.js";
import { startMockServer, type MockServer } from "../mock/server.js";
import type { LoadCache, ReadingOptions } from "../load/load-model.js";

export interface PlaygroundOptions {
  /** Site files, path → text (from buildSite with the default mock URL `mock/`). */
  files: Map<string, string>;
  /** Spec files for the mock, relative to `cwd`. */
  specs: readonly string[];
  /** Port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  cwd?: string;
  /** Told about every call the mock answers (generator/mock/log.ts). */
  log?: CallLog;
  /** Told when the mock fails to answer a request (see `MockServerOptions.report`). */
  report?: (line: string) => void;
  /** How the mock reads the specs (`--lenient`, …), as the site read them. */
  reading?: ReadingOptions;
  /** The documents the site was built from, read and checked (see `MockServerOptions.cache`). */
  cache?: LoadCache;
}

export interface Playground {
  /** `http://127.0.0.1:<port>/`. */
  url: string;
  mock: MockServer;
  /** Calls forwarded to the mock so far (each POST to /mock/… that was passed on; not one refused as too large). */
  rpcCalls(): number;
  close(): Promise<void>;
}

/** Largest body forwarded to the mock, in bytes. */
const MAX_FORWARD_BYTES = 1024 * 1024;

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json; charset=utf-8",
};

export async function startPlayground(options: PlaygroundOptions): Promise<Playground> {
  const mock = await startMockServer({
    ...options.reading,
    specs: options.specs,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.report ? { report: options.report } : {}),
    ...(options.cache ? { cache: options.cache } : {}),
  });
  let calls = 0;
  const server = createServer((request, response) => {
    handle(request, response).catch(() =>
      reply(response, 502, "text/plain; charset=utf-8", "The playground could not reach its mock server.\n"),
    );
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // DNS rebinding: pages and /mock/ answer only requests for this machine's names (mock/hosts.ts).
    const foreign = foreignRequest(request.headers, "127.0.0.1", false);
    if (foreign !== undefined) return reply(response, 421, "text/plain; charset=utf-8", `${foreign}\n`);
    const url = parseTarget(request.url);
    if (url === undefined)
      return reply(response, 400, "text/plain; charset=utf-8", "The request target is not a valid URL path.\n");
    if (url.pathname === "/mock" || url.pathname.startsWith("/mock/")) {
      return forward(request, response, `${mock.url}${url.pathname.slice("/mock".length) || "/"}${url.search}`, () => {
        if (request.method === "POST") calls += 1;
      });
    }
    if (request.method !== "GET" && request.method !== "HEAD")
      return reply(
        response,
        405,
        "text/plain; charset=utf-8",
        "The playground serves its pages with GET and the mock server under /mock/.\n",
      );
    const name = url.pathname === "/" ? "index.html" : url.pathname.slice(1);
    const text = options.files.get(name);
    if (text === undefined || name.startsWith("."))
      return reply(response, 404, "text/plain; charset=utf-8", "Not found.\n");
    reply(
      response,
      200,
      TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream",
      request.method === "HEAD" ? undefined : text,
    );
  }
  const tunnels = new Set<Duplex>();
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    tunnels.add(socket);
    socket.once("close", () => tunnels.delete(socket));
    // The same rules as the page requests, and a page of a foreign Origin may not open a socket (mock/hosts.ts).
    const foreign = foreignRequest(request.headers, "127.0.0.1", true);
    if (foreign !== undefined)
      return void socket.end(
        `HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\n\r\n${foreign}\n`,
      );
    const url = parseTarget(request.url);
    if (url === undefined || !(url.pathname === "/mock" || url.pathname.startsWith("/mock/")))
      return void socket.end(
        "HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-type: text/plain; charset=utf-8\r\n\r\nWebSockets are served under /mock/ only.\n",
      );
    const upstream = tunnel(
      request,
      socket,
      head,
      new URL(mock.url),
      `${url.pathname.slice("/mock".length) || "/"}${url.search}`,
    );
    tunnels.add(upstream);
    upstream.once("close", () => tunnels.delete(upstream));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    mock,
    rpcCalls: () => calls,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of tunnels) socket.destroy();
      });
      await mock.close();
    },
  };
}

/** The request target as a URL, or undefined when it is none (URL.parse is newer than Node 20.0). */
function parseTarget(target: string | undefined): URL | undefined {
  try {
    return new URL(target ?? "/", "http://127.0.0.1");
  } catch {
    return undefined;
  }
}

/**
 * Passes a WebSocket upgrade on to the mock: the same request head with the mock's path and
 * `Host`, then the bytes both ways until either side closes.
 */
function tunnel(request: IncomingMessage, socket: Duplex, head: Buffer, mock: URL, target: string): Socket {
  const upstream = connect(Number(mock.port), mock.hostname, () => {
    const lines = [`GET ${target} HTTP/1.1`];
    for (let i = 0; i + 1 < request.rawHeaders.length; i += 2) {
      const name = request.rawHeaders[i]!;
      lines.push(`${name}: ${name.toLowerCase() === "host" ? mock.host : request.rawHeaders[i + 1]!}`);
    }
    upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on("error", () => socket.destroy());
  socket.on("error", () => upstream.destroy());
  upstream.on("close", () => socket.destroy());
  socket.on("close", () => upstream.destroy());
  return upstream;
}

/** Reads the body (refusing one over MAX_FORWARD_BYTES before anything is sent), then passes it on. */
async function forward(
  request: IncomingMessage,
  response: ServerResponse,
  target: string,
  sending: () => void,
): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORWARD_BYTES)
      return reply(
        response,
        413,
        "text/plain; charset=utf-8",
        `The request body is larger than ${MAX_FORWARD_BYTES} bytes.\n`,
      );
    chunks.push(chunk as Buffer);
  }
  sending();
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS";
  const answer = await fetch(target, {
    method: request.method ?? "GET",
    headers: { "content-type": request.headers["content-type"] ?? "application/json" },
    ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
  });
  reply(response, answer.status, answer.headers.get("content-type") ?? undefined, await answer.text());
}

function reply(response: ServerResponse, status: number, contentType: string | undefined, body?: string): void {
  if (response.headersSent) return void response.end();
  response.writeHead(status, {
    ...(contentType ? { "content-type": contentType } : {}),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
  });
  response.end(status === 204 ? undefined : body);
}
