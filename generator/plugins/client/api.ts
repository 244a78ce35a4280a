/**
 * Emits `api.ts`: the table the runtime reads — param names in positional order, endpoint
 * forms, idempotency, x-limits, u64 result fields and pagination, per method.
 */
import { commentText, isPrototypeName, objectKey } from "../../print/escape.js";
import type { DocumentModel, JsonSchema, MethodModel, SchemaObject, ServerModel } from "../../model/document.js";
import { getOwn, setOwn } from "../../own.js";
import { printDoc } from "../../print/layout.js";
import { jsDocLines } from "../../print/ts-code.js";
import {
  asExpr,
  constStatement,
  objectExpr,
  raw,
  stringExpr,
  valueExpr,
  type Expr,
  type Property,
} from "../../print/js-code.js";
import { definitionsOf, refName } from "../../model/definitions.js";

type U64Map = true | { [key: string]: U64Map };

export function emitApi(doc: DocumentModel, header: string): string {
  const definitions = definitionsOf(doc.schemas, true);
  const methods = doc.methods.map((m) => {
    const entry = methodEntry(m, definitions);
    return { key: objectKey(m.rpcName), value: isPrototypeName(m.rpcName) ? asExpr(entry, "const") : entry };
  });
  // The request validators are imported (a call checks its params with no await and no extra chunk to
  // fetch); the result and item validators load on first use, only when response validation is on.
  const loader = (key: string, file: string): Property => ({
    key,
    value: raw(`() => import("./${file}.js").then((m) => m.${key})`, "arrow"),
  });
  const table = objectExpr(
    [
      ...endpoints(doc),
      { key: "validators", value: raw("validators", "identifier") },
      loader("resultValidators", "result-validators"),
      ...(doc.methods.some((m) => m.subscription) ? [loader("itemValidators", "result-validators")] : []),
      { key: "methods", value: objectExpr(methods, true) },
    ],
    true,
  );
  return [
    header,
    `import type { ApiSpec } from "../runtime/index.js";`,
    ...exactImport(doc.methods, definitions),
    `import { validators } from "./validators.js";`,
    "",
    ...jsDocLines(
      `How the ${commentText(doc.title)} is called: endpoints, and per method its params in positional order and its rules.`,
    ),
    printDoc(constStatement("export const api: ApiSpec", table)),
    "",
  ].join("\n");
}

/** The API's name and how its endpoints take requests (the keyed one, and the keyless proxy when there is one). */
export function endpoints(doc: DocumentModel): Property[] {
  const keyed = doc.servers.find((s) => s.kind === "keyed") ?? doc.servers.find((s) => s.kind !== "proxy");
  const proxy = doc.servers.find((s) => s.kind === "proxy");
  return [
    { key: "name", value: stringExpr(doc.subpath) },
    { key: "keyed", value: endpoint(keyed, doc.defaultStructure) },
    ...(proxy ? [{ key: "proxy", value: endpoint(proxy, "by-position") }] : []),
  ];
}

function endpoint(server: ServerModel | undefined, fallback: "by-name" | "by-position"): Expr {
  const e = server ?? { paramStructure: fallback, envelope: "jsonrpc", methodIn: "body" };
  return valueExpr({ paramStructure: e.paramStructure, envelope: e.envelope, methodIn: e.methodIn });
}

export function methodEntry(m: MethodModel, definitions: Map<string, JsonSchema>): Expr {
  const parts: Property[] = [{ key: "params", value: valueExpr(m.params.map((p) => p.name)) }];
  const add = (key: string, value: unknown): number => parts.push({ key, value: valueExpr(value) });
  if (m.paramStructure !== "either") add("structure", m.paramStructure);
  if (m.idempotent) add("idempotent", true);
  if (!m.result) add("notification", true);
  // The rule descriptions live in the doc comments; the table keeps what the check needs.
  if (m.limits.length > 0)
    add(
      "limits",
      m.limits.map(({ description: _d, ...rule }) => rule),
    );
  const u64 = resultU64(m, definitions);
  if (u64 !== undefined) add("u64", u64);
  // The exact-integer codec, named only where a result or params need it (runtime/exact.ts).
  if (needsExact(m, definitions)) parts.push({ key: "exact", value: raw("exactJson", "identifier") });
  if (m.pagination)
    add("page", { token: m.pagination.tokenParam, next: m.pagination.nextField, items: m.pagination.itemsField });
  if (m.subscription) add("subscription", subscriptionEntry(m, definitions));
  return objectExpr(parts);
}

/** Where a method's result holds u64 values, or `undefined`. */
const resultU64 = (m: MethodModel, definitions: Map<string, JsonSchema>): U64Map | undefined =>
  m.result ? u64Map(m.result.schema, definitions, new Set()) : undefined;

/** Whether a method's result or one of its params holds u64 values (`bigint`s). */
const needsExact = (m: MethodModel, definitions: Map<string, JsonSchema>): boolean =>
  resultU64(m, definitions) !== undefined ||
  m.params.some((p) => u64Map(p.schema, definitions, new Set()) !== undefined);

/** The import of the exact-integer codec, when one of `methods` needs it (else none). */
export const exactImport = (methods: readonly MethodModel[], definitions: Map<string, JsonSchema>): string[] =>
  methods.some((m) => needsExact(m, definitions)) ? [`import { exactJson } from "../runtime/exact.js";`] : [];

/** What the runtime needs of an `x-subscription`: the method names, and per variant its condition, params and u64 fields. */
function subscriptionEntry(m: MethodModel, definitions: Map<string, JsonSchema>): object {
  const sub = m.subscription!;
  const u64 = (schema: JsonSchema): object => {
    const map = u64Map(schema, definitions, new Set());
    return map === undefined ? {} : { u64: map };
  };
  // Without an id, the item is read from the notification's params: a one-key object is a wrapper
  // unless the item type declares that key (runtime/event-item.ts).
  const keys = sub.mode === "id" ? [] : propertyNames(sub.item, definitions, new Set());
  return {
    ...(sub.mode === "id" ? {} : { mode: sub.mode }),
    notification: sub.notification,
    ...(sub.notificationAliases ? { aliases: sub.notificationAliases } : {}),
    unsubscribe: sub.unsubscribe,
    ...(sub.notificationParams ? { notificationParams: sub.notificationParams } : {}),
    ...(sub.eventParams ? { eventParams: sub.eventParams } : {}),
    ...(sub.listenParam ? { listen: sub.listenParam } : {}),
    ...(keys.length > 0 ? { itemKeys: keys } : {}),
    ...u64(sub.item),
    variants: sub.variants.map((v) => ({
      when: v.when,
      params: v.paramCount,
      ...u64(v.item),
      ...(v.backfill ? { backfill: v.backfill } : {}),
    })),
  };
}

/** The property names an object schema declares at its top level, through `$ref`s, `allOf` and union members; sorted. */
function propertyNames(schema: JsonSchema, definitions: Map<string, JsonSchema>, visiting: Set<string>): string[] {
  if (typeof schema !== "object") return [];
  const names = new Set(Object.keys((schema.properties ?? {}) as object));
  const ref = refName(schema.$ref);
  if (ref !== undefined && !visiting.has(ref)) {
    visiting.add(ref);
    for (const n of propertyNames(definitions.get(ref) ?? true, definitions, visiting)) names.add(n);
    visiting.delete(ref);
  }
  for (const key of ["anyOf", "oneOf", "allOf"])
    if (Array.isArray(schema[key]))
      for (const branch of schema[key] as JsonSchema[])
        for (const n of propertyNames(branch, definitions, visiting)) names.add(n);
  return [...names].sort();
}

/** Where a schema holds `format: uint64` values, or `undefined` when it holds none. */
export function u64Map(
  schema: JsonSchema,
  definitions: Map<string, JsonSchema>,
  visiting: Set<string>,
): U64Map | undefined {
  if (typeof schema !== "object") return undefined;
  const s: SchemaObject = schema;
  if (s.format === "uint64") return true;
  let map: { [key: string]: U64Map } = {};
  const merge = (other: U64Map | undefined): void => {
    if (other === undefined) return;
    if (other === true) map = { ...map, "": true };
    else map = mergeMaps(map, other);
  };
  const ref = refName(s.$ref);
  if (ref !== undefined && !visiting.has(ref)) {
    visiting.add(ref);
    merge(u64Map(definitions.get(ref) ?? true, definitions, visiting));
    visiting.delete(ref);
  }
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    if (Array.isArray(s[key]))
      for (const branch of s[key] as JsonSchema[]) merge(u64Map(branch, definitions, visiting));
  }
  for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) {
    const inner = u64Map(prop, definitions, visiting);
    if (inner === undefined) continue;
    const single: { [key: string]: U64Map } = {};
    setOwn(single, name, inner);
    map = mergeMaps(map, single);
  }
  if (s.items !== undefined && !Array.isArray(s.items)) {
    const inner = u64Map(s.items as JsonSchema, definitions, visiting);
    if (inner !== undefined) map = mergeMaps(map, { "*": inner });
  }
  if ("" in map) return true;
  return Object.keys(map).length > 0 ? map : undefined;
}

function mergeMaps(a: { [key: string]: U64Map }, b: { [key: string]: U64Map }): { [key: string]: U64Map } {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const existing = getOwn(out, k);
    setOwn(out, k, existing === undefined ? v : existing === true || v === true ? true : mergeMaps(existing, v));
  }
  return out;
}
