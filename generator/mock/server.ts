/**
 * The mock server on 127.0.0.1: POST a JSON-RPC request (to `/`, to any keyed path
 * `/<anything>/<key>`, or in the proxy form to `/?<method>`) and get an answer made from the
 * spec; the same paths take WebSocket connections (ws.ts), which also serve the spec's
 * subscriptions (subscriptions.ts); GET lists the methods; every answer
 * carries CORS headers so a browser page can call it. Every client is untrusted: the limits of
 * limits.ts bound bodies, batches, nesting, answers, time and connections, and every refusal is a
 * JSON-RPC error with a sentence — never a stack trace, to the client or the console.
 */
import type { CallLog } from "./log.js";
import { loadOverrides } from "./overrides.js";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { isIP, type AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { terminalText } from "../print/escape.js";
import { ClientGone, readBody } from "./body.js";
import { foreignRequest } from "./hosts.js";
import { stringifyJson } from "./json.js";
import { DEFAULT_LIMITS, DEFAULT_PAGES, resolveLimits, type MockLimits } from "./limits.js";
import { loadMockDocuments } from "./load.js";
import { readingOf, type LoadCache, type ReadingOptions } from "../load/load-model.js";
import { buildRegistry, listMethods, type Registry } from "./registry.js";
import { answerRequestFairly, INTERNAL_ERROR, type AnswerOptions, type LocalMethod, type Target } from "./rpc.js";
import { idCounter, sessionSubscriptions, type SessionSubscriptions } from "./subscriptions.js";
import { attachWebSocket, type WsSession } from "./ws.js";

/** What the mock serves and how; the reading options are `npm run gen`'s (`lenient`, `examples`, `refRoot`, `allowDuplicateParams`). */
export interface MockServerOptions extends ReadingOptions {
  /** OpenRPC documents (JSON or YAML), relative to `cwd`. */
  specs: readonly string[];
  /** Port; 0 (the default) picks a free one. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1; anything but a loopback address needs `allowRemote`. */
  host?: string;
  /** Lets `host` be an address other machines can reach. Default false. */
  allowRemote?: boolean;
  /** Take WebSocket upgrades from pages opened from disk (`Origin: null`, which a sandboxed frame of any site sends too). */
  allowFilePages?: boolean;
  /** Pages of each paginated method. Default 3. */
  pages?: number;
  /** Overrides of DEFAULT_LIMITS (limits.ts). */
  limits?: Partial<MockLimits>;
  cwd?: string;
  /** Told about every JSON-RPC call answered (mock/log.ts: method, params, outcome, time; never the URL). */
  log?: CallLog;
  /** Told, in one line, when the mock itself fails to answer a request (default: the console's stderr). */
  report?: (line: string) => void;
  /** A JSON file of fixed results or errors per method (mock/overrides.ts), relative to `cwd`. */
  overrides?: string;
  /** Changes every generated value (same seed, same answers); without one the answers are those of seed "". */
  seed?: string;
  /**
   * Where a warm process keeps the documents it read and checked (load/load-model.ts `LoadCache`):
   * the playground passes the one its site was generated with, so the specs are not read and
   * checked a second time. Keyed by the files' content and the reading options, as for `loadModel`.
   */
  cache?: LoadCache;
}

export interface MockServer {
  /** `http://<host>:<port>`, without a trailing slash. */
  url: string;
  /** Every method served. */
  methods: string[];
  /** Things worth knowing that do not stop the server (duplicate methods, examples that do not fit). */
  warnings: string[];
  /** The limits in force. */
  limits: MockLimits;
  close(): Promise<void>;
}

export { DEFAULT_PAGES };
/** Largest request body read by default, in bytes (see limits.ts). */
export const MAX_BODY_BYTES = DEFAULT_LIMITS.maxBodyBytes;

const CORS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, GET, OPTIONS",
  "access-control-allow-headers": "content-type, accept, authorization",
  "access-control-max-age": "600",
};

/** Whether `host` is a loopback address (127.0.0.0/8, ::1) or `localhost`. */
export function isLoopback(host: string): boolean {
  if (host === "localhost" || host === "::1" || host === "[::1]") return true;
  return isIP(host) === 4 && host.startsWith("127.");
}

export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  const pages = options.pages ?? DEFAULT_PAGES;
  if (!Number.isInteger(pages) || pages < 1)
    throw new RangeError(`pages must be a whole number of at least 1, not ${pages}.`);
  const limits = resolveLimits(options.limits);
  const host = options.host ?? "127.0.0.1";
  const report = options.report ?? ((line: string) => console.error(line));
  if (!isLoopback(host) && !options.allowRemote)
    throw new RangeError(
      `The mock listens on loopback addresses only; ${host} would let other machines call it. Pass allowRemote (--allow-remote) to do that on purpose.`,
    );
  const loaded = await loadMockDocuments(options.specs, {
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.cache ? { cache: options.cache } : {}),
    ...readingOf(options),
  });
  const { registry, warnings } = buildRegistry(loaded.documents);
  const extra: Extra = {
    ...(options.log ? { log: options.log } : {}),
    ...(options.seed ? { seed: options.seed } : {}),
    ...(options.overrides
      ? {
          overrides: await loadOverrides(
            options.overrides,
            listMethods(registry).map((m) => m.name),
            options.cwd,
          ),
        }
      : {}),
  };
  const server = createServer(
    {
      maxHeaderSize: limits.maxHeaderBytes,
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.max(5, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    (request, response) => {
      // DNS rebinding: a request for a foreign name is refused before anything is read (hosts.ts).
      const foreign = foreignRequest(request.headers, host, false);
      if (foreign !== undefined) return refuseForeign(request, response, foreign);
      inTurn(request, () =>
        handle(request, response, registry, pages, limits, extra).catch((error: unknown) =>
          failed(request, response, error, report),
        ),
      );
    },
  );
  server.maxConnections = limits.maxConnections;
  // A socket with no traffic either way (a client that stops reading its answer) is dropped; WebSockets opt out (ws.ts pings).
  server.timeout = limits.requestTimeoutMs;
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => refuseRaw(error, socket));
  const sessions: SessionTable = new WeakMap();
  const nextId = idCounter();
  const ws = attachWebSocket(server, {
    limits,
    refuse: (request) => foreignRequest(request.headers, host, true, options.allowFilePages === true),
    targetOf: (url) => ({ ...targetOf(url), proxyMethod: undefined }),
    methodsFor: (session) => wsMethods(session, registry, limits, nextId, sessions),
    dispatch: (session, text) => dispatchWs(session, text, registry, pages, limits, sessions, extra),
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  server.on("error", () => undefined);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`,
    methods: listMethods(registry).map((m) => m.name),
    warnings: [...loaded.warnings.map((w) => `${w.file}#${w.pointer}: ${w.message}`), ...warnings],
    limits,
    close: () =>
      new Promise<void>((resolve, reject) => {
        ws.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

const turns = new WeakMap<object, Promise<void>>();

/**
 * Runs `work` after the requests before it on the same connection are answered. Pipelined
 * requests wait with their bodies unread, so the socket backs up: one connection holds at most
 * one body and one answer in memory, however many requests it sends at once.
 */
function inTurn(request: IncomingMessage, work: () => Promise<void>): void {
  const socket = request.socket;
  const next = (turns.get(socket) ?? Promise.resolve()).then(work);
  turns.set(socket, next);
}

/** The subscriptions of each open WebSocket connection of one server. */
type SessionTable = WeakMap<WsSession, SessionSubscriptions>;

/**
 * Methods a WebSocket connection serves besides the spec's, made once per connection: the
 * subscription hook (subscriptions.ts). A subscribe method calls `spec()` (params checked, a
 * result of the spec's type), answers with a subscription id and pushes notifications with
 * `session.send`; unsubscribe stops them; `session.onClose` stops them all. Batches and every
 * limit apply to them as to any call.
 */
function wsMethods(
  session: WsSession,
  registry: Registry,
  limits: MockLimits,
  nextId: () => number,
  table: SessionTable,
): ReadonlyMap<string, LocalMethod> {
  const subscriptions = sessionSubscriptions(session, registry, limits, nextId);
  table.set(session, subscriptions);
  return subscriptions.methods;
}

/** The one place a WebSocket message is answered: the same JSON-RPC as over HTTP, plus the connection's own methods. */
async function dispatchWs(
  session: WsSession,
  text: string,
  registry: Registry,
  pages: number,
  limits: MockLimits,
  table: SessionTable,
  extra: Extra,
): Promise<string | undefined> {
  const answer = await answerRequestFairly(text, session.target, registry, {
    pages,
    limits,
    localMethods: session.methods,
    ...extra,
    transport: "ws",
  });
  // The subscriptions this message made start their timers now: the answer with their ids is sent
  // in the same turn, before the first tick, however long a batch took.
  table.get(session)?.start();
  return answer.status === 200 ? answer.body : undefined;
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  registry: Registry,
  pages: number,
  limits: MockLimits,
  extra: Extra,
): Promise<void> {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (request.method === "OPTIONS") {
    const asked = request.headers["access-control-request-headers"];
    return send(
      response,
      204,
      undefined,
      undefined,
      typeof asked === "string" && asked !== "" ? { "access-control-allow-headers": asked } : {},
    );
  }
  if (request.method === "GET" || request.method === "HEAD")
    return send(response, 200, "text/plain; charset=utf-8", describeServer(registry));
  if (request.method !== "POST")
    return send(
      response,
      405,
      "text/plain; charset=utf-8",
      `The mock server takes POST (JSON-RPC), GET (the method list) and OPTIONS, not ${request.method}.\n`,
      { allow: "POST, GET, OPTIONS" },
    );
  const target = targetOf(url);
  const read = await readBody(request, limits.maxBodyBytes);
  if (!("text" in read)) {
    // The rest of a refused body is not read: answer, then close the connection.
    const id = target.proxyMethod !== undefined ? "1" : null;
    return send(
      response,
      read.status,
      JSON_TYPE,
      stringifyJson({ jsonrpc: "2.0", id, error: { code: read.code, message: read.message } }),
      { connection: "close" },
      () => request.socket.destroy(),
    );
  }
  const answer = await answerRequestFairly(read.text, target, registry, { pages, limits, ...extra });
  if (answer.status === 204) return send(response, 204);
  send(response, 200, JSON_TYPE, answer.body);
}

const JSON_TYPE = "application/json; charset=utf-8";

/** What the options add to every answer: the log, the overrides and the seed. */
type Extra = Pick<AnswerOptions, "log" | "overrides" | "seed">;

/** 421 Misdirected Request for a Host that is not this server's: a JSON-RPC error with the sentence, then the connection closes. */
function refuseForeign(request: IncomingMessage, response: ServerResponse, message: string): void {
  const body = stringifyJson({
    jsonrpc: "2.0",
    id: null,
    error: { code: -32600, message: `Invalid Request: ${message}` },
  });
  send(response, 421, JSON_TYPE, body, { connection: "close" }, () => request.socket.destroy());
}

/** A failure of the mock itself: a JSON-RPC -32603 to the client and one line on the console, no stack. */
function failed(
  request: IncomingMessage,
  response: ServerResponse,
  error: unknown,
  report: (line: string) => void,
): void {
  if (error instanceof ClientGone || response.headersSent || response.destroyed) return void request.socket.destroy();
  const reason = error instanceof Error ? error.message : String(error);
  report(terminalText(`The mock server could not answer ${request.method} ${request.url?.slice(0, 200)}: ${reason}`));
  send(
    response,
    500,
    JSON_TYPE,
    stringifyJson({
      jsonrpc: "2.0",
      id: null,
      error: { code: INTERNAL_ERROR, message: `Internal error: the mock server failed while answering (${reason}).` },
    }),
  );
}

/** Malformed HTTP, heads over maxHeaderBytes, and requests over the time limits: a short answer, then the socket closes. */
function refuseRaw(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === "ECONNRESET" || error.code === "EPIPE") return void socket.destroy();
  const [status, text] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout"]
        : [400, "Bad Request"];
  const message =
    status === 431
      ? "the request head is larger than the mock's limit (maxHeaderBytes)"
      : status === 408
        ? "the request was not received in time (headersTimeoutMs, requestTimeoutMs)"
        : "the request is not valid HTTP/1.1";
  const body = stringifyJson({
    jsonrpc: "2.0",
    id: null,
    error: { code: -32600, message: `Invalid Request: ${message}.` },
  });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\ncontent-type: ${JSON_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}

/** `/eth/<key>` → scope `eth`; `/?adv_getLogs` → the proxy form for `adv_getLogs`. */
export function targetOf(url: URL): Target {
  const scope = url.pathname.split("/").filter(Boolean)[0];
  const query = url.search.slice(1).split("&")[0] ?? "";
  const proxyMethod = query !== "" && !query.includes("=") ? decode(query) : undefined;
  return {
    ...(scope !== undefined ? { scope: decode(scope) } : {}),
    ...(proxyMethod !== undefined ? { proxyMethod } : {}),
  };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function send(
  response: ServerResponse,
  status: number,
  contentType?: string,
  body?: string,
  headers: Record<string, string> = {},
  then?: () => void,
): void {
  if (response.headersSent) return void response.end();
  response.writeHead(status, { ...CORS, ...headers, ...(contentType ? { "content-type": contentType } : {}) });
  response.end(body, then);
}

/** The text GET answers: what is served and how to call it. */
export function describeServer(registry: Registry): string {
  const lines = [
    "Mock JSON-RPC 2.0 server made from OpenRPC documents (answers come from the spec's examples or its schemas).",
    "POST a request to / or /<path>/<key>; keyless proxy form: POST /?<method> with the params as the body.",
    "",
  ];
  for (const d of registry.documents) {
    lines.push(
      `${d.document.title} ${d.document.version} (${d.document.source}), also at /${d.document.subpath}/<key>:`,
    );
    const methods = listMethods({ documents: [d] });
    const width = Math.max(...methods.map((m) => m.name.length), 0);
    for (const m of methods) lines.push(`  ${m.name.padEnd(width)}  ${m.summary}`.trimEnd());
    lines.push("");
  }
  return lines.join("\n");
}
