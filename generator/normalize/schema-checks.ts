/**
 * Document-wide passes over the normalized schema nodes (normalize/schema.ts), once every named
 * node exists: schemas defined in terms of themselves are refused, and unions whose members
 * are told apart by one constant property get their discriminator.
 */
import type { JsonSchema, Problem } from "../model/document.js";
import { childrenOf, resolveNode, type SchemaDefinitions, type SchemaNode, type UnionNode } from "../model/schema.js";

/**
 * Named schemas that reach themselves through references, unions, `allOf` and `not` alone, with
 * no object property, array item or tuple position in between (`A = allOf[A]`, `A = anyOf[B, null]`
 * with `B = A`): such a schema has no shape of its own, its type would be `type A = A`, and a
 * value generator would chase it forever. One problem per cycle, at the reference that closes it;
 * its fallback is made here: that reference becomes `unknown` (validate reports and repairs such
 * cycles in the document first, so this is a net for schemas made by normalize itself).
 */
export function selfReferences(definitions: SchemaDefinitions): Problem[] {
  const problems: Problem[] = [];
  const reported = new Set<string>();
  for (const [name, root] of definitions) {
    const cycle = findCycle(name, root, definitions);
    if (!cycle) continue;
    const closing = cycle.node as SchemaNode & { name?: string };
    delete closing.name;
    Object.assign(closing, { kind: "unknown" });
    const key = [...new Set(cycle.names)].sort().join("\u0000");
    if (reported.has(key)) continue;
    reported.add(key);
    const path = [...cycle.names, name].join(" → ");
    const hash = cycle.at.indexOf("#");
    problems.push({
      file: cycle.at.slice(0, Math.max(hash, 0)),
      pointer: cycle.at.slice(hash + 1),
      message: `schema ${name} is defined in terms of itself (${path}) with no object property or array item in between, so it has no shape of its own: its type would be \`type ${name} = ${cycle.names[1] ?? name}\` and no value can be built from it.`,
      hint: "Put the recursion inside a property or an array item (for example `items: { $ref: … }`), or remove the reference.",
      rule: "self-reference",
    });
  }
  return problems;
}

/** The names on a transparent path from `name` back to itself, and the pointer of the closing `$ref`. */
function findCycle(
  name: string,
  root: SchemaNode,
  definitions: SchemaDefinitions,
): { names: string[]; at: string; node: SchemaNode } | undefined {
  const visited = new Set<string>([name]);
  // Depth-first over transparent edges; each entry carries the names passed on the way.
  const stack: { node: SchemaNode; names: string[] }[] = [{ node: root, names: [name] }];
  while (stack.length > 0) {
    const { node, names } = stack.pop()!;
    if (node.kind === "ref") {
      if (node.name === name) return { names, at: node.pointer, node };
      const target = definitions.get(node.name);
      if (target && !visited.has(node.name)) {
        visited.add(node.name);
        stack.push({ node: target, names: [...names, node.name] });
      }
      continue;
    }
    if (node.kind === "union" || node.kind === "allOf" || node.kind === "not")
      for (const child of childrenOf(node)) stack.push({ node: child, names });
  }
  return undefined;
}

/** Sets `discriminator` on each of `unions` whose members a constant property tells apart. */
export function markDiscriminators(unions: readonly UnionNode[], definitions: SchemaDefinitions): void {
  for (const union of unions) {
    const found = discriminatorOf(union, definitions);
    if (found) union.discriminator = found;
  }
}

function discriminatorOf(
  union: UnionNode,
  definitions: SchemaDefinitions,
): { property: string; values: unknown[] } | undefined {
  if (union.members.length < 2) return undefined;
  const objects = union.members.map((m) => resolveNode(m, definitions));
  if (objects.some((o) => o.kind !== "object")) return undefined;
  const constant = (o: SchemaNode, property: string): { value: unknown } | undefined => {
    if (o.kind !== "object") return undefined;
    const p = o.properties.find((x) => x.name === property && x.required);
    const n = p && resolveNode(p.node, definitions);
    if (!n || n.kind !== "enum" || n.values.length !== 1) return undefined;
    const value = n.values[0];
    return value === null || typeof value !== "object" ? { value } : undefined;
  };
  const first = objects[0]!;
  if (first.kind !== "object") return undefined;
  for (const { name } of first.properties) {
    const values = objects.map((o) => constant(o, name));
    if (values.some((v) => v === undefined)) continue;
    const plain = values.map((v) => v!.value);
    if (new Set(plain).size === plain.length) return { property: name, values: plain };
  }
  return undefined;
}

/**
 * Schemas no value can satisfy, each a warning that names it, then read one documented way
 * (spec/README.md, "Schemas no value satisfies"). Done on the JSON Schema, before anything reads
 * it, so that the types, the validators, the mock (ajv and its values) and the example checks
 * all see the same schema:
 * - an object that `required`s a property its `additionalProperties: false` forbids (massa's
 *   `WrappedOperation`): those names are no longer required (the other checks stay);
 * - a method result that is the schema `false` (massa's "No return"): the result is `null`
 *   (./document.ts, `resultSchema`).
 * Returns the schema itself when nothing is wrong, else a copy.
 */
export function relaxUnsatisfiable(schema: JsonSchema, at: string, label: string, warnings: Problem[]): JsonSchema {
  return relax(schema, () => at, label, warnings) as JsonSchema;
}

/** Keywords whose values are data, not schemas. */
const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples", "example", "required"]);

/** `at` makes the place only when a warning names it: most schemas have nothing to relax. */
function relax(value: unknown, at: () => string, label: string, warnings: Problem[]): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v, i) => {
      const r = relax(v, () => `${at()}/${i}`, label, warnings);
      changed ||= r !== v;
      return r;
    });
    return changed ? out : value;
  }
  if (value === null || typeof value !== "object") return value;
  const s = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(s)) {
    if (DATA_KEYWORDS.has(key) || child === null || typeof child !== "object") continue;
    const r = relax(child, () => `${at()}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, label, warnings);
    if (r !== child) setOwnKey((out ??= { ...s }), key, r);
  }
  const forbidden = forbiddenRequired(s);
  if (forbidden.length > 0) {
    setOwnKey(
      (out ??= { ...s }),
      "required",
      (s.required as string[]).filter((n) => !forbidden.includes(n)),
    );
    const place = at();
    const hash = place.indexOf("#");
    warnings.push({
      file: place.slice(0, Math.max(hash, 0)),
      pointer: place.slice(hash + 1),
      message: `schema ${label} requires ${forbidden.map((n) => `"${n}"`).join(", ")}, which its additionalProperties: false forbids, so no value fits it; the generated code treats ${forbidden.length === 1 ? "it" : "them"} as not required.`,
      hint: "Add the property to `properties`, or remove it from `required` (a misspelt property name is the usual cause).",
      rule: "unsatisfiable",
    });
  }
  return out ?? value;
}

/** The `required` names that `additionalProperties: false` forbids: neither a property nor matched by a pattern. */
function forbiddenRequired(s: Record<string, unknown>): string[] {
  if (s.additionalProperties !== false || !Array.isArray(s.required)) return [];
  const properties = s.properties !== null && typeof s.properties === "object" ? s.properties : {};
  const patterns = Object.keys(
    s.patternProperties !== null && typeof s.patternProperties === "object" ? s.patternProperties : {},
  );
  return s.required.filter(
    (n): n is string => typeof n === "string" && !Object.hasOwn(properties, n) && !patterns.some((p) => safeTest(p, n)),
  );
}

/** Defines an own property (a key `__proto__` stays a key). */
function setOwnKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function safeTest(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, "u").test(name);
  } catch {
    return false;
  }
}
