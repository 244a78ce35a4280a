/**
 * Subscriptions in the mock server (`x-subscription`, spec/README.md), plugged into the WebSocket
 * endpoint through server.ts's one hook (`wsMethods(session)`): per connection, every subscribe
 * method the socket's document has becomes a local method. It asks `spec()` for the spec's own
 * answer (params checked, a result of the id's type), answers a new subscription id, then pushes a
 * notification `{ subscription, result }` (or the params a notification method names) every `wsNotifyIntervalMs` whose result is generated from
 * the item schema (the variant the params select), placed at the server's chain head (chain.ts:
 * block numbers go up by one per notification). The unsubscribe method stops one; a connection
 * holds at most `wsMaxSubscriptions`; a closed connection stops all of its timers. Subscriptions
 * without an id (pushed notifications, Firebolt's listen methods) are ./events.ts's.
 */
import type { SubscriptionModel } from "../model/document.js";
import type { SchemaNode } from "../model/schema.js";
import { atHead, chainHead, type ChainHead } from "./chain.js";
import { canonical, isRecord, stringifyJson } from "./json.js";
import { limitFlag, type MockLimits } from "./limits.js";
import { readParams } from "./params.js";
import { findMethod, type MockMethod, type Registry } from "./registry.js";
import { sessionEvents } from "./events.js";
import { conditionHolds } from "./results.js";
import { fail, type LocalMethod } from "./rpc.js";
import { generateValue } from "./values.js";
import { LIMIT_EXCEEDED, type WsSession } from "./ws.js";

export interface SessionSubscriptions {
  /** The connection's subscribe and unsubscribe methods, for `localMethods`. */
  methods: ReadonlyMap<string, LocalMethod>;
  /**
   * Starts the timers of the subscriptions the message just answered created. server.ts calls it
   * once that answer is computed, so no notification can overtake the answer with its id.
   */
  start(): void;
}

interface Active {
  unsubscribe: string;
  /** Starts the timer (once), unless stopped. */
  begin(): void;
  stop(): void;
}

/** Subscription ids, unique in one server. */
export function idCounter(): () => number {
  let next = 1;
  return () => next++;
}

/** The subscriptions of one WebSocket connection. */
export function sessionSubscriptions(
  session: WsSession,
  registry: Registry,
  limits: Pick<MockLimits, "wsMaxSubscriptions" | "wsNotifyIntervalMs">,
  nextId: () => number,
): SessionSubscriptions {
  const chain = chainOf(registry);
  const active = new Map<string, Active>();
  let pending: Active[] = [];
  let closed = false;
  session.onClose(() => {
    closed = true;
    for (const a of active.values()) a.stop();
    active.clear();
    pending = [];
  });

  const subscribe =
    (method: MockMethod, sub: SubscriptionModel): LocalMethod =>
    (params, spec) => {
      const answer = spec();
      if ("error" in answer) return answer;
      if (active.size >= limits.wsMaxSubscriptions) {
        return fail(
          LIMIT_EXCEEDED,
          `Limit exceeded: this connection already holds ${limits.wsMaxSubscriptions} subscriptions, the mock's limit (wsMaxSubscriptions, ${limitFlag("wsMaxSubscriptions")}); call ${sub.unsubscribe} on some first.`,
        );
      }
      const id = subscriptionId(answer.result, nextId());
      const entry = notifier(session, method, sub, params, id, limits.wsNotifyIntervalMs, chain);
      active.set(String(id), entry);
      pending.push(entry);
      return { result: id };
    };
  const unsubscribe =
    (name: string): LocalMethod =>
    (params, spec) => {
      const answer = spec();
      if ("error" in answer) return answer;
      const first = Array.isArray(params) ? params[0] : isRecord(params) ? Object.values(params)[0] : undefined;
      const found = active.get(String(first));
      if (found === undefined || found.unsubscribe !== name) return { result: false };
      found.stop();
      active.delete(String(first));
      return { result: true };
    };

  const methods = new Map<string, LocalMethod>();
  for (const d of registry.documents) {
    for (const name of d.methods.keys()) {
      const method = findMethod(registry, name, session.target.scope);
      const sub = method?.model.subscription;
      // Subscriptions without an id (pushed notifications, Firebolt's listen methods) are ./events.ts.
      if (!method || !sub || sub.mode !== "id" || methods.has(name)) continue;
      methods.set(name, subscribe(method, sub));
      methods.set(sub.unsubscribe, unsubscribe(sub.unsubscribe));
    }
  }
  for (const [name, method] of sessionEvents(session, registry, limits))
    if (!methods.has(name)) methods.set(name, method);
  return {
    methods,
    start() {
      const now = pending;
      pending = [];
      if (!closed) for (const entry of now) entry.begin();
    },
  };
}

/** One chain head per server (a server has one registry), shared by all of its connections. */
const chains = new WeakMap<Registry, ChainHead>();
function chainOf(registry: Registry): ChainHead {
  let chain = chains.get(registry);
  if (!chain) chains.set(registry, (chain = chainHead()));
  return chain;
}

/** An id of the type the spec's result has (an integer, or a hex string like Ethereum's), unique in this server. */
function subscriptionId(generated: unknown, n: number): string | number {
  if (typeof generated === "string" && /^0x[0-9a-fA-F]+$/.test(generated))
    return `0x${n.toString(16).padStart(Math.max(1, generated.length - 2), "0")}`;
  if (typeof generated === "string") return `${generated}-${n}`;
  return n;
}

/** A subscription whose timer starts with `begin()`: a generated item every `interval` ms. */
function notifier(
  session: WsSession,
  method: MockMethod,
  sub: SubscriptionModel,
  params: unknown,
  id: string | number,
  interval: number,
  chain: ChainHead,
): Active {
  const read = readParams(method.model, params ?? []);
  const named = "named" in read ? read.named : {};
  const itemType = sub.variants.find((v) => conditionHolds(v.when, named))?.itemType ?? sub.itemType;
  const schema: SchemaNode = { kind: "ref", name: itemType, pointer: "" };
  let count = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  return {
    unsubscribe: sub.unsubscribe,
    begin() {
      if (stopped || timer !== undefined) return;
      timer = setInterval(() => {
        try {
          const result = atHead(
            generateValue(
              schema,
              method.definitions,
              `${method.model.rpcName} ${canonical(named)} ${count++}`,
              "result",
            ),
            chain.next(),
          );
          const [idName, itemName] = sub.notificationParams ?? ["subscription", "result"];
          const params = { [idName]: id, [itemName]: result };
          session.send(stringifyJson({ jsonrpc: "2.0", method: sub.notification, params }));
        } catch {
          // A value the mock cannot make ends this subscription; nothing reaches the console or the process.
          clearInterval(timer);
        }
      }, interval);
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
