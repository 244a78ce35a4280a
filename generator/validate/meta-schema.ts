/** Validates a document against the OpenRPC 1.x meta-schema (`@open-rpc/meta-schema`). */
import { createRequire } from "node:module";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import formatsPlugin from "ajv-formats";

const addFormats = formatsPlugin as unknown as (ajv: Ajv) => Ajv;
import type { Problem } from "../model.js";

const require = createRequire(import.meta.url);
let compiled: ValidateFunction | undefined;

function metaValidator(): ValidateFunction {
  if (compiled) return compiled;
  const openrpc = require("@open-rpc/meta-schema").default as Record<string, unknown>;
  const jsonSchemaTools = require("@json-schema-tools/meta-schema").default as Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false, verbose: true });
  addFormats(ajv);
  // The OpenRPC meta-schema names its dialect both with and without the trailing slash.
  const { $id: _id, ...dialect } = jsonSchemaTools;
  ajv.addMetaSchema({ ...dialect, $id: "https://meta.json-schema.tools" });
  ajv.addMetaSchema({ ...dialect, $id: "https://meta.json-schema.tools/" });
  const validate = ajv.compile(openrpc);
  compiled = validate;
  return validate;
}

export function validateMetaSchema(document: unknown, file: string): Problem[] {
  const validate = metaValidator();
  if (validate(expandServerUrls(document))) return [];
  return collapse(validate.errors ?? []).map((error) => ({
    file,
    pointer: error.instancePath,
    message: `does not follow the OpenRPC 1.x meta-schema: ${describe(error)}.`,
    hint: hintFor(error),
  }));
}

/** ajv reports every branch of a failed `oneOf`; keep the deepest error per place. */
function collapse(all: ErrorObject[]): ErrorObject[] {
  // An object that is not a `$ref` also fails the Reference-object branch of every
  // `oneOf [X, Reference]`; drop that branch's errors.
  const errors = all.filter((e) => {
    const required = (e.parentSchema as { required?: unknown } | undefined)?.required;
    const isRefBranch = Array.isArray(required) && required.includes("$ref");
    return !(isRefBranch && !(e.data !== null && typeof e.data === "object" && "$ref" in e.data));
  });
  const byPath = new Map<string, ErrorObject>();
  for (const error of errors) {
    if (error.keyword === "oneOf" || error.keyword === "anyOf") continue;
    const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
    if (!byPath.has(key)) byPath.set(key, error);
  }
  const kept = [...byPath.values()];
  // Drop errors on a parent when a child of it has a more precise error.
  return kept.filter((e) => !kept.some((o) => o !== e && o.instancePath.startsWith(`${e.instancePath}/`)));
}

function describe(error: ErrorObject): string {
  switch (error.keyword) {
    case "required":
      return `missing required property "${(error.params as { missingProperty: string }).missingProperty}"`;
    case "additionalProperties":
      return `unknown property "${(error.params as { additionalProperty: string }).additionalProperty}"`;
    case "enum":
      return `must be one of ${JSON.stringify((error.params as { allowedValues: unknown[] }).allowedValues)}`;
    default:
      return error.message ?? error.keyword;
  }
}

function hintFor(error: ErrorObject): string {
  if (error.keyword === "additionalProperties") return "Remove the property, or prefix it with x- to make it an extension.";
  if (error.keyword === "required") return "Add the missing property (see https://spec.open-rpc.org).";
  return "See https://spec.open-rpc.org for the shape of this object.";
}

/**
 * Server URLs are templates (`{advanced_url}/{apiKey}`); the meta-schema's `format: uri` is
 * meant for the expanded URL, so check a copy with each variable replaced by its default.
 */
function expandServerUrls(document: unknown): unknown {
  const doc = document as { servers?: { url?: unknown; variables?: Record<string, { default?: unknown }> }[] } | null;
  if (!doc || typeof doc !== "object" || !Array.isArray(doc.servers)) return document;
  const servers = doc.servers.map((server) => {
    if (!server || typeof server !== "object" || typeof server.url !== "string") return server;
    const url = server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const value = server.variables?.[name]?.default;
      return typeof value === "string" ? value : whole;
    });
    return { ...server, url };
  });
  return { ...doc, servers };
}
