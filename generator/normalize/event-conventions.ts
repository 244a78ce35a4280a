/**
 * Server-to-client events that carry no subscription id, delivered on the subscription surface
 * (spec/README.md, "Subscriptions"; the modes are `SubscriptionModel.mode`). Each is recognized by
 * an explicit marker or by a convention whose halves are both in the document, never by prose:
 *
 * - **`x-notification: true`** on a method (soulseek-rs's daemon): a notification the server
 *   pushes; mode `events`, not generated as a call.
 * - **`x-notifications`** at the document's top level, a list of `{ name, params }` method objects:
 *   the same, for notifications the document lists apart from its methods.
 * - **`<ns>:notification/<name>` without a result** (Minecraft's Server Management Protocol): the
 *   `notification` path segment and the missing result (what OpenRPC calls a notification) together.
 * - **Firebolt's event methods**: tagged `event` or named `<Module>.on<Name>`, with a boolean `listen`
 *   param and a result; mode `listen`. The items are the result's type without its `ListenResponse`
 *   member; they arrive as notifications of the method's own name or of its notifier
 *   (`Device.onNameChanged` → `Device.nameChanged`, or the `event` tag's `x-notifier`).
 *
 * Each recognized method gets one warning (rule `event-convention`) saying what it became; a method
 * that looks meant for one of them but lacks a half stays a plain call, with a warning naming what
 * is missing.
 */
import type { Problem } from "../model/document.js";
import { deref } from "../load/refs.js";
import type { ContentDescriptorObject, ConventionalSubscription, MethodObject, ResolvedMethod } from "./openrpc.js";

/** What the event conventions found: subscriptions by method name, and methods to add from `x-notifications`. */
export interface EventConventions {
  subscriptions: Map<string, ConventionalSubscription>;
  /** `x-notifications` entries, as methods of the document (each has its subscription in `subscriptions`). */
  extra: { raw: MethodObject; pointer: string }[];
}

const EVENT_NAME = /^(.*\.)?on([A-Z])([A-Za-z0-9_]*)$/;
const MINECRAFT = /^[^\s:/]+:notification\/\S+$/;

/** The event conventions over the document's methods (those `taken` by another convention left alone). */
export function eventConventions(
  doc: Record<string, unknown>,
  file: string,
  methods: readonly (ResolvedMethod | undefined)[],
  files: Map<string, unknown>,
  taken: (name: string) => boolean,
  warnings: Problem[],
): EventConventions {
  const found: EventConventions = { subscriptions: new Map(), extra: [] };
  const names = new Set(methods.flatMap((m) => (m ? [m.value.name] : [])));
  for (const r of methods) {
    if (!r || r.value["x-subscription"] || taken(r.value.name)) continue;
    const sub = notificationMethod(r, warnings) ?? listenMethod(r, files, names, warnings);
    if (sub) found.subscriptions.set(r.value.name, sub);
  }
  for (const { raw, pointer } of listedNotifications(doc, file, names, warnings)) {
    found.extra.push({ raw, pointer });
    found.subscriptions.set(raw.name, { mode: "events", notification: raw.name, unsubscribe: "", item: null });
    warn(
      warnings,
      { file, pointer },
      `notification "${raw.name}" (listed in "x-notifications") is delivered on the subscription surface: a member that listens for it over WebSocket and yields its params; nothing is called.`,
      'Describe it as a method with "x-notification": true to keep it beside the other methods.',
    );
  }
  return found;
}

/** `x-notification: true`, or Minecraft's `<ns>:notification/…` without a result: mode `events`. */
function notificationMethod(r: ResolvedMethod, warnings: Problem[]): ConventionalSubscription | undefined {
  const m = r.value;
  const marked = m["x-notification"] === true;
  const minecraft = MINECRAFT.test(m.name);
  if (!marked && !minecraft) return undefined;
  if (!marked && m.result !== undefined) {
    warn(
      warnings,
      r,
      `method "${m.name}" is named like a server notification (<namespace>:notification/…) but has a result, so it is a call; it stays a plain call.`,
      'Remove its result if the server pushes it, or mark it with "x-notification": true.',
    );
    return undefined;
  }
  const why = marked ? '"x-notification": true' : "named <namespace>:notification/… without a result";
  warn(
    warnings,
    r,
    `method "${m.name}" is a server-to-client notification (${why}): it is not generated as a call but delivered on the subscription surface, as a member that listens for it over WebSocket and yields its params; closing it sends nothing.`,
    "Call the member once connected; notifications that come before it are not kept.",
  );
  return { mode: "events", notification: m.name, unsubscribe: "", item: null };
}

/** Firebolt's event methods (tagged `event`, or `<Module>.on<Name>`, taking a boolean `listen`): mode `listen`. */
function listenMethod(
  r: ResolvedMethod,
  files: Map<string, unknown>,
  names: ReadonlySet<string>,
  warnings: Problem[],
): ConventionalSubscription | undefined {
  const m = r.value;
  const tags = (m.tags ?? []).map(
    (raw, i) => deref<{ name?: unknown; "x-notifier"?: unknown }>(files, r.file, `${r.pointer}/tags/${i}`, raw)?.value,
  );
  const eventTag = tags.find((t) => t?.name === "event");
  const params = m.params.map((raw, i) =>
    deref<ContentDescriptorObject>(files, r.file, `${r.pointer}/params/${i}`, raw),
  );
  const listen = params.find((p) => p?.value.name === "listen");
  const onName = EVENT_NAME.exec(m.name);
  if (!eventTag && !(onName && listen)) return undefined;
  const stays = (why: string, hint: string): undefined =>
    void warn(
      warnings,
      r,
      `method "${m.name}" looks like an event method (Firebolt's) but ${why}; it stays a plain call.`,
      hint,
    );
  if (!listen)
    return stays(
      'takes no "listen" param, so how its events are turned on and off is not said',
      'Give it a boolean "listen" param (true starts the events, false stops them).',
    );
  const schema = deref<{ type?: unknown }>(files, listen.file, `${listen.pointer}/schema`, listen.value.schema)?.value;
  if (schema?.type !== "boolean")
    return stays('its "listen" param is not a boolean', 'Give the "listen" param the schema { "type": "boolean" }.');
  if (m.result === undefined)
    return stays(
      "has no result (the events' type)",
      "Give it a result: anyOf the ListenResponse and the event's type.",
    );
  const result = deref<ContentDescriptorObject>(files, r.file, `${r.pointer}/result`, m.result);
  if (!result) return undefined;
  const item = eventItem(files, result.file, `${result.pointer}/schema`, result.value.schema);
  const notifier = typeof eventTag?.["x-notifier"] === "string" ? eventTag["x-notifier"] : notifierName(onName);
  const aliases = notifier && notifier !== m.name && !names.has(notifier) ? [notifier] : [];
  warn(
    warnings,
    r,
    `method "${m.name}" is an event method (${eventTag ? 'tagged "event"' : "an on… name"} with a boolean "listen" param, as in Firebolt): it is delivered on the subscription surface, as a member that calls it with listen: true, yields the events that come as notifications of "${m.name}"${aliases.length > 0 ? ` or "${aliases[0]}"` : ""}, and calls it with listen: false when closed${item.described ? "" : "; the document does not describe the events beside the listen response, so they are typed unknown"}.`,
    item.described
      ? "Events sent as further responses to the listen request (Firebolt's older transport) are not delivered; the server must send them as notifications."
      : "Give its result the event's type beside the ListenResponse (anyOf).",
  );
  return {
    mode: "listen",
    notification: m.name,
    ...(aliases.length > 0 ? { notificationAliases: aliases } : {}),
    unsubscribe: m.name,
    listenParam: "listen",
    item: item.schema,
    itemAt: item.at,
  };
}

/** `Device.onNameChanged` → `Device.nameChanged`: the notifier Firebolt's SDK listens to. */
function notifierName(onName: RegExpExecArray | null): string | undefined {
  if (!onName) return undefined;
  const [, prefix = "", first = "", rest = ""] = onName;
  return `${prefix}${first.toLowerCase()}${rest}`;
}

/**
 * The events' schema: the result's `anyOf`/`oneOf` without its `ListenResponse` member (the listen
 * call's confirmation), the one member left, or the whole result when it is no such union.
 */
function eventItem(
  files: Map<string, unknown>,
  file: string,
  pointer: string,
  schema: unknown,
): { schema: unknown; at: { file: string; pointer: string }; described: boolean } {
  const whole = { schema, at: { file, pointer }, described: true };
  const found = deref<Record<string, unknown>>(files, file, pointer, schema);
  if (!found || found.value === null || typeof found.value !== "object") return whole;
  if (isListenResponse(schema, found.value)) return { schema: {}, at: { file, pointer }, described: false };
  const key = ["anyOf", "oneOf"].find((k) => Array.isArray(found.value[k]));
  if (!key) return whole;
  const members = (found.value[key] as unknown[]).map((raw, i) => ({ raw, at: `${found.pointer}/${key}/${i}` }));
  const events = members.filter(
    (m) => !isListenResponse(m.raw, deref<Record<string, unknown>>(files, found.file, m.at, m.raw)?.value),
  );
  if (events.length === members.length) return whole;
  if (events.length === 0) return { schema: {}, at: { file: found.file, pointer: found.pointer }, described: false };
  if (events.length === 1)
    return { schema: events[0]!.raw, at: { file: found.file, pointer: events[0]!.at }, described: true };
  return {
    schema: { [key]: events.map((e) => e.raw) },
    at: { file: found.file, pointer: found.pointer },
    described: true,
  };
}

/** Firebolt's `ListenResponse`: named so, or an object with a `listening` property and an `event` one. */
function isListenResponse(raw: unknown, value: Record<string, unknown> | undefined): boolean {
  const ref = raw !== null && typeof raw === "object" ? (raw as { $ref?: unknown }).$ref : undefined;
  if (typeof ref === "string" && /(^|\/)ListenResponse$/.test(ref)) return true;
  if (!value || typeof value !== "object") return false;
  const properties = value.properties;
  return (
    value.title === "ListenResponse" ||
    (properties !== null &&
      typeof properties === "object" &&
      Object.hasOwn(properties, "listening") &&
      Object.hasOwn(properties, "event"))
  );
}

/**
 * A document-level `x-notifications` list (`{ name, params }` entries): the entries as methods.
 * Entries without a usable name or params list, names the document's methods already have, and the
 * map form (method name → schema: how the params are laid out is not said) get a warning instead.
 */
function listedNotifications(
  doc: Record<string, unknown>,
  file: string,
  names: ReadonlySet<string>,
  warnings: Problem[],
): { raw: MethodObject; pointer: string }[] {
  const out: { raw: MethodObject; pointer: string }[] = [];
  const seen = new Set<string>();
  for (const key of ["x-notifications", "x-notification"]) {
    const value = doc[key];
    if (value === null || typeof value !== "object" || Object.keys(value).length === 0) continue;
    if (!Array.isArray(value)) {
      const listed = Object.keys(value);
      warn(
        warnings,
        { file, pointer: `/${key}` },
        `the document lists server notifications in "${key}" as a map (${listed
          .slice(0, 5)
          .map((n) => `"${n}"`)
          .join(
            ", ",
          )}${listed.length > 5 ? ", …" : ""}), which does not say how their params are laid out; the generated client does not offer them.`,
        `Write "${key}" as a list of { name, params } method objects, or mark methods with "x-notification": true.`,
      );
      continue;
    }
    value.forEach((entry: unknown, i) => {
      const pointer = `/${key}/${i}`;
      const e = (entry ?? {}) as { name?: unknown; params?: unknown };
      const params = e.params ?? [];
      const usable =
        entry !== null &&
        typeof entry === "object" &&
        typeof e.name === "string" &&
        e.name !== "" &&
        Array.isArray(params) &&
        params.every((p) => p !== null && typeof p === "object" && !Array.isArray(p));
      if (!usable || names.has(e.name as string) || seen.has(e.name as string)) {
        const why = !usable
          ? "is not a { name, params } method object with a name and a list of params"
          : `is named "${String(e.name)}" like ${seen.has(e.name as string) ? "an entry before it" : "a method of the document"}`;
        return warn(
          warnings,
          { file, pointer },
          `entry ${i} of "${key}" ${why}; the generated client does not offer it.`,
          "Give each entry a unique name and a params list of content descriptors.",
        );
      }
      seen.add(e.name as string);
      out.push({ raw: { ...(entry as object), name: e.name as string, params } as MethodObject, pointer });
    });
  }
  return out;
}

function warn(warnings: Problem[], at: { file: string; pointer: string }, message: string, hint: string): void {
  warnings.push({ file: at.file, pointer: at.pointer, message, hint, rule: "event-convention" });
}
