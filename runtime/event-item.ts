/**
 * The item a notification without a subscription id carries (spec/README.md, "Subscriptions"),
 * read from its params as servers send them:
 *
 * - `events` (a notification the server pushes, described as a method): no params → `null`; one
 *   param → its value, whether sent by position (`[value]`), by name (`{ <name>: value }`) or as the
 *   params object itself (soulseek-rs's daemon: "its params object is the payload"); several →
 *   the params by name (an array is read by position).
 * - `listen` (Firebolt's event methods): an array → its last value (the data after the context);
 *   an object whose one key left after the method's context params (`capability`, …) is not a
 *   property of the item type → that key's value (`{ value }`, as Firebolt's SDK reads it); any other
 *   object is the event itself (as Firebolt's mock server sends it).
 *
 * A key is only unwrapped when it is not a property the item type declares (`itemKeys`), so an event
 * object with one property is never mistaken for a wrapper. Own keys only: `__proto__` is data.
 */
import type { SubscriptionSpec } from "./subscribe-args.js";

export function eventItem(params: unknown, spec: SubscriptionSpec, context: readonly string[]): unknown {
  const keys = spec.itemKeys ?? [];
  if (spec.mode === "events") {
    const names = spec.eventParams ?? [];
    if (names.length === 0) return null;
    if (names.length === 1) {
      if (Array.isArray(params)) return params.length > 0 ? params[0] : null;
      return unwrapped(params, [], keys);
    }
    if (!Array.isArray(params)) return params ?? null;
    const named: Record<string, unknown> = {};
    names.forEach((name, i) => {
      if (i < params.length) Object.defineProperty(named, name, { value: params[i], enumerable: true, writable: true });
    });
    return named;
  }
  if (Array.isArray(params)) return params.length > 0 ? params[params.length - 1] : null;
  return unwrapped(params, context, keys);
}

function unwrapped(params: unknown, context: readonly string[], keys: readonly string[]): unknown {
  const found = unwrap(params, context, keys);
  return found ? found.value : (params ?? null);
}

/** The value under the one own key of `params` left after `context`, unless it is a key of the item (else undefined). */
function unwrap(params: unknown, context: readonly string[], keys: readonly string[]): { value: unknown } | undefined {
  if (params === null || typeof params !== "object" || Array.isArray(params)) return undefined;
  const own = Object.keys(params).filter((k) => !context.includes(k));
  if (own.length !== 1 || keys.includes(own[0]!)) return undefined;
  return { value: (params as Record<string, unknown>)[own[0]!] };
}
