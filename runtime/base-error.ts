/**
 * The base of the error hierarchy (errors.ts) and the one error a client makes before any I/O:
 * NetworkError, which a call throws when the failure path's code cannot be loaded (fail.ts). Apart
 * so that the start bundle holds no other error class: bundlers split chunks by module. Even a
 * ValidationError (validation-error.ts) is made on the failure path, for options and params alike.
 */

export interface ErrorContext {
  /** JSON-RPC method name. */
  method?: string;
  /** Host (and port) of the endpoint; never the path, which may hold the API key. */
  host?: string;
  cause?: unknown;
}

/** Base class of every error this package throws. */
export class RpcClientError extends Error {
  /**
   * @internal The class's name as every copy of the runtime knows it (an ESM and a CommonJS build in one
   * process, two bundles), so that `X.is(error)` holds where `instanceof` fails. A plain static string:
   * a bundler drops a class nobody uses (a computed symbol key would keep every class).
   */
  static readonly brand: string = "RpcClientError";
  override name = "RpcClientError";
  /** The message without the method/host suffix. */
  readonly shortMessage: string;
  readonly method: string | undefined;
  readonly host: string | undefined;

  constructor(shortMessage: string, context: ErrorContext = {}) {
    const where = [context.method && `method ${context.method}`, context.host && `host ${context.host}`]
      .filter(Boolean)
      .join(", ");
    super(
      where ? `${shortMessage} (${where})` : shortMessage,
      context.cause === undefined ? undefined : { cause: context.cause },
    );
    this.shortMessage = shortMessage;
    this.method = context.method;
    this.host = context.host;
  }

  /** Whether `value` is an instance of this class (or a subclass), from this or any other copy of the runtime. */
  static is<T extends abstract new (...args: never) => unknown>(this: T, value: unknown): value is InstanceType<T> {
    const brand = (this as unknown as { brand: string }).brand;
    // Up the prototype chain: this class itself (as `instanceof` finds it), or one of the same brand.
    for (let p: unknown = value; p !== null && typeof p === "object"; p = Object.getPrototypeOf(p)) {
      const ctor = Object.hasOwn(p, "constructor") ? (p as { constructor: unknown }).constructor : undefined;
      if (
        ctor === this ||
        (typeof ctor === "function" &&
          Object.hasOwn(ctor, "brand") &&
          (ctor as unknown as { brand: unknown }).brand === brand)
      )
        return true;
    }
    return false;
  }

  toJSON(): Record<string, unknown> {
    const { stack: _stack, cause: _cause, ...own } = Object.fromEntries(Object.entries(this));
    return { ...own, name: this.name, message: this.message };
  }
}

/** The request never got an HTTP answer (connection refused or reset, DNS failure, …). */
export class NetworkError extends RpcClientError {
  static override readonly brand: string = "NetworkError";
  override name = "NetworkError";
}
