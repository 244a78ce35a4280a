/**
 * Document-wide passes over the normalized schema nodes (normalize/schema.ts), once every named
 * node exists: schemas defined in terms of themselves are refused, and unions whose members
 * are told apart by one constant property get their discriminator.
 */
import type { Problem } from "../model/document.js";
import { childrenOf, resolveNode, type SchemaDefinitions, type SchemaNode, type UnionNode } from "../model/schema.js";

/**
 * Named schemas that reach themselves through references, unions, `allOf` and `not` alone, with
 * no object property, array item or tuple position in between (`A = allOf[A]`, `A = anyOf[B, null]`
 * with `B = A`): such a schema has no shape of its own, its type would be `type A = A`, and a
 * value generator would chase it forever. One problem per cycle, at the reference that closes it.
 */
export function selfReferences(definitions: SchemaDefinitions): Problem[] {
  const problems: Problem[] = [];
  const reported = new Set<string>();
  for (const [name, root] of definitions) {
    const cycle = findCycle(name, root, definitions);
    if (!cycle) continue;
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
      kind: "self-reference",
    });
  }
  return problems;
}

/** The names on a transparent path from `name` back to itself, and the pointer of the closing `$ref`. */
function findCycle(
  name: string,
  root: SchemaNode,
  definitions: SchemaDefinitions,
): { names: string[]; at: string } | undefined {
  const visited = new Set<string>([name]);
  // Depth-first over transparent edges; each entry carries the names passed on the way.
  const stack: { node: SchemaNode; names: string[] }[] = [{ node: root, names: [name] }];
  while (stack.length > 0) {
    const { node, names } = stack.pop()!;
    if (node.kind === "ref") {
      if (node.name === name) return { names, at: node.pointer };
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
