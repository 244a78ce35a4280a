/**
 * The core every generated client is built on: turns a call into a JSON-RPC request for the
 * chosen endpoint (keyed or proxy, params by name or by position), validates it before any I/O,
 * sends it, and turns the answer into a result or a typed error.
 */
import { JsonRpcError, MalformedResponseError, ValidationError, type ErrorContext } from "./errors.js";
import { post } from "./http.js";
import { applyU64, parseJson, restoreNumbers, stringifyJson, type U64Map } from "./json.js";
import { checkLimits, type LimitRule } from "./limits.js";
import type { Issue, Validator } from "./validate.js";

/** How an endpoint takes requests (the `x-endpoint` extension of a spec server). */
export interface EndpointSpec {
  readonly paramStructure: "by-name" | "by-position";
  /** `params-only`: the HTTP body is the params array itself, not the JSON-RPC envelope. */
  readonly envelope: "jsonrpc" | "params-only";
  /** `query`: the method name is sent as the URL query (`POST <url>?<method>`). */
  readonly methodIn: "body" | "query";
}

/** What the generated code says about one method. */
export interface MethodSpec {
  /** Param names, in positional order. */
  readonly params: readonly string[];
  /** The method's own `paramStructure` when it is not `either`; wins over the endpoint's form. */
  readonly structure?: "by-name" | "by-position";
  readonly idempotent?: boolean;
  readonly limits?: readonly LimitRule[];
  /** Where the result holds u64 values (parsed as `bigint`). */
  readonly u64?: U64Map;
  /** Pagination: the token param, the next-token field and the items field of the result. */
  readonly page?: { readonly token: string; readonly next: string; readonly items: string };
}

/** What the generated code says about one API (one spec document). */
export interface ApiSpec {
  readonly name: string;
  readonly methods: Readonly<Record<string, MethodSpec>>;
  /** Request validators by method name (params as a named object). */
  readonly validators?: Readonly<Record<string, Validator>>;
  /** How keyed endpoints (and plain URLs such as a local node) take requests. */
  readonly keyed: EndpointSpec;
  /** How the keyless proxy takes requests, when the API has one. */
  readonly proxy?: EndpointSpec;
}

export interface ClientOptions {
  /** Endpoint URL. With `apiKey`, requests go to `<url>/<apiKey>`; without, to `url` as given. */
  url?: string;
  /** Project API key, sent as the last path segment of `url`. Never appears in errors. */
  apiKey?: string;
  /** Keyless proxy URL (the playground form: the body is the params array). */
  proxyUrl?: string;
  /** Milliseconds to wait for each answer. Default 10 000; 0 disables the timeout. */
  timeout?: number;
  /** `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
  /** Extra HTTP headers sent with every request. */
  headers?: Record<string, string>;
  /** Check params against the spec before sending (default `true`). */
  validateRequests?: boolean;
  /** Largest response body accepted, in bytes. Default 64 MiB. */
  maxResponseBytes?: number;
  /** A keyed client refuses to run in a browser (the key would ship to users) unless this is `true`. */
  dangerouslyAllowBrowser?: boolean;
}

/** Options of one call, passed after the method's params. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds to wait for this call; overrides the client's `timeout`. */
  timeout?: number;
}

/** Params of a call: an array (positional) or an object keyed by param name. */
export type Params = readonly unknown[] | object | undefined;

export interface RpcClient {
  /** Calls `method`; `params` is an array (positional signature) or an object (named). */
  call(method: string, params: Params, options?: CallOptions): Promise<unknown>;
  close(): void;
}

export const DEFAULT_TIMEOUT = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

interface Endpoint extends EndpointSpec {
  url: string;
  host: string;
}

export function createRpcClient(api: ApiSpec, options: ClientOptions): RpcClient {
  const endpoint = resolveEndpoint(api, options);
  const secrets = options.apiKey ? [options.apiKey, encodeURIComponent(options.apiKey)] : [];
  const fetchFn = options.fetch ?? globalThis.fetch.bind(globalThis);
  const headers = { "content-type": "application/json", accept: "application/json", ...options.headers };
  let nextId = 1;

  return {
    async call(method, params, callOptions = {}) {
      const context: ErrorContext = { method, host: endpoint.host };
      const spec = api.methods[method];
      const named = toNamed(params, spec);
      if (options.validateRequests !== false && spec) validateParams(api, method, spec, named, context);
      const wire = encodeParams(named, params, spec, endpoint);
      const id = nextId++;
      const body = endpoint.envelope === "params-only" ? stringifyJson(wire) : stringifyJson({ jsonrpc: "2.0", id, method, params: wire });
      const url = endpoint.methodIn === "query" ? `${endpoint.url}${endpoint.url.includes("?") ? "&" : "?"}${encodeURIComponent(method)}` : endpoint.url;
      const response = await post({
        url,
        body,
        headers,
        timeout: callOptions.timeout ?? options.timeout ?? DEFAULT_TIMEOUT,
        signal: callOptions.signal,
        maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
        fetch: fetchFn,
        secrets,
        context,
      });
      return decodeResponse(response.text, endpoint.envelope === "jsonrpc" ? id : undefined, spec, context, secrets);
    },
    close() {
      // HTTP holds no connection of its own; the WebSocket transport closes its socket here.
    },
  };
}

function resolveEndpoint(api: ApiSpec, options: ClientOptions): Endpoint {
  const issues: Issue[] = [];
  const bad = (path: string, rule: string, message: string, value: unknown): void => {
    issues.push({ path, rule, message, received: value === null ? "null" : typeof value });
  };
  if (options.url === undefined && options.proxyUrl === undefined) bad("options.url", "required", "is required (or pass proxyUrl for the keyless proxy)", undefined);
  if (options.url !== undefined && options.proxyUrl !== undefined) bad("options.proxyUrl", "exclusive", "cannot be combined with url: pass one of them", options.proxyUrl);
  if (options.proxyUrl !== undefined && !api.proxy) bad("options.proxyUrl", "unsupported", `is not available: the ${api.name} API has no keyless proxy`, options.proxyUrl);
  if (options.proxyUrl !== undefined && options.apiKey !== undefined) bad("options.apiKey", "exclusive", "cannot be used with proxyUrl: the proxy takes no key", "string");
  const raw = options.url ?? options.proxyUrl;
  let parsed: URL | undefined;
  if (raw !== undefined) {
    try {
      parsed = new URL(String(raw));
      if (!/^https?:$/.test(parsed.protocol)) bad(options.url !== undefined ? "options.url" : "options.proxyUrl", "protocol", "must start with http:// or https://", "string");
    } catch {
      bad(options.url !== undefined ? "options.url" : "options.proxyUrl", "format", "must be an absolute URL such as https://host/path", typeof raw === "string" ? "string" : raw);
    }
  }
  if (options.apiKey !== undefined && (typeof options.apiKey !== "string" || options.apiKey === "" || /[/?#\s]/.test(options.apiKey))) {
    bad("options.apiKey", "format", "must be a non-empty string without '/', '?', '#' or spaces", options.apiKey);
  }
  if (options.timeout !== undefined && !(typeof options.timeout === "number" && options.timeout >= 0)) bad("options.timeout", "minimum", "must be a number of milliseconds, 0 or more", options.timeout);
  if (options.apiKey !== undefined && isBrowser() && options.dangerouslyAllowBrowser !== true) {
    bad("options.apiKey", "browser", "must not be used in a browser: the key would ship to every visitor. Call the keyed endpoint from a server, use proxyUrl, or pass dangerouslyAllowBrowser: true", "string");
  }
  if (issues.length > 0 || !parsed) throw new ValidationError("client options", issues, {});
  const proxy = options.proxyUrl !== undefined;
  const base = String(raw).replace(/\/+$/, "");
  return {
    ...(proxy ? api.proxy! : api.keyed),
    url: options.apiKey ? `${base}/${encodeURIComponent(options.apiKey)}` : String(raw),
    host: parsed.host,
  };
}

function isBrowser(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown };
  return typeof g.window === "object" && typeof g.document === "object";
}

/** Params as an object keyed by name, whatever form the caller used. */
function toNamed(params: Params, spec: MethodSpec | undefined): Record<string, unknown> {
  if (params === undefined) return {};
  if (!Array.isArray(params)) return params as Record<string, unknown>;
  const named: Record<string, unknown> = {};
  const names = spec?.params ?? [];
  params.forEach((value, i) => {
    if (value !== undefined) named[names[i] ?? String(i)] = value;
  });
  return named;
}

function validateParams(api: ApiSpec, method: string, spec: MethodSpec, named: Record<string, unknown>, context: ErrorContext): void {
  const issues: Issue[] = [];
  api.validators?.[method]?.(named, "params", issues);
  if (spec.limits) checkLimits(named, spec.limits, "params", issues);
  if (issues.length > 0) throw new ValidationError(`params for ${method}`, issues, { method: context.method });
}

/**
 * Params as the endpoint wants them: an object without `undefined` entries, or an array in
 * the documented order where skipped optional params in the middle are `null` and trailing
 * ones are left out.
 */
export function encodeParams(named: Record<string, unknown>, original: Params, spec: MethodSpec | undefined, endpoint: EndpointSpec): unknown {
  if (!spec) return original ?? [];
  if ((spec.structure ?? endpoint.paramStructure) === "by-name") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(named)) if (named[key] !== undefined) out[key] = named[key];
    return out;
  }
  const out: unknown[] = spec.params.map((name) => (named[name] === undefined ? null : named[name]));
  let end = out.length;
  while (end > 0 && named[spec.params[end - 1]!] === undefined) end--;
  return out.slice(0, end);
}

/** The result of a JSON-RPC answer, or the typed error it stands for. */
export function decodeResponse(text: string, id: number | undefined, spec: MethodSpec | undefined, context: ErrorContext, secrets: readonly string[] = []): unknown {
  let parsed: { value: unknown; marked: boolean };
  try {
    parsed = parseJson(text);
  } catch {
    throw new MalformedResponseError(text.trim() === "" ? "the body is empty" : "the body is not valid JSON (truncated or not JSON at all)", scrub(text, secrets), context);
  }
  const message = parsed.value as { id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } } | null;
  if (message === null || typeof message !== "object" || Array.isArray(message)) {
    throw new MalformedResponseError("expected a JSON-RPC response object", scrub(text, secrets), context);
  }
  if (message.error !== undefined && message.error !== null) {
    const e = message.error;
    const code = typeof e.code === "number" ? e.code : Number.isInteger(Number(e.code)) ? Number(e.code) : -32603;
    const data = parsed.marked ? restoreNumbers(e.data) : e.data;
    throw new JsonRpcError(code, scrub(typeof e.message === "string" ? e.message : "(no message)", secrets), data, context);
  }
  if (id !== undefined && message.id !== id && message.id !== String(id)) {
    throw new MalformedResponseError(`the response id ${JSON.stringify(message.id)} does not match the request id ${id}`, scrub(text, secrets), context);
  }
  if (!("result" in message)) throw new MalformedResponseError("the response has neither result nor error", scrub(text, secrets), context);
  let result = message.result;
  if (spec?.u64) result = applyU64(result, spec.u64);
  if (parsed.marked) result = restoreNumbers(result);
  return result;
}

function scrub(text: string, secrets: readonly string[]): string {
  let out = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  for (const s of secrets) if (s) out = out.split(s).join("***");
  return out;
}
