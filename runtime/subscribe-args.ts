/**
 * Which overload a subscribe call used: the generated members take the variant's params by
 * position and then the subscription options (or one params object, then the options). The
 * variant is the first whose condition holds on its own params, as the overloads are ordered.
 */
import type { U64Map } from "./json.js";

/** A condition on a param (or one property of it), as `x-subscription` variants state it. */
export interface VariantCondition {
  readonly param: string;
  readonly property?: string;
  readonly equals?: unknown;
  readonly in?: readonly unknown[];
  readonly absent?: boolean;
}

/** One kind of item a subscribe method yields (`newHeads`, `logs`, …). */
export interface SubscriptionVariantSpec {
  readonly when: VariantCondition;
  /** The variant takes the first `params` params of the method. */
  readonly params: number;
  readonly u64?: U64Map;
  /** Ethereum back-fill after a reconnect: missed blocks or logs. */
  readonly backfill?: "blocks" | "logs";
}

/** What the generated `api.ts` says about a subscribe method (`x-subscription`, or a convention's). */
export interface SubscriptionSpec {
  /**
   * How it is opened and closed. Absent: by id (the subscribe call answers an id that the
   * notifications name, the unsubscribe method takes it). `"events"`: notifications the server
   * pushes without any call (nothing is sent to open or close). `"listen"`: the method is called with
   * its `listen` param true to start and false to stop (Firebolt's events). Both match notifications
   * by method alone (event-subscription.ts).
   */
  readonly mode?: "events" | "listen";
  /** Method of the notifications the server pushes (`eth_subscription`); by id, their params are `{ subscription, result }`. */
  readonly notification: string;
  /** Other methods the same notifications may come as (`listen`: Firebolt's notifier, `Device.nameChanged`). */
  readonly aliases?: readonly string[];
  /** Method that cancels the subscription; its first param is the subscription id (`""` for `events`: nothing is sent). */
  readonly unsubscribe: string;
  /** `events`: the notification's param names; the item is read from them (event-item.ts). */
  readonly eventParams?: readonly string[];
  /** `listen`: the param the subscription sets (true to start, false to stop); the member does not take it. */
  readonly listen?: string;
  /** The property names the item type declares: a params object with one other key is unwrapped (event-item.ts). */
  readonly itemKeys?: readonly string[];
  /**
   * The notification's params when they are not `{ subscription, result }` (Starknet's
   * `{ subscription_id, result }`): the names of the id and of the item, which are also read
   * from a params array at positions 0 and 1 (`subscription` stays accepted for the id).
   */
  readonly notificationParams?: readonly [id: string, item: string];
  /** u64 fields of the items when no variant matches. */
  readonly u64?: U64Map;
  readonly variants?: readonly SubscriptionVariantSpec[];
}

export interface SplitArgs {
  params: readonly unknown[] | object | undefined;
  options: unknown;
  variant: SubscriptionVariantSpec | undefined;
}

/** Splits `args` into params and options. `byName`: the member takes one params object. */
export function splitArgs(
  args: readonly unknown[],
  paramNames: readonly string[],
  spec: SubscriptionSpec,
  byName: boolean,
): SplitArgs {
  if (byName) {
    const params = (args[0] ?? {}) as Record<string, unknown>;
    return {
      params: args[0] as object | undefined,
      options: args[1],
      variant: spec.variants?.find((v) => holds(v.when, params)),
    };
  }
  for (const variant of spec.variants ?? []) {
    const own = args.slice(0, variant.params);
    if (!holds(variant.when, named(own, paramNames))) continue;
    // The variant's overload: its own params, then the options. More arguments: the general overload.
    if (args.length <= variant.params + 1) return { params: own, options: args[variant.params], variant };
    return { params: args.slice(0, paramNames.length), options: args[paramNames.length], variant };
  }
  return { params: args.slice(0, paramNames.length), options: args[paramNames.length], variant: undefined };
}

function named(values: readonly unknown[], names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  values.forEach((v, i) => {
    const name = names[i];
    if (name !== undefined && v !== undefined) out[name] = v;
  });
  return out;
}

/** Whether a variant's condition holds on named params (also how the test kit picks a result variant, testing-fallback.ts). */
export function holds(when: VariantCondition, params: Record<string, unknown>): boolean {
  let value: unknown = Object.prototype.hasOwnProperty.call(params, when.param) ? params[when.param] : undefined;
  if (when.property !== undefined) {
    value =
      value !== null && typeof value === "object" && Object.prototype.hasOwnProperty.call(value, when.property)
        ? (value as Record<string, unknown>)[when.property]
        : undefined;
  }
  if (when.absent) return value === undefined || value === null || value === "";
  if (when.in) return when.in.includes(value);
  return value === when.equals;
}
