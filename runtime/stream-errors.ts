/**
 * The errors of WebSocket and subscription use only (re-exported by errors.ts). A module of their own,
 * so that bundlers, which split chunks by module, leave them out of an HTTP app's start chunk.
 */
import { RpcClientError, type ErrorContext } from "./base-error.js";

/** The WebSocket closed before the call was answered. */
export class SocketClosedError extends RpcClientError {
  static override readonly brand: string = "SocketClosedError";
  override name = "SocketClosedError";
  readonly code: number | undefined;
  constructor(code: number | undefined, context: ErrorContext) {
    super(`WebSocket closed before the call was answered${code ? ` (close code ${code})` : ""}`, context);
    this.code = code;
  }
}

/** A subscription cannot be made or go on: no WebSocket URL, a full `bufferSize`, a failed re-subscription or back-fill. */
export class SubscriptionError extends RpcClientError {
  static override readonly brand: string = "SubscriptionError";
  override name = "SubscriptionError";
}
