/**
 * What the review compares at one place of a schema, read from the schema model
 * (generator/model/schema.ts), never from JSON Schema: the node's types, its allowed values, the
 * restrictions of each type, its properties, items, branches and annotations, gathered into one
 * flat view per place. The model splits one written schema into several nodes (a `type` list is a
 * union of typed nodes; a schema with `properties` beside `oneOf` is an `allOf` of its aspects);
 * those nodes share the place's pointer, so the view puts them back together and every finding
 * keeps pointing at the keyword that was written (`…/type`, `…/enum/2`, `…/maxLength`).
 */
import type { PropertyNode, SchemaNode, UnionNode } from "../model/schema.js";
import { jsonTypeOf } from "../model/schema.js";
import { canonical } from "./change.js";

export const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"] as const;
export const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"] as const;
export type BoundKeyword = (typeof LOWER_BOUNDS)[number] | (typeof UPPER_BOUNDS)[number];

export interface SchemaView {
  /** The place's pointer: where keyword pointers hang (`<pointer>/type`). */
  pointer: string;
  /** The JSON types the place admits, in the order written; `undefined` for any type. */
  types?: string[];
  /** `enum` or `const`, with the values the model kept. */
  values?: { keyword: "enum" | "const"; values: unknown[]; indices?: number[] };
  pattern?: string;
  /** `format`; the model's exact-u64 mark reads as `uint64`. */
  format?: string;
  bounds: Partial<Record<BoundKeyword, number>>;
  multipleOf?: number;
  uniqueItems?: boolean;
  /** Set when the place is an object. */
  properties?: PropertyNode[];
  required: Set<string>;
  patterns: { pattern: string; node: SchemaNode }[];
  /** `additionalProperties`: `undefined` when not said; a `never` node for `false`. */
  additional?: SchemaNode;
  /** `items`: one schema for every item, or one per position (a tuple); `rest` is `additionalItems`. */
  items?: SchemaNode | SchemaNode[];
  rest?: SchemaNode;
  union?: { rule: "anyOf" | "oneOf"; members: SchemaNode[] };
  /** Members of a written `allOf` (each with its own place). */
  allOf: SchemaNode[];
  not?: SchemaNode;
  default?: { value: unknown };
  /** Keywords the model keeps without interpreting them (`if`, `contains`, …). */
  unmodelled: Record<string, unknown>;
}

/** The view of one place; `node` is not a reference (the walk resolves those first). */
export function viewOf(node: SchemaNode): SchemaView {
  const view: SchemaView = {
    pointer: node.pointer,
    bounds: {},
    required: new Set(),
    patterns: [],
    allOf: [],
    unmodelled: {},
  };
  if (node.hasDefault) view.default = { value: node.default };
  Object.assign(view.unmodelled, node.unmodelled);
  if (node.kind === "allOf") {
    for (const member of node.members) {
      // A member of the written `allOf` has a place of its own; the others are this place's aspects.
      if (member.pointer.startsWith(`${node.pointer}/allOf/`)) view.allOf.push(member);
      else if (member.kind === "union" && member.rule !== "type") view.union = union(member);
      else if (member.kind === "ref") view.allOf.push(member);
      else addAspect(view, member);
    }
    return view;
  }
  if (node.kind === "union" && node.rule !== "type") {
    view.union = union(node);
    return view;
  }
  addAspect(view, node);
  return view;
}

function union(node: UnionNode): SchemaView["union"] {
  return { rule: node.rule === "oneOf" ? "oneOf" : "anyOf", members: node.members };
}

/** Adds a typed node (or a `type` list of them) to the view of its place. */
function addAspect(view: SchemaView, node: SchemaNode): void {
  if (node.kind === "union" && node.rule === "type") {
    for (const member of node.members) addAspect(view, member);
    return;
  }
  Object.assign(view.unmodelled, node.unmodelled);
  const type = (name: string) => (view.types ??= []).includes(name) || view.types.push(name);
  switch (node.kind) {
    case "enum":
      view.values = { keyword: node.rule, values: node.values, ...(node.positions ? { indices: node.positions } : {}) };
      for (const name of node.types ?? node.values.map(jsonTypeOf)) type(name);
      return;
    case "string":
      type("string");
      setDefined(view, { pattern: node.pattern, format: node.format });
      setBounds(view, { minLength: node.minLength, maxLength: node.maxLength });
      return;
    case "integer":
    case "number":
      type(node.kind);
      setDefined(view, { format: node.u64 ? "uint64" : node.format, multipleOf: node.multipleOf });
      setBounds(view, {
        minimum: node.minimum,
        maximum: node.maximum,
        exclusiveMinimum: node.exclusiveMinimum,
        exclusiveMaximum: node.exclusiveMaximum,
      });
      return;
    case "boolean":
    case "null":
      type(node.kind);
      return;
    case "array":
    case "tuple":
      type("array");
      setBounds(view, { minItems: node.minItems, maxItems: node.maxItems });
      setDefined(view, { uniqueItems: node.uniqueItems, items: node.items });
      if (node.kind === "tuple") setDefined(view, { rest: node.rest });
      return;
    case "object":
      type("object");
      view.properties = node.properties;
      for (const p of node.properties) if (p.required) view.required.add(p.name);
      for (const name of node.requiredOnly) view.required.add(name);
      view.patterns = node.patterns;
      setDefined(view, { additional: node.additional });
      setBounds(view, { minProperties: node.minProperties, maxProperties: node.maxProperties });
      return;
    case "not":
      view.not = node.node;
      return;
    case "never":
      // `false`: no value at all, as JSON Schema writes it (`not: {}`).
      view.not = { kind: "unknown", pointer: `${node.pointer}/not` };
      return;
    case "unknown":
    case "ref":
    case "allOf":
    case "union":
      return;
  }
}

function setDefined<T extends object>(view: SchemaView, values: T): void {
  for (const [key, value] of Object.entries(values)) if (value !== undefined) Object.assign(view, { [key]: value });
}

function setBounds(view: SchemaView, bounds: Partial<Record<BoundKeyword, number | undefined>>): void {
  for (const [key, value] of Object.entries(bounds)) if (value !== undefined) view.bounds[key as BoundKeyword] = value;
}

/** Whether the view is a union and nothing else (annotations aside; a `default` is more). */
export function isBareUnion(view: SchemaView): boolean {
  return (
    view.union !== undefined &&
    view.types === undefined &&
    view.values === undefined &&
    view.allOf.length === 0 &&
    view.not === undefined &&
    view.default === undefined &&
    Object.keys(view.unmodelled).length === 0
  );
}

/** Node fields that document rather than constrain, and where a node is: never compared. */
const NOT_SHAPE = new Set(["pointer", "description", "title", "deprecated", "examples", "discriminator"]);

/**
 * What a node admits, as canonical text: equal for two nodes that admit the same values whatever
 * their places and annotations (used to pair branches, and to spot renamed types and methods).
 */
export function shapeOf(node: SchemaNode | undefined): string {
  return canonical(stripped(node));
}

/**
 * A node as a finding shows it (a removed branch, an added tuple item): JSON Schema as the model
 * reads it, without places and annotations, so that readers of the report see the keywords they
 * wrote (`{"$ref": "#/definitions/Cid"}`, `{"type": "string", "pattern": "^0x"}`).
 */
export function schemaValue(node: SchemaNode | undefined): unknown {
  if (node === undefined) return undefined;
  const out: Record<string, unknown> = node.hasDefault ? { default: node.default } : {};
  const value = (child: SchemaNode | undefined) => schemaValue(child);
  switch (node.kind) {
    case "ref":
      return { $ref: `#/definitions/${node.name}` };
    case "unknown":
      return out;
    case "never":
      return false;
    case "null":
    case "boolean":
      return { type: node.kind, ...out };
    case "string":
      return { type: "string", ...facets(node, ["format", "pattern", "minLength", "maxLength"]), ...out };
    case "integer":
    case "number":
      return {
        type: node.kind,
        ...(node.u64 ? { format: "uint64" } : {}),
        ...facets(node, ["format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]),
        ...out,
      };
    case "enum":
      return node.rule === "const" ? { const: node.values[0], ...out } : { enum: node.values, ...out };
    case "array":
      return {
        type: "array",
        ...(node.items ? { items: value(node.items) } : {}),
        ...facets(node, ["minItems", "maxItems", "uniqueItems"]),
        ...out,
      };
    case "tuple":
      return {
        type: "array",
        items: node.items.map(value),
        ...(node.rest ? { additionalItems: value(node.rest) } : {}),
        ...out,
      };
    case "object":
      return {
        type: "object",
        properties: Object.fromEntries(node.properties.map((p) => [p.name, value(p.node)])),
        required: [...node.properties.filter((p) => p.required).map((p) => p.name), ...node.requiredOnly],
        ...(node.additional ? { additionalProperties: value(node.additional) } : {}),
        ...out,
      };
    case "union":
      if (node.rule !== "type") return { [node.rule]: node.members.map(value), ...out };
      // A `type` list: one schema, the facets of each type together.
      return {
        ...Object.assign({}, ...node.members.map((m) => schemaValue(m) as object)),
        type: node.members.map((m) => (m.kind === "tuple" ? "array" : m.kind)),
        ...out,
      };
    case "allOf":
      return { allOf: node.members.map(value), ...out };
    case "not":
      return { not: value(node.node), ...out };
  }
}

function facets<T extends SchemaNode>(node: T, keys: (keyof T & string)[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => node[k] !== undefined).map((k) => [k, node[k]]));
}

/** A node without its places and annotations, as data: what `shapeOf` compares. */
export function stripped(node: SchemaNode | undefined): unknown {
  if (node === undefined) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (NOT_SHAPE.has(key) || key === "hasDefault" || value === undefined) continue;
    out[key] = NODE_FIELDS.has(key) ? strippedField(value) : value;
  }
  return out;
}

/** Fields of a node that hold nodes (values such as `values` and `default` are data, kept as they are). */
const NODE_FIELDS = new Set(["items", "rest", "additional", "node", "members", "properties", "patterns"]);

function strippedField(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strippedField);
  if (value === null || typeof value !== "object") return value;
  if ("kind" in value) return stripped(value as SchemaNode);
  // `{ name, required, node }` of a property, `{ pattern, node }` of a pattern property.
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === "node" ? stripped(v as SchemaNode) : v]));
}
