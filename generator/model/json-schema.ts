/**
 * Schema nodes (./schema.ts) → JSON Schema again, for consumers that hand a schema to another
 * program: the MCP tools' `inputSchema` and `outputSchema` (generator/plugins/mcp/), and any output
 * that must publish a schema. Pure; every value is data (a property named `__proto__` is an own
 * property, set by setOwn).
 *
 * What comes out (docs/DECISIONS.md, "MCP tool schemas"):
 * - **Self-contained**: no `$ref` leaves the schema. A named node used once and not recursive is
 *   written in place; one used more than once, or one that reaches itself, goes to the root's `$defs`
 *   and is referenced as `#/$defs/<Name>`, so the size stays linear and recursion is finite.
 * - **Portable**: the keywords draft-07 and 2020-12 read alike (ajv's default draft-07 class, which
 *   the MCP SDK's client uses, and a 2020-12 validator both accept it): `$defs`, no `$schema`, no
 *   `format` (a validator checking formats could refuse what the client accepts; the format is said in
 *   the description), tuples as `prefixItems` with `minItems`/`maxItems` (draft-07 ignores
 *   `prefixItems`: it checks the length alone, never the wrong thing), `oneOf` written as `anyOf` (two
 *   members that both admit a decimal string would make `oneOf` refuse it), and a pattern only when it
 *   compiles with the `u` flag as ajv compiles it. Keywords the model does not hold are left out.
 * - **u64 values** (`format: uint64`) as decimal strings (`u64: "string"`): JSON numbers lose digits
 *   past 2^53 in most readers. Such a schema carries `$comment: U64_COMMENT`, which the MCP runtime
 *   (runtime/mcp-values.ts) reads to turn values into strings and back.
 */
import { getOwn, setOwn } from "../own.js";
import { childrenOf, type SchemaDefinitions, type SchemaNode } from "./schema.js";

/** A JSON Schema object (never the boolean form: some readers refuse `true` as a property schema). */
export type JsonSchemaObject = { [keyword: string]: unknown };

/** `$comment` of a u64 value written as a decimal string; runtime/mcp-values.ts reads the same text. */
export const U64_COMMENT = "uint64 as a decimal string";

/** The pattern of a u64 decimal string: 1 to 20 digits (18446744073709551615 has 20). */
export const U64_PATTERN = "^[0-9]{1,20}$";

export interface JsonSchemaOptions {
  /** How u64 integers are written: decimal strings (default) or JSON integers. */
  u64?: "string" | "integer";
}

/** A schema that admits nothing, in object form. */
const NOTHING: JsonSchemaObject = { not: {} };

/**
 * `root` as one self-contained JSON Schema: every named node it reaches through `definitions` is
 * written in place or in the root's `$defs`. A reference to a name `definitions` lacks admits anything.
 */
export function selfContainedSchema(
  root: SchemaNode,
  definitions: SchemaDefinitions,
  options: JsonSchemaOptions = {},
): JsonSchemaObject {
  const shared = sharedNames(root, definitions);
  const writer = new Writer(definitions, shared, options.u64 ?? "string");
  const schema = writer.write(root);
  if (shared.size === 0) return schema;
  const defs: JsonSchemaObject = {};
  for (const name of [...shared].sort()) setOwn(defs, name, writer.write(definitions.get(name)!));
  // `$defs` last, after what the reader is looking for.
  return { ...schema, $defs: defs };
}

/**
 * The named nodes that go to `$defs`: those `root` reaches that are referenced more than once
 * (counting each reference written in the root or in a reached node) or that reach themselves.
 */
export function sharedNames(root: SchemaNode, definitions: SchemaDefinitions): Set<string> {
  const uses = new Map<string, number>();
  const reached: string[] = [];
  const count = (node: SchemaNode): void => {
    for (const name of refsIn(node)) {
      if (!definitions.has(name)) continue;
      const seen = uses.get(name);
      uses.set(name, (seen ?? 0) + 1);
      if (seen === undefined) reached.push(name);
    }
  };
  count(root);
  for (let i = 0; i < reached.length; i++) count(definitions.get(reached[i]!)!);
  const shared = new Set<string>();
  for (const name of reached) if (uses.get(name)! > 1 || reaches(name, name, definitions)) shared.add(name);
  return shared;
}

/** Every reference written in `node` (not through named nodes), once per place it is written. */
function refsIn(node: SchemaNode): string[] {
  const names: string[] = [];
  const stack = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind === "ref") names.push(n.name);
    else stack.push(...childrenOf(n));
  }
  return names;
}

/** Whether the named node `from` reaches the name `target` through references. */
function reaches(from: string, target: string, definitions: SchemaDefinitions): boolean {
  const seen = new Set<string>();
  const stack = refsIn(definitions.get(from)!);
  while (stack.length > 0) {
    const name = stack.pop()!;
    if (name === target) return true;
    if (seen.has(name) || !definitions.has(name)) continue;
    seen.add(name);
    stack.push(...refsIn(definitions.get(name)!));
  }
  return false;
}

/** A JSON pointer token (`~` and `/` escaped). */
const pointerToken = (name: string): string => name.replace(/~/g, "~0").replace(/\//g, "~1");

/** Whether `pattern` compiles as ajv compiles it (with the `u` flag). */
function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}

class Writer {
  constructor(
    private readonly definitions: SchemaDefinitions,
    private readonly shared: ReadonlySet<string>,
    private readonly u64: "string" | "integer",
  ) {}

  write(node: SchemaNode): JsonSchemaObject {
    const body = this.body(node);
    const notes: string[] = [];
    if (node.kind === "string" && node.format !== undefined) notes.push(`Format: ${node.format}.`);
    if (node.kind === "string" && node.pattern !== undefined && !compiles(node.pattern))
      notes.push(`Pattern: ${node.pattern}`);
    if ((node.kind === "integer" || node.kind === "number") && node.u64 && this.u64 === "string")
      notes.push(u64Note(node.minimum, node.maximum));
    const description = [node.description, ...notes].filter((t) => t !== undefined && t !== "").join("\n\n");
    const meta: JsonSchemaObject = {};
    if (node.title !== undefined) meta.title = node.title;
    if (description !== "") meta.description = description;
    if (node.deprecated) meta.deprecated = true;
    const u64 = this.u64 === "string" && (node.kind === "integer" || node.kind === "number") && node.u64 === true;
    const value = (v: unknown): unknown => (u64 && (typeof v === "number" || typeof v === "bigint") ? String(v) : v);
    if (node.hasDefault) meta.default = value(node.default);
    if (node.examples !== undefined && node.examples.length > 0) meta.examples = node.examples.map(value);
    return { ...meta, ...body };
  }

  private body(node: SchemaNode): JsonSchemaObject {
    switch (node.kind) {
      case "ref": {
        const target = this.definitions.get(node.name);
        if (target === undefined) return {};
        if (this.shared.has(node.name)) return { $ref: `#/$defs/${pointerToken(node.name)}` };
        return this.write(target);
      }
      case "unknown":
        return {};
      case "never":
        return { ...NOTHING };
      case "boolean":
      case "null":
        return { type: node.kind };
      case "string": {
        const out: JsonSchemaObject = { type: "string" };
        if (node.pattern !== undefined && compiles(node.pattern)) out.pattern = node.pattern;
        if (node.minLength !== undefined) out.minLength = node.minLength;
        if (node.maxLength !== undefined) out.maxLength = node.maxLength;
        return out;
      }
      case "integer":
      case "number":
        if (node.u64 && this.u64 === "string") return { type: "string", pattern: U64_PATTERN, $comment: U64_COMMENT };
        return numberBody(node);
      case "enum":
        if (node.values.length === 0) return { ...NOTHING };
        return node.rule === "const" && node.values.length === 1 ? { const: node.values[0] } : { enum: node.values };
      case "union":
        return typeList(node.members.map((m) => this.write(m))) ?? { anyOf: node.members.map((m) => this.write(m)) };
      case "allOf":
        return { allOf: node.members.map((m) => this.write(m)) };
      case "not":
        return { not: this.write(node.node) };
      case "array": {
        const out: JsonSchemaObject = { type: "array" };
        if (node.items) out.items = this.write(node.items);
        return { ...out, ...counts(node) };
      }
      case "tuple": {
        const closed = node.rest?.kind === "never";
        const out: JsonSchemaObject = { type: "array", prefixItems: node.items.map((i) => this.write(i)) };
        if (node.minItems !== undefined) out.minItems = node.minItems;
        const max = closed ? Math.min(node.maxItems ?? Infinity, node.items.length) : node.maxItems;
        if (max !== undefined) out.maxItems = max;
        if (node.uniqueItems) out.uniqueItems = true;
        return out;
      }
      case "object":
        return this.object(node);
    }
  }

  private object(node: Extract<SchemaNode, { kind: "object" }>): JsonSchemaObject {
    const out: JsonSchemaObject = { type: "object" };
    if (node.properties.length > 0) {
      const properties: JsonSchemaObject = {};
      for (const p of node.properties) setOwn(properties, p.name, this.write(p.node));
      out.properties = properties;
    }
    const required = [
      ...new Set([...node.properties.filter((p) => p.required).map((p) => p.name), ...node.requiredOnly]),
    ];
    if (required.length > 0) out.required = required;
    const patterns = node.patterns.filter((p) => compiles(p.pattern));
    if (patterns.length > 0) {
      const byPattern: JsonSchemaObject = {};
      for (const p of patterns) {
        const earlier = getOwn(byPattern, p.pattern);
        const schema = this.write(p.node);
        setOwn(byPattern, p.pattern, earlier === undefined ? schema : { allOf: [earlier, schema] });
      }
      out.patternProperties = byPattern;
    }
    const extra = node.additional;
    if (extra?.kind === "never") out.additionalProperties = false;
    else if (extra !== undefined && !(extra.kind === "unknown" && extra.description === undefined))
      out.additionalProperties = this.write(extra);
    if (node.minProperties !== undefined) out.minProperties = node.minProperties;
    if (node.maxProperties !== undefined) out.maxProperties = node.maxProperties;
    return out;
  }
}

function numberBody(node: Extract<SchemaNode, { kind: "integer" | "number" }>): JsonSchemaObject {
  const out: JsonSchemaObject = { type: node.kind };
  for (const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] as const)
    if (node[key] !== undefined) out[key] = node[key];
  // An unsigned integer is at least 0, whatever the schema says.
  if (node.u64 && !(typeof out.minimum === "number" && out.minimum >= 0)) out.minimum = 0;
  return out;
}

function counts(node: { minItems?: number; maxItems?: number; uniqueItems?: boolean }): JsonSchemaObject {
  const out: JsonSchemaObject = {};
  if (node.minItems !== undefined) out.minItems = node.minItems;
  if (node.maxItems !== undefined) out.maxItems = node.maxItems;
  if (node.uniqueItems) out.uniqueItems = true;
  return out;
}

/** `{ type: ["string", "null"] }` when every member is a bare type; else `undefined`. */
function typeList(members: JsonSchemaObject[]): JsonSchemaObject | undefined {
  const types: string[] = [];
  for (const m of members) {
    const keys = Object.keys(m);
    if (keys.length !== 1 || keys[0] !== "type" || typeof m.type !== "string") return undefined;
    types.push(m.type);
  }
  return types.length > 1 ? { type: [...new Set(types)] } : undefined;
}

/** What a u64 schema says in words: the form, and the bounds a string schema cannot hold. */
function u64Note(minimum: number | undefined, maximum: number | undefined): string {
  const bounds = [
    minimum !== undefined && minimum > 0 ? `at least ${minimum}` : undefined,
    maximum !== undefined ? `at most ${maximum}` : undefined,
  ].filter((b) => b !== undefined);
  return `An unsigned 64-bit integer written as a decimal string (exact beyond 2^53)${bounds.length > 0 ? `, ${bounds.join(" and ")}` : ""}.`;
}
