/**
 * `allOf` as one node: what a value must be to fit every member, for the mock's values (and, through
 * generator/model/merge.ts, the site's forms and spec:diff). References are followed, nested `allOf`s
 * flattened, a union member replaced by the branch `pick` chooses; objects merge their properties (a
 * property in several members becomes their `allOf`) and `required`; numbers and strings take the
 * tighter bounds. Generic in the node type, so that the generator gets its own nodes back: the merged
 * nodes are made of the members' parts.
 */
import {
  resolveMockNode,
  type MockArrayNode,
  type MockDefinitions,
  type MockNode,
  type MockNumberNode,
  type MockObjectNode,
  type MockProperty,
} from "./mock-schema.js";

/** Members deeper than this are not expanded further (self-references are refused in normalize). */
const MAX_EXPAND = 8;

export type BranchPicker<N extends MockNode = MockNode> = (members: readonly N[]) => N;

/** The first member that admits more than `null`, else the first. */
export const firstNonNull = <N extends MockNode>(members: readonly N[]): N =>
  members.find((m) => m.kind !== "null" && !(m.kind === "enum" && m.values.every((v) => v === null))) ?? members[0]!;

export function mergeAllOf<N extends MockNode>(
  members: readonly N[],
  definitions: MockDefinitions<N>,
  pick: BranchPicker<N> = firstNonNull,
): N {
  const flat: N[] = [];
  const unions: { branches: N[]; depth: number }[] = [];
  const expand = (node: N, depth: number): void => {
    const n = resolveMockNode(node, definitions);
    if (depth < MAX_EXPAND && n.kind === "allOf") (n.members as readonly N[]).forEach((m) => expand(m, depth + 1));
    else if (depth < MAX_EXPAND && n.kind === "union" && n.members.length > 0)
      unions.push({ branches: (n.members as readonly N[]).map((m) => resolveMockNode(m, definitions)), depth });
    else if (n.kind !== "not" && n.kind !== "unknown") flat.push(n);
  };
  members.forEach((m) => expand(m, 0));
  // A union takes the branch of the kind the other members have (a variant narrowing a field), else `pick`'s;
  // the branch is expanded like any member (a branch that is itself an `allOf` is merged in whole).
  for (let i = 0; i < unions.length && i < 64; i++) {
    const kinds = new Set(flat.map((n) => n.kind));
    const { branches, depth } = unions[i]!;
    expand(branches.find((b) => kinds.has(b.kind)) ?? pick(branches), depth + 1);
  }
  const pointer = members[0]?.pointer ?? "";
  if (flat.length === 0) return { kind: "unknown", pointer } as N;
  const literal = flat.find((n) => n.kind === "enum");
  if (literal) return literal;
  // Members of different kinds cannot all hold: the last one says what the value is.
  const last = flat[flat.length - 1]!;
  const like = (...kinds: MockNode["kind"][]): MockNode[] => flat.filter((n) => kinds.includes(n.kind));
  switch (last.kind) {
    case "object":
      return mergeObjects(like("object") as MockObjectNode[]) as N;
    case "string":
      return Object.assign({}, ...like("string")) as N;
    case "integer":
    case "number":
      return mergeNumbers(like("integer", "number") as MockNumberNode[]) as N;
    case "array":
      return mergeArrays(like("array") as MockArrayNode[]) as N;
    default:
      return last;
  }
}

/** Arrays: every member's item schema, the tighter counts. */
function mergeArrays(arrays: MockArrayNode[]): MockArrayNode {
  const items = arrays.map((a) => a.items).filter((i) => i !== undefined);
  const counts = (key: "minItems" | "maxItems"): number[] => arrays.map((a) => a[key]).filter((n) => n !== undefined);
  const min = counts("minItems");
  const max = counts("maxItems");
  return {
    kind: "array",
    pointer: arrays[0]!.pointer ?? "",
    ...(items.length === 0
      ? {}
      : {
          items: items.length === 1 ? items[0]! : { kind: "allOf", members: items, pointer: items[0]!.pointer ?? "" },
        }),
    ...(min.length > 0 ? { minItems: Math.max(...min) } : {}),
    ...(max.length > 0 ? { maxItems: Math.min(...max) } : {}),
    ...(arrays.some((a) => a.uniqueItems) ? { uniqueItems: true } : {}),
  };
}

function mergeObjects(objects: MockObjectNode[]): MockObjectNode {
  const properties: MockProperty[] = [];
  for (const o of objects)
    for (const p of o.properties ?? []) {
      const i = properties.findIndex((q) => q.name === p.name);
      if (i < 0) properties.push(p);
      else
        properties[i] = {
          name: p.name,
          required: properties[i]!.required || p.required,
          node: { kind: "allOf", members: [properties[i]!.node, p.node], pointer: p.node.pointer ?? "" },
        };
    }
  const required = new Set(
    objects.flatMap((o) => [
      ...(o.properties ?? []).filter((p) => p.required).map((p) => p.name),
      ...(o.requiredOnly ?? []),
    ]),
  );
  const additional = objects.map((o) => o.additional).filter((a) => a !== undefined);
  const counts = (key: "minProperties" | "maxProperties"): number[] =>
    objects.map((o) => o[key]).filter((n) => n !== undefined);
  const min = counts("minProperties");
  const max = counts("maxProperties");
  return {
    kind: "object",
    pointer: objects[0]!.pointer ?? "",
    properties: properties.map((p) => (required.has(p.name) ? { ...p, required: true } : p)),
    requiredOnly: [...required].filter((r) => !properties.some((p) => p.name === r)),
    patterns: objects.flatMap((o) => o.patterns ?? []),
    ...(additional.length === 0
      ? {}
      : {
          additional:
            additional.length === 1
              ? additional[0]!
              : { kind: "allOf", members: additional, pointer: additional[0]!.pointer ?? "" },
        }),
    ...(min.length > 0 ? { minProperties: Math.max(...min) } : {}),
    ...(max.length > 0 ? { maxProperties: Math.min(...max) } : {}),
  };
}

function mergeNumbers(numbers: MockNumberNode[]): MockNumberNode {
  const pick = (key: keyof MockNumberNode, choose: (...n: number[]) => number): Partial<MockNumberNode> => {
    const values = numbers.map((n) => n[key]).filter((v): v is number => typeof v === "number");
    return values.length > 0 ? { [key]: choose(...values) } : {};
  };
  return {
    ...(Object.assign({}, ...numbers) as MockNumberNode),
    kind: numbers.some((n) => n.kind === "integer") ? "integer" : "number",
    ...pick("minimum", Math.max),
    ...pick("maximum", Math.min),
    ...pick("exclusiveMinimum", Math.max),
    ...pick("exclusiveMaximum", Math.min),
  };
}
