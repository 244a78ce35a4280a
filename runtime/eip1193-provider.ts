/**
 * An EIP-1193 provider over a generated client (`toEip1193Provider(client)` of a subpath whose API is
 * Ethereum's, generated in `<subpath>/eip1193.ts`), so that viem's `custom(provider)`, ethers'
 * `BrowserProvider` and anything else that takes a wallet's provider runs over our client. A method of
 * the spec goes through the client (params checked, retries, typed errors); a method outside it is
 * forwarded unvalidated (libraries call `eth_chainId` and others); a subscribe method opens the
 * client's subscription and emits each item as a `"message"` event `{ type: "eth_subscription",
 * data: { subscription, result } }` until the unsubscribe method names it. Errors are EIP-1193's
 * `ProviderRpcError`: a JSON-RPC error keeps its code, message and data; params the client refuses
 * are -32602; anything else that fails is -32603 (internal error), with the client's typed error as
 * its `cause`. Nothing a caller passes is trusted: a request that is not `{ method, params }` is
 * refused with -32600 / -32602, a listener that throws does not stop the others.
 */
import { RpcClientError, type ErrorContext } from "./base-error.js";
import type { ApiSpec, Subscription } from "./options.js";

/** What a client gives the provider: its generic call, by JSON-RPC name (`client.request`). */
export interface Eip1193Source {
  request(method: string, params: unknown): Promise<unknown>;
}

/** The subscribe members of a client, by the JSON-RPC name of their method. */
export type Eip1193Subscribers = Readonly<Record<string, (...args: never[]) => Promise<Subscription<unknown>>>>;

/** An EIP-1193 provider: `request`, and the `"message"` events of subscriptions. */
export interface Eip1193Provider {
  request(args: { readonly method: string; readonly params?: readonly unknown[] | object }): Promise<unknown>;
  on(event: string, listener: (payload: never) => void): Eip1193Provider;
  removeListener(event: string, listener: (payload: never) => void): Eip1193Provider;
}

/**
 * The error an EIP-1193 provider rejects with: `code` (JSON-RPC's, or EIP-1193's 4xxx), `message`,
 * `data`; its `cause` is the client's typed error. One of the package's errors (it names the method
 * and the host, never a key).
 */
export class ProviderRpcError extends RpcClientError {
  static override readonly brand: string = "ProviderRpcError";
  override name = "ProviderRpcError";
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, message: string, data: unknown, context: ErrorContext) {
    super(message, context);
    this.code = code;
    this.data = data;
  }
}

/** Reads `key` of `value` (own or inherited); undefined when it is not an object or its getter throws. */
function read(value: unknown, key: string): unknown {
  try {
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}

/** What the client threw for `method`, as a ProviderRpcError (its host from the client's error). */
function providerError(error: unknown, method: string): ProviderRpcError {
  const name = read(error, "name");
  const short = read(error, "shortMessage");
  const text = typeof short === "string" ? short : "The request failed";
  const host = read(error, "host");
  const context: ErrorContext = { method, ...(typeof host === "string" && { host }), cause: error };
  if (name === "JsonRpcError") {
    const code = read(error, "code") as number;
    // The node's own message, without the prefix JsonRpcError adds.
    return new ProviderRpcError(code, text.replace(/^JSON-RPC error -?\d+: /, ""), read(error, "data"), context);
  }
  if (name === "ValidationError") {
    const issues = read(error, "issues");
    const params = Array.isArray(issues) && issues.every((i) => String(read(i, "path")).startsWith("params"));
    if (params) return new ProviderRpcError(-32602, text, { issues }, context);
  }
  const status = read(error, "status");
  const data = { name: typeof name === "string" ? name : "Error", ...(typeof status === "number" && { status }) };
  // A transport that cannot subscribe (HTTP): the method is not supported here (EIP-1193's 4200).
  return new ProviderRpcError(name === "SubscriptionError" ? 4200 : -32603, text, data, context);
}

/** A request refused before the client sees it. */
const refused = (code: number, message: string, method?: string): ProviderRpcError =>
  new ProviderRpcError(code, message, undefined, method === undefined ? {} : { method: method.slice(0, 100) });

/** The provider over `client`, for the API `api` (its method table), with its subscribe members. */
export function eip1193Provider(client: Eip1193Source, api: ApiSpec, subscribers: Eip1193Subscribers): Eip1193Provider {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  /** Open subscriptions, by the id the provider gave out (the node's first id: it stays after a reconnect). */
  const open = new Map<string, Subscription<unknown>>();
  /** The unsubscribe methods of the API's subscriptions. */
  const unsubscribes = new Set<string>();
  for (const spec of Object.values(api.methods)) if (spec.subscription) unsubscribes.add(spec.subscription.unsubscribe);

  const emit = (event: string, payload: unknown): void => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        (listener as (payload: unknown) => void)(payload);
      } catch {
        // One listener's failure is not the others'.
      }
    }
  };

  /** Opens the subscription of `method` and emits its items until it ends; its id. */
  async function subscribe(method: string, params: unknown, type: string): Promise<string> {
    const names = api.methods[method]!.params;
    // Every param in its place (a missing one `undefined`), so that the member reads no options.
    const args = Array.isArray(params) ? names.map((_, i) => params[i] as unknown) : [params];
    if (Array.isArray(params) && params.length > names.length)
      throw refused(-32602, `${method} takes at most ${names.length} params, not ${params.length}`, method);
    const subscribe = subscribers[method] as (...args: unknown[]) => Promise<Subscription<unknown>>;
    const sub = await subscribe(...args);
    const id = String(sub.id);
    open.set(id, sub);
    void (async () => {
      try {
        for await (const result of sub) emit("message", { type, data: { subscription: id, result } });
      } catch {
        // The subscription ended with an error (the connection closed for good): it is gone.
      } finally {
        open.delete(id);
      }
    })();
    return id;
  }

  const provider: Eip1193Provider = {
    async request(args) {
      const method = read(args, "method");
      if (typeof method !== "string" || method === "")
        throw refused(-32600, "The request must be an object with a method name: { method, params }");
      const params = read(args, "params");
      if (params !== undefined && (params === null || typeof params !== "object"))
        throw refused(-32602, "The params must be an array or an object", method);
      try {
        const spec = Object.hasOwn(api.methods, method) ? api.methods[method] : undefined;
        if (spec?.subscription && Object.hasOwn(subscribers, method))
          return await subscribe(method, params ?? [], spec.subscription.notification);
        const first = Array.isArray(params) ? params[0] : undefined;
        if (unsubscribes.has(method) && (typeof first === "string" || typeof first === "number")) {
          const sub = open.get(String(first));
          if (sub) {
            open.delete(String(first));
            await sub.unsubscribe();
            return true;
          }
        }
        return await client.request(method, params ?? []);
      } catch (error) {
        throw error instanceof ProviderRpcError ? error : providerError(error, method);
      }
    },
    on(event, listener) {
      if (typeof listener === "function") {
        let set = listeners.get(event);
        if (!set) listeners.set(event, (set = new Set()));
        set.add(listener);
      }
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  return provider;
}
