/**
 * Emits `api.ts`: the table the runtime reads — param names in positional order, endpoint
 * forms, idempotency, x-limits, u64 result fields and pagination, per method.
 */
import { commentText, jsonLiteral, objectKey, stringLiteral } from "../escape.js";
import type { DocumentModel, JsonSchema, MethodModel, SchemaObject, ServerModel } from "../model.js";
import { getOwn, setOwn } from "../own.js";
import { definitionsOf, refName } from "./schema-walk.js";

type U64Map = true | { [key: string]: U64Map };

export function emitApi(doc: DocumentModel, header: string): string {
  const definitions = definitionsOf(doc.schemas, true);
  const keyed = doc.servers.find((s) => s.kind === "keyed") ?? doc.servers.find((s) => s.kind !== "proxy");
  const proxy = doc.servers.find((s) => s.kind === "proxy");
  const methods = doc.methods.map((m) => `    ${objectKey(m.rpcName)}: ${methodEntry(m, definitions)},`);
  return [
    header,
    `import type { ApiSpec } from "../runtime/index.js";`,
    "",
    `/** How the ${commentText(doc.title)} is called: endpoints, and per method its params in positional order and its rules. */`,
    "export const api: ApiSpec = {",
    `  name: ${stringLiteral(doc.subpath)},`,
    `  keyed: ${endpoint(keyed, doc.defaultStructure)},`,
    ...(proxy ? [`  proxy: ${endpoint(proxy, "by-position")},`] : []),
    // Loaded on the first validated call: an app that never calls pays nothing at start for them.
    '  validators: () => import("./validators.js").then((m) => m.validators),',
    '  resultValidators: () => import("./result-validators.js").then((m) => m.resultValidators),',
    ...(doc.methods.some((m) => m.subscription) ? ['  itemValidators: () => import("./result-validators.js").then((m) => m.itemValidators),'] : []),
    "  methods: {",
    ...methods,
    "  },",
    "};",
    "",
  ].join("\n");
}

function endpoint(server: ServerModel | undefined, fallback: "by-name" | "by-position"): string {
  const e = server ?? { paramStructure: fallback, envelope: "jsonrpc", methodIn: "body" };
  return `{ paramStructure: ${stringLiteral(e.paramStructure)}, envelope: ${stringLiteral(e.envelope)}, methodIn: ${stringLiteral(e.methodIn)} }`;
}

function methodEntry(m: MethodModel, definitions: Map<string, JsonSchema>): string {
  const parts = [`params: ${jsonLiteral(m.params.map((p) => p.name))}`];
  if (m.paramStructure !== "either") parts.push(`structure: ${stringLiteral(m.paramStructure)}`);
  if (m.idempotent) parts.push("idempotent: true");
  if (!m.result) parts.push("notification: true");
  // The rule descriptions live in the doc comments; the table keeps what the check needs.
  if (m.limits.length > 0) parts.push(`limits: ${jsonLiteral(m.limits.map(({ description: _d, ...rule }) => rule))}`);
  const u64 = m.result ? u64Map(m.result.schema, definitions, new Set()) : undefined;
  if (u64 !== undefined) parts.push(`u64: ${jsonLiteral(u64)}`);
  if (m.pagination) parts.push(`page: ${jsonLiteral({ token: m.pagination.tokenParam, next: m.pagination.nextField, items: m.pagination.itemsField })}`);
  if (m.subscription) parts.push(`subscription: ${jsonLiteral(subscriptionEntry(m, definitions))}`);
  return `{ ${parts.join(", ")} }`;
}

/** What the runtime needs of an `x-subscription`: the method names, and per variant its condition, params and u64 fields. */
function subscriptionEntry(m: MethodModel, definitions: Map<string, JsonSchema>): object {
  const sub = m.subscription!;
  const u64 = (schema: JsonSchema): object => {
    const map = u64Map(schema, definitions, new Set());
    return map === undefined ? {} : { u64: map };
  };
  return {
    notification: sub.notification,
    unsubscribe: sub.unsubscribe,
    ...u64(sub.item),
    variants: sub.variants.map((v) => ({ when: v.when, params: v.paramCount, ...u64(v.item), ...(v.backfill ? { backfill: v.backfill } : {}) })),
  };
}

/** Where a schema holds `format: uint64` values, or `undefined` when it holds none. */
export function u64Map(schema: JsonSchema, definitions: Map<string, JsonSchema>, visiting: Set<string>): U64Map | undefined {
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
    if (Array.isArray(s[key])) for (const branch of s[key] as JsonSchema[]) merge(u64Map(branch, definitions, visiting));
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
