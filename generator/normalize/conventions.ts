/**
 * Subscriptions described by widespread conventions rather than by the project's `x-subscription`
 * (spec/README.md, "Subscriptions"). Three are recognized:
 *
 * - The `eth_subscribe` convention (here): a method `<ns>_subscribe` with a result (the
 *   subscription id) and a method `<ns>_unsubscribe` that takes the id, in the same document; the
 *   server then pushes `<ns>_subscription` notifications `{ subscription, result }`. Ethereum's
 *   `eth_subscribe`/`eth_unsubscribe` is the common case (MetaMask's document has it). Such a
 *   method becomes a subscription exactly as if it had
 *   `x-subscription: { notification: "<ns>_subscription", unsubscribe: "<ns>_unsubscribe", item: {} }`:
 *   the document does not describe the pushed items, so they are `unknown` (a warning says how to
 *   type them). Not recognized: a method with its own `x-subscription`, an unsubscribe method that
 *   takes no params or is itself a subscription, and a document that has a method named like the
 *   notification (notifications are not called) — the last two with a warning.
 * - Notification methods described as methods (Starknet's `<ns>_subscribe<X>` ↔
 *   `<ns>_subscription<X>`): ./notification-methods.ts.
 * - Solana's `<x>Subscribe` / `<x>Unsubscribe` / `<x>Notification` (below).
 *
 * Firebolt-style event methods are recognized but not delivered (a warning says so; below).
 */
import type { Problem } from "../model/document.js";
import { deref } from "../load/refs.js";
import { conventionalSubscription, notificationMethodSubscriptions, type Conventions } from "./notification-methods.js";

import type { MethodObject, ResolvedMethod, XSubscription } from "./openrpc.js";

const SUBSCRIBE = /^(.+)_subscribe$/;

/** The subscriptions the document describes by a recognized convention. */
export function conventionalSubscriptions(
  methods: readonly (ResolvedMethod | undefined)[],
  files: Map<string, unknown>,
  warnings: Problem[],
): Conventions {
  const found = notificationMethodSubscriptions(methods, files, warnings);
  for (const [name, sub] of ethSubscriptions(methods, warnings)) found.subscriptions.set(name, sub);
  solanaSubscriptions(methods, files, warnings, found);
  warnEventMethods(methods, files, warnings);
  return found;
}

const EVENT_NAME = /(^|\.)on[A-Z][A-Za-z0-9]*$/;

/**
 * Firebolt-style event methods (`Device.onNameChanged`, tagged `event`, with a boolean `listen`
 * param): the client calls one with `listen: true`, the server confirms without a subscription id
 * and then pushes each event as a further response to that request's id (or, in its newer
 * bidirectional mode, as a notification of the same method). The runtime's subscriptions match
 * pushed items by subscription id, so these stay plain calls (which register and unregister the
 * listener), with a warning that the events are not delivered (docs/DECISIONS.md).
 */
function warnEventMethods(
  methods: readonly (ResolvedMethod | undefined)[],
  files: Map<string, unknown>,
  warnings: Problem[],
): void {
  for (const r of methods) {
    if (!r || !EVENT_NAME.test(r.value.name) || r.value["x-subscription"]) continue;
    const tagged = (r.value.tags ?? []).some(
      (raw, i) => deref<{ name?: unknown }>(files, r.file, `${r.pointer}/tags/${i}`, raw)?.value.name === "event",
    );
    const listen = r.value.params.some(
      (raw, i) => deref<{ name?: unknown }>(files, r.file, `${r.pointer}/params/${i}`, raw)?.value.name === "listen",
    );
    if (!tagged && !listen) continue;
    warnings.push({
      file: r.file,
      pointer: r.pointer,
      message: `method "${r.value.name}" is an event method (${tagged ? 'tagged "event"' : 'an on… name with a "listen" param'}, as in Firebolt): its events come as further responses to the listen request, or as notifications without a subscription id, neither of which the generated client's subscriptions receive; it is generated as a plain call that only turns the listener on or off.`,
      hint: 'Events sent as notifications reach the WebSocket transport\'s listen(); a server that pushes `{ subscription, result }` notifications can be described with "x-subscription" (spec/README.md, Subscriptions).',
      rule: "event-convention",
    });
  }
}

const SOLANA = /^([a-z][A-Za-z0-9]*)Subscribe$/;

/**
 * Solana's convention: `<x>Subscribe` answers an id, `<x>Unsubscribe` takes it, the server pushes
 * `<x>Notification` `{ subscription, result }`. A method `<x>Notification` without a result in the
 * document types the items (and is not generated as a call); without it they are unknown.
 */
function solanaSubscriptions(
  methods: readonly (ResolvedMethod | undefined)[],
  files: Map<string, unknown>,
  warnings: Problem[],
  found: Conventions,
): void {
  const byName = new Map<string, ResolvedMethod>();
  for (const m of methods) if (m) byName.set(m.value.name, m);
  for (const r of methods) {
    const x = r?.value.name.match(SOLANA)?.[1];
    if (!r || x === undefined || r.value["x-subscription"] || !byName.has(`${x}Unsubscribe`)) continue;
    const notification = `${x}Notification`;
    const described = byName.get(notification);
    if (described?.value.result !== undefined) {
      warnings.push({
        file: r.file,
        pointer: r.pointer,
        message: `method "${r.value.name}" is not taken as a subscription (the ${x}Subscribe/${x}Unsubscribe convention): "${notification}", the name of its notifications, is a method with a result (a call); "${r.value.name}" stays a plain call.`,
        hint: `Remove the result of "${notification}" if the server pushes it, or describe the subscription with "x-subscription" (spec/README.md, Subscriptions).`,
        rule: "subscription-convention",
      });
      continue;
    }
    const label = `${x}Subscribe/${x}Unsubscribe`;
    const sub = conventionalSubscription(r, described ?? notification, `${x}Unsubscribe`, label, {
      byName,
      files,
      warnings,
    });
    if (!sub) continue;
    found.subscriptions.set(r.value.name, sub);
    if (described) found.notifications.add(notification);
  }
}

function ethSubscriptions(
  methods: readonly (ResolvedMethod | undefined)[],
  warnings: Problem[],
): Map<string, XSubscription> {
  const byName = new Map<string, MethodObject>();
  for (const m of methods) if (m) byName.set(m.value.name, m.value);
  const found = new Map<string, XSubscription>();
  for (const r of methods) {
    const m = r?.value;
    const ns = m?.name.match(SUBSCRIBE)?.[1];
    if (!r || !m || ns === undefined || m["x-subscription"] || m.result === undefined) continue;
    const unsubscribe = byName.get(`${ns}_unsubscribe`);
    const notification = `${ns}_subscription`;
    const warn = (message: string, hint: string) =>
      void warnings.push({ file: r.file, pointer: r.pointer, message, hint, rule: "subscription-convention" });
    if (!unsubscribe || unsubscribe["x-subscription"]) continue;
    if (unsubscribe.params.length === 0) {
      warn(
        `method "${m.name}" is not taken as a subscription (the ${ns}_subscribe convention): "${unsubscribe.name}" takes no params, so it cannot cancel one; "${m.name}" stays a plain call.`,
        `Give "${unsubscribe.name}" a first param for the subscription id, or describe the subscription with "x-subscription" (spec/README.md, Subscriptions).`,
      );
      continue;
    }
    if (byName.has(notification)) {
      warn(
        `method "${m.name}" is not taken as a subscription (the ${ns}_subscribe convention): the document has a method "${notification}", the name of the convention's notifications, which the server pushes and the client does not call; "${m.name}" stays a plain call.`,
        `Rename "${notification}", or describe the subscription with "x-subscription" (spec/README.md, Subscriptions).`,
      );
      continue;
    }
    found.set(m.name, { notification, unsubscribe: unsubscribe.name, item: {} });
    warn(
      `method "${m.name}" is taken as a subscription (the ${ns}_subscribe convention: "${notification}" notifications, cancelled by "${unsubscribe.name}"); the document does not describe the pushed items, so they are typed unknown.`,
      `Add "x-subscription" with an "item" schema to the method to type its items (spec/README.md, Subscriptions).`,
    );
  }
  return found;
}

/**
 * A document-level `x-notifications` (a list of `{ name, params }` method objects, or a map from
 * method name to schema, in a few application documents): notifications the server sends without
 * a subscribe method. They fit no subscription, so the client does not offer them; a warning says so.
 */
export function warnNotificationExtensions(doc: Record<string, unknown>, file: string, warnings: Problem[]): void {
  for (const key of ["x-notifications", "x-notification"]) {
    const value = doc[key];
    if (value === null || typeof value !== "object" || Object.keys(value).length === 0) continue;
    const names = (Array.isArray(value) ? value.map((n: { name?: unknown }) => n?.name) : Object.keys(value)).filter(
      (n): n is string => typeof n === "string",
    );
    warnings.push({
      file,
      pointer: `/${key}`,
      message: `the document lists server notifications in "${key}" (${
        names.length === 0
          ? "none named"
          : names
              .slice(0, 5)
              .map((n) => `"${n}"`)
              .join(", ") + (names.length > 5 ? ", …" : "")
      }); they belong to no subscribe method, so the generated client does not offer them.`,
      hint: 'Read them from the WebSocket transport\'s listen(), or describe a subscribe method for them with "x-subscription" (spec/README.md, Subscriptions).',
      rule: "event-convention",
    });
  }
}
