/**
 * Subscriptions over WebSocket (`x-subscription`, a convention's, or events without an id:
 * event-subscription.ts): `Subscription<Item>` is an async iterable of the items the node pushes. It resolves once the node confirmed the subscription; `unsubscribe()`,
 * leaving a `for await` loop or aborting the signal sends the unsubscribe. After a reconnect it
 * subscribes again with the same params and reports the gap (optionally back-filling it); when the
 * socket is closed for good the iterator throws `SocketClosedError`. It never just stops yielding.
 */
import {
  DEFAULT_SUBSCRIPTION_BUFFER,
  DEFAULT_SUBSCRIPTION_BUFFER_BYTES,
  MAX_SUBSCRIPTION_BUFFER,
  MAX_SUBSCRIPTION_BUFFER_BYTES,
} from "./defaults.js";
import { AbortError, SubscriptionError, ValidationError, type ErrorContext } from "./errors.js";
import type { ApiSpec, ClientOptions, RpcClient, SubscribeOptions, Subscription } from "./options.js";
import { eventArgs, EventSubscription } from "./event-subscription.js";
import { splitArgs, type SubscriptionSpec } from "./subscribe-args.js";
import { SubscriptionState, type SubscriptionHost } from "./subscription-state.js";
import type { Issue, Validator } from "./validate.js";
import { explain } from "./validate-explain.js";

export type { SubscriptionHost } from "./subscription-state.js";

/** What the method table says about the subscribe method. */
export interface SubscribeMethod {
  readonly params: readonly string[];
  readonly byName: boolean;
  readonly subscription: SubscriptionSpec;
  /** `ApiSpec.itemValidators`: loaded when `validateResponses` is on. */
  readonly itemValidators?: ApiSpec["itemValidators"];
}

/** Opens the subscription of `method` as the generated member was called (`args`), per the method table. */
export function subscribeTo(
  client: Pick<RpcClient, "transport" | "call">,
  options: Pick<ClientOptions, "validateResponses" | "onWarning">,
  api: ApiSpec,
  method: string,
  args: readonly unknown[],
): Promise<Subscription<unknown>> {
  const { transport, call } = client;
  const { validateResponses, onWarning } = options;
  const host: SubscriptionHost = {
    transport,
    host: transport.host,
    call,
    bufferSize: DEFAULT_SUBSCRIPTION_BUFFER,
    validateResponses,
    onWarning,
  };
  const spec = Object.hasOwn(api.methods, method) ? api.methods[method] : undefined;
  if (!spec?.subscription) {
    const error = new SubscriptionError(`${method} is not a subscription: the spec gives it no x-subscription`, {
      method,
      host: host.host,
    });
    return Promise.reject(error);
  }
  const byName = (spec.structure ?? api.keyed.paramStructure) === "by-name";
  return subscribe(
    host,
    method,
    { params: spec.params, byName, subscription: spec.subscription, itemValidators: api.itemValidators },
    args,
  );
}

export async function subscribe(
  host: SubscriptionHost,
  method: string,
  spec: SubscribeMethod,
  args: readonly unknown[],
): Promise<Subscription<unknown>> {
  const context: ErrorContext = { method, host: host.host };
  const { transport } = host;
  if (!transport.capabilities.subscriptions || !transport.listen || !transport.onConnection) {
    throw new SubscriptionError(
      `${method} opens a subscription, which needs a transport with the "subscriptions" capability (server notifications); the ${transport.type} transport has none: create the client with transport: webSocket(url) from the package's ./ws subpath (nothing was sent)`,
      context,
    );
  }
  const mode = spec.subscription.mode;
  const {
    params,
    options: raw,
    variant,
  } = mode
    ? { ...eventArgs(args, spec.params, spec.subscription, spec.byName), variant: undefined }
    : splitArgs(args, spec.params, spec.subscription, spec.byName);
  const options = (raw ?? {}) as SubscribeOptions & { backfill?: boolean };
  if (options.backfill && !variant?.backfill) {
    throw new SubscriptionError(
      `${method} cannot back-fill these items: only the subscriptions the spec marks with "backfill" can (nothing was sent)`,
      context,
    );
  }
  const bufferSize = options.bufferSize ?? host.bufferSize;
  if (!Number.isInteger(bufferSize) || bufferSize < 1 || bufferSize > MAX_SUBSCRIPTION_BUFFER) {
    throw new SubscriptionError(
      `bufferSize of ${method} must be a whole number from 1 to ${MAX_SUBSCRIPTION_BUFFER}, not ${String(bufferSize)}`,
      context,
    );
  }
  const bufferBytes = options.bufferBytes ?? DEFAULT_SUBSCRIPTION_BUFFER_BYTES;
  if (!Number.isInteger(bufferBytes) || bufferBytes < 1 || bufferBytes > MAX_SUBSCRIPTION_BUFFER_BYTES) {
    throw new SubscriptionError(
      `bufferBytes of ${method} must be a whole number from 1 to ${MAX_SUBSCRIPTION_BUFFER_BYTES}, not ${String(bufferBytes)}`,
      context,
    );
  }
  if (options.signal?.aborted) throw new AbortError(context);
  const u64 = variant ? variant.u64 : spec.subscription.u64;
  const backfill = options.backfill ? variant?.backfill : undefined;
  const filter = Array.isArray(params) ? params[1] : undefined;
  const index = variant ? spec.subscription.variants!.indexOf(variant) + 1 : 0;
  const check = itemCheck(host, spec.itemValidators, method, index, context);
  if (mode) {
    const settings = { u64, bufferSize, bufferBytes, options, check };
    const events = new EventSubscription(host, method, spec.subscription, spec.params, params, context, settings);
    await events.start();
    return events.handle();
  }
  const state = new SubscriptionState(host, method, params, spec.subscription, context, {
    u64,
    backfill,
    filter,
    bufferSize,
    bufferBytes,
    options,
    check,
  });
  await state.start();
  return state.handle();
}

/**
 * With `validateResponses`, each item is checked against its type (loaded on first use): "warn"
 * reports through `onWarning`, "strict" ends the subscription with the ValidationError.
 */
function itemCheck(
  host: SubscriptionHost,
  load: SubscribeMethod["itemValidators"],
  method: string,
  index: number,
  context: ErrorContext,
): ((item: unknown) => Promise<void>) | undefined {
  const mode = host.validateResponses;
  if (!mode || !load) return undefined;
  let loaded: Promise<Readonly<Record<string, readonly Validator[]>>> | undefined;
  return async (item) => {
    const table = await (loaded ??= load());
    const validate = Object.hasOwn(table, method) ? table[method]![index] : undefined;
    const issues: Issue[] = [];
    if (!validate || explain(validate, item, "item", issues)) return;
    const error = new ValidationError(`item of ${method}`, issues, context);
    if (mode === "strict") throw error;
    (host.onWarning ?? console.warn)(error.message);
  };
}
