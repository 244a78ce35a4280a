/**
 * Object nodes → object types: the members, and the `[k: string]` index signature of
 * `patternProperties` and `additionalProperties`. Objects are closed unless the schema says
 * otherwise (`additionalProperties`), as the generated types have always had them; an object that
 * only says which keys it requires (`{ required: ["a"] }`) is an open record.
 */
import { commentText } from "../../print/escape.js";
import type { ObjectNode, SchemaNode } from "../../model/schema.js";
import { comment, describe, docsOf, itemsComment } from "./type-docs.js";
import { isKeyword, topType, typeKey, union, type Member, type TypeNode } from "./type-node.js";

/** What objectType needs of its caller: the context and how to type a member's node. */
export interface ObjectContext {
  /** Name of the interface being declared (named in pattern-property comments). */
  owner?: string;
}

interface Part {
  type: TypeNode;
  comment?: string;
  deprecated?: boolean;
  /** `Items: …`, shown when the part is the whole index signature. */
  items?: string;
}

export function objectType<C extends ObjectContext>(
  node: ObjectNode,
  ctx: C,
  typeOf: (node: SchemaNode, ctx: C) => TypeNode,
): TypeNode {
  const inner: C = { ...ctx, owner: undefined };
  const members: Member[] = node.properties.map((p) => ({
    name: p.name,
    optional: !p.required,
    type: typeOf(p.node, inner),
    docs: docsOf(p.node, { items: true }),
  }));
  const patterns: Part[] = node.patterns.map(({ pattern, node: child }) => ({
    type: typeOf(child, inner),
    comment: [describe(child), commentText(patternComment(ctx.owner, pattern))].filter(Boolean).join("\n\n"),
    deprecated: child.deprecated === true,
    items: itemsComment(child),
  }));
  const extra = node.additional;
  // `true` (or `{}`) opens the object to any other key, without a comment of its own.
  const open = extra !== undefined && extra.kind === "unknown" && extra.description === undefined && !extra.deprecated;
  // Not said: closed, except an object that says only which keys it needs or how many.
  const unsaid =
    extra === undefined &&
    node.properties.length === 0 &&
    (node.requiredOnly.length > 0 || node.minProperties !== undefined || node.maxProperties !== undefined);
  const parts: Part[] =
    open || unsaid
      ? []
      : extra === undefined || extra.kind === "never"
        ? patterns
        : [
            ...patterns,
            {
              type: typeOf(extra, inner),
              comment: describe(extra),
              deprecated: extra.deprecated === true,
              items: itemsComment(extra),
            },
          ];
  if (parts.length === 0 && !open && !unsaid) return { kind: "object", members, expanded: true };
  const index: Part =
    parts.length === 0
      ? { type: topType }
      : parts.length === 1
        ? { ...parts[0]!, comment: [parts[0]!.comment, parts[0]!.items].filter(Boolean).join("\n\n") || undefined }
        : {
            type: union(parts.map((p) => p.type)),
            comment:
              parts
                .map((p) => p.comment)
                .filter(Boolean)
                .join("\n\n") || undefined,
          };
  const docs = comment(index.comment, index.deprecated === true);
  members.push({ optional: false, type: widened(index.type, members), ...(docs ? { docs } : {}) });
  return { kind: "object", members, expanded: true };
}

/** Where an index signature comes from: the declared interface's pattern, or (nested) the pattern alone. */
function patternComment(owner: string | undefined, pattern: string): string {
  return owner === undefined
    ? `Each key matches the \`patternProperty\` "${pattern}".`
    : `This interface was referenced by \`${owner}\`'s JSON-Schema definition\nvia the \`patternProperty\` "${pattern}".`;
}

/**
 * Every named member must fit the index signature (TS2411): its type becomes the union of its
 * own and the members' types, and `undefined` when a member is optional.
 */
function widened(index: TypeNode, members: Member[]): TypeNode {
  if (isKeyword(index, "unknown") || isKeyword(index, "any")) return index;
  const types: TypeNode[] = [];
  const add = (t: TypeNode): void => {
    if (t.kind === "union" && t.bare !== "tuple") t.members.forEach(add);
    else types.push(t);
  };
  add(index);
  let optional = false;
  for (const m of members) {
    if (isKeyword(m.type, "any")) continue;
    if (m.optional) optional = true;
    add(m.type);
  }
  if (types.some((t) => isKeyword(t, "any"))) return { kind: "keyword", name: "any" };
  if (types.some((t) => isKeyword(t, "unknown"))) return { kind: "keyword", name: "unknown" };
  if (types.length === 0 || (types.length === 1 && !optional)) return index;
  const seen = new Set<string>();
  const unique = types.filter((t) => !seen.has(typeKey(t)) && seen.add(typeKey(t)));
  if (optional) unique.push({ kind: "keyword", name: "undefined" });
  return { kind: "union", bare: "custom", members: unique };
}
