/**
 * The schema model: every JSON Schema of a document, normalized once (generator/normalize/schema.ts)
 * into nodes of one small vocabulary. The type printer, the validator emitter, the mock's values
 * and the site's form fields read these nodes, never JSON Schema, so that a keyword or a
 * real-world quirk is taught once, in normalize, and every output sees it.
 *
 * What normalize has already decided, so that no consumer decides it again:
 * - `$ref`s point to named nodes (`{ kind: "ref", name }`); the names are the document's type names.
 *   Keywords beside a `$ref` that constrain values make an `allOf` of the reference and them.
 * - Implied types: `properties` alone is an object, `items` an array, `pattern` a string,
 *   `minimum` a number. A `type` list is a union (`rule: "type"`), in the order written.
 * - `format: "uint64"` is an integer with the exact-u64 mark, whatever `type` says.
 * - `const` and `enum` are one `enum` node (`rule` says which keyword it was); values that do not
 *   fit the declared `type` are dropped.
 * - Nullability is a union with a `null` member, in the place the spec wrote it
 *   (`type: ["string", "null"]`, `anyOf: [X, { type: "null" }]`, `null` in an enum is an enum value);
 *   `withoutNull` splits it off for consumers that treat "or null" apart.
 * - Draft-04's boolean `exclusiveMinimum` is a number bound; draft-03's `required: true` on a
 *   property makes it required.
 * - The lenient view (`x-response-deviations` applied) is a second node per named schema, built
 *   from the same rule (normalize/deviations.ts) as the JSON Schema that ajv checks examples with.
 */

/** Annotations and where the schema is: every node has them. */
export interface SchemaMeta {
  /** JSON pointer of the schema in its source: `#/components/schemas/Block/properties/hash`, `types.json#/Hash`. */
  pointer: string;
  description?: string;
  title?: string;
  deprecated?: boolean;
  /** `examples`, then `example` (OpenAPI style), as written. */
  examples?: unknown[];
  /** The `default` value; `hasDefault` says whether there is one (it may be `null`). */
  default?: unknown;
  hasDefault?: boolean;
  /**
   * Keywords the model does not interpret (`if`, `contains`, `dependencies`, `propertyNames`,
   * `unevaluatedProperties`, …) with their values as written, so that a consumer can say it
   * does not enforce them.
   */
  unmodelled?: Readonly<Record<string, unknown>>;
}

/** A named schema of the document (`#/definitions/<name>` after bundling). */
export interface RefNode extends SchemaMeta {
  kind: "ref";
  name: string;
}

export interface PropertyNode {
  name: string;
  required: boolean;
  node: SchemaNode;
}

export interface ObjectNode extends SchemaMeta {
  kind: "object";
  /** In the order written; names are kept as data (a property may be called `__proto__`). */
  properties: PropertyNode[];
  /** Required names that have no property schema of their own. */
  requiredOnly: string[];
  /** `patternProperties`, in the order written. */
  patterns: { pattern: string; node: SchemaNode }[];
  /**
   * `additionalProperties`: a schema, a `never` node for `false`, an `unknown` node for `true`,
   * or `undefined` when the schema does not say (JSON Schema then admits any other key).
   */
  additional?: SchemaNode;
  minProperties?: number;
  maxProperties?: number;
}

export interface ArrayNode extends SchemaMeta {
  kind: "array";
  /** The schema of every item; `undefined` when the schema does not say (any item). */
  items?: SchemaNode;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

/** `items: [...]`: one schema per position. */
export interface TupleNode extends SchemaMeta {
  kind: "tuple";
  items: SchemaNode[];
  /** `additionalItems`: items past the tuple; `never` for `false`, `undefined` when not said (any). */
  rest?: SchemaNode;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
}

/** `anyOf`, `oneOf`, or a `type` list: one member must fit (`oneOf`: exactly one). */
export interface UnionNode extends SchemaMeta {
  kind: "union";
  rule: "anyOf" | "oneOf" | "type";
  members: SchemaNode[];
  /**
   * Set when every member is an object (directly or through references) with a required
   * property of one constant value, distinct per member: `values[i]` selects `members[i]`.
   */
  discriminator?: { property: string; values: unknown[] };
}

/** `allOf`, and a schema with several aspects (`properties` beside `oneOf`): every member must fit. */
export interface AllOfNode extends SchemaMeta {
  kind: "allOf";
  members: SchemaNode[];
}

/** `not`: the value must not fit `node`. */
export interface NotNode extends SchemaMeta {
  kind: "not";
  node: SchemaNode;
}

/** `enum` (`rule: "enum"`) or `const` (`rule: "const"`, one value). */
export interface EnumNode extends SchemaMeta {
  kind: "enum";
  rule: "enum" | "const";
  values: unknown[];
  /**
   * Where each value is in the written `enum` (`values[i]` is `enum[positions[i]]`), so that a
   * finding can point at a value's own line; absent when every written value was kept.
   */
  positions?: number[];
  /** The `type` written beside the values (`["integer"]`), when one was: what the values are said to be. */
  types?: string[];
}

export interface StringNode extends SchemaMeta {
  kind: "string";
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
}

/** `integer` or `number`, with inclusive and exclusive bounds and `multipleOf`. */
export interface NumberNode extends SchemaMeta {
  kind: "integer" | "number";
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  /** `format: "uint64"`: an unsigned 64-bit integer, exact as a `bigint` beyond 2^53. */
  u64?: boolean;
  /** Any other `format` (`int32`, `double`, …), kept for documentation. */
  format?: string;
}

export interface BooleanNode extends SchemaMeta {
  kind: "boolean";
}

export interface NullNode extends SchemaMeta {
  kind: "null";
}

/** Any value: `true`, `{}`, a schema of annotations only. */
export interface UnknownNode extends SchemaMeta {
  kind: "unknown";
}

/** No value: `false`, `additionalProperties: false`. */
export interface NeverNode extends SchemaMeta {
  kind: "never";
}

export type SchemaNode =
  | RefNode
  | ObjectNode
  | ArrayNode
  | TupleNode
  | UnionNode
  | AllOfNode
  | NotNode
  | EnumNode
  | StringNode
  | NumberNode
  | BooleanNode
  | NullNode
  | UnknownNode
  | NeverNode;

export type SchemaKind = SchemaNode["kind"];

/** The named nodes of a document by name: what `{ kind: "ref", name }` points at. */
export type SchemaDefinitions = ReadonlyMap<string, SchemaNode>;

/**
 * One function per node kind: `visit(node, visitor)` calls the one for `node.kind`. Exhaustive by
 * construction (a visitor that misses a kind does not type-check), so a kind added here is a
 * compile error in every consumer until each says what it does with it.
 */
export type SchemaVisitor<R> = { [K in SchemaKind]: (node: Extract<SchemaNode, { kind: K }>) => R };

export function visit<R>(node: SchemaNode, visitor: SchemaVisitor<R>): R {
  return (visitor[node.kind] as (n: SchemaNode) => R)(node);
}

/** Follows references to the named node they point at (a missing name or a loop gives `unknown`). */
export function resolveNode(node: SchemaNode, definitions: SchemaDefinitions): SchemaNode {
  let current = node;
  const seen = new Set<string>();
  while (current.kind === "ref") {
    if (seen.has(current.name)) return { kind: "unknown", pointer: current.pointer };
    seen.add(current.name);
    current = definitions.get(current.name) ?? { kind: "unknown", pointer: current.pointer };
  }
  return current;
}

/** Whether the node admits `null` only (the `null` type, or an enum of `null`). */
export function isNullOnly(node: SchemaNode, definitions?: SchemaDefinitions): boolean {
  const n = definitions ? resolveNode(node, definitions) : node;
  return n.kind === "null" || (n.kind === "enum" && n.values.length > 0 && n.values.every((v) => v === null));
}

/**
 * A node with its "or null" split off: a union with `null` members gives the other members
 * (one member alone, or a union of them) and `nullable: true`; any other node is itself.
 */
export function withoutNull(
  node: SchemaNode,
  definitions?: SchemaDefinitions,
): { node: SchemaNode; nullable: boolean } {
  if (node.kind !== "union") return { node, nullable: false };
  const others = node.members.filter((m) => !isNullOnly(m, definitions));
  if (others.length === node.members.length) return { node, nullable: false };
  if (others.length === 1) return { node: others[0]!, nullable: true };
  return { node: { ...node, members: others, discriminator: undefined }, nullable: true };
}

/** The JSON types a node can take (`integer` is also a `number`); `any` when it takes every type. */
export function jsonTypes(node: SchemaNode, definitions: SchemaDefinitions, depth = 0): string[] {
  if (depth > 16) return ["any"];
  switch (node.kind) {
    case "ref":
      return definitions.has(node.name) ? jsonTypes(definitions.get(node.name)!, definitions, depth + 1) : ["any"];
    case "object":
      return ["object"];
    case "array":
    case "tuple":
      return ["array"];
    case "union":
      return unique(node.members.flatMap((m) => jsonTypes(m, definitions, depth + 1)));
    case "allOf": {
      const typed = node.members.map((m) => jsonTypes(m, definitions, depth + 1)).filter((t) => !t.includes("any"));
      return typed[0] ?? ["any"];
    }
    case "enum":
      return unique(node.values.map(jsonTypeOf));
    case "integer":
      return node.u64 ? ["integer", "bigint"] : ["integer"];
    case "number":
      return ["integer", "number"];
    case "string":
    case "boolean":
    case "null":
      return [node.kind];
    case "never":
      return [];
    case "not":
    case "unknown":
      return ["any"];
  }
}

/**
 * The declared keys of an object schema, through references and `allOf` members: each key with
 * whether some member requires it (`required` beside `properties`, or `required` alone in another
 * member). Undefined when the node is no object schema (a union, a scalar, a cycle). Unlike
 * merge.ts's `objectOf`, it never takes a union's branch: every key it names is a key of the
 * type, so the type printer may `Pick` it.
 */
export function objectKeys(
  node: SchemaNode,
  definitions: SchemaDefinitions,
  depth = 0,
): Map<string, { required: boolean }> | undefined {
  const n = resolveNode(node, definitions);
  if (depth > 16) return undefined;
  if (n.kind === "object") {
    const keys = new Map(n.properties.map((p) => [p.name, { required: p.required }]));
    for (const name of n.requiredOnly) if (keys.has(name)) keys.set(name, { required: true });
    return keys;
  }
  if (n.kind !== "allOf") return undefined;
  const keys = new Map<string, { required: boolean }>();
  const requiredOnly = new Set<string>();
  let objects = 0;
  for (const member of n.members) {
    const own = objectKeys(member, definitions, depth + 1);
    const m = resolveNode(member, definitions);
    if (m.kind === "object") m.requiredOnly.forEach((k) => requiredOnly.add(k));
    if (!own) continue;
    objects++;
    for (const [name, { required }] of own) keys.set(name, { required: required || keys.get(name)?.required === true });
  }
  for (const name of requiredOnly) if (keys.has(name)) keys.set(name, { required: true });
  return objects > 0 ? keys : undefined;
}

/** The JSON type of a value: `integer` for whole numbers. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

/** The nodes directly inside `node` (references are not followed). */
export function childrenOf(node: SchemaNode): SchemaNode[] {
  switch (node.kind) {
    case "object":
      return [
        ...node.properties.map((p) => p.node),
        ...node.patterns.map((p) => p.node),
        ...(node.additional ? [node.additional] : []),
      ];
    case "array":
      return node.items ? [node.items] : [];
    case "tuple":
      return [...node.items, ...(node.rest ? [node.rest] : [])];
    case "union":
    case "allOf":
      return node.members;
    case "not":
      return [node.node];
    default:
      return [];
  }
}

/** Every name referenced from `roots`, directly or through the named nodes they reach. */
export function reachableNames(roots: readonly SchemaNode[], definitions: SchemaDefinitions): Set<string> {
  const names = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === "ref") {
      if (names.has(node.name)) continue;
      names.add(node.name);
      const target = definitions.get(node.name);
      if (target) stack.push(target);
      continue;
    }
    stack.push(...childrenOf(node));
  }
  return names;
}
