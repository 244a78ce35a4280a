/**
 * Doc comments of declarations and members, from schema nodes: the description, `@minItems` and
 * `@maxItems` of arrays, the description of an array's items as `Items: …`, `@deprecated` first.
 * Also the one string rule the comments and the types share: a pattern with a literal prefix.
 */
import { commentText } from "../../print/escape.js";
import type { SchemaNode, StringNode } from "../../model/schema.js";
import type { DocComment } from "./type-node.js";

/**
 * A string pattern with a literal prefix (`^0x[0-9a-f]+$`) types as a template literal
 * (`` `0x${string}` ``), so a missing prefix is caught at compile time.
 */
export function literalPrefix(node: StringNode): string | undefined {
  if (node.pattern === undefined) return undefined;
  const prefix = /^\^([A-Za-z0-9_:-]+)/.exec(node.pattern)?.[1];
  if (!prefix) return undefined;
  // A quantifier after the prefix (`^0x?`, `^ab*`) makes its last character optional.
  return /[?*{]/.test(node.pattern.charAt(prefix.length + 1)) ? undefined : prefix;
}

/** The array (or tuple) a node is, or is with `null` beside it (`type: ["array", "null"]`). */
function arrayPart(node: SchemaNode): Extract<SchemaNode, { kind: "array" | "tuple" }> | undefined {
  if (node.kind === "array" || node.kind === "tuple") return node;
  if (node.kind === "union" && node.rule === "type") {
    const found = node.members.find((m) => m.kind === "array" || m.kind === "tuple");
    return found as Extract<SchemaNode, { kind: "array" | "tuple" }> | undefined;
  }
  return undefined;
}

/** A node's description for a doc comment (escaped), with its `@minItems`/`@maxItems`. */
export function describe(node: SchemaNode): string | undefined {
  const text = node.description !== undefined ? commentText(node.description) : "";
  const array = arrayPart(node);
  const tags = array
    ? [
        ...(array.minItems !== undefined ? [`@minItems ${array.minItems}`] : []),
        ...(array.maxItems !== undefined ? [`@maxItems ${array.maxItems}`] : []),
      ]
    : [];
  const all = tags.length === 0 ? text : text ? `${text}\n\n${tags.join("\n")}` : tags.join("\n");
  return all || undefined;
}

/** The doc comment of a member or declaration: `@deprecated`, the description, the items' description. */
export function docsOf(node: SchemaNode, options: { items?: boolean }): DocComment | undefined {
  const items = options.items ? itemsComment(node) : undefined;
  const text = [describe(node), items].filter(Boolean).join("\n\n");
  return comment(text, node.deprecated === true);
}

export function comment(text: string | undefined, deprecated: boolean): DocComment | undefined {
  const all = [deprecated ? "@deprecated" : "", text ?? ""].filter(Boolean).join("\n");
  return all ? { text: all } : undefined;
}

/** `Items: …` for an array whose items (all alike, not arrays themselves) have a description without block tags. */
export function itemsComment(node: SchemaNode): string | undefined {
  if (node.kind !== "array" && node.kind !== "tuple") return undefined;
  const items =
    node.kind === "array"
      ? node.items
        ? [node.items]
        : []
      : // The rest of an open tuple (`...unknown[]`) has no description.
        [...node.items, ...(node.rest === undefined ? [undefined] : node.rest.kind === "never" ? [] : [node.rest])];
  if (items.length === 0) return undefined;
  const comments = new Set(items.map((i) => (i === undefined || isArrayItem(i) ? undefined : describe(i))));
  const [only] = comments;
  return comments.size === 1 && only && !/(^|\s)@\w/.test(only) ? `Items: ${only}` : undefined;
}

/** Items that are arrays or tuples themselves keep their description to themselves. */
function isArrayItem(node: SchemaNode): boolean {
  return node.kind === "array" || node.kind === "tuple";
}
