/**
 * A real HTTP server on 127.0.0.1 whose answers are scripted request by request, for the
 * integration tests of the client runtime's failure handling.
 *
 * - `script(...behaviours)` appends to a queue; each request takes the next behaviour. When the
 *   queue is empty the fallback answers (by default `echo()`: a valid JSON-RPC result carrying
 *   the request's id, item by item for a batch).
 * - Every request is recorded: HTTP method, URL, path, headers, body text, parsed JSON (when it
 *   is JSON), the time it arrived (`Date.now()` once its body is read) and its index.
 * - Behaviours: `json`, `text`, `html`, `reset` (the socket is destroyed before any answer),
 *   `hang(ms, then)` (answers after a delay), `truncated` (a content-length larger than the body,
 *   then the socket ends), `oversized(bytes, { chunked })`, `wrongId`, `slowBody(ms)` (the body
 *   stalls half-way), `echo`, and `custom`
 *   (computes a behaviour from the recorded request).
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  /** Position among the requests since the last reset (0-based). */
  index: number;
  /** HTTP method (`POST`). */
  method: string;
  /** Path and query as sent. */
  url: string;
  /** The path without the query. */
  path: string;
  /** Headers, names in lower case. */
  headers: IncomingHttpHeaders;
  /** The raw body text. */
  body: string;
  /** The body parsed as JSON; `undefined` when it is not JSON. */
  json: unknown;
  /** `Date.now()` when the whole body had arrived. */
  time: number;
}

/** A JSON-RPC request envelope as the server reads it. */
export interface Envelope {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

export type Behaviour =
  | { kind: "json"; status: number; body: unknown; headers: Record<string, string> }
  | { kind: "text"; status: number; body: string; headers: Record<string, string> }
  | { kind: "html"; status: number; body: string; headers: Record<string, string> }
  | { kind: "reset" }
  | { kind: "hang"; ms: number; then: Behaviour }
  | { kind: "truncated"; declared: number; body: string }
  | { kind: "oversized"; bytes: number; chunked: boolean }
  | { kind: "wrongId" }
  | { kind: "slowBody"; ms: number }
  | { kind: "echo"; result: ((envelope: Envelope) => unknown) | undefined }
  | { kind: "custom"; fn: (request: RecordedRequest) => Behaviour | Promise<Behaviour> };

/** `body` is sent as is when it is a string (raw JSON text, e.g. with long integers) or bytes (e.g. compressed), else stringified. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Behaviour => ({
  kind: "json",
  status,
  body,
  headers,
});
export const text = (status: number, body: string, headers: Record<string, string> = {}): Behaviour => ({
  kind: "text",
  status,
  body,
  headers,
});
/** An HTML error page (nginx-like by default). */
export const html = (status: number, body?: string, headers: Record<string, string> = {}): Behaviour => ({
  kind: "html",
  status,
  body:
    body ??
    `<html>\r\n<head><title>${status} Bad Gateway</title></head>\r\n<body>\r\n<center><h1>${status} Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
  headers,
});
/** Destroys the socket before answering (the client sees a connection reset / closed). */
export const reset = (): Behaviour => ({ kind: "reset" });
/** Answers with `then` (default: `echo()`) after `ms` milliseconds. */
export const hang = (ms: number, then: Behaviour = echo()): Behaviour => ({ kind: "hang", ms, then });
/** Declares `declared` bytes, sends the start of a JSON answer, then ends the socket. */
export const truncated = (
  declared = 4096,
  body = '{"jsonrpc":"2.0","id":1,"result":{"currencies":[{"blockch',
): Behaviour => ({ kind: "truncated", declared, body });
/** A JSON body of `bytes` bytes, announced by content-length or sent chunked (no length). */
export const oversized = (bytes: number, options: { chunked?: boolean } = {}): Behaviour => ({
  kind: "oversized",
  bytes,
  chunked: options.chunked ?? false,
});
/** A valid JSON-RPC result whose id is not the request's. */
export const wrongId = (): Behaviour => ({ kind: "wrongId" });
/** Sends the headers and the first half of a valid answer at once, the rest after `ms` milliseconds. */
export const slowBody = (ms: number): Behaviour => ({ kind: "slowBody", ms });
/** A valid JSON-RPC result with the request's id; a batch is answered item by item, in order. */
export const echo = (result?: (envelope: Envelope) => unknown): Behaviour => ({ kind: "echo", result });
export const custom = (fn: (request: RecordedRequest) => Behaviour | Promise<Behaviour>): Behaviour => ({
  kind: "custom",
  fn,
});

/** The default echoed result: the method and params the server received. */
export const defaultResult = (envelope: Envelope): unknown => ({ method: envelope.method, params: envelope.params });

/** The answer `echo` gives to one envelope. */
export function echoItem(envelope: Envelope, result: (envelope: Envelope) => unknown = defaultResult): unknown {
  return { jsonrpc: "2.0", id: envelope.id ?? null, result: result(envelope) };
}

export interface FaultServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  url: string;
  /** `127.0.0.1:<port>`. */
  host: string;
  port: number;
  /** Every request received since the last reset, oldest first. */
  requests: RecordedRequest[];
  /** Appends behaviours to the queue; each request takes the next one. */
  script(...behaviours: Behaviour[]): void;
  /** Behaviours still queued. */
  queued(): number;
  /** What answers when the queue is empty (default `echo()`); `null` restores the default. */
  setFallback(behaviour: Behaviour | null): void;
  /** Forgets requests, queue and fallback. */
  reset(): void;
  /** Stops listening, cancels delayed answers and drops every connection. */
  close(): Promise<void>;
}

export async function startFaultServer(): Promise<FaultServer> {
  const requests: RecordedRequest[] = [];
  const queue: Behaviour[] = [];
  let fallback: Behaviour = echo();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const server: Server = createServer((req, res) => {
    res.on("error", () => undefined);
    req.on("error", () => undefined);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      const url = req.url ?? "/";
      const q = url.indexOf("?");
      const recorded: RecordedRequest = {
        index: requests.length,
        method: req.method ?? "",
        url,
        path: q === -1 ? url : url.slice(0, q),
        headers: req.headers,
        body,
        json: parsed,
        time: Date.now(),
      };
      requests.push(recorded);
      const behaviour = queue.shift() ?? fallback;
      void perform(behaviour, recorded, res).catch((error: unknown) => {
        if (gone(res)) return;
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(`fault-server: behaviour failed: ${String(error)}`);
      });
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());

  const gone = (res: ServerResponse): boolean =>
    res.destroyed || res.writableEnded || res.socket === null || res.socket.destroyed;

  const send = (
    res: ServerResponse,
    status: number,
    contentType: string,
    body: string | Uint8Array,
    headers: Record<string, string>,
  ): void => {
    if (gone(res)) return;
    const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
    res.writeHead(status, { "content-type": contentType, "content-length": String(bytes.length), ...headers });
    res.end(bytes);
  };

  async function perform(behaviour: Behaviour, request: RecordedRequest, res: ServerResponse): Promise<void> {
    switch (behaviour.kind) {
      case "json":
        return send(
          res,
          behaviour.status,
          "application/json",
          typeof behaviour.body === "string" || behaviour.body instanceof Uint8Array
            ? behaviour.body
            : JSON.stringify(behaviour.body),
          behaviour.headers,
        );
      case "text":
        return send(res, behaviour.status, "text/plain; charset=utf-8", behaviour.body, behaviour.headers);
      case "html":
        return send(res, behaviour.status, "text/html", behaviour.body, behaviour.headers);
      case "reset":
        res.socket?.destroy();
        return;
      case "hang":
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, behaviour.ms);
          timers.add(timer);
        });
        if (gone(res)) return;
        return perform(behaviour.then, request, res);
      case "truncated": {
        if (gone(res)) return;
        res.writeHead(200, { "content-type": "application/json", "content-length": String(behaviour.declared) });
        res.write(behaviour.body, () => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            res.socket?.destroy();
          }, 20);
          timers.add(timer);
        });
        return;
      }
      case "oversized": {
        if (gone(res)) return;
        const envelope = (request.json ?? {}) as Envelope;
        const head = `{"jsonrpc":"2.0","id":${JSON.stringify(envelope.id ?? 1)},"result":"`;
        const tail = `"}`;
        const fill = Math.max(0, behaviour.bytes - head.length - tail.length);
        res.writeHead(
          200,
          behaviour.chunked
            ? { "content-type": "application/json" }
            : { "content-type": "application/json", "content-length": String(head.length + fill + tail.length) },
        );
        res.write(head);
        const chunk = "x".repeat(16 * 1024);
        let left = fill;
        while (left > 0 && !gone(res)) {
          const piece = left >= chunk.length ? chunk : chunk.slice(0, left);
          left -= piece.length;
          if (!res.write(piece)) {
            await new Promise<void>((resolve) => {
              const done = (): void => {
                res.off("drain", done);
                res.off("close", done);
                resolve();
              };
              res.on("drain", done);
              res.on("close", done);
            });
          }
        }
        if (!gone(res)) res.end(tail);
        return;
      }
      case "wrongId": {
        const envelope = (request.json ?? {}) as Envelope;
        const id = typeof envelope.id === "number" ? envelope.id + 1000 : 999_999;
        return send(
          res,
          200,
          "application/json",
          JSON.stringify({ jsonrpc: "2.0", id, result: defaultResult(envelope) }),
          {},
        );
      }
      case "slowBody": {
        if (gone(res)) return;
        const bytes = Buffer.from(JSON.stringify(echoItem((request.json ?? {}) as Envelope)), "utf8");
        const half = Math.floor(bytes.length / 2);
        res.writeHead(200, { "content-type": "application/json", "content-length": String(bytes.length) });
        res.write(bytes.subarray(0, half));
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, behaviour.ms);
          timers.add(timer);
        });
        if (!gone(res)) res.end(bytes.subarray(half));
        return;
      }
      case "echo": {
        const body = request.json;
        if (body === undefined) return send(res, 400, "text/plain", "fault-server: the body is not JSON", {});
        const answer = Array.isArray(body)
          ? body.map((item) => echoItem(item as Envelope, behaviour.result))
          : echoItem(body as Envelope, behaviour.result);
        return send(res, 200, "application/json", JSON.stringify(answer), {});
      }
      case "custom":
        return perform(await behaviour.fn(request), request, res);
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    port,
    requests,
    script(...behaviours) {
      queue.push(...behaviours);
    },
    queued: () => queue.length,
    setFallback(behaviour) {
      fallback = behaviour ?? echo();
    },
    reset() {
      requests.length = 0;
      queue.length = 0;
      fallback = echo();
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * The fault server of one test file: started before its tests, reset before each, closed after them.
 * The object stands for the server once it is started (its members read the started one).
 */
export function useFaultServer(): FaultServer {
  let started: FaultServer | undefined;
  const server = (): FaultServer => {
    if (!started) throw new Error("The fault server starts before the tests: use it inside a test or a hook.");
    return started;
  };
  beforeAll(async () => {
    started = await startFaultServer();
  });
  afterAll(async () => {
    await started?.close();
  });
  beforeEach(() => started?.reset());
  return {
    get url() {
      return server().url;
    },
    get host() {
      return server().host;
    },
    get port() {
      return server().port;
    },
    get requests() {
      return server().requests;
    },
    script: (...behaviours) => server().script(...behaviours),
    queued: () => server().queued(),
    setFallback: (behaviour) => server().setFallback(behaviour),
    reset: () => server().reset(),
    close: () => server().close(),
  };
}
