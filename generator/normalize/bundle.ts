/**
 * Bundles every schema a document uses into one flat, named set: each `$ref` target (a
 * component, an entry of an external file, any other pointer) becomes a named definition and
 * every `$ref` is rewritten to `#/definitions/<Name>`. Recursion is kept as references, so
 * recursive schemas need no special case anywhere after this.
 */
import type { JsonSchema, Problem } from "../model/document.js";
import { setOwn } from "../own.js";
import { pointerToken } from "../problems.js";
import { isRefObject, resolveRef, valueAt } from "../load/refs.js";
import { NameRegistry, pascalCase } from "./names.js";
import { sameSchema, type Place } from "./same-schema.js";

/** Keywords whose values are data, not schemas: copied verbatim. */
const LITERAL_KEYWORDS = new Set(["enum", "const", "default", "examples", "example"]);
/** Keywords that say nothing about values: a schema of `$ref` and these only is an alias of its target. */
const ANNOTATIONS = new Set([
  "$ref",
  "description",
  "title",
  "$comment",
  "summary",
  "deprecated",
  "examples",
  "example",
  "default",
]);

export interface BundledSchema {
  name: string;
  file: string;
  pointer: string;
  schema: JsonSchema;
}

export class SchemaBundler {
  private readonly byTarget = new Map<string, string>();
  private readonly bundled = new Map<string, BundledSchema>();
  private readonly queue: { name: string; file: string; pointer: string; value: unknown }[] = [];
  readonly problems: Problem[] = [];

  constructor(
    private readonly files: Map<string, unknown>,
    readonly names: NameRegistry,
  ) {}

  /** Claims the name of a component schema up front, so that it keeps its own name. */
  declare(file: string, pointer: string, wanted: string): string {
    return this.target(file, pointer, wanted);
  }

  /** Returns a copy of `schema` (found at `file#pointer`) with every `$ref` rewritten. */
  rewrite(schema: unknown, file: string, pointer: string): JsonSchema {
    const result = this.copy(schema, file, pointer);
    this.drain();
    return result as JsonSchema;
  }

  /** All named schemas reached so far, in the order they were named. */
  all(): BundledSchema[] {
    this.drain();
    return [...this.bundled.values()];
  }

  /**
   * The name of the schema at `file#pointer`. Aliases (a schema that is only a `$ref`, as when
   * several files re-export one shared schema) are followed to their target first: one
   * canonical pointer, one name, whichever file refers to it.
   */
  private target(file: string, pointer: string, wanted?: string): string {
    const canonical = this.canonical(file, pointer);
    const key = `${canonical.file}#${canonical.pointer}`;
    const known = this.byTarget.get(key);
    if (known) {
      this.byTarget.set(`${file}#${pointer}`, known);
      return known;
    }
    ({ file, pointer } = canonical);
    const last = pointer.split("/").pop() ?? "";
    const fallback =
      last === ""
        ? pascalCase(file.replace(/^.*\//, "").replace(/\..*$/, ""))
        : pascalCase(last.replace(/~1/g, "/").replace(/~0/g, "~"));
    // A schema written again under the same name (schemars' per-method copies of one definition) is that schema.
    const twin = wanted === undefined ? this.sameNamed(fallback, { file, pointer }) : undefined;
    if (twin) {
      this.byTarget.set(key, twin);
      this.byTarget.set(`${file}#${pointer}`, twin);
      return twin;
    }
    const name = this.names.claim(wanted ?? this.unclaimed(fallback, file, pointer), `${file}#${pointer}`);
    this.places.set(name, { file, pointer });
    this.byTarget.set(key, name);
    this.queue.push({ name, file, pointer, value: valueAt(this.files, file, pointer) });
    return name;
  }

  /**
   * A schema named from its place (`#/components/schemas/ExecutionPayloadV2/properties/withdrawals`)
   * whose name another schema has: the name with the component or file it sits in before it
   * (`ExecutionPayloadV2Withdrawals`), a name of its own rather than a number.
   */
  private unclaimed(fallback: string, file: string, pointer: string): string {
    if (!this.names.has(fallback)) return fallback;
    const tokens = pointer.split("/").slice(1);
    const owner =
      tokens[0] === "components" && tokens[1] === "schemas" && tokens.length > 3
        ? tokens[2]!.replace(/~1/g, "/").replace(/~0/g, "~")
        : file.replace(/^.*\//, "").replace(/\..*$/, "");
    const contextual = `${pascalCase(owner)}${fallback}`;
    return contextual !== fallback && !this.names.has(contextual) ? contextual : fallback;
  }

  /** Where each name this bundler gave is (the first schema that took it). */
  private readonly places = new Map<string, Place>();

  /** The name already given to a schema that says the same as the one at `place`, under `wanted` or its numbered forms. */
  private sameNamed(wanted: string, place: Place): string | undefined {
    for (let n = 1; n < 100; n++) {
      const name = n === 1 ? wanted : `${wanted}${n}`;
      const other = this.places.get(name);
      if (!other) return undefined;
      if (sameSchema(this.files, other, place)) return name;
    }
    return undefined;
  }

  private canonical(file: string, pointer: string): { file: string; pointer: string } {
    const seen = new Set<string>();
    let current = { file, pointer };
    for (;;) {
      const key = `${current.file}#${current.pointer}`;
      if (seen.has(key)) return { file, pointer }; // an alias cycle: lint reports it
      seen.add(key);
      const value = valueAt(this.files, current.file, current.pointer);
      if (!isRefObject(value) || Object.keys(value).some((k) => !ANNOTATIONS.has(k))) return current;
      const next = resolveRef(this.files, current.file, value.$ref);
      if (!next) return current;
      current = { file: next.file, pointer: next.pointer };
    }
  }

  private drain(): void {
    while (this.queue.length > 0) {
      const next = this.queue.shift()!;
      const schema = this.copy(next.value, next.file, next.pointer) as JsonSchema;
      this.bundled.set(next.name, { name: next.name, file: next.file, pointer: next.pointer, schema });
    }
  }

  /** `names`: `node` maps names to schemas (`properties`), so its keys are never keywords. */
  private copy(node: unknown, file: string, at: string, names = false): unknown {
    // A value that is not an object is its own copy: no place is made for it (most are: types, descriptions).
    if (Array.isArray(node))
      return node.map((item, i) =>
        item === null || typeof item !== "object" ? item : this.copy(item, file, `${at}/${i}`),
      );
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    if (names) {
      for (const [key, value] of Object.entries(node))
        setOwn(
          out,
          key,
          value === null || typeof value !== "object" ? value : this.copy(value, file, `${at}/${pointerToken(key)}`),
        );
      return out;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "nullable" && typeof value === "boolean") continue;
      if (LITERAL_KEYWORDS.has(key)) {
        setOwn(out, key, structuredClone(value));
        continue;
      }
      if (key === "$ref" && typeof value === "string") {
        const target = resolveRef(this.files, file, value);
        if (!target) {
          this.problems.push({
            file,
            pointer: at,
            message: `$ref "${value}" points at nothing.`,
            hint: "Fix the path or the JSON pointer after #.",
            rule: "ref-dangling",
          });
          continue;
        }
        out.$ref = `#/definitions/${this.target(target.file, target.pointer)}`;
        continue;
      }
      setOwn(
        out,
        key,
        value === null || typeof value !== "object"
          ? value
          : this.copy(value, file, `${at}/${pointerToken(key)}`, NAME_MAPS.has(key)),
      );
    }
    draft07Bounds(out);
    draft07Required(out);
    conditionAsUnion(out);
    if ((node as { nullable?: unknown }).nullable !== true) return out;
    this.problems.push({
      file,
      pointer: `${at}/nullable`,
      message: "says `nullable: true`, OpenAPI's keyword (JSON Schema has none); it is read as the schema or `null`.",
      hint: 'Write JSON Schema: add "null" to `type` (`"type": ["string", "null"]`), or `anyOf: [{ … }, { "type": "null" }]`.',
      rule: "nullable",
    });
    return orNull(out);
  }
}

/**
 * Draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum` in draft-07's form, in place: `true` makes
 * the bound of `minimum`/`maximum` exclusive (a number), `false` says nothing. Every reader of the
 * bundled schemas (the nodes, ajv in the examples check and the mock) then sees one dialect.
 */
function draft07Bounds(schema: Record<string, unknown>): void {
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    const flag = schema[exclusive];
    if (typeof flag !== "boolean") continue;
    delete schema[exclusive];
    if (flag && typeof schema[bound] === "number") {
      schema[exclusive] = schema[bound];
      delete schema[bound];
    }
  }
}

/**
 * Draft-03's `required: true` on a property, in draft-07's form, in place: the property's name in its
 * object's `required` list; `required: false` (or any other non-list) says nothing.
 */
function draft07Required(schema: Record<string, unknown>): void {
  const properties = schema.properties;
  const names: string[] = Array.isArray(schema.required)
    ? schema.required.filter((n): n is string => typeof n === "string")
    : [];
  if (properties !== null && typeof properties === "object")
    for (const [name, child] of Object.entries(properties))
      if (child !== null && typeof child === "object" && !Array.isArray(child) && "required" in child) {
        const flag = (child as { required?: unknown }).required;
        if (Array.isArray(flag)) continue;
        delete (child as { required?: unknown }).required;
        if (flag === true && !names.includes(name)) names.push(name);
      }
  if (names.length > 0 || "required" in schema) {
    if (names.length > 0) schema.required = names;
    else delete schema.required;
  }
}

/**
 * `if`/`then`/`else` in the vocabulary the model has, in place: `anyOf: [allOf[if, then], allOf[not if,
 * else]]`, the same values (a value that fits `if` must fit `then`, any other must fit `else`), so
 * that the types, the validators, the mock's values and the site read the condition instead of
 * leaving it unchecked (Firebolt's `EntityInfo`: `programType` when `entityType` is `program`, else
 * `musicType`). An `if` without `then` or `else` says nothing, nor do `then` and `else` without `if`.
 */
function conditionAsUnion(schema: Record<string, unknown>): void {
  const has = (key: string): boolean => Object.prototype.hasOwnProperty.call(schema, key);
  if (!has("if") && !has("then") && !has("else")) return;
  const [condition, then, otherwise] = [schema.if, schema.then, schema.else];
  delete schema.if;
  delete schema.then;
  delete schema.else;
  if (condition === undefined || (then === undefined && otherwise === undefined)) return;
  const branch = (parts: unknown[]): unknown => ({ allOf: parts.filter((p) => p !== undefined) });
  const union = { anyOf: [branch([condition, then]), branch([{ not: condition }, otherwise])] };
  if (schema.anyOf === undefined) schema.anyOf = union.anyOf;
  else schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), union];
}

/** Keywords whose value maps names to schemas: its keys are names, never keywords. */
const NAME_MAPS = new Set(["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"]);

/** Keywords that describe a schema rather than constrain it: they stay on the whole when `null` is added. */
const DESCRIBING = [
  "description",
  "title",
  "$comment",
  "deprecated",
  "default",
  "examples",
  "example",
  "readOnly",
  "writeOnly",
];

/**
 * `schema` or `null` (OpenAPI's `nullable: true`), in JSON Schema: `type: [t, "null"]` for a plain
 * typed schema, else `anyOf: [schema, { type: "null" }]` with the annotations kept on the whole.
 */
function orNull(schema: Record<string, unknown>): Record<string, unknown> {
  const type = schema.type;
  const allowsNull =
    type === "null" ||
    (Array.isArray(type) && type.includes("null")) ||
    (Array.isArray(schema.enum) && schema.enum.includes(null)) ||
    ("const" in schema && schema.const === null);
  if (allowsNull) return schema;
  const combined = ["$ref", "enum", "const", "allOf", "anyOf", "oneOf", "not"].some((k) => k in schema);
  if (typeof type === "string" && !combined) return { ...schema, type: [type, "null"] };
  if (Array.isArray(type) && !combined) return { ...schema, type: [...type, "null"] };
  const outer: Record<string, unknown> = {};
  const inner: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) setOwn(DESCRIBING.includes(key) ? outer : inner, key, value);
  return { ...outer, anyOf: [inner, { type: "null" }] };
}
