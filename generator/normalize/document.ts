/**
 * Stage 3, normalize: a loaded, validated OpenRPC document → `DocumentModel` (generator/model.ts).
 * Pure: reads only the in-memory files of the loaded spec.
 */
import type { DocumentModel, JsonSchema, MethodModel, NamedSchema, PaginationModel, Problem, SchemaObject } from "../model.js";
import type { LoadedSpec } from "../load.js";
import { GeneratorError, pointer } from "../problems.js";
import { SchemaBundler } from "./bundle.js";
import { applyDeviations } from "./deviations.js";
import { clientMemberName, normalizeMethod, plainRef } from "./methods.js";
import { NameRegistry, pascalCase } from "./names.js";
import { normalizeServers } from "./servers.js";

/** Client members the runtime provides; methods with these names get a suffix. */
const CLIENT_MEMBERS = ["request", "paginate", "batch", "close"];

interface RawDocument {
  info: { title: string; version: string; description?: string };
  servers?: unknown[];
  methods: unknown[];
  components?: { schemas?: Record<string, unknown> };
  "x-client"?: { subpath?: string; factory?: string; methodPrefix?: string };
}

export function normalizeDocument(spec: LoadedSpec): DocumentModel {
  const file = spec.entry;
  const doc = spec.files.get(file) as RawDocument;
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const typeNames = new NameRegistry();
  const bundler = new SchemaBundler(spec.files, typeNames);

  for (const key of Object.keys(doc.components?.schemas ?? {}).sort()) {
    bundler.declare(file, pointer("components", "schemas", key), pascalCase(key));
  }
  const client = doc["x-client"] ?? {};
  const titleBase = pascalCase(doc.info.title.replace(/\b(api|openrpc|json-?rpc)\b/gi, " ")) || "Rpc";
  const factory = client.factory ?? `create${titleBase}Client`;
  const ctx = { files: spec.files, file, bundler, methodPrefix: client.methodPrefix ?? "", problems };

  const members = new NameRegistry(CLIENT_MEMBERS);
  const methods: MethodModel[] = [];
  doc.methods.forEach((raw, i) => {
    const base = normalizeMethod(ctx, raw, pointer("methods", i));
    if (!base) return;
    const clientName = members.claim(clientMemberName(base.rpcName, ctx.methodPrefix), `${file}#${base.pointer}/name`);
    const stripped = ctx.methodPrefix && base.rpcName.startsWith(ctx.methodPrefix) ? base.rpcName.slice(ctx.methodPrefix.length) : base.rpcName;
    if (clientName !== stripped && !members.renamed.some((r) => r.given === clientName)) {
      warnings.push({ file, pointer: `${base.pointer}/name`, message: `method name "${base.rpcName}" is not a JavaScript identifier; its client method is "${clientName}".`, hint: "The JSON-RPC name on the wire is unchanged; rename the method to choose the client name yourself." });
    }
    for (const p of base.params) {
      if (base.signature === "positional" && p.argName !== p.name) {
        warnings.push({ file, pointer: `${base.pointer}/params`, message: `param name "${p.name}" of "${base.rpcName}" is not usable as an argument name; it is "${p.argName}" in the signature.`, hint: "Only the TypeScript argument name changes; the wire is unchanged." });
      }
    }
    const typeBase = pascalCase(clientName);
    const paramsType = typeNames.claim(`${typeBase}Params`, `${file}#${base.pointer}/params`);
    const resultType = typeNames.claim(`${typeBase}Result`, `${file}#${base.pointer}/result`);
    const variants = base.variants.map((v) => ({ ...v, typeName: typeNames.claim(`${resultType}${v.name}`, `${file}#${base.pointer}/x-result-variants`) }));
    methods.push({ ...base, clientName, typeBase, paramsType, resultType, variants });
  });

  const components = bundler.all();
  problems.push(...bundler.problems);
  if (problems.length > 0) throw new GeneratorError(problems, "normalize");
  for (const r of [...typeNames.renamed, ...members.renamed]) {
    warnings.push({ file, pointer: r.owner.split("#")[1] ?? "", message: `name "${r.wanted}" is already taken by ${r.firstOwner}; this one is named "${r.given}".`, hint: "Rename one of them in the spec to choose the names yourself." });
  }

  const definitions = new Map<string, JsonSchema>(components.map((c) => [c.name, c.schema]));
  const schemas: NamedSchema[] = [...components]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((c) => named(c.name, c.schema, `${c.file === file ? "" : c.file}#${c.pointer}`, "component"));
  for (const m of methods) {
    schemas.push(named(m.paramsType, paramsSchema(m), `#${m.pointer}/params`, "params"));
    if (m.result) schemas.push(named(m.resultType, withDescription(m.result.schema, m.result.description), `#${m.pointer}/result`, "result"));
    for (const v of m.variants) schemas.push(named(v.typeName, v.schema, `#${m.pointer}/x-result-variants`, "variant"));
    const pagination = derivePagination(m, definitions);
    if (pagination) m.pagination = pagination;
  }

  return {
    source: file,
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description ?? "",
    subpath: client.subpath ?? file.replace(/^.*\//, "").replace(/\.(openrpc\.)?(json|ya?ml)$/i, "").replace(/[^a-z0-9-]+/gi, "-").toLowerCase(),
    factory,
    clientType: factory.replace(/^create/, ""),
    servers: normalizeServers(doc.servers, methods.every((m) => m.paramStructure === "by-position") ? "by-position" : "by-name"),
    methods,
    schemas,
    warnings,
  };
}

function named(name: string, schema: JsonSchema, where: string, role: NamedSchema["role"]): NamedSchema {
  return { name, schema, lenient: applyDeviations(schema), pointer: where, role };
}

/** `XParams`: the params as one object keyed by param name, in documented order. */
function paramsSchema(m: Omit<MethodModel, "pagination">): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  // A description beside a `$ref` makes json-schema-to-typescript declare a copy of the type
  // (`Blockchain1`); such params keep the bare `$ref` and get their doc comment in emit/types.
  for (const p of m.params) properties[p.name] = p.refName ? p.schema : withDescription(p.schema, p.description, p.deprecated);
  return {
    description: `Params of \`${m.rpcName}\`${m.paramStructure === "by-position" ? ", in positional order" : ""}.`,
    type: "object",
    properties,
    required: m.params.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

function withDescription(schema: JsonSchema, description: string, deprecated = false): JsonSchema {
  const base: SchemaObject = schema === true ? {} : schema === false ? { not: {} } : schema;
  return { ...base, ...(description && base.description === undefined ? { description } : {}), ...(deprecated ? { deprecated: true } : {}) };
}

/** A method pages when it takes `pageToken` and its result has `nextPageToken` and one array field. */
function derivePagination(m: MethodModel, definitions: Map<string, JsonSchema>): PaginationModel | undefined {
  const tokenParam = m.params.find((p) => p.name === "pageToken");
  const result = m.result && resolve(m.result.schema, definitions);
  if (!tokenParam || !result || typeof result !== "object") return undefined;
  const properties = (result.properties ?? {}) as Record<string, JsonSchema>;
  if (!("nextPageToken" in properties)) return undefined;
  const arrays = Object.entries(properties).filter(([, s]) => isArraySchema(resolve(s, definitions)));
  if (arrays.length !== 1) return undefined;
  const [itemsField, itemsSchema] = arrays[0]!;
  const items = (resolve(itemsSchema, definitions) as SchemaObject).items as JsonSchema | undefined;
  const itemRef = items !== undefined ? plainRef(items) : undefined;
  return { tokenParam: "pageToken", nextField: "nextPageToken", itemsField, itemType: itemRef ?? `NonNullable<${m.resultType}[${JSON.stringify(itemsField)}]>[number]` };
}

function resolve(schema: JsonSchema, definitions: Map<string, JsonSchema>, depth = 0): JsonSchema {
  const ref = typeof schema === "object" && typeof schema.$ref === "string" ? schema.$ref.replace("#/definitions/", "") : undefined;
  if (ref === undefined || depth > 20) return schema;
  return resolve(definitions.get(ref) ?? true, definitions, depth + 1);
}

function isArraySchema(schema: JsonSchema): boolean {
  if (typeof schema !== "object") return false;
  return schema.type === "array" || (Array.isArray(schema.type) && schema.type.includes("array"));
}
