/**
 * Subscriptions described by the widespread `eth_subscribe` convention rather than by the
 * project's `x-subscription` (spec/README.md): a method `<ns>_subscribe` with a result (the
 * subscription id) and a method `<ns>_unsubscribe` that takes the id, in the same document; the
 * server then pushes `<ns>_subscription` notifications `{ subscription, result }`. Ethereum's
 * `eth_subscribe`/`eth_unsubscribe` is the common case (MetaMask's document has it), and other
 * namespaces follow it (`parity_subscribe`, `starknet`-style `…_subscribe` names do not: their
 * unsubscribe is not `<ns>_unsubscribe`).
 *
 * Such a method becomes a subscription in the model, exactly as if it had
 * `x-subscription: { notification: "<ns>_subscription", unsubscribe: "<ns>_unsubscribe", item: {} }`:
 * the document does not describe the pushed items, so they are `unknown` (a warning says how to
 * type them). Not recognized: a method with its own `x-subscription`, an unsubscribe method that
 * takes no params or is itself a subscription, and a document that has a method named like the
 * notification (notifications are not called).
 */
import type { Problem } from "../model/document.js";
import type { MethodObject, XSubscription } from "./openrpc.js";

const SUBSCRIBE = /^(.+)_subscribe$/;

/** The conventional subscription of each recognized method, by JSON-RPC name. */
export function conventionalSubscriptions(
  methods: readonly (MethodObject | undefined)[],
  file: string,
  warnings: Problem[],
): Map<string, XSubscription> {
  const byName = new Map<string, MethodObject>();
  for (const m of methods) if (m) byName.set(m.name, m);
  const found = new Map<string, XSubscription>();
  methods.forEach((m, i) => {
    const ns = m?.name.match(SUBSCRIBE)?.[1];
    if (!m || ns === undefined || m["x-subscription"] || m.result === undefined) return;
    const unsubscribe = byName.get(`${ns}_unsubscribe`);
    const notification = `${ns}_subscription`;
    if (!unsubscribe || unsubscribe.params.length === 0 || unsubscribe["x-subscription"]) return;
    if (byName.has(notification)) return;
    found.set(m.name, { notification, unsubscribe: unsubscribe.name, item: {} });
    warnings.push({
      file,
      pointer: `/methods/${i}`,
      message: `method "${m.name}" is taken as a subscription (the ${ns}_subscribe convention: "${notification}" notifications, cancelled by "${unsubscribe.name}"); the document does not describe the pushed items, so they are typed unknown.`,
      hint: `Add "x-subscription" with an "item" schema to the method to type its items (spec/README.md, Subscriptions).`,
      kind: "subscription-convention",
    });
  });
  return found;
}
