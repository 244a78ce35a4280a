/**
 * `allOf` as one node: what a value must be to fit every member, for the mock's values and the
 * site's forms (and spec:diff). The merge itself is the runtime's (runtime/mock-merge.ts), shared with
 * the value maker the package's test kit ships; the generator's nodes go in and come out as they are.
 * `objectOf` takes the object a schema describes.
 */
import { resolveNode, type ObjectNode, type SchemaDefinitions, type SchemaNode } from "./schema.js";
import { firstNonNull as first, mergeAllOf as merge, type BranchPicker as Picker } from "../../runtime/mock-merge.js";

export type BranchPicker = Picker<SchemaNode>;

/** The first member that admits more than `null`, else the first. */
export const firstNonNull: BranchPicker = first;

/**
 * What a value must be to fit every member: references followed, nested `allOf`s flattened, a union
 * member replaced by the branch `pick` chooses; objects merge their properties and `required`; numbers
 * and strings take the tighter bounds.
 */
export function mergeAllOf(
  members: readonly SchemaNode[],
  definitions: SchemaDefinitions,
  pick: BranchPicker = firstNonNull,
): SchemaNode {
  return merge(members, definitions, pick);
}

/**
 * The object node a schema describes, if any: references followed, `allOf` merged, and a union
 * with exactly one object member (besides `null`) taken as that member.
 */
export function objectOf(node: SchemaNode, definitions: SchemaDefinitions): ObjectNode | undefined {
  let n = resolveNode(node, definitions);
  if (n.kind === "allOf") n = mergeAllOf(n.members, definitions);
  if (n.kind === "union") {
    const objects = n.members.map((m) => resolveNode(m, definitions)).filter((m) => m.kind === "object");
    if (objects.length === 1) n = objects[0]!;
  }
  return n.kind === "object" ? n : undefined;
}
