/**
 * Subscriptions in the mock server (`x-subscription`, spec/README.md): a WebSocket on the same
 * port serves every method as HTTP does, and a subscribe method answers with a new subscription
 * id, then pushes a notification `{ subscription, result }` every `interval` ms whose result is
 * generated from the item schema (the variant the params select). The unsubscribe method stops it;
 * a closed socket stops all of its subscriptions.
 */
import type { Server } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import type { JsonSchema, SubscriptionModel } from "../model.js";
import { canonical, isRecord, parseExact, stringifyJson } from "./json.js";
import { readParams } from "./params.js";
import { findMethod, type MockMethod, type Registry } from "./registry.js";
import { conditionHolds, type ResultOptions } from "./results.js";
import { answerRequest, type Target } from "./rpc.js";
import { generateValue } from "./values.js";

/** Milliseconds between two notifications of one subscription. */
export const DEFAULT_NOTIFY_INTERVAL = 1000;
/** Subscriptions one socket may hold at once. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 100;

export interface SubscriptionOptions extends ResultOptions {
  interval: number;
}

interface Active {
  timer: ReturnType<typeof setInterval>;
  unsubscribe: string;
}

/** Serves WebSocket upgrades of `server`; `close()` ends every socket and timer. */
export function attachSubscriptions(server: Server, registry: Registry, options: SubscriptionOptions, targetOf: (url: URL) => Target): { close(): void } {
  if (!Number.isInteger(options.interval) || options.interval < 1) throw new RangeError(`interval must be a whole number of milliseconds, at least 1, not ${options.interval}.`);
  const wss = new WebSocketServer({ server, maxPayload: 16 * 1024 * 1024 });
  let nextId = 1;
  const unsubscribeMethods = new Set(registry.documents.flatMap((d) => [...d.methods.values()].map((m) => m.model.subscription?.unsubscribe ?? "")));
  wss.on("connection", (socket, request) => {
    const target = targetOf(new URL(request.url ?? "/", "http://127.0.0.1"));
    const active = new Map<string, Active>();
    const stopAll = (): void => {
      for (const a of active.values()) clearInterval(a.timer);
      active.clear();
    };
    socket.on("close", stopAll);
    socket.on("error", stopAll);
    socket.on("message", (data) => {
      const text = data.toString();
      const reply = (value: unknown): void => socket.send(typeof value === "string" ? value : stringifyJson(value));
      let request: unknown;
      try {
        request = parseExact(text);
      } catch {
        request = undefined;
      }
      const r = isRecord(request) && typeof request.method === "string" ? (request as { id?: unknown; method: string; params?: unknown }) : undefined;
      const method = r && "id" in r ? findMethod(registry, r.method, target.scope) : undefined;
      if (r && method?.model.subscription) {
        const answer = answerRequest(text, target, registry, options);
        if (answer.status === 204) return;
        const parsed = parseExact(answer.body) as { result?: unknown };
        if (!("result" in parsed)) return reply(answer.body);
        if (active.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
          return reply({ jsonrpc: "2.0", id: r.id, error: { code: -32005, message: `The mock allows ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per socket; unsubscribe some first.` } });
        }
        const id = subscriptionId(parsed.result, nextId++);
        reply({ jsonrpc: "2.0", id: r.id, result: id });
        active.set(String(id), start(socket, method, method.model.subscription, r.params, id, options.interval));
        return;
      }
      if (r && "id" in r && unsubscribeMethods.has(r.method)) {
        const first = Array.isArray(r.params) ? r.params[0] : isRecord(r.params) ? Object.values(r.params)[0] : undefined;
        const found = active.get(String(first));
        if (found && found.unsubscribe === r.method) {
          clearInterval(found.timer);
          active.delete(String(first));
        }
        return reply({ jsonrpc: "2.0", id: r.id, result: found !== undefined && found.unsubscribe === r.method });
      }
      const answer = answerRequest(text, target, registry, options);
      if (answer.status === 200) reply(answer.body);
    });
  });
  return {
    close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

/** An id of the type the spec's result has (an integer, or a hex string like Ethereum's), unique in this server. */
function subscriptionId(generated: unknown, n: number): string | number {
  if (typeof generated === "string" && /^0x[0-9a-fA-F]+$/.test(generated)) return `0x${n.toString(16).padStart(Math.max(1, generated.length - 2), "0")}`;
  if (typeof generated === "string") return `${generated}-${n}`;
  return n;
}

function start(socket: WebSocket, method: MockMethod, sub: SubscriptionModel, params: unknown, id: string | number, interval: number): Active {
  const read = readParams(method.model, params ?? []);
  const named = "named" in read ? read.named : {};
  const schema: JsonSchema = sub.variants.find((v) => conditionHolds(v.when, named))?.item ?? sub.item;
  let count = 0;
  const timer = setInterval(() => {
    if (socket.readyState !== socket.OPEN) return;
    const result = generateValue(schema, method.definitions, `${method.model.rpcName} ${canonical(named)} ${count++}`, "result");
    socket.send(stringifyJson({ jsonrpc: "2.0", method: sub.notification, params: { subscription: id, result } }));
  }, interval);
  timer.unref?.();
  return { timer, unsubscribe: sub.unsubscribe };
}
