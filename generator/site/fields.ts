/**
 * Form fields from param schemas: how the playground lets a person enter a value of a schema.
 * Enums (and unions of constants) become selects, booleans checkboxes, integers and numbers
 * number inputs with their bounds, arrays and objects nested fields with add/remove; `null`
 * branches are dropped (an empty field is "not set"). Anything else (real unions such as
 * "integer, hex string or tag", tuples, recursive schemas) falls back to a JSON editor whose
 * hint names the accepted forms. Pure; `$ref`s resolve against the document's definitions.
 */
import type { JsonSchema, SchemaObject } from "../model/document.js";
import { mergeAllOf, resolveSchema, type Definitions } from "../mock/values.js";
import type { Field, SiteProperty } from "./types.js";

/** Nested objects and arrays deeper than this are entered as JSON. */
export const MAX_FIELD_DEPTH = 4;

export function fieldFor(schema: JsonSchema, definitions: Definitions, depth = 0, seen: readonly string[] = []): Field {
  const ref = typeof schema === "object" && typeof schema.$ref === "string" ? schema.$ref : undefined;
  if (ref !== undefined) {
    if (seen.includes(ref) || depth > MAX_FIELD_DEPTH) return json(schema, definitions);
    return withDescription(fieldFor(resolveSchema(schema, definitions), definitions, depth, [...seen, ref]), schema);
  }
  if (typeof schema !== "object") return { kind: "json", hint: "any JSON value" };
  if (Array.isArray(schema.allOf)) return fieldFor(mergeAllOf(schema, definitions), definitions, depth, seen);
  const described = (field: Field): Field => withDescription(field, schema);
  if ("const" in schema) return described({ kind: "enum", options: [schema.const] });
  if (Array.isArray(schema.enum))
    return described(
      enumField(
        schema.enum.filter((v) => v !== null),
        schema.default,
      ),
    );
  const branches = unionBranches(schema, definitions);
  if (branches) {
    if (branches.length === 1) return described(fieldFor(branches[0]!, definitions, depth, seen));
    const constants = branches.map((b) => constantsOf(resolveSchema(b, definitions)));
    if (constants.every((c) => c !== undefined)) return described(enumField(constants.flat(), schema.default));
    return described(json(schema, definitions));
  }
  const types = typesOf(schema).filter((t) => t !== "null");
  if (types.length !== 1) return described(json(schema, definitions));
  return described(typed(types[0]!, schema, definitions, depth, seen));
}

function typed(
  type: string,
  schema: SchemaObject,
  definitions: Definitions,
  depth: number,
  seen: readonly string[],
): Field {
  const num = (key: string): number | undefined =>
    typeof schema[key] === "number" ? (schema[key] as number) : undefined;
  const str = (key: string): string | undefined =>
    typeof schema[key] === "string" ? (schema[key] as string) : undefined;
  const opt = <T>(key: string, value: T | undefined): Record<string, T> =>
    value === undefined ? {} : { [key]: value };
  switch (type) {
    case "boolean":
      return { kind: "boolean", ...opt("default", typeof schema.default === "boolean" ? schema.default : undefined) };
    case "integer":
    case "number": {
      const exclusiveMin = num("exclusiveMinimum");
      const exclusiveMax = num("exclusiveMaximum");
      const minimum =
        num("minimum") ??
        (exclusiveMin === undefined ? undefined : type === "integer" ? exclusiveMin + 1 : exclusiveMin);
      const maximum =
        num("maximum") ??
        (exclusiveMax === undefined ? undefined : type === "integer" ? exclusiveMax - 1 : exclusiveMax);
      return {
        kind: type,
        ...opt("minimum", minimum),
        ...opt("maximum", maximum),
        ...opt("default", num("default")),
        ...(schema.format === "uint64" ? { uint64: true } : {}),
      };
    }
    case "string":
      return {
        kind: "string",
        ...opt("pattern", str("pattern")),
        ...opt("format", str("format")),
        ...opt("minLength", num("minLength")),
        ...opt("maxLength", num("maxLength")),
        ...opt("default", str("default")),
      };
    case "array": {
      if (Array.isArray(schema.items) || depth >= MAX_FIELD_DEPTH) return json(schema, definitions);
      const items = fieldFor((schema.items as JsonSchema | undefined) ?? true, definitions, depth + 1, seen);
      return { kind: "array", items, ...opt("minItems", num("minItems")), ...opt("maxItems", num("maxItems")) };
    }
    case "object": {
      const properties =
        schema.properties !== null && typeof schema.properties === "object"
          ? (schema.properties as Record<string, JsonSchema>)
          : {};
      if (Object.keys(properties).length === 0 || depth >= MAX_FIELD_DEPTH) return json(schema, definitions);
      const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
      const list: SiteProperty[] = Object.entries(properties).map(([name, child]) => ({
        name,
        required: required.has(name),
        description: descriptionOf(child, definitions),
        field: fieldFor(child, definitions, depth + 1, seen),
      }));
      return { kind: "object", properties: list };
    }
    default:
      return json(schema, definitions);
  }
}

function enumField(options: unknown[], fallback: unknown): Field {
  return {
    kind: "enum",
    options,
    ...(options.some((o) => JSON.stringify(o) === JSON.stringify(fallback)) ? { default: fallback } : {}),
  };
}

/** The branches of a `oneOf`/`anyOf` (or `type: [a, b]`) that admit more than `null`; `undefined` when the schema is no union. */
function unionBranches(schema: SchemaObject, definitions: Definitions): JsonSchema[] | undefined {
  const list = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (!list) return undefined;
  const { oneOf: _o, anyOf: _a, ...own } = schema;
  return (list as JsonSchema[])
    .filter((b) => !isNullOnly(resolveSchema(b, definitions)))
    .map((b) => (Object.keys(own).some((k) => k === "type" || k === "properties") ? { allOf: [own, b] } : b));
}

function isNullOnly(schema: JsonSchema): boolean {
  return (
    typeof schema === "object" &&
    (schema.type === "null" ||
      ("const" in schema && schema.const === null) ||
      (Array.isArray(schema.enum) && schema.enum.every((v) => v === null)))
  );
}

/** The constants a branch allows (`const` or `enum`), or `undefined` when it allows more. */
function constantsOf(schema: JsonSchema): unknown[] | undefined {
  if (typeof schema !== "object") return undefined;
  if ("const" in schema) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum.filter((v) => v !== null) : undefined;
}

function typesOf(schema: SchemaObject): string[] {
  if (Array.isArray(schema.type)) return schema.type.map(String);
  if (typeof schema.type === "string") return [schema.type];
  if (schema.properties !== undefined) return ["object"];
  if (schema.items !== undefined) return ["array"];
  return [];
}

/** The JSON-editor fallback; its hint names the forms the value may take. */
function json(schema: JsonSchema, definitions: Definitions): Field {
  return { kind: "json", hint: typeLabel(schema, definitions) };
}

function withDescription(field: Field, schema: JsonSchema): Field {
  const text = typeof schema === "object" && typeof schema.description === "string" ? schema.description : "";
  return text && !field.description ? { ...field, description: text } : field;
}

function descriptionOf(schema: JsonSchema, definitions: Definitions): string {
  const own = typeof schema === "object" && typeof schema.description === "string" ? schema.description : "";
  if (own) return own;
  const target = resolveSchema(schema, definitions);
  return typeof target === "object" && typeof target.description === "string" ? target.description : "";
}

/**
 * A short description of a schema's type for people: `integer`, `string (hex)`, `list of Log`,
 * `integer or string or "latest"`, `Block or null`. Named definitions keep their name.
 */
export function typeLabel(schema: JsonSchema, definitions: Definitions, depth = 0): string {
  if (schema === true) return "any JSON value";
  if (schema === false) return "nothing";
  if (depth > 3) return "value";
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.replace(/^#\/definitions\//, "");
    const target = definitions.get(name);
    const title = typeof target === "object" && typeof target.title === "string" ? target.title : name;
    return typeof target === "object" && !target.properties && depth === 0
      ? typeLabel(target, definitions, depth + 1)
      : title;
  }
  if ("const" in schema) return JSON.stringify(schema.const) ?? "value";
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const branches = (
    Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined
  ) as JsonSchema[] | undefined;
  if (branches) return [...new Set(branches.map((b) => typeLabel(b, definitions, depth + 1)))].join(" or ");
  if (Array.isArray(schema.allOf)) return typeLabel(mergeAllOf(schema, definitions), definitions, depth + 1);
  const types = typesOf(schema);
  if (types.length === 0) return "any JSON value";
  return types
    .map((t) =>
      t === "array" && schema.items !== undefined && !Array.isArray(schema.items)
        ? `list of ${typeLabel(schema.items as JsonSchema, definitions, depth + 1)}`
        : t,
    )
    .join(" or ");
}
