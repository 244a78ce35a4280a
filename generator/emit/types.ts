/**
 * Emits `types.ts` of one document with json-schema-to-typescript: every named schema as an
 * exported type whose name comes from the spec, doc comments from the spec's descriptions.
 */
import { compile } from "json-schema-to-typescript";
import { commentText, identifier, stringLiteral } from "../escape.js";
import type { DocumentModel, JsonSchema, SchemaObject } from "../model.js";
import { setOwn } from "../own.js";
import { definitionsOf, reachable, refName } from "./schema-walk.js";
import { jsDoc } from "./ts-code.js";

const ROOT = "GeneratedRoot__";

/**
 * The keywords json-schema-to-typescript is given; everything else is dropped. An allowlist, so
 * that keywords it copies into the output verbatim (`tsType`, `tsEnumNames`) or names types by
 * (`$id`, `id`) can never come from a spec: `tsType` below is only ever set by this file.
 */
const PASSED = new Set(["type", "enum", "const", "properties", "required", "additionalProperties", "patternProperties", "items", "additionalItems", "minItems", "maxItems", "anyOf", "oneOf", "allOf", "description", "deprecated", "format"]);

/**
 * json-schema-to-typescript fails on a property named `__proto__`; it is given this stand-in
 * key instead, and the stand-in is turned back into `"__proto__"` in its output.
 */
const PROTO_KEY = "__proto__\u0000";

export async function emitTypes(doc: DocumentModel): Promise<string> {
  const definitions = definitionsOf(doc.schemas, true);
  const items = doc.methods.flatMap((m) => (m.subscription ? [m.subscription.item, ...m.subscription.variants.map((v) => v.item)] : []));
  const fromResults = reachable([...doc.schemas.filter((s) => s.role === "result" || s.role === "variant" || s.role === "item").map((s) => s.lenient), ...items], definitions);
  const root: SchemaObject = { title: ROOT, type: "object", additionalProperties: false, properties: {}, definitions: {} };
  for (const s of doc.schemas) {
    // u64 values are `bigint` in results; params accept a `number` too, unless the type is shared with results.
    const requestOnly = s.role === "params" || (s.role === "component" && !fromResults.has(s.name));
    (root.definitions as Record<string, unknown>)[s.name] = prepare(s.lenient, s.name, { requestOnly, definitions });
  }
  const text = await compile(root, ROOT, {
    bannerComment: "",
    format: false,
    additionalProperties: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    strictIndexSignatures: false,
    unknownAny: true,
    $refOptions: { resolve: { external: false } } as never,
  });
  const declared = cleanUp(text).split(stringLiteral(PROTO_KEY)).join('"__proto__"');
  checkDeclared(declared, doc);
  return documentParams(declared, doc);
}

/** Every named schema must be declared under exactly the name normalize gave it. */
function checkDeclared(text: string, doc: DocumentModel): void {
  const missing = doc.schemas.map((s) => s.name).filter((name) => !new RegExp(`^export (?:interface|type) ${identifier(name)}\\b`, "m").test(text));
  if (missing.length > 0) throw new Error(`Internal error: json-schema-to-typescript did not declare ${missing.join(", ")} under the names normalize chose.`);
}

/**
 * Doc comments for params whose schema is a bare `$ref` (see normalize/document.ts), written into
 * json-schema-to-typescript's unformatted output: a property of the params interface gets one
 * when the line before it does not already close one.
 */
function documentParams(text: string, doc: DocumentModel): string {
  const wanted = new Map<string, Map<string, string>>();
  for (const m of doc.methods) {
    for (const p of m.params) {
      const lines = [commentText(p.description), p.deprecated ? "@deprecated" : ""].filter(Boolean);
      if (!p.refName || lines.length === 0) continue;
      const docs = wanted.get(identifier(m.paramsType)) ?? new Map<string, string>();
      if (!docs.has(p.name)) docs.set(p.name, lines.join("\n"));
      wanted.set(identifier(m.paramsType), docs);
    }
  }
  if (wanted.size === 0) return text;
  const lines = text.split("\n");
  const out: string[] = [];
  let docs: Map<string, string> | undefined;
  let depth = 0;
  let inComment = false;
  for (const line of lines) {
    if (docs === undefined) {
      const declared = /^export interface ([\w$]+) \{$/.exec(line);
      if (declared && wanted.has(declared[1]!)) {
        docs = wanted.get(declared[1]!)!;
        depth = 1;
        inComment = false;
      }
      out.push(line);
      continue;
    }
    const trimmed = line.trim();
    if (inComment || trimmed.startsWith("/*")) {
      inComment = !trimmed.endsWith("*/");
      out.push(line);
      continue;
    }
    if (depth === 1) {
      const name = propertyName(trimmed);
      const previous = out[out.length - 1]?.trim() ?? "";
      const text = name === undefined ? undefined : docs.get(name);
      if (text !== undefined && !previous.endsWith("*/")) {
        out.push(jsDoc(text).trimEnd());
        docs.delete(name!);
      }
    }
    depth += braceBalance(trimmed);
    out.push(line);
    if (depth <= 0) docs = undefined;
  }
  return out.join("\n");
}

/** The (unquoted) name of a property line `name?: T`, `"na-me": T`. */
function propertyName(line: string): string | undefined {
  const match = /^(?:readonly )?("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[\w$]+)\??:/.exec(line);
  if (!match) return undefined;
  const name = match[1]!;
  if (!name.startsWith('"')) return name.replace(/^'|'$/g, "");
  // A double-quoted name is read as JSON (`\n`, `\"` undone); one JSON cannot read gets no doc comment.
  try {
    return JSON.parse(name) as string;
  } catch {
    return undefined;
  }
}

/** `{` minus `}` on a line of types, outside string literals. */
function braceBalance(line: string): number {
  let balance = 0;
  for (const ch of line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, "")) {
    if (ch === "{") balance += 1;
    else if (ch === "}") balance -= 1;
  }
  return balance;
}

/** JSON Schema → json-schema-to-typescript input: names, `bigint`, `unknown`, no nested titles. */
interface Context {
  /** Inside params only: u64 accepts `number | bigint`. */
  requestOnly: boolean;
  definitions: Map<string, JsonSchema>;
}

function prepare(schema: JsonSchema, name: string | undefined, ctx: Context): unknown {
  if (schema === true) return name ? { title: name, tsType: "unknown" } : { tsType: "unknown" };
  if (schema === false) return name ? { title: name, tsType: "never" } : { tsType: "never" };
  const ref = refName(schema.$ref);
  if (ref !== undefined) {
    // Every named schema is declared once (unreachableDefinitions); a reference is just its name.
    // (Draft-07 ignores the siblings of `$ref`, except the description we keep for doc comments.)
    return { ...(name ? { title: name } : {}), tsType: ref, ...(typeof schema.description === "string" ? { description: schema.description } : {}) };
  }
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!PASSED.has(key)) continue;
    out[key] = key === "allOf" && Array.isArray(value) ? prepareAllOf(value as JsonSchema[], ctx) : transformChild(key, value, ctx);
  }
  // A tuple (`items: [A, B]`) admits more items unless `additionalItems` says otherwise.
  if (Array.isArray(out.items) && out.additionalItems === undefined) out.additionalItems = {};
  if (name) out.title = name;
  if (out.format === "uint64") out.tsType = ctx.requestOnly ? "bigint | number" : "bigint";
  const prefix = literalPrefix({ ...out, pattern: schema.pattern });
  if (prefix !== undefined) out.tsType = `\`${prefix}\${string}\``;
  const keys = Object.keys(out).filter((k) => k !== "title" && k !== "description" && k !== "deprecated");
  if (keys.length === 0) out.tsType = "unknown";
  if (Array.isArray(out.type) && out.type.length === 1) out.type = out.type[0];
  return out;
}

const SCHEMA_MAPS = new Set(["properties", "patternProperties", "definitions", "$defs", "dependencies"]);
const SCHEMA_LISTS = new Set(["anyOf", "oneOf", "allOf"]);
const SCHEMA_SINGLE = new Set(["items", "additionalItems", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else"]);

function transformChild(key: string, value: unknown, ctx: Context): unknown {
  if (SCHEMA_MAPS.has(key) && value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) setOwn(out, k === "__proto__" ? PROTO_KEY : k, prepare(v as JsonSchema, undefined, ctx));
    return out;
  }
  if (key === "required" && Array.isArray(value)) return value.map((k) => (k === "__proto__" ? PROTO_KEY : k));
  if (SCHEMA_LISTS.has(key) && Array.isArray(value)) return value.map((v) => prepare(v as JsonSchema, undefined, ctx));
  if (SCHEMA_SINGLE.has(key)) {
    if (Array.isArray(value)) return value.map((v) => prepare(v as JsonSchema, undefined, ctx));
    if (typeof value === "boolean" && (key === "additionalProperties" || key === "additionalItems")) return value;
    return prepare(value as JsonSchema, undefined, ctx);
  }
  return value;
}

/**
 * `allOf: [Base, { properties: { x: … } }]` narrows `x` of Base. As `Base & { x: … }` TypeScript
 * would intersect the two `x` types (arrays of unions index badly), so the overridden keys are
 * left out of Base: `Omit<Base, "x"> & { x: … }`.
 */
function prepareAllOf(branches: JsonSchema[], ctx: Context): unknown[] {
  const overridden = new Set(branches.flatMap((b) => (typeof b === "object" && !b.$ref ? Object.keys((b.properties ?? {}) as object) : [])));
  return branches.map((branch) => {
    const ref = typeof branch === "object" ? refName(branch.$ref) : undefined;
    const base = ref !== undefined ? ctx.definitions.get(ref) : undefined;
    const baseKeys = typeof base === "object" ? Object.keys((base.properties ?? {}) as object) : [];
    const omit = baseKeys.filter((k) => overridden.has(k)).sort();
    if (ref === undefined || omit.length === 0) return prepare(branch, undefined, ctx);
    return { tsType: `Omit<${ref}, ${omit.map((k) => stringLiteral(k)).join(" | ")}>` };
  });
}

/**
 * A string pattern with a literal prefix (`^0x[0-9a-f]+$`) types as a template literal
 * (`` `0x${string}` ``), so a missing prefix is caught at compile time.
 */
function literalPrefix(schema: SchemaObject): string | undefined {
  if (schema.type !== "string" || typeof schema.pattern !== "string" || schema.enum || schema.tsType) return undefined;
  const prefix = /^\^([A-Za-z0-9_:-]+)/.exec(schema.pattern)?.[1];
  if (!prefix) return undefined;
  const next = schema.pattern.charAt(prefix.length + 1);
  // A quantifier after the prefix (`^0x?`, `^ab*`) makes its last character optional.
  return /[?*{]/.test(next) ? undefined : prefix;
}

/** Drops json-schema-to-typescript's boilerplate (the root interface, "referenced by" notes). */
function cleanUp(text: string): string {
  return text
    .replace(new RegExp(`export interface ${ROOT} \\{\\s*\\}\\n?`), "")
    .replace(/\n \* \n \* This interface was referenced by `[^`]+`'s JSON-Schema\n \* via the `definition` "[^"]+"\./g, "")
    .replace(/\/\*\*\n \* This interface was referenced by `[^`]+`'s JSON-Schema\n \* via the `definition` "[^"]+"\.\n \*\/\n/g, "");
}
