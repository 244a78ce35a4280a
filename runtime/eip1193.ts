/**
 * `fromEip1193(provider)`: a transport over any EIP-1193 provider (an injected wallet's
 * `window.ethereum`, hardhat's `network.provider`, a viem client's `request`), so that a generated
 * client runs over it with its types, validation, retries and typed errors:
 * `createEthNodeClient({ transport: fromEip1193(window.ethereum) })`. It is a transport like any other
 * (transport.ts): made by `sealTransport`, bounded by the client's timeout and abort (a provider's own
 * promise may never settle), with the "subscriptions" capability when the provider emits `"message"`
 * events. Everything the provider does is untrusted: what it answers is turned into the JSON-RPC text
 * the client decodes (so a result that is not JSON is a MalformedResponseError), a `{ code, message,
 * data }` it throws becomes the JSON-RPC error a server would answer (a JsonRpcError with that code),
 * and anything else it throws, or a getter that throws, is a NetworkError. No import of the start: an
 * app that never calls `fromEip1193` bundles none of it.
 */
import { MalformedResponseError, NetworkError } from "./errors.js";
import { describe, type Finding } from "./option-text.js";
import type { ConnectionEvent, ServerNotification, Transport, TransportRequest } from "./transport.js";
import { sealTransport } from "./transport.js";
import { ValidationError } from "./validation-error.js";

/** What an EIP-1193 `request` takes. */
export interface Eip1193RequestArguments {
  readonly method: string;
  readonly params?: readonly unknown[] | object;
}

/**
 * An EIP-1193 provider as `fromEip1193` reads it: `request`, and for subscriptions `on` and
 * `removeListener` (`"message"` events `{ type: "eth_subscription", data: { subscription, result } }`).
 */
export interface Eip1193ProviderLike {
  request(args: Eip1193RequestArguments): Promise<unknown>;
  on?(event: string, listener: (payload: never) => void): unknown;
  removeListener?(event: string, listener: (payload: never) => void): unknown;
}

/** Options of `fromEip1193`. */
export interface Eip1193TransportOptions {
  /** What errors, spans and log lines name as the host (default `"eip1193"`): a word, never a URL. */
  name?: string;
}

/** Reads `key` of `value`; undefined when it is not an object or its getter throws. */
function read(value: unknown, key: string): unknown {
  try {
    return value !== null && (typeof value === "object" || typeof value === "function")
      ? (value as Record<string, unknown>)[key]
      : undefined;
  } catch {
    return undefined;
  }
}

/** The first line of a text, at most 500 characters (viem's messages go on with the URL and the request). */
const firstLine = (text: string): string => text.split(/\r?\n/, 1)[0]!.slice(0, 500);

/** JSON text of `value`, or undefined when it has none (a cycle, a bigint, a getter or toJSON that throws). */
function jsonOf(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** The answer a JSON-RPC server would give for what the provider threw; a NetworkError when it is no `{ code, message }`. */
function thrownAnswer(id: number | undefined, thrown: unknown, host: string): string {
  const code = read(thrown, "code");
  if (typeof code === "number" && Number.isSafeInteger(code)) {
    const message = read(thrown, "message");
    const data = jsonOf(read(thrown, "data"));
    const text = JSON.stringify(typeof message === "string" ? firstLine(message) : "(no message)");
    return `{"jsonrpc":"2.0","id":${id ?? null},"error":{"code":${code},"message":${text}${data === undefined ? "" : `,"data":${data}`}}}`;
  }
  const message = read(thrown, "message");
  const what =
    typeof thrown === "string"
      ? firstLine(thrown)
      : typeof message === "string"
        ? firstLine(message)
        : `it threw ${thrown === null ? "null" : typeof thrown}`;
  throw new NetworkError(`The EIP-1193 provider failed: ${what}`, { host });
}

/** Asks the provider and answers in JSON-RPC text, as a server would. */
async function ask(provider: Eip1193ProviderLike, r: TransportRequest, host: string): Promise<string> {
  let result: unknown;
  try {
    result = await provider.request({ method: r.method, params: r.params as readonly unknown[] | object });
  } catch (thrown) {
    return thrownAnswer(r.id, thrown, host);
  }
  // `undefined` has no JSON: the answer then has no result, and the client says so.
  const text = result === undefined ? undefined : jsonOf(result);
  if (result !== undefined && text === undefined)
    throw new MalformedResponseError("the EIP-1193 provider's result is not JSON (a cycle, a bigint, a function)", "", {
      method: r.method,
      host,
    });
  return `{"jsonrpc":"2.0","id":${r.id ?? null}${text === undefined ? "" : `,"result":${text}`}}`;
}

/** A `"message"` event as a server notification (undefined when it cannot be routed: no type, no data). */
function notificationOf(message: unknown, host: string): ServerNotification | undefined {
  const type = read(message, "type");
  const data = read(message, "data");
  if (typeof type !== "string" || data === null || typeof data !== "object") return undefined;
  const text = jsonOf(data);
  if (text !== undefined) return { method: type, params: JSON.parse(text) as unknown, size: text.length };
  // Not JSON: the subscription it names ends with the error, rather than miss an item without a word.
  const subscription = read(data, "subscription");
  return {
    method: type,
    params: { subscription: typeof subscription === "string" || typeof subscription === "number" ? subscription : "" },
    size: 0,
    error: new MalformedResponseError(`a ${type.slice(0, 60)} message of the EIP-1193 provider is not JSON`, "", {
      host,
    }),
  };
}

/** Adds `listener` for `event`; the function that removes it. A provider whose `on` throws fails the subscription. */
function subscribeTo(provider: Eip1193ProviderLike, event: string, listener: (payload: never) => void, host: string) {
  try {
    provider.on!(event, listener);
  } catch (error) {
    throw new NetworkError(`The EIP-1193 provider refused a "${event}" listener`, { host, cause: error });
  }
  return (): void => {
    try {
      (provider.removeListener ?? (provider as { off?: Eip1193ProviderLike["on"] }).off)?.call(
        provider,
        event,
        listener,
      );
    } catch {
      // Nothing more to do: the listener ignores what comes after.
    }
  };
}

/**
 * A transport over an EIP-1193 provider, for any client factory's `transport` option. Throws a
 * ValidationError at once when `provider` has no `request` function.
 *
 * @example
 * ```ts
 * import { fromEip1193 } from "@blockchain-rpc/clients";
 * import { createEthNodeClient } from "@blockchain-rpc/clients/eth";
 *
 * const eth = createEthNodeClient({ transport: fromEip1193(window.ethereum) });
 * const nonce = await eth.eth_getTransactionCount(account, "latest");
 * ```
 */
export function fromEip1193(provider: Eip1193ProviderLike, options: Eip1193TransportOptions = {}): Transport {
  const issues: Finding[] = [];
  if (typeof read(provider, "request") !== "function")
    issues.push({
      path: "provider",
      rule: "type",
      text: "provider",
      received: provider === null ? "null" : typeof provider,
    });
  const name = read(options, "name");
  if (name !== undefined && !(typeof name === "string" && /^[\w.:-]{1,100}$/.test(name)))
    issues.push({ path: "options.name", rule: "format", text: "providerName", received: typeof name });
  if (issues.length > 0) throw new ValidationError("EIP-1193 transport", describe(issues), {});
  const host = (name as string | undefined) ?? "eip1193";
  const events = typeof read(provider, "on") === "function";
  return sealTransport({
    type: "eip1193",
    host,
    request: (r) => ask(provider, r, host),
    ...(events && {
      listen: (listener: (n: ServerNotification) => void) =>
        subscribeTo(
          provider,
          "message",
          ((message: unknown) => {
            const n = notificationOf(message, host);
            if (n) listener(n);
          }) as (payload: never) => void,
          host,
        ),
      onConnection: (listener: (e: ConnectionEvent) => void) =>
        subscribeTo(
          provider,
          "disconnect",
          ((error: unknown) => {
            const code = read(error, "code");
            const why = typeof code === "number" ? ` (code ${code})` : "";
            listener({ type: "closed", error: new NetworkError(`The EIP-1193 provider disconnected${why}`, { host }) });
          }) as (payload: never) => void,
          host,
        ),
    }),
  });
}
