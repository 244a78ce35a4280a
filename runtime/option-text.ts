/**
 * The words of every problem the option checks find, apart from the checks: a check (endpoint.ts,
 * checks.ts, transport.ts, http.ts, ws.ts, node.ts) records a `Finding` that names its words by key,
 * and `describe` turns findings into the issues of a ValidationError when the error is made. A
 * transport factory (`http()`, `webSocket()`, `nodeHttp()`, `createTransport()`) describes its
 * findings at once and throws; a client's options and a call's options are described on the
 * failure path (failures.ts), when the call rejects. So an app whose options are right carries the
 * checks but never loads their words.
 */
import type { Issue } from "./validate.js";

/** A number or name a text is made with. */
export type Arg = string | number;

const MS = " ms (timers past 2^31 ms fire at once)";

const TEXT = {
  object: () => "must be an object",
  url: () => "must be an absolute URL such as https://host/path",
  wsUrl: () => "is a WebSocket URL: pass transport: webSocket(url, { apiKey }) from the package's ./ws subpath",
  httpProtocol: () => "must start with http:// or https://",
  wsProtocol: () => "must start with ws:// or wss://",
  credentials: () => "must not hold credentials (user:password@): pass the key as apiKey",
  keyFormat: () => "must be a non-empty string without '/', '?', '#' or spaces",
  keyDots: () => "must not be '.' or '..' (the request would go to a parent path)",
  keyInBrowser: () =>
    "must not be used in a browser: the key would ship to every visitor. Call the keyed endpoint from a server, use proxyUrl, or pass dangerouslyAllowBrowser: true",
  withTransport: () => "cannot be combined with transport: pass it to the transport (http(url, { … }))",
  urlRequired: () => "is required (or pass proxyUrl for the keyless proxy, or a transport)",
  urlAndProxy: () => "cannot be combined with url: pass one of them",
  noProxy: (api: Arg) => `is not available: the ${api} API has no keyless proxy`,
  transportNoProxy: (api: Arg) => `is "proxy", but the ${api} API has no keyless proxy`,
  keyWithProxyUrl: () => "cannot be used with proxyUrl: the proxy takes no key",
  keyWithProxy: () => "cannot be used with proxy: the proxy takes no key",
  atLeast: (min: Arg) => `must be a number, ${min} or more`,
  atMost: (max: Arg) => `must be at most ${max}`,
  atMostMs: (max: Arg) => `must be at most ${max}${MS}`,
  whole: () => "must be a whole number",
  wholeAtLeastOne: () => "must be a whole number, 1 or more",
  codes: () => "must be an array of integer JSON-RPC error codes",
  transport: () => "must be a transport: http(url), webSocket(url) or an object with type and request()",
  transportType: () => "must be a non-empty string naming the transport",
  transportRequest: () => "must be a function (request, options) => Promise<answer>",
  transportEndpoint: () => 'must be "jsonrpc" or "proxy"',
  fetch: () => "must be a fetch function",
  agent: () => "must be a node:http or node:https Agent",
  webSocketClass: () => "must be a WebSocket class",
  tracer: () =>
    "must be an OpenTelemetry Tracer (trace.getTracer(name) of @opentelemetry/api): an object with startSpan()",
  logger: () => "must be a logger such as console: an object with debug(), info(), warn() and error()",
  logLevel: () => 'must be one of "debug", "info", "warn", "error" or "off"',
  provider: () => "must be an EIP-1193 provider: an object with request({ method, params })",
  providerName: () => "must be a word of letters, digits, '.', ':', '_' or '-' (at most 100), never a URL",
} satisfies Record<string, (arg: Arg) => string>;

/** Which words a finding has. */
export type TextKey = keyof typeof TEXT;

/** A problem a check found, before its words: `describe` makes its issue. */
export interface Finding {
  readonly path: string;
  readonly rule: string;
  readonly text: TextKey;
  /** JSON type of the value found (never the value: it may be a key). */
  readonly received: string;
  /** What the text is made with (a limit, an API's name). */
  readonly arg?: Arg;
}

/** The issues of `findings`, each with its sentence. */
export const describe = (findings: readonly Finding[]): Issue[] =>
  findings.map(({ path, rule, text, received, arg = "" }) => ({
    path,
    rule,
    message: (TEXT[text] as (arg: Arg) => string)(arg),
    received,
  }));
