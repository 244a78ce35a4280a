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
 * Events without a subscription id (`x-notification`, `x-notifications`, Minecraft's
 * notifications, Firebolt's event methods) are ./event-conventions.ts; a subscribe method that
 * looks like one but names no way to cancel it or no notification gets a warning here.
 */
import type { Problem } from "../model/document.js";
import { deref } from "../load/refs.js";
import { eventConventions, type EventConventions } from "./event-conventions.js";
import { conventionalSubscription, notificationMethodSubscriptions, type Conventions } from "./notification-methods.js";

import type { MethodObject, ResolvedMethod, XSubscription } from "./openrpc.js";

const SUBSCRIBE = /^(.+)_subscribe$/;

/** The subscriptions the document describes by a recognized convention, and the methods `x-notifications` adds. */
export function conventionalSubscriptions(
  doc: Record<string, unknown>,
  file: string,
  methods: readonly (ResolvedMethod | undefined)[],
  files: Map<string, unknown>,
  warnings: Problem[],
): Conventions & Pick<EventConventions, "extra"> {
  const found = notificationMethodSubscriptions(methods, files, warnings);
  for (const [name, sub] of ethSubscriptions(methods, warnings)) found.subscriptions.set(name, sub);
  solanaSubscriptions(methods, files, warnings, found);
  const taken = (name: string): boolean => found.subscriptions.has(name) || found.notifications.has(name);
  const events = eventConventions(doc, file, methods, files, taken, warnings);
  for (const [name, sub] of events.subscriptions) found.subscriptions.set(name, sub);
  warnUnpairedSubscribes(methods, files, taken, warnings);
  return { ...found, extra: events.extra };
}

/**
 * Subscribe methods no convention could take, with a signal that they are meant as one: tagged
 * `PubSub` (Sui and IOTA tag their WebSocket subscriptions so), or a `<ns>.subscribe` beside a
 * `<ns>.unsubscribe` (mobile-next's device fleet). The document names no notification (or no
 * cancel) for them, so they stay plain calls, with a warning saying so rather than guessing one.
 */
function warnUnpairedSubscribes(
  methods: readonly (ResolvedMethod | undefined)[],
  files: Map<string, unknown>,
  taken: (name: string) => boolean,
  warnings: Problem[],
): void {
  const names = new Set(methods.flatMap((m) => (m ? [m.value.name] : [])));
  for (const r of methods) {
    if (!r || r.value["x-subscription"] || taken(r.value.name)) continue;
    const name = r.value.name;
    const pubsub = (r.value.tags ?? []).some(
      (raw, i) => deref<{ name?: unknown }>(files, r.file, `${r.pointer}/tags/${i}`, raw)?.value.name === "PubSub",
    );
    const dotted = /^(.+)\.subscribe$/.exec(name);
    const paired = dotted !== null && names.has(`${dotted[1]}.unsubscribe`);
    if (!pubsub && !paired) continue;
    warnings.push({
      file: r.file,
      pointer: r.pointer,
      message: `method "${name}" looks like a subscribe method (${pubsub ? 'tagged "PubSub"' : `beside "${dotted![1]}.unsubscribe"`}), but the document names ${pubsub ? "no unsubscribe method and no notification for it" : "no notification it starts"}, so it stays a plain call.`,
      hint: 'Describe the subscription with "x-subscription" (its notification, unsubscribe method and item; spec/README.md, Subscriptions); until then an app reads the pushes from the WebSocket transport\'s listen().',
      rule: "subscription-convention",
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
