/**
 * Form fields from param schema nodes: how the playground lets a person enter a value of a schema.
 * Enums (and unions of constants) become selects, booleans checkboxes, integers and numbers
 * number inputs with their bounds, arrays and objects nested fields with add/remove; `null`
 * members are dropped (an empty field is "not set"). A union of string constants with strings
 * or integers ("integer, hex string or tag") is a combo box: pick `latest` or type `0x1b4`.
 * Anything else (unions with objects or arrays, tuples, recursive schemas) falls back to a JSON
 * editor whose hint names the accepted forms. Pure; references resolve against the document's named nodes.
 */
import { isNullOnly, resolveNode, type SchemaDefinitions, type SchemaNode } from "../model/schema.js";
import { mergeAllOf } from "../model/merge.js";
import type { Field, SiteProperty } from "./types.js";

/** Nested objects and arrays deeper than this are entered as JSON. */
export const MAX_FIELD_DEPTH = 4;

export function fieldFor(
  node: SchemaNode,
  definitions: SchemaDefinitions,
  depth = 0,
  seen: readonly string[] = [],
): Field {
  const described = (field: Field): Field => withDescription(field, node);
  switch (node.kind) {
    case "ref": {
      const target = definitions.get(node.name);
      if (!target || seen.includes(node.name) || depth > MAX_FIELD_DEPTH) return json(node, definitions);
      return described(fieldFor(target, definitions, depth, [...seen, node.name]));
    }
    case "allOf":
      return described(fieldFor(mergeAllOf(node.members, definitions), definitions, depth, seen));
    case "enum":
      if (node.rule === "const") return described({ kind: "enum", options: [node.values[0]] });
      return described(
        enumField(
          node.values.filter((v) => v !== null),
          node.default,
        ),
      );
    case "union": {
      const branches = node.members.filter((m) => !isNullOnly(m, definitions));
      if (branches.length === 1) return described(withDefault(fieldFor(branches[0]!, definitions, depth, seen), node));
      const constants = branches.map((b) => constantsOf(resolveNode(b, definitions)));
      if (branches.length > 0 && constants.every((c) => c !== undefined))
        return described(enumField(constants.flat(), node.default));
      return described(comboField(branches, definitions, node.default) ?? json(node, definitions));
    }
    case "boolean":
      return described({ kind: "boolean", ...(typeof node.default === "boolean" ? { default: node.default } : {}) });
    case "integer":
    case "number": {
      // A number input's bounds are inclusive; an integer's exclusive bound is the next integer.
      const step = node.kind === "integer" ? 1 : 0;
      const minimum = node.minimum ?? (node.exclusiveMinimum === undefined ? undefined : node.exclusiveMinimum + step);
      const maximum = node.maximum ?? (node.exclusiveMaximum === undefined ? undefined : node.exclusiveMaximum - step);
      return described({
        kind: node.kind,
        ...opt("minimum", minimum),
        ...opt("maximum", maximum),
        ...opt("default", typeof node.default === "number" ? node.default : undefined),
        ...(node.u64 ? { uint64: true } : {}),
      });
    }
    case "string":
      return described({
        kind: "string",
        ...opt("pattern", node.pattern),
        ...opt("format", node.format),
        ...opt("minLength", node.minLength),
        ...opt("maxLength", node.maxLength),
        ...opt("default", typeof node.default === "string" ? node.default : undefined),
      });
    case "array": {
      if (depth >= MAX_FIELD_DEPTH) return described(json(node, definitions));
      const items = fieldFor(node.items ?? { kind: "unknown", pointer: node.pointer }, definitions, depth + 1, seen);
      return described({ kind: "array", items, ...opt("minItems", node.minItems), ...opt("maxItems", node.maxItems) });
    }
    case "object": {
      if (node.properties.length === 0 || depth >= MAX_FIELD_DEPTH) return described(json(node, definitions));
      const properties: SiteProperty[] = node.properties.map((p) => ({
        name: p.name,
        required: p.required,
        description: descriptionOf(p.node, definitions),
        field: fieldFor(p.node, definitions, depth + 1, seen),
      }));
      return described({ kind: "object", properties });
    }
    default:
      return described(json(node, definitions));
  }
}

const opt = <T>(key: string, value: T | undefined): Record<string, T> => (value === undefined ? {} : { [key]: value });

function enumField(options: unknown[], fallback: unknown): Field {
  return {
    kind: "enum",
    options,
    ...(options.some((o) => JSON.stringify(o) === JSON.stringify(fallback)) ? { default: fallback } : {}),
  };
}

/**
 * A combo box for a union whose branches are string constants, strings and integers, with at
 * least one constant and one free branch; `undefined` for any other union.
 */
function comboField(
  branches: readonly SchemaNode[],
  definitions: SchemaDefinitions,
  fallback: unknown,
): Field | undefined {
  const options: string[] = [];
  const patterns: string[] = [];
  let anyString = false;
  let integer: { minimum?: number; maximum?: number } | undefined;
  for (const branch of branches) {
    const node = resolveNode(branch, definitions);
    const constants = constantsOf(node);
    if (constants) {
      if (!constants.every((c): c is string => typeof c === "string")) return undefined;
      options.push(...constants);
    } else if (node.kind === "string") {
      if (node.pattern === undefined) anyString = true;
      else patterns.push(node.pattern);
    } else if (node.kind === "integer" && integer === undefined) {
      integer = { ...opt("minimum", node.minimum), ...opt("maximum", node.maximum) };
    } else return undefined;
  }
  if (options.length === 0 || (patterns.length === 0 && !anyString && !integer)) return undefined;
  return {
    kind: "combo",
    options: [...new Set(options)],
    patterns,
    ...(anyString ? { anyString } : {}),
    ...(integer ? { integer } : {}),
    ...(typeof fallback === "string" ? { default: fallback } : {}),
  };
}

/** The constants a member allows (`const` or `enum`), or `undefined` when it allows more. */
function constantsOf(node: SchemaNode): unknown[] | undefined {
  if (node.kind !== "enum") return undefined;
  return node.rule === "const" ? node.values : node.values.filter((v) => v !== null);
}

/** The JSON-editor fallback; its hint names the forms the value may take. */
function json(node: SchemaNode, definitions: SchemaDefinitions): Field {
  return { kind: "json", hint: typeLabel(node, definitions) };
}

function withDescription(field: Field, node: SchemaNode): Field {
  return node.description && !field.description ? { ...field, description: node.description } : field;
}

/** A union's default (`type: ["integer", "null"], default: 5`) on the field of its one member. */
function withDefault(field: Field, node: SchemaNode): Field {
  if (
    !node.hasDefault ||
    "default" in field ||
    field.kind === "json" ||
    field.kind === "array" ||
    field.kind === "object"
  )
    return field;
  const value = node.default;
  const fits =
    field.kind === "enum"
      ? field.options.some((o) => JSON.stringify(o) === JSON.stringify(value))
      : typeof value === (field.kind === "integer" ? "number" : field.kind);
  return fits ? ({ ...field, default: value } as Field) : field;
}

function descriptionOf(node: SchemaNode, definitions: SchemaDefinitions): string {
  return node.description ?? resolveNode(node, definitions).description ?? "";
}

/**
 * A short description of a schema's type for people: `integer`, `list of Log`,
 * `integer or string or "latest"`, `Block or null`. Named nodes keep their name.
 */
export function typeLabel(node: SchemaNode, definitions: SchemaDefinitions, depth = 0): string {
  if (depth > 3) return "value";
  switch (node.kind) {
    case "ref": {
      const target = definitions.get(node.name);
      const title = target?.title ?? node.name;
      const plain = target !== undefined && (target.kind !== "object" || target.properties.length === 0);
      return plain && depth === 0 ? typeLabel(target, definitions, depth + 1) : title;
    }
    case "enum":
      return node.rule === "const"
        ? (JSON.stringify(node.values[0]) ?? "value")
        : node.values.map((v) => JSON.stringify(v)).join(" | ");
    case "union":
      return [...new Set(node.members.map((m) => typeLabel(m, definitions, depth + 1)))].join(" or ");
    case "allOf":
      return typeLabel(mergeAllOf(node.members, definitions), definitions, depth + 1);
    case "array":
      return node.items ? `list of ${typeLabel(node.items, definitions, depth + 1)}` : "array";
    case "tuple":
      return "array";
    case "unknown":
    case "not":
      return "any JSON value";
    case "never":
      return "nothing";
    default:
      return node.kind;
  }
}
