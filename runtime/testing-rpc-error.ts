/**
 * `rpcError(code, message, data?)`: what a test kit handler throws to answer with a JSON-RPC error
 * object, so that the client's call rejects with the package's `JsonRpcError` (code, message, data),
 * decoded from the answer as any server's error is. Recognised by a global symbol, so that an error
 * made by another copy of the runtime (an ESM and a CommonJS build in one process) is one too.
 */
import { typeOf } from "./validate-labels.js";
import type { Issue } from "./validate-core.js";
import { ValidationError } from "./validation-error.js";

const RPC_ERROR = Symbol.for("openrpc-ts.testing.rpcError");

/** A JSON-RPC error a handler throws (made by `rpcError`). */
export class MockRpcError extends Error {
  override name = "MockRpcError";
  /** The JSON-RPC error code: the client's `JsonRpcError.code`. */
  readonly code: number;
  /** The error's `data` member (any JSON value); left out of the answer when `undefined`. */
  readonly data: unknown;
  /** The error's message as the answer carries it (the client prefixes `JSON-RPC error <code>: `). */
  readonly rpcMessage: string;
  constructor(code: number, message: string, data?: unknown) {
    super(`JSON-RPC error ${code}: ${message}`);
    this.code = code;
    this.rpcMessage = message;
    this.data = data;
    Object.defineProperty(this, RPC_ERROR, { value: true });
  }
}

/**
 * A JSON-RPC error for a handler to throw: the call rejects with the package's `JsonRpcError` carrying
 * `code`, `message` and `data`. `code` is a whole number, `message` a string (else a ValidationError).
 *
 * @example
 * ```ts
 * const transport = mockTransport({ eth_call: () => { throw rpcError(3, "execution reverted", "0x08c379a0") } });
 * ```
 */
export function rpcError(code: number, message: string, data?: unknown): MockRpcError {
  const issues: Issue[] = [];
  if (!Number.isSafeInteger(code))
    issues.push({ path: "code", rule: "type", message: "must be a whole number", received: typeOf(code) });
  if (typeof message !== "string")
    issues.push({ path: "message", rule: "type", message: "must be a string", received: typeOf(message) });
  if (issues.length > 0) throw new ValidationError("rpcError arguments", issues, {});
  return new MockRpcError(code, message, data);
}

/** Whether `value` was made by `rpcError` (of this or another copy of the runtime). */
export function isRpcError(value: unknown): value is MockRpcError {
  return value instanceof Error && (value as unknown as Record<symbol, unknown>)[RPC_ERROR] === true;
}
