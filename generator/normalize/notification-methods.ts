/**
 * Subscriptions whose notifications the document describes as methods (Starknet's WebSocket API):
 * `<ns>_subscribe<X>` returns the subscription id; the server pushes `<ns>_subscription<X>`, a
 * method WITHOUT `result` whose params are `[<id>, <item>]` (the param named `result`, else the
 * second, types the pushed items); one `<ns>_unsubscribe` taking the id cancels any of them.
 * A notification name that differs from the subscribe name (`subscribeNewTransactions` ↔
 * `subscriptionNewTransaction`) is paired when exactly one unpaired notification of the namespace
 * is a prefix of the other name or has it as a prefix.
 *
 * The paired notification methods are server → client, so they are not generated as calls. A
 * notification of the namespace that belongs to no single subscribe method (Starknet's
 * `starknet_subscriptionReorg`, pushed to several kinds of subscription) is not generated as a
 * call either, and not delivered: a warning says so (docs/DECISIONS.md). A subscribe method that
 * looks meant for the convention but breaks it (no unsubscribe, an unsubscribe without params, a
 * notification with a result or without its two params, an ambiguous pairing) stays a plain call
 * with a warning that names the reason.
 */
import type { Problem } from "../model/document.js";
import { deref } from "../load/refs.js";
import type { ContentDescriptorObject, ConventionalSubscription, ResolvedMethod } from "./openrpc.js";

const SUBSCRIBE = /^(.+)_subscribe(.+)$/;
const NOTIFICATION = /^(.+)_subscription(.+)$/;

/** What the conventions found in a document (conventions.ts gathers them all into one). */
export interface Conventions {
  /** The conventional subscription of each recognized method, by JSON-RPC name. */
  subscriptions: Map<string, ConventionalSubscription>;
  /** JSON-RPC names of notification methods (server → client), which are not generated as calls. */
  notifications: Set<string>;
}

/** The `<ns>_subscribe<X>` / `<ns>_subscription<X>` convention over the document's methods. */
export function notificationMethodSubscriptions(
  methods: readonly (ResolvedMethod | undefined)[],
  files: Map<string, unknown>,
  warnings: Problem[],
): Conventions {
  const found: Conventions = { subscriptions: new Map(), notifications: new Set() };
  const byName = new Map<string, ResolvedMethod>();
  for (const m of methods) if (m) byName.set(m.value.name, m);
  // Notification methods by namespace: matching names without a result.
  const candidates = new Map<string, Map<string, ResolvedMethod>>();
  for (const m of methods) {
    const match = m?.value.name.match(NOTIFICATION);
    if (!m || !match || m.value.result !== undefined || m.value["x-subscription"]) continue;
    const [, ns = "", suffix = ""] = match;
    if (!candidates.has(ns)) candidates.set(ns, new Map());
    candidates.get(ns)!.set(suffix, m);
  }
  const subscribes = methods.filter(
    (m): m is ResolvedMethod => m !== undefined && SUBSCRIBE.test(m.value.name) && !m.value["x-subscription"],
  );
  const paired = pairs(subscribes, candidates, byName, warnings);
  for (const [subscribe, notification] of paired) {
    const ns = subscribe.value.name.match(SUBSCRIBE)![1]!;
    const sub = conventionalSubscription(subscribe, notification, `${ns}_unsubscribe`, `${ns}_subscribe…`, {
      byName,
      files,
      warnings,
    });
    if (!sub) continue;
    found.subscriptions.set(subscribe.value.name, sub);
    found.notifications.add(notification.value.name);
  }
  // The namespace's other notification methods: server → client, delivered to no subscription.
  for (const [ns, bySuffix] of candidates) {
    if (![...found.subscriptions.values()].some((s) => s.unsubscribe === `${ns}_unsubscribe`)) continue;
    for (const m of bySuffix.values()) {
      if (found.notifications.has(m.value.name)) continue;
      found.notifications.add(m.value.name);
      warnings.push({
        file: m.file,
        pointer: m.pointer,
        message: `method "${m.value.name}" is a notification of the ${ns}_subscribe… convention that belongs to no single subscribe method; it is not generated as a call, and the generated client does not deliver it to any subscription.`,
        hint: "An app that needs it can read it from the WebSocket transport's listen(), which passes on every server notification.",
        rule: "subscription-convention",
      });
    }
  }
  return found;
}

/** Each subscribe method with its notification method: the exact name, else the one unambiguous prefix match. */
function pairs(
  subscribes: ResolvedMethod[],
  candidates: Map<string, Map<string, ResolvedMethod>>,
  byName: Map<string, ResolvedMethod>,
  warnings: Problem[],
): [ResolvedMethod, ResolvedMethod][] {
  const out: [ResolvedMethod, ResolvedMethod][] = [];
  const loose: [ResolvedMethod, string, string][] = [];
  for (const s of subscribes) {
    const [, ns = "", suffix = ""] = s.value.name.match(SUBSCRIBE)!;
    const exact = `${ns}_subscription${suffix}`;
    const other = byName.get(exact);
    const own = candidates.get(ns)?.get(suffix);
    if (own) out.push([s, own]);
    else if (other)
      warn(
        warnings,
        s,
        `method "${s.value.name}" would be a subscription with "${exact}" notifications, but "${exact}" is a method with a result (a call), not a notification; "${s.value.name}" stays a plain call.`,
        `Remove the result of "${exact}" if the server pushes it, or rename one of them.`,
      );
    else if (candidates.has(ns)) loose.push([s, ns, suffix]);
  }
  const taken = new Set(out.map(([, n]) => n.value.name));
  const chosen: [ResolvedMethod, ResolvedMethod][] = [];
  for (const [s, ns, suffix] of loose) {
    const near = [...candidates.get(ns)!].filter(
      ([other, m]) => !taken.has(m.value.name) && (suffix.startsWith(other) || other.startsWith(suffix)),
    );
    if (near.length === 1) chosen.push([s, near[0]![1]]);
    else
      warn(
        warnings,
        s,
        near.length === 0
          ? `method "${s.value.name}" looks like a subscribe method of the ${ns}_subscribe… convention, but no notification method "${ns}_subscription${suffix}" (or one unpaired name close to it) is in the document; it stays a plain call.`
          : `method "${s.value.name}" could pair with several notification methods (${near.map(([, m]) => `"${m.value.name}"`).join(", ")}); it stays a plain call rather than guess.`,
        `Name its notification "${ns}_subscription${suffix}".`,
      );
  }
  // A close name that two subscribe methods would share pairs with neither.
  for (const [s, n] of chosen) {
    const rivals = chosen.filter(([, other]) => other === n).map(([r]) => `"${r.value.name}"`);
    if (rivals.length === 1) out.push([s, n]);
    else
      warn(
        warnings,
        s,
        `method "${s.value.name}" would pair with "${n.value.name}", which ${rivals.join(" and ")} would pair with too; it stays a plain call rather than guess.`,
        `Name the notifications after their subscribe methods ("${s.value.name.replace("_subscribe", "_subscription")}").`,
      );
  }
  return out;
}

/**
 * The subscription of `subscribe`, or `undefined` (with a warning) when it breaks its convention
 * (`label`, as messages name it). `notification`: the notification method the document describes,
 * which types the items; or only its name, when the document leaves it out (items typed unknown).
 */
export function conventionalSubscription(
  subscribe: ResolvedMethod,
  notification: ResolvedMethod | string,
  unsubscribeName: string,
  label: string,
  context: { byName: Map<string, ResolvedMethod>; files: Map<string, unknown>; warnings: Problem[] },
): ConventionalSubscription | undefined {
  const name = subscribe.value.name;
  const notificationName = typeof notification === "string" ? notification : notification.value.name;
  const refuse = (message: string, hint: string): undefined =>
    void warn(context.warnings, subscribe, `method "${name}" ${message}`, hint);
  if (subscribe.value.result === undefined)
    return refuse(
      `has "${notificationName}" notifications but no result (the subscription id); it stays a plain call.`,
      'Add a "result" whose schema is the subscription id.',
    );
  const unsubscribe = context.byName.get(unsubscribeName)?.value;
  if (!unsubscribe || unsubscribe.params.length === 0 || unsubscribe["x-subscription"])
    return refuse(
      `has "${notificationName}" notifications (the ${label} convention), but ${unsubscribe ? `"${unsubscribeName}" ${unsubscribe.params.length === 0 ? "takes no params" : "is itself a subscription"}` : `the document has no "${unsubscribeName}"`}; without a way to cancel it, it stays a plain call.`,
      `Give the document a method "${unsubscribeName}" whose first param is the subscription id.`,
    );
  const taken = `method "${name}" is taken as a subscription (the ${label} convention: "${notificationName}" notifications, cancelled by "${unsubscribeName}")`;
  if (typeof notification === "string") {
    warn(
      context.warnings,
      subscribe,
      `${taken}; the document does not describe the pushed items, so they are typed unknown.`,
      `Describe "${notificationName}" as a method without a result whose params are [subscription, result], or add "x-subscription" with an "item" schema to "${name}" (spec/README.md, Subscriptions).`,
    );
    return { notification, unsubscribe: unsubscribeName, item: {} };
  }
  const params = notification.value.params.map((raw, i) =>
    deref<ContentDescriptorObject>(context.files, notification.file, `${notification.pointer}/params/${i}`, raw),
  );
  const itemAt = params.findIndex((p) => p?.value.name === "result");
  const item = params[itemAt >= 0 ? itemAt : 1];
  const id = params.find((p) => p !== item);
  if (!item || !id)
    return refuse(
      `has "${notificationName}" notifications, whose params are not the two the ${label} convention needs (the subscription id, then the item); it stays a plain call.`,
      `Give "${notificationName}" the params [subscription_id, result], the result's schema typing the items.`,
    );
  const unusable = item.value.schema === false;
  warn(
    context.warnings,
    subscribe,
    `${taken}; "${notificationName}" is not generated as a call${unusable ? `, and its "${item.value.name}" param's schema is \`false\`, which no item fits, so the items are typed unknown` : ""}.`,
    unusable
      ? `Give the "${item.value.name}" param the schema of the pushed items.`
      : `To state it explicitly instead, give "${name}" "x-subscription" with "notificationParams": ${JSON.stringify([id.value.name, item.value.name])} (spec/README.md, Subscriptions).`,
  );
  const names: [string, string] = [id.value.name, item.value.name];
  return {
    notification: notificationName,
    unsubscribe: unsubscribeName,
    item: unusable ? {} : item.value.schema,
    itemAt: { file: item.file, pointer: `${item.pointer}/schema` },
    ...(names[0] === "subscription" && names[1] === "result" ? {} : { notificationParams: names }),
  };
}

function warn(warnings: Problem[], m: ResolvedMethod, message: string, hint: string): void {
  warnings.push({ file: m.file, pointer: m.pointer, message, hint, rule: "subscription-convention" });
}
