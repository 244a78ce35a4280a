/**
 * Stage 3, normalize: a loaded, validated OpenRPC document → `DocumentModel` (generator/model/document.ts).
 * Pure: reads only the in-memory files of the loaded spec. Every name the emitters write is
 * claimed here, in one registry per namespace (module-level names, client members, the
 * arguments of each method), so that no two things share a name and no emitter derives one.
 */
import type { DocumentModel, JsonSchema, MethodModel, NamedSchema, Problem, SchemaObject } from "../model/document.js";
import type { LoadedSpec } from "../load/load.js";
import { pointer } from "../problems.js";
import { SchemaBundler } from "./bundle.js";
import { clientNames, methodNames } from "./client-names.js";
import { conventionalSubscriptions } from "./conventions.js";
import { deref } from "../load/refs.js";
import { applyDeviations } from "./deviations.js";
import { normalizeMethod, plainRef } from "./methods.js";
import { NameRegistry, pascalCase, RESERVED_FUNCTIONS, RESERVED_MEMBERS, RESERVED_TYPE_NAMES } from "./names.js";
import { derivePagination } from "./pagination.js";
import type { MethodObject, OpenrpcDocument, ServerObject } from "./openrpc.js";
import { SchemaNormalizer } from "./schema.js";
import { markDiscriminators, relaxUnsatisfiable, selfReferences } from "./schema-checks.js";
import { normalizeServers } from "./servers.js";
import { isParamsObject } from "./same-schema.js";
import { subpathOf } from "./subpath.js";

export function normalizeDocument(spec: LoadedSpec): DocumentModel {
  const file = spec.entry;
  // Checked by the validate stage: the meta-schema, then the extension schemas.
  const doc = spec.files.get(file) as OpenrpcDocument;
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const typeNames = new NameRegistry(RESERVED_TYPE_NAMES, "Type");
  const bundler = new SchemaBundler(spec.files, typeNames);

  const declared = new Map<string, string>();
  for (const key of Object.keys(doc.components?.schemas ?? {}).sort()) {
    const at = pointer("components", "schemas", key);
    declared.set(bundler.declare(file, at, pascalCase(key)), at);
  }
  const client = doc["x-client"] ?? {};
  const subpath = subpathOf(client.subpath, file);
  const names = clientNames(doc.info.title, client, typeNames, file, subpath);
  const ctx = { files: spec.files, file, bundler, methodPrefix: client.methodPrefix ?? "", problems };
  const defaultStructure = keyedStructure(doc.servers);

  const members = new NameRegistry(RESERVED_MEMBERS);
  const functions = new NameRegistry(RESERVED_FUNCTIONS);
  const methods: MethodModel[] = [];
  const resolved = doc.methods.map((raw, i) => deref<MethodObject>(spec.files, file, pointer("methods", i), raw));
  const conventions = conventionalSubscriptions(
    doc as unknown as Record<string, unknown>,
    file,
    resolved,
    spec.files,
    warnings,
  );
  // The document's methods, then the notifications its `x-notifications` lists (event-conventions.ts).
  const raws: [raw: MethodObject | { $ref: string }, at: string, name: string | undefined][] = [
    ...doc.methods.map((raw, i): [MethodObject | { $ref: string }, string, string | undefined] => [
      raw,
      pointer("methods", i),
      resolved[i]?.value.name,
    ]),
    ...conventions.extra.map((e): [MethodObject, string, string] => [e.raw, e.pointer, e.raw.name]),
  ];
  for (const [raw, at, name] of raws) {
    // A notification method (server → client) is delivered through its subscription, not called.
    if (name !== undefined && conventions.notifications.has(name)) continue;
    const base = normalizeMethod(ctx, raw, at, name === undefined ? undefined : conventions.subscriptions.get(name));
    if (!base) continue;
    const signature =
      base.paramStructure === "by-name" || (base.paramStructure === "either" && defaultStructure === "by-name")
        ? "object"
        : "positional";
    const named = methodNames(base, signature, {
      file,
      methodPrefix: ctx.methodPrefix,
      members,
      functions,
      typeNames,
      warnings,
      isParamsObject: (name, method) => {
        const at = declared.get(name);
        return at !== undefined && isParamsObject(spec.files, { file, pointer: at }, method, file);
      },
    });
    methods.push({ ...base, ...named, signature });
  }

  uniqueErrorNames(methods);
  const components = bundler.all();
  // Reported by validate before normalize runs; here only as a net (the `$ref` is read as any value).
  warnings.push(...problems, ...bundler.problems);
  for (const r of [...typeNames.renamed, ...members.renamed]) {
    warnings.push({
      file,
      pointer: r.owner.split("#")[1] ?? "",
      message: `name "${r.wanted}" is already taken by ${r.firstOwner}; this one is named "${r.given}".`,
      hint: "Rename one of them in the spec to choose the names yourself.",
      rule: "rename",
    });
  }

  for (const c of components)
    c.schema = relaxUnsatisfiable(c.schema, `${c.file === file ? "" : c.file}#${c.pointer}`, c.name, warnings);
  for (const m of methods) relaxMethod(m, file, warnings);
  for (const w of warnings) if (w.rule === "unsatisfiable" && !w.file) w.file = file;
  const definitions = new Map<string, JsonSchema>(components.map((c) => [c.name, c.schema]));
  // One normalizer per view, so that each view's unions are told apart against that view's definitions.
  const nodes = { strict: new SchemaNormalizer(), lenient: new SchemaNormalizer() };
  const named = (name: string, schema: JsonSchema, where: string, role: NamedSchema["role"], at = where) =>
    namedSchema(nodes, name, schema, { where, at, role });
  const schemas: NamedSchema[] = [...components]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((c) => named(c.name, c.schema, `${c.file === file ? "" : c.file}#${c.pointer}`, "component"));
  for (const m of methods) {
    const params = new Map(m.params.map((p) => [p.name, p.pointer]));
    // Params that are a component of the document are that component (client-names.ts).
    if (!components.some((c) => c.name === m.paramsType))
      schemas.push(
        namedSchema(nodes, m.paramsType, paramsSchema(m), { where: `#${m.pointer}/params`, role: "params", params }),
      );
    // A result that is a component of its own type name is that component (client-names.ts).
    if (m.result && !components.some((c) => c.name === m.resultType))
      schemas.push(
        named(
          m.resultType,
          withDescription(m.result.schema, m.result.description),
          `#${m.pointer}/result`,
          "result",
          m.result.pointer,
        ),
      );
    m.variants.forEach((v, i) =>
      schemas.push(
        named(
          v.typeName,
          v.schema,
          `#${m.pointer}/x-result-variants`,
          "variant",
          `#${m.pointer}/x-result-variants/${i}/schema`,
        ),
      ),
    );
    const sub = m.subscription;
    if (sub && !plainRef(sub.item)) schemas.push(named(sub.itemType, sub.item, sub.itemPointer, "item"));
    for (const [i, v] of (sub?.variants ?? []).entries())
      if (!plainRef(v.item))
        schemas.push(named(v.itemType, v.item, `#${m.pointer}/x-subscription/variants/${i}/item`, "item"));
    const pagination = derivePagination(m, definitions);
    if (pagination) m.pagination = pagination;
  }
  const strict = new Map(schemas.map((s) => [s.name, s.node]));
  const lenient = new Map(schemas.map((s) => [s.name, s.lenientNode]));
  // Each with its fallback applied (the deeper schema, the closing `$ref`, read as `unknown`).
  const schemaProblems = [...nodes.strict.problems, ...selfReferences(strict), ...selfReferences(lenient)];
  warnings.push(...schemaProblems.map((p) => ({ ...p, file: p.file || file })));
  markDiscriminators(nodes.strict.unions, strict);
  markDiscriminators(nodes.lenient.unions, lenient);

  return {
    source: file,
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description ?? "",
    subpath,
    factory: names.factory,
    clientType: names.clientType,
    names: names.names,
    defaultStructure,
    servers: normalizeServers(doc.servers, defaultStructure),
    methods,
    schemas,
    warnings,
  };
}

/**
 * How the keyed endpoint takes the params of "either" methods: the first non-proxy server's
 * `x-endpoint.paramStructure`, else by position, the JSON-RPC convention of node APIs.
 */
function keyedStructure(servers: ServerObject[] | undefined): "by-name" | "by-position" {
  for (const server of servers ?? []) {
    const endpoint = server["x-endpoint"];
    if (endpoint?.kind === "proxy") continue;
    if (endpoint?.paramStructure === "by-name" || endpoint?.paramStructure === "by-position")
      return endpoint.paramStructure;
  }
  return "by-position";
}

/** Error constants by name (`AdvancedErrors.NotFound`): one name per distinct name and code. */
function uniqueErrorNames(methods: MethodModel[]): void {
  const registry = new NameRegistry();
  const given = new Map<string, string>();
  for (const e of methods.flatMap((m) => m.errors)) {
    const key = `${e.name}\u0000${e.code}`;
    e.name = given.get(key) ?? registry.claim(e.name, key);
    given.set(key, e.name);
  }
}

/**
 * A named schema with its nodes. `where` is the named schema's place, `at` the place of its JSON
 * Schema (the params object has none: each property takes the place of its param's schema).
 */
function namedSchema(
  nodes: { strict: SchemaNormalizer; lenient: SchemaNormalizer },
  name: string,
  schema: JsonSchema,
  place: { where: string; role: NamedSchema["role"]; at?: string; params?: Map<string, string> },
): NamedSchema {
  const lenient = applyDeviations(schema);
  const at = place.at ?? place.where;
  const node = nodes.strict.normalize(schema, at, place.params);
  const lenientNode = lenient === schema ? node : nodes.lenient.normalize(lenient, at, place.params);
  return { name, schema, lenient, node, lenientNode, pointer: place.where, role: place.role };
}

/** `XParams`: the params as one object keyed by param name, in documented order. */
function paramsSchema(m: Omit<MethodModel, "pagination">): JsonSchema {
  // A `$ref` param keeps the bare `$ref` (draft-07 ignores its siblings); plugins/types writes the
  // param's description as the property's doc comment.
  const properties = Object.fromEntries(
    m.params.map((p) => [p.name, p.refName ? p.schema : withDescription(p.schema, p.description, p.deprecated)]),
  );
  return {
    description: `Params of \`${m.rpcName}\`${m.signature === "positional" ? ", in positional order" : ""}.`,
    type: "object",
    properties,
    required: m.params.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

/**
 * The unsatisfiable schemas of a method's params and result, relaxed (./schema-checks.ts); a
 * result schema `false` (massa's "No return") is read as `null`, with a warning.
 */
function relaxMethod(m: MethodModel, file: string, warnings: Problem[]): void {
  const place = (pointer: string): string => (pointer.includes("#") ? pointer : `#${pointer}`);
  for (const p of m.params) p.schema = relaxUnsatisfiable(p.schema, place(p.pointer), m.paramsType, warnings);
  if (!m.result) return;
  const schema = m.result.schema;
  if (schema === false || (typeof schema === "object" && Object.keys(schema).length === 1 && isEmptyNot(schema))) {
    m.result.schema = { type: "null" };
    const [where, at = ""] = place(m.result.pointer).split("#");
    warnings.push({
      file: where || file,
      pointer: at,
      message: `the result schema of method "${m.rpcName}" is \`false\`, which no value fits; the generated code reads it as "returns null".`,
      hint: 'Write `"schema": { "type": "null" }` for a method that returns nothing.',
      rule: "unsatisfiable",
    });
  } else m.result.schema = relaxUnsatisfiable(schema, place(m.result.pointer), m.resultType, warnings);
}

function isEmptyNot(schema: SchemaObject): boolean {
  const not = (schema as { not?: unknown }).not;
  return not !== null && typeof not === "object" && Object.keys(not).length === 0;
}

function withDescription(schema: JsonSchema, description: string, deprecated = false): JsonSchema {
  const base: SchemaObject = schema === true ? {} : schema === false ? { not: {} } : schema;
  return {
    ...base,
    ...(description && base.description === undefined ? { description } : {}),
    ...(deprecated ? { deprecated: true } : {}),
  };
}
