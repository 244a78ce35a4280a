/** Params in the endpoint's form, and JSON-RPC answers turned into results or typed errors. */
import { JsonRpcError, MalformedResponseError, type ErrorContext } from "./errors.js";
import { MAX_RESPONSE_DEPTH } from "./defaults.js";
import { applyU64, deeperThan, parseJson, restoreNumbers, stringifyJson, type U64Map } from "./json.js";
import { scrub, scrubDeep } from "./secrets.js";
import type { Reply, RpcNotification, RpcRequest } from "./transport.js";

/** How an endpoint takes requests (the `x-endpoint` extension of a spec server). */
export interface EndpointSpec {
  readonly paramStructure: "by-name" | "by-position";
  /** `params-only`: the HTTP body is the params array itself, not the JSON-RPC envelope. */
  readonly envelope: "jsonrpc" | "params-only";
  /** `query`: the method name is sent as the URL query (`POST <url>?<method>`). */
  readonly methodIn: "body" | "query";
}

/** What the generated code says about one method (see `generated/src/<api>/api.ts`). */
export interface MethodSpec {
  /** Param names, in positional order. */
  readonly params: readonly string[];
  /** The method's own `paramStructure` when it is not `either`; wins over the endpoint's form. */
  readonly structure?: "by-name" | "by-position";
  readonly idempotent?: boolean;
  /** No result: sent as a JSON-RPC notification (no id); the call resolves once it is sent. */
  readonly notification?: boolean;
  readonly limits?: readonly import("./limits.js").LimitRule[];
  /** Where the result holds u64 values (parsed as `bigint`). */
  readonly u64?: U64Map;
  /** Pagination: the token param, the next-token field and the items field of the result. */
  readonly page?: { readonly token: string; readonly next: string; readonly items: string };
  /** The method opens a subscription (`x-subscription`): notification, unsubscribe method, item variants. */
  readonly subscription?: import("./subscribe-args.js").SubscriptionSpec;
}

/** Params of a call: an array (positional) or an object keyed by param name. */
export type Params = readonly unknown[] | object | undefined;

/** Params as an object keyed by name, whatever form the caller used. */
export function toNamed(params: Params, spec: MethodSpec | undefined): Record<string, unknown> {
  // A null-prototype copy: a param named `constructor` or `toString` must not be read from Object.prototype.
  const named = Object.create(null) as Record<string, unknown>;
  if (params === undefined || params === null) return named;
  if (!Array.isArray(params)) {
    for (const key of Object.keys(params)) named[key] = (params as Record<string, unknown>)[key];
    return named;
  }
  const names = spec?.params ?? [];
  params.forEach((value, i) => {
    if (value !== undefined) named[names[i] ?? String(i)] = value;
  });
  return named;
}

/**
 * Params as the endpoint wants them: an object without `undefined` entries, or an array in
 * the documented order where skipped optional params in the middle are `null` and trailing
 * ones are left out.
 */
export function encodeParams(
  named: Record<string, unknown>,
  original: Params,
  spec: MethodSpec | undefined,
  endpoint: EndpointSpec,
): unknown {
  if (!spec) return original ?? [];
  if ((spec.structure ?? endpoint.paramStructure) === "by-name") {
    return Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined));
  }
  const get = (name: string): unknown => (Object.hasOwn(named, name) ? named[name] : undefined);
  const out: unknown[] = spec.params.map((name) => get(name) ?? null);
  let end = out.length;
  while (end > 0 && get(spec.params[end - 1]!) === undefined) end--;
  return out.slice(0, end);
}

/** The text sent for a request or notification: the JSON-RPC envelope, or the params alone (`params-only`). */
export function frame(message: RpcRequest | RpcNotification, envelope: EndpointSpec["envelope"]): string {
  if (envelope === "params-only") return stringifyJson(message.params);
  return stringifyJson(
    "id" in message
      ? { jsonrpc: "2.0", id: message.id, method: message.method, params: message.params }
      : { jsonrpc: "2.0", method: message.method, params: message.params },
  );
}

/** The text sent for a batch: the envelopes as one JSON array. */
export const frameBatch = (messages: readonly RpcRequest[]): string =>
  `[${messages.map((m) => frame(m, "jsonrpc")).join(",")}]`;

/**
 * Parses a reply text; throws MalformedResponseError when it is not JSON. `lossless` (default
 * true) keeps integers beyond 2^53 exact; callers pass `false` when the method's result has no
 * `uint64` field, which skips the scan for long integers (plain `JSON.parse`).
 */
export function parseReply(text: string, context: ErrorContext, secrets: readonly string[], lossless = true): Reply {
  let reply: Reply;
  try {
    if (!lossless) reply = { message: JSON.parse(text), marked: false, raw: text };
    else {
      const { value, marked } = parseJson(text);
      reply = { message: value, marked, raw: text };
    }
  } catch {
    throw new MalformedResponseError(
      text.trim() === "" ? "the body is empty" : "the body is not valid JSON (truncated or not JSON at all)",
      scrub(text, secrets),
      context,
    );
  }
  // Nesting deeper than the limit takes at least two brackets per level: a shorter text needs no walk.
  if (text.length >= 2 * (MAX_RESPONSE_DEPTH + 1) && deeperThan(reply.message, MAX_RESPONSE_DEPTH))
    throw new MalformedResponseError(
      `the answer nests arrays/objects deeper than ${MAX_RESPONSE_DEPTH} levels`,
      scrub(text, secrets),
      context,
    );
  return reply;
}

/**
 * The result of one JSON-RPC answer, or the typed error it stands for. `id` is the request id
 * to match (integer or its string form); `undefined` accepts any id (the proxy form sends none).
 */
export function decodeReply(
  reply: Reply,
  id: number | undefined,
  spec: MethodSpec | undefined,
  context: ErrorContext,
  secrets: readonly string[] = [],
): unknown {
  const message = reply.message as {
    id?: unknown;
    result?: unknown;
    error?: { code?: unknown; message?: unknown; data?: unknown };
  } | null;
  if (message === null || typeof message !== "object" || Array.isArray(message)) {
    throw new MalformedResponseError("expected a JSON-RPC response object", scrub(reply.raw, secrets), context);
  }
  if (Object.hasOwn(message, "error") && message.error !== undefined && message.error !== null)
    throw toJsonRpcError(message.error, reply.marked, context, secrets);
  if (id !== undefined && (!Object.hasOwn(message, "id") || (message.id !== id && message.id !== String(id)))) {
    throw new MalformedResponseError(
      `the response id ${JSON.stringify(message.id)} does not match the request id ${id}`,
      scrub(reply.raw, secrets),
      context,
    );
  }
  if (!Object.hasOwn(message, "result"))
    throw new MalformedResponseError("the response has neither result nor error", scrub(reply.raw, secrets), context);
  let result = message.result;
  if (spec?.u64) result = applyU64(result, spec.u64);
  if (reply.marked) result = restoreNumbers(result);
  return result;
}

/** A pushed subscription item (parsed with long integers marked): its u64 fields as `bigint`, other long integers as numbers. */
/** The key a reply is matched by: its own `id` as text (other JSON as JSON); undefined for none/null (a notification). */
export function replyId(message: unknown): string | undefined {
  if (message === null || typeof message !== "object" || !Object.hasOwn(message, "id")) return undefined;
  const id = (message as { id: unknown }).id;
  if (id === undefined || id === null) return undefined;
  return typeof id === "string" || typeof id === "number" ? String(id) : JSON.stringify(id);
}

export function decodeItem(result: unknown, u64: U64Map | undefined): unknown {
  return restoreNumbers(u64 ? applyU64(result, u64) : result);
}

export function toJsonRpcError(
  e: { code?: unknown; message?: unknown; data?: unknown },
  marked: boolean,
  context: ErrorContext,
  secrets: readonly string[],
): JsonRpcError {
  // A missing or non-numeric code (null, true, "abc") reads as -32603 (internal error).
  const code =
    typeof e.code === "number" && Number.isInteger(e.code)
      ? e.code
      : typeof e.code === "string" && /^-?\d+$/.test(e.code)
        ? Number(e.code)
        : -32603;
  const data = scrubDeep(marked ? restoreNumbers(e.data) : e.data, secrets);
  return new JsonRpcError(
    code,
    scrub(typeof e.message === "string" ? e.message : "(no message)", secrets),
    data,
    context,
  );
}

/** `decodeReply` for a reply still in text form. */
export function decodeResponse(
  text: string,
  id: number | undefined,
  spec: MethodSpec | undefined,
  context: ErrorContext,
  secrets: readonly string[] = [],
): unknown {
  return decodeReply(parseReply(text, context, secrets), id, spec, context, secrets);
}
