/**
 * The Node HTTP transport (the package's `./node` subpath): `nodeHttp(url, { apiKey, agent })` on
 * node:http / node:https with keep-alive, behind the same `Transport` interface as `http()`. Raw
 * node:http costs a fraction of `fetch` per request on Node, which matters with many calls in flight.
 * The same guarantees as http.ts: timeout, abort, a limit on the decoded body size, no redirects,
 * and the same typed errors (made by failures.ts, as http.ts's are), which never hold the URL or the
 * key. node:http and node:zlib are imported when the transport is made, by a specifier the bundlers
 * do not follow, so nothing of Node reaches a browser bundle (and the package needs no @types/node:
 * the few members used are typed here). In Node it is also the default transport (default-transport-node.ts).
 */
import {
  AbortError,
  MalformedResponseError,
  NetworkError,
  ResponseTooLargeError,
  TimeoutError,
  type ErrorContext,
} from "./errors.js";
import { redact } from "./secrets.js";
import { sealTransport, type SendOptions, type Transport } from "./transport.js";
import { DEFAULT_MAX_RESPONSE_BYTES } from "./defaults.js";
import { issue } from "./issue.js";
import { secretsOf, type Target } from "./endpoint.js";
import { failed } from "./fail.js";
import type { HttpTransportOptions } from "./http.js";
import { checkHttp } from "./factories.js";

/** What this file uses of a node:http `Agent` (pass your own, e.g. `new https.Agent({ keepAlive: true, maxSockets: 16 })`). */
export interface NodeAgent {
  destroy(): void;
}

/** Options of `nodeHttp(url, options)`: those of `http()` but `fetch`, plus the connection `agent`. */
export interface NodeHttpOptions extends Omit<HttpTransportOptions, "fetch" | "dangerouslyAllowBrowser"> {
  /** The node:http(s) Agent; default: one of this transport's own with keep-alive, destroyed by `close()`. */
  agent?: NodeAgent;
}

interface IncomingLike {
  statusCode?: number;
  headers: Record<string, string | string[] | undefined>;
  on(event: "data", listener: (chunk: Uint8Array) => void): void;
  on(event: "end" | "aborted", listener: () => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  resume(): void;
}
interface RequestLike {
  on(event: "error", listener: (error: Error) => void): void;
  end(body: string): void;
  destroy(): void;
}
/** What `request` takes: the URL's parts, parsed once per transport (not per call, as a URL string would be). */
interface RequestOptions {
  readonly protocol: string;
  readonly hostname: string;
  readonly port?: string;
  readonly path: string;
  readonly method: "POST";
  readonly headers: Record<string, string>;
  readonly agent: unknown;
}
interface NodeHttpModule {
  request(options: RequestOptions, onResponse: (response: IncomingLike) => void): RequestLike;
  Agent: new (options: { keepAlive: boolean }) => NodeAgent;
}

/** What this file uses of a node:zlib decompression stream. */
interface Inflater {
  write(chunk: Uint8Array): void;
  end(): void;
  destroy(): void;
  on(event: "data", listener: (chunk: Uint8Array) => void): void;
  on(event: "end", listener: () => void): void;
  on(event: "error", listener: (error: Error) => void): void;
}
interface ZlibModule {
  createGunzip(): Inflater;
  createInflate(): Inflater;
  createBrotliDecompress(): Inflater;
}

/**
 * Imports a Node built-in by a name the bundlers leave alone (a browser bundle never holds it), as
 * its module object (the namespace's `default`): the object `require("node:http")` gives, whose
 * `request` msw's and nock's interceptors replace. The namespace's named `request` is a copy taken at
 * load time that their patch does not reach, so calls go through the object, read at call time.
 */
const load = <T = NodeHttpModule>(name: string): Promise<T> =>
  import(/* webpackIgnore: true */ /* @vite-ignore */ `node:${name}`).then(
    (namespace: T & { default?: T }) => namespace.default ?? namespace,
  );

/**
 * The decompression stream for a `Content-Encoding` fetch decodes too (gzip, deflate, br), so the
 * limit counts decoded bytes on both transports; undefined for identity or an encoding it leaves alone.
 */
function inflaterFor(zlib: ZlibModule, encoding: string | null): Inflater | undefined {
  switch (encoding?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

/**
 * An HTTP transport on node:http / node:https for any client factory's `transport` option (Node only).
 *
 * @example
 * ```ts
 * const adv = createAdvancedClient({ transport: nodeHttp("https://host/multichain", { apiKey: process.env.API_KEY }) });
 * ```
 */
export function nodeHttp(url: string, options: NodeHttpOptions = {}): Transport {
  const [target, o] = checkHttp("node http transport", url, options, (o, issues) => {
    if (o.agent !== undefined && (o.agent === null || typeof o.agent !== "object"))
      issue(issues, "options.agent", "type", "agent", o.agent);
    // Node is no browser: the key ships to no visitor.
    return true;
  });
  return nodeTransport(target, o);
}

/**
 * The transport of a checked target: `nodeHttp()`'s, and a client's from its `{ url, apiKey }` /
 * `{ proxyUrl }` shorthand in Node (default-transport-node.ts). The node:http module is imported
 * once, when the transport is made; a call that comes before it is there waits for it, the others
 * use it at once.
 */
export function nodeTransport(target: Target, o: NodeHttpOptions): Transport {
  const secrets = secretsOf(o.apiKey, o.headers);
  const headers = { "content-type": "application/json", accept: "application/json", ...o.headers };
  const maxResponseBytes = o.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const query = o.proxy ? (target.url.includes("?") ? "&" : "?") : undefined;
  let agent = o.agent;
  let http: NodeHttpModule | undefined;
  let zlib: ZlibModule | undefined;
  // A failed load (not Node) fails each call with a NetworkError.
  const loading = Promise.all([
    load(target.url.startsWith("https:") ? "https" : "http"),
    load<ZlibModule>("zlib"),
  ]).then(([m, z]) => {
    zlib = z;
    return (http = m);
  });
  loading.catch(() => undefined);
  const loaded = (s: SendOptions): Promise<NodeHttpModule> =>
    loading.catch((error: unknown) => {
      throw new NetworkError("node:http is not available here (nodeHttp runs on Node only): use http()", {
        ...s.context,
        cause: error,
      });
    });
  // The URL's parts, once: node:http parses a URL string again on every request.
  const parsed = new URL(target.url);
  const path = `${parsed.pathname}${parsed.search}`;
  /** The fixed parts of a request to `url` (whose path is `to`). */
  const fixedFor = (url: string, to: string, a: NodeAgent): Fixed => ({
    url,
    options: {
      protocol: parsed.protocol,
      // node:http takes an IPv6 address without its brackets.
      hostname: parsed.hostname.replace(/^\[(.*)\]$/, "$1"),
      ...(parsed.port !== "" && { port: parsed.port }),
      path: to,
      method: "POST",
      headers,
      agent: a,
    },
    maxResponseBytes,
    secrets,
    zlib: zlib!,
  });
  /** The fixed parts of every request (not over the proxy, whose URL names the method): made once per agent. */
  let fixed: Fixed | undefined;
  const exchangeWith = (m: NodeHttpModule, body: string, method: string, s: SendOptions): Promise<string> => {
    if (!agent) {
      agent = new m.Agent({ keepAlive: true });
      fixed = undefined;
    }
    if (query === undefined) return exchange(m, body, (fixed ??= fixedFor(target.url, path, agent)), s);
    const named = `${query}${encodeURIComponent(method)}`;
    return exchange(m, body, fixedFor(`${target.url}${named}`, `${path}${named}`, agent), s);
  };
  const send = (body: string, method: string, s: SendOptions): Promise<string> =>
    http ? exchangeWith(http, body, method, s) : loaded(s).then((m) => exchangeWith(m, body, method, s));
  return sealTransport(
    {
      type: "http",
      host: target.host,
      endpoint: o.proxy ? "proxy" : "jsonrpc",
      enforcesTimeouts: true,
      request: (r, s) => send(r.body, r.method, s),
      ...(!o.proxy && { batch: (_r, body, s) => send(body, "batch", s) }),
      notify: async (r, s) => void (await send(r.body, r.method, s)),
      close: () => {
        // An agent the caller passed is theirs to destroy.
        if (agent && agent !== o.agent) agent.destroy();
        agent = undefined;
      },
    },
    secrets,
  );
}

/** Settles a call: with its text, or with an error, made now or on the failure path (`failed`). */
type Finish = (error: Error | Promise<Error> | undefined, text?: string) => void;

interface Fixed {
  /** The URL (it may hold the key: for a redirect's target alone, never shown). */
  url: string;
  /** What node:http's `request` takes; node:http sets Content-Length itself for a body sent in one `end`. */
  options: RequestOptions;
  maxResponseBytes: number;
  secrets: readonly string[];
  zlib: ZlibModule;
}

/** A call in flight with a deadline: when it passes (`at`, on performance.now()'s clock), `expire` fails it. */
interface Deadline {
  readonly at: number;
  readonly expire: () => void;
}

/**
 * The deadlines of every call in flight, watched by one timer. A timer armed and cleared per call costs
 * a good share of what this transport does per call itself (a sequential call of a few hundred µs):
 * the timer here is armed for the earliest deadline and left to fire, when it fails the calls past
 * theirs and is armed for the next. It is unref'd: a call in flight holds the process open through its
 * socket, and an idle client never does.
 */
const deadlines = new Set<Deadline>();
let armed: { at: number; timer: ReturnType<typeof setTimeout> } | undefined;

function arm(at: number): void {
  if (armed) clearTimeout(armed.timer);
  const timer = setTimeout(expireDue, Math.max(0, Math.ceil(at - performance.now())));
  (timer as { unref?: () => void }).unref?.();
  armed = { at, timer };
}

function expireDue(): void {
  armed = undefined;
  const now = performance.now();
  let next = Infinity;
  for (const d of deadlines) {
    if (d.at <= now) {
      deadlines.delete(d);
      d.expire();
    } else next = Math.min(next, d.at);
  }
  if (next !== Infinity) arm(next);
}

function watchDeadline(d: Deadline): void {
  deadlines.add(d);
  if (!armed || d.at < armed.at) arm(d.at);
}

/** One POST: the body text of a 2xx answer, or a typed error (never the URL, never a secret). */
function exchange(http: NodeHttpModule, body: string, f: Fixed, s: SendOptions): Promise<string> {
  const { context, signal, timeout } = s;
  return new Promise<string>((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortError(context));
    let settled = false;
    /** Settles the call: with text, or with an error (one made on the failure path settles it at once, rejects once made). */
    const finish: Finish = (error, text = "") => {
      if (settled) return;
      settled = true;
      if (deadline) deadlines.delete(deadline);
      signal?.removeEventListener("abort", onAbort);
      if (!error) return resolve(text);
      request.destroy();
      if (error instanceof Error) reject(error);
      else void error.then(reject);
    };
    const onAbort = (): void => finish(new AbortError(context));
    const request = http.request(f.options, (response) => answer(response, f, context, finish));
    request.on("error", (error) =>
      finish(
        failed((m) => m.sendFailure(error, { timedOut: false, aborted: false, timeout }, f.secrets, context), context),
      ),
    );
    const deadline: Deadline | undefined =
      timeout > 0 && Number.isFinite(timeout)
        ? { at: performance.now() + timeout, expire: () => finish(new TimeoutError(timeout, context)) }
        : undefined;
    if (deadline) watchDeadline(deadline);
    signal?.addEventListener("abort", onAbort, { once: true });
    request.end(body);
  });
}

/** Reads an answer: refuses redirects and bodies past the limit, turns non-2xx into HttpError. */
function answer(response: IncomingLike, f: Fixed, context: ErrorContext, finish: Finish): void {
  const status = response.statusCode ?? 0;
  const header = (name: string): string | null => {
    const value = response.headers[name];
    return (Array.isArray(value) ? value[0] : value) ?? null;
  };
  /** The answer as failures.ts reads a fetch Response. */
  const line = { status, headers: { get: header } };
  if (status >= 300 && status <= 399) {
    response.resume();
    return finish(failed((m) => m.redirected(line, f.url, context), context));
  }
  const declared = Number(header("content-length"));
  if (Number.isFinite(declared) && declared > f.maxResponseBytes)
    return finish(new ResponseTooLargeError(f.maxResponseBytes, context));
  // A compressed body is decoded as it arrives; the limit counts what it decodes to.
  const inflater = inflaterFor(f.zlib, header("content-encoding"));
  const body: Pick<IncomingLike, "on"> = inflater ?? response;
  if (inflater) {
    // The bytes as sent are bounded too: a stream that decodes to (almost) nothing (empty gzip members
    // one after another) would otherwise be read for as long as the server sends it. No answer within
    // the limit needs more compressed bytes than the limit, but for an incompressible one at its very edge.
    let sent = 0;
    response.on("data", (chunk) => {
      sent += chunk.byteLength;
      if (sent <= f.maxResponseBytes) return inflater.write(chunk);
      inflater.destroy();
      finish(new ResponseTooLargeError(f.maxResponseBytes, context));
    });
    response.on("end", () => inflater.end());
    inflater.on("error", (error) =>
      finish(
        new MalformedResponseError("the compressed body could not be decoded", "", {
          ...context,
          cause: redact(error, f.secrets),
        }),
      ),
    );
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  body.on("data", (chunk) => {
    size += chunk.byteLength;
    if (size > f.maxResponseBytes) {
      inflater?.destroy();
      finish(new ResponseTooLargeError(f.maxResponseBytes, context));
    } else chunks.push(chunk);
  });
  const cut = (error?: Error): void =>
    finish(failed((m) => m.truncated(error ?? new Error("aborted"), f.secrets, context), context));
  response.on("aborted", () => cut());
  response.on("error", cut);
  body.on("end", () => {
    const text = decoder.decode(concat(chunks, size));
    if (status >= 200 && status <= 299) return finish(undefined, text);
    // The error is made on the failure path, as http.ts makes it.
    finish(failed((m) => m.statusError(line, text, f.secrets, context), context));
  });
}

const decoder = new TextDecoder();

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
