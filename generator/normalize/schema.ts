/**
 * JSON Schema → the schema model (generator/model/schema.ts), once per schema of the document.
 * Input schemas are bundled (normalize/bundle.ts): every `$ref` is `#/definitions/<Name>`. Pure;
 * spec text is kept as data (property names such as `__proto__` live in arrays, never as keys).
 * Every decision the model documents (implied types, `$ref` siblings, u64, enums, draft-03/04
 * forms) is taken here and nowhere else.
 */
import type { JsonSchema, Problem, SchemaObject } from "../model/document.js";
import type { ObjectNode, PropertyNode, SchemaMeta, SchemaNode, UnionNode } from "../model/schema.js";
import { pointerToken as escapeToken } from "../problems.js";

/** A pointer token, escaped only when it must be (most property names need nothing). */
const pointerToken = (token: string): string => (/[~/]/.test(token) ? escapeToken(token) : token);

/** Schemas nested deeper than this are refused (the loader already caps documents at 128 levels). */
export const MAX_SCHEMA_DEPTH = 100;

/** Keywords that say something about values and that the model holds. */
const MODELLED = new Set([
  "$ref",
  "type",
  "enum",
  "const",
  "properties",
  "required",
  "additionalProperties",
  "patternProperties",
  "minProperties",
  "maxProperties",
  "items",
  "additionalItems",
  "minItems",
  "maxItems",
  "uniqueItems",
  "pattern",
  "minLength",
  "maxLength",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
]);

/** Validation keywords of JSON Schema (draft-07 to 2020-12) the model does not hold: kept in `unmodelled`. */
const UNMODELLED = new Set([
  "if",
  "then",
  "else",
  "contains",
  "minContains",
  "maxContains",
  "dependencies",
  "dependentRequired",
  "dependentSchemas",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "prefixItems",
]);

/** Keywords that imply a type when `type` is absent, in the order they are tried. */
const IMPLIED: [string, string[]][] = [
  ["object", ["properties", "additionalProperties", "patternProperties", "minProperties", "maxProperties"]],
  ["array", ["items", "additionalItems", "minItems", "maxItems", "uniqueItems"]],
  ["string", ["pattern", "minLength", "maxLength"]],
  ["number", ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]],
];

const JSON_TYPES = new Set(["string", "integer", "number", "boolean", "null", "array", "object"]);

export class SchemaNormalizer {
  readonly problems: Problem[] = [];
  /** Every `anyOf`/`oneOf` made, for the discriminator pass (schema-checks.ts). */
  readonly unions: UnionNode[] = [];

  /**
   * `where` is the schema's place: `#/components/schemas/Block` or `types.json#/Hash`.
   * `propertyPlaces` gives the places of top-level properties that were written elsewhere (the
   * params of a method, gathered into one object).
   */
  normalize(schema: JsonSchema, where: string, propertyPlaces?: ReadonlyMap<string, string>): SchemaNode {
    this.places = propertyPlaces;
    try {
      return this.node(schema, where, 0);
    } finally {
      this.places = undefined;
    }
  }

  private places: ReadonlyMap<string, string> | undefined;

  private node(schema: unknown, at: string, depth: number): SchemaNode {
    if (schema === true) return { kind: "unknown", pointer: at };
    if (schema === false) return { kind: "never", pointer: at };
    if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return { kind: "unknown", pointer: at };
    if (depth > MAX_SCHEMA_DEPTH) {
      this.problem(
        at,
        `nests schemas more than ${MAX_SCHEMA_DEPTH} levels deep; the deeper schema is read as any value.`,
        "Name the inner schemas in components.schemas and refer to them with $ref.",
      );
      return { kind: "unknown", pointer: at };
    }
    const s = schema as SchemaObject;
    const meta = metaOf(s, at);
    const ref = typeof s.$ref === "string" && s.$ref.startsWith("#/definitions/") ? s.$ref.slice(14) : undefined;
    const parts: SchemaNode[] = [];
    if (ref !== undefined) parts.push({ kind: "ref", name: ref, pointer: at });
    // An `allOf` member that admits any value (`{}`, annotations only) adds nothing: left out, so
    // that types read `X[]`, not `(unknown & X)[]`.
    if (Array.isArray(s.allOf))
      s.allOf.forEach((b, i) => {
        const member = this.node(b, `${at}/allOf/${i}`, depth + 1);
        if (member.kind !== "unknown" || member.unmodelled !== undefined) parts.push(member);
      });
    for (const rule of ["anyOf", "oneOf"] as const) {
      const branches = s[rule];
      if (Array.isArray(branches)) {
        const union: UnionNode = {
          kind: "union",
          rule,
          members: branches.map((b, i) => this.node(b, `${at}/${rule}/${i}`, depth + 1)),
          pointer: `${at}/${rule}`,
        };
        this.unions.push(union);
        parts.push(union);
      }
    }
    const own = this.own(s, at, depth);
    if (own) parts.push(own);
    if (s.not !== undefined) parts.push({ kind: "not", node: this.node(s.not, `${at}/not`, depth + 1), pointer: at });
    if (parts.length === 0) return { kind: "unknown", ...meta };
    // A lone `anyOf`/`oneOf` or own part carries the schema's annotations; several parts are an `allOf`.
    if (parts.length === 1 && !Array.isArray(s.allOf)) return Object.assign(parts[0]!, meta);
    return { kind: "allOf", members: parts, ...meta };
  }

  /** The schema's own typed part: `enum`/`const`, or one node per type (declared or implied). */
  private own(s: SchemaObject, at: string, depth: number): SchemaNode | undefined {
    const declared = typeof s.type === "string" ? [s.type] : Array.isArray(s.type) ? s.type.map(String) : undefined;
    if ("const" in s || Array.isArray(s.enum)) {
      const values = "const" in s ? [s.const] : (s.enum as unknown[]);
      const fits = (v: unknown): boolean => declared === undefined || declared.some((t) => fitsType(v, t));
      const positions = values.flatMap((v, i) => (fits(v) ? [i] : []));
      const rule = "const" in s ? "const" : "enum";
      const kept = positions.map((i) => values[i]);
      return {
        kind: "enum",
        rule,
        values: kept,
        ...(positions.length < values.length ? { positions } : {}),
        ...(declared ? { types: declared } : {}),
        pointer: at,
      };
    }
    const types = declared ?? impliedTypes(s);
    if (types.length === 0) return undefined;
    const nodes = types.map((t) => this.typed(t, s, at, depth));
    if (nodes.length === 1) return nodes[0];
    return { kind: "union", rule: "type", members: nodes, pointer: at };
  }

  private typed(type: string, s: SchemaObject, at: string, depth: number): SchemaNode {
    // A u64 is exact only as a JSON number; `type: string` with this format stays a string on the wire.
    if (s.format === "uint64" && (type === "integer" || type === "number"))
      return { kind: "integer", ...numberBounds(s), u64: true, pointer: at };
    switch (type) {
      case "string":
        return {
          kind: "string",
          pointer: at,
          ...pick({
            format: str(s.format),
            pattern: str(s.pattern),
            minLength: count(s.minLength),
            maxLength: count(s.maxLength),
          }),
        };
      case "integer":
      case "number":
        return { kind: type, ...numberBounds(s), ...pick({ format: str(s.format) }), pointer: at };
      case "boolean":
      case "null":
        return { kind: type, pointer: at };
      case "array":
        return this.array(s, at, depth);
      case "object":
        return this.object(s, at, depth);
      default:
        return { kind: "unknown", pointer: at };
    }
  }

  private array(s: SchemaObject, at: string, depth: number): SchemaNode {
    const limits = pick({
      minItems: count(s.minItems),
      maxItems: count(s.maxItems),
      uniqueItems: s.uniqueItems === true || undefined,
    });
    if (Array.isArray(s.items)) {
      const rest =
        s.additionalItems === undefined ? undefined : this.node(s.additionalItems, `${at}/additionalItems`, depth + 1);
      return {
        kind: "tuple",
        items: s.items.map((item, i) => this.node(item, `${at}/items/${i}`, depth + 1)),
        ...(rest ? { rest } : {}),
        ...limits,
        pointer: at,
      };
    }
    const items = s.items === undefined ? undefined : this.node(s.items, `${at}/items`, depth + 1);
    return { kind: "array", ...(items ? { items } : {}), ...limits, pointer: at };
  }

  private object(s: SchemaObject, at: string, depth: number): ObjectNode {
    const required = Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === "string") : [];
    const declared = isRecord(s.properties) ? Object.entries(s.properties) : [];
    const properties: PropertyNode[] = declared.map(([name, child]) => ({
      name,
      // Draft-03 writes `required: true` on the property itself.
      required: required.includes(name) || (isRecord(child) && child.required === true),
      node: this.node(child, this.propertyPlace(at, name, depth), depth + 1),
    }));
    const names = new Set(declared.map(([name]) => name));
    const patterns = isRecord(s.patternProperties)
      ? Object.entries(s.patternProperties).map(([pattern, child]) => ({
          pattern,
          node: this.node(child, `${at}/patternProperties/${pointerToken(pattern)}`, depth + 1),
        }))
      : [];
    const additional =
      s.additionalProperties === undefined
        ? undefined
        : this.node(s.additionalProperties, `${at}/additionalProperties`, depth + 1);
    return {
      kind: "object",
      properties,
      requiredOnly: [...new Set(required.filter((r) => !names.has(r)))],
      patterns,
      ...(additional ? { additional } : {}),
      ...pick({ minProperties: count(s.minProperties), maxProperties: count(s.maxProperties) }),
      pointer: at,
    };
  }

  private propertyPlace(at: string, name: string, depth: number): string {
    const elsewhere = depth === 0 ? this.places?.get(name) : undefined;
    return elsewhere ?? `${at}/properties/${pointerToken(name)}`;
  }

  private problem(at: string, message: string, hint: string): void {
    const hash = at.indexOf("#");
    this.problems.push({
      file: at.slice(0, hash),
      pointer: at.slice(hash + 1),
      message,
      hint,
      rule: "schema-too-deep",
    });
  }
}

/** `const`/`enum` values kept when they fit one of the declared types. */
function fitsType(value: unknown, type: string): boolean {
  switch (type) {
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return value !== null && typeof value === "object" && !Array.isArray(value);
    case "string":
    case "boolean":
      return typeof value === type;
    default:
      return !JSON_TYPES.has(type);
  }
}

function impliedTypes(s: SchemaObject): string[] {
  if (s.format === "uint64") return ["integer"];
  if (Array.isArray(s.required)) return ["object"];
  for (const [type, keywords] of IMPLIED) if (keywords.some((k) => k in s)) return [type];
  return typeof s.format === "string" ? ["string"] : [];
}

/** Bounds of a number; draft-04's boolean `exclusiveMinimum`/`exclusiveMaximum` make `minimum`/`maximum` exclusive. */
function numberBounds(s: SchemaObject): Record<string, number> {
  const min = finite(s.minimum);
  const max = finite(s.maximum);
  const exMin = s.exclusiveMinimum === true ? min : finite(s.exclusiveMinimum);
  const exMax = s.exclusiveMaximum === true ? max : finite(s.exclusiveMaximum);
  const step = finite(s.multipleOf);
  return pick({
    minimum: s.exclusiveMinimum === true ? undefined : min,
    maximum: s.exclusiveMaximum === true ? undefined : max,
    exclusiveMinimum: exMin,
    exclusiveMaximum: exMax,
    multipleOf: step !== undefined && step > 0 ? step : undefined,
  }) as Record<string, number>;
}

/** Annotations of a schema object. */
function metaOf(s: SchemaObject, at: string): SchemaMeta {
  const examples = [...(Array.isArray(s.examples) ? s.examples : []), ...("example" in s ? [s.example] : [])];
  let unmodelled: Record<string, unknown> | undefined;
  for (const k of UNMODELLED) if (Object.prototype.hasOwnProperty.call(s, k)) (unmodelled ??= {})[k] = s[k];
  return {
    pointer: at,
    ...pick({
      description: str(s.description),
      title: str(s.title),
      deprecated: s.deprecated === true || undefined,
      examples: examples.length > 0 ? examples : undefined,
    }),
    ...("default" in s ? { default: s.default, hasDefault: true } : {}),
    ...(unmodelled ? { unmodelled } : {}),
  };
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const finite = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
const count = (v: unknown): number | undefined =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : undefined;
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** The entries whose value is not `undefined`. */
function pick<T extends Record<string, unknown>>(entries: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key in entries) if (entries[key] !== undefined) out[key] = entries[key];
  return out;
}

/** Whether the schema says anything a model node holds (besides annotations). */
export function isModelled(keyword: string): boolean {
  return MODELLED.has(keyword);
}
