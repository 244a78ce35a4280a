/**
 * Which factory a method gets, decided from the model, by one documented rule:
 * - a subscription (`x-subscription`) and the method that cancels one: none (they are the
 *   client's `subscribe` machinery, not request/response data);
 * - a method marked `x-idempotent: true` is a read: `queryOptions`, and `infiniteQueryOptions`
 *   too when it pages (the model's `pagination`) and takes one params object;
 * - every other method is a write: `mutationOptions`. A method the spec does not mark is treated
 *   as a write on purpose: a query is fetched again on mount, focus and reconnect, which a write
 *   (`eth_sendRawTransaction`) must never be.
 */
import type { DocumentModel, MethodModel } from "../../model/document.js";

export type FactoryKind = "query" | "mutation" | "none";

export function factoryKind(m: MethodModel, doc: DocumentModel): FactoryKind {
  if (m.subscription || unsubscribeMethods(doc).has(m.rpcName)) return "none";
  return m.idempotent ? "query" : "mutation";
}

/** The methods that cancel a subscription, once per document (a scan per method was quadratic). */
const cancellers = new WeakMap<DocumentModel, ReadonlySet<string>>();
function unsubscribeMethods(doc: DocumentModel): ReadonlySet<string> {
  let names = cancellers.get(doc);
  if (!names) {
    names = new Set(doc.methods.flatMap((s) => (s.subscription ? [s.subscription.unsubscribe] : [])));
    cancellers.set(doc, names);
  }
  return names;
}

/** Whether a read also gets `infiniteQueryOptions`: it pages, by a token in its params object. */
export function pagesByToken(m: MethodModel): boolean {
  return m.pagination !== undefined && m.signature === "object";
}
