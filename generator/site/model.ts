/**
 * The site model from the generator's normalized model (the same `DocumentModel`s the clients are
 * emitted from): names, signatures, pagination and variants are read, never decided again here.
 * Pure; the HTML escaping happens in render.ts, the form building in the browser.
 */
import { DEFAULT_MOCK_URL } from "../defaults.js";
import type { DocumentModel, MethodModel, ServerModel, VariantCondition } from "../model/document.js";
import { resolveNode, type SchemaDefinitions, type SchemaNode } from "../model/schema.js";
import { nodeDefinitions } from "../model/definitions.js";
import { objectOf } from "../model/merge.js";
import { fieldFor, typeLabel } from "./fields.js";
import type { SiteApi, SiteData, SiteEndpoint, SiteMethod, SiteResultField, SiteVariant } from "./types.js";

export { DEFAULT_MOCK_URL };

export interface SiteOptions {
  packageName: string;
  mockUrl?: string;
}

export function siteModel(documents: readonly DocumentModel[], options: SiteOptions): SiteData {
  return {
    packageName: options.packageName,
    mockUrl: options.mockUrl ?? DEFAULT_MOCK_URL,
    apis: documents.map(siteApi),
  };
}

function siteApi(doc: DocumentModel): SiteApi {
  const definitions = nodeDefinitions(doc.schemas, false);
  return {
    subpath: doc.subpath,
    title: doc.title,
    version: doc.version,
    description: doc.description,
    factory: doc.factory,
    clientVar: doc.names.clientVar,
    hasProxy: doc.servers.some((s) => s.kind === "proxy"),
    endpoints: doc.servers.flatMap((s) => endpointOf(s)),
    methods: doc.methods.map((m) => siteMethod(m, definitions)),
  };
}

/** An HTTP(S) server as an endpoint: its URL with the variables' defaults, without the `{apiKey}` segment. */
export function endpointOf(server: ServerModel): SiteEndpoint[] {
  if (server.transport !== "https" && server.transport !== "http") return [];
  if (server.kind === "plain") return [];
  const url = server.url
    .replace(/\/?\{apiKey\}/g, "")
    .replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables[name]?.default ?? whole);
  if (!/^https?:\/\/[^{}\s]+$/.test(url)) return [];
  return [
    { id: server.name, label: server.summary || server.name, kind: server.kind === "proxy" ? "proxy" : "keyed", url },
  ];
}

function siteMethod(m: MethodModel, definitions: SchemaDefinitions): SiteMethod {
  const params = definitions.get(m.paramsType);
  const paramNode = (name: string): SchemaNode =>
    (params?.kind === "object" ? params.properties.find((p) => p.name === name)?.node : undefined) ?? {
      kind: "unknown",
      pointer: "",
    };
  const result = m.result ? definitions.get(m.resultType) : undefined;
  return {
    rpcName: m.rpcName,
    clientName: m.clientName,
    summary: m.summary,
    description: m.description,
    deprecated: m.deprecated,
    signature: m.signature,
    params: m.params.map((p) => ({
      name: p.name,
      required: p.required,
      deprecated: p.deprecated,
      description: p.description,
      field: fieldFor(paramNode(p.name), definitions),
    })),
    examples: m.examples.map((e) => ({
      name: e.name,
      description: e.description,
      params: e.params,
      ...(e.hasResult ? { result: e.result } : {}),
    })),
    errors: m.errors.map((e) => ({ code: e.code, message: e.message })),
    limits: m.limits.map((l) => l.description),
    resultFields: result ? resultFields(result, definitions) : [],
    resultType: result ? typeLabel(result, definitions) : "none (notification)",
    ...(m.pagination
      ? { pagination: { token: m.pagination.tokenParam, next: m.pagination.nextField, items: m.pagination.itemsField } }
      : {}),
    variants: m.variants.map((v): SiteVariant => ({ name: v.name, condition: conditionText(v.when), when: v.when })),
    ...(m.subscription
      ? { subscription: { notification: m.subscription.notification, unsubscribe: m.subscription.unsubscribe } }
      : {}),
  };
}

/** The result's own fields (one level), when the result is an object (or an object or null). */
export function resultFields(node: SchemaNode, definitions: SchemaDefinitions): SiteResultField[] {
  const object = objectOf(node, definitions);
  if (!object) return [];
  return object.properties.map((p) => ({
    name: p.name,
    type: typeLabel(p.node, definitions),
    required: p.required,
    description: p.node.description ?? resolveNode(p.node, definitions).description ?? "",
  }));
}

/** `fullTransactions is true`, `tracer.tracer is one of "callTracer", "prestateTracer"`, `encoding is not set`. */
export function conditionText(when: VariantCondition): string {
  const subject = when.property === undefined ? when.param : `${when.param}.${when.property}`;
  if (when.absent) return `${subject} is not set`;
  if ("equals" in when) return `${subject} is ${JSON.stringify(when.equals)}`;
  if (Array.isArray(when.in)) return `${subject} is one of ${when.in.map((v) => JSON.stringify(v)).join(", ")}`;
  return subject;
}
