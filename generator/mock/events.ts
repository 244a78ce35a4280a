/**
 * Subscriptions without an id in the mock server (`SubscriptionModel.mode`, spec/README.md), per
 * WebSocket connection, so that the generated members can be tried against it:
 *
 * - `events` (notifications the server pushes unasked): from the moment the connection opens, each
 *   such notification of the connection's document is pushed every `wsNotifyIntervalMs`, its params
 *   laid out as the method takes them (by name: an object of the param names; else an array),
 *   values generated from the item schema. Nothing starts or stops them but the connection.
 * - `listen` (Firebolt's event methods): a call with `listen: true` is answered as the spec answers
 *   it and starts one timer per method and params, pushing the method's notifications: an object
 *   event as the params themselves (as Firebolt's mock server sends it), any other value as
 *   `{ value }` (as Firebolt's SDK reads it). `listen: false` stops it. At most `wsMaxSubscriptions`
 *   listened to at once per connection.
 *
 * A closed connection stops every timer; a value the mock cannot make stops that timer only.
 */
import type { SubscriptionModel } from "../model/document.js";
import type { SchemaNode } from "../model/schema.js";
import { canonical, isRecord, stringifyJson } from "./json.js";
import { limitFlag, type MockLimits } from "./limits.js";
import { readParams } from "./params.js";
import type { MockMethod, Registry } from "./registry.js";
import { fail, type LocalMethod } from "./rpc.js";
import { generateValue } from "./values.js";
import { LIMIT_EXCEEDED, type WsSession } from "./ws.js";

/** The connection's listen methods (for `localMethods`); the pushed notifications start at once. */
export function sessionEvents(
  session: WsSession,
  registry: Registry,
  limits: Pick<MockLimits, "wsMaxSubscriptions" | "wsNotifyIntervalMs">,
): Map<string, LocalMethod> {
  const timers = new Map<string, ReturnType<typeof setInterval>>();
  /** The keys of the listen methods' timers (the pushed notifications' own do not count against the limit). */
  const listening = new Set<string>();
  let closed = false;
  session.onClose(() => {
    closed = true;
    for (const timer of timers.values()) clearInterval(timer);
    timers.clear();
  });
  const every = (key: string, method: MockMethod, params: (item: unknown) => unknown): void => {
    let count = 0;
    const item: SchemaNode = { kind: "ref", name: method.model.subscription!.itemType, pointer: "" };
    const timer = setInterval(() => {
      try {
        const laid = params(generateValue(item, method.definitions, `${key} ${count++}`, "result"));
        const notification = { jsonrpc: "2.0", method: method.model.rpcName };
        session.send(stringifyJson(laid === undefined ? notification : { ...notification, params: laid }));
      } catch {
        // A value the mock cannot make ends this timer; nothing reaches the console or the process.
        clearInterval(timer);
        timers.delete(key);
        listening.delete(key);
      }
    }, limits.wsNotifyIntervalMs);
    timers.set(key, timer);
  };

  const scope = registry.documents.filter((d) => d.document.subpath === session.target.scope);
  const methods = new Map<string, LocalMethod>();
  for (const d of scope.length > 0 ? scope : registry.documents) {
    for (const method of d.methods.values()) {
      const sub = method.model.subscription;
      if (sub?.mode === "events" && !timers.has(method.model.rpcName))
        every(method.model.rpcName, method, (value) => eventParams(method, sub, value));
      if (sub?.mode !== "listen" || methods.has(method.model.rpcName)) continue;
      methods.set(method.model.rpcName, (params, spec) => {
        const answer = spec();
        if ("error" in answer || closed) return answer;
        const read = readParams(method.model, params ?? []);
        const named = "named" in read ? read.named : {};
        const { [sub.listenParam ?? "listen"]: on, ...context } = named;
        const key = `${method.model.rpcName} ${canonical(context)}`;
        if (on !== true) {
          clearInterval(timers.get(key));
          timers.delete(key);
          listening.delete(key);
        } else if (!timers.has(key)) {
          if (listening.size >= limits.wsMaxSubscriptions)
            return fail(
              LIMIT_EXCEEDED,
              `Limit exceeded: this connection already holds ${limits.wsMaxSubscriptions} subscriptions and pushed notifications, the mock's limit (wsMaxSubscriptions, ${limitFlag("wsMaxSubscriptions")}); stop some first.`,
            );
          listening.add(key);
          every(key, method, (value) => (isRecord(value) ? value : { value }));
        }
        return answer;
      });
    }
  }
  return methods;
}

/** A pushed notification's params: none, the one value, or the item's fields, by name or by position. */
function eventParams(method: MockMethod, sub: SubscriptionModel, item: unknown): unknown {
  const names = sub.eventParams ?? [];
  if (names.length === 0) return undefined;
  const byName = method.model.paramStructure === "by-name";
  if (names.length === 1) return byName ? { [names[0]!]: item } : [item];
  const fields = isRecord(item) ? item : {};
  if (byName) return fields;
  const values = names.map((n) => (Object.hasOwn(fields, n) ? fields[n] : null));
  while (values.length > 0 && values[values.length - 1] === null && !Object.hasOwn(fields, names[values.length - 1]!))
    values.pop();
  return values;
}
