/**
 * Params in the endpoint's form (what a call needs before it is sent). The text on the wire —
 * framing, parsing and decoding answers — is in wire.ts, loaded with the transport.
 */
import type { ExactJson } from "./exact.js";
import type { U64Map } from "./json.js";

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
  /**
   * The exact-integer codec (`exactJson` from exact.ts) of a method whose result or params have u64
   * fields: named here so that an app whose methods have none bundles none of it. Without it such a
   * result is still exact (decoded by wire.ts), and `bigint` params are written by extras.ts, loaded then.
   */
  readonly exact?: ExactJson;
  /** Pagination: the token param, the next-token field and the items field of the result. */
  readonly page?: { readonly token: string; readonly next: string; readonly items: string };
  /** The method opens a subscription (`x-subscription`): notification, unsubscribe method, item variants. */
  readonly subscription?: import("./subscribe-args.js").SubscriptionSpec;
}

/** Params of a call: an array (positional) or an object keyed by param name. */
export type Params = readonly unknown[] | object | undefined;

/** The named form of no params: empty, without a prototype, frozen (shared by every call). */
const NO_PARAMS: Record<string, unknown> = Object.freeze(Object.create(null) as Record<string, unknown>);

/** Params as an object keyed by name, whatever form the caller used (not to be changed: it may be shared). */
export function toNamed(params: Params, spec: MethodSpec | undefined): Record<string, unknown> {
  // A null-prototype copy: a param named `constructor` or `toString` must not be read from Object.prototype.
  // No params (eth_blockNumber): one shared empty record, no allocation.
  if (params === undefined || params === null || (Array.isArray(params) && params.length === 0)) return NO_PARAMS;
  const named = Object.create(null) as Record<string, unknown>;
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
    const out: Record<string, unknown> = {};
    for (const key in named) {
      const value = named[key];
      if (value === undefined) continue;
      // A param named `__proto__` stays an own property, as JSON.parse would make it.
      if (key === "__proto__")
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
    }
    return out;
  }
  const get = (name: string): unknown => (Object.hasOwn(named, name) ? named[name] : undefined);
  const out: unknown[] = spec.params.map((name) => get(name) ?? null);
  let end = out.length;
  while (end > 0 && get(spec.params[end - 1]!) === undefined) end--;
  return out.slice(0, end);
}
