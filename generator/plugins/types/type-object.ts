/**
 * Object schemas → object types (members, the `[k: string]` index signature), and the doc
 * comments of members and declarations, as the generated types have always had them: a
 * member's comment is its schema's description (with `@minItems`/`@maxItems`, and the
 * description of an array's items as `Items: …`), `@deprecated` first.
 */
import { commentText } from "../../print/escape.js";
import type { JsonSchema, SchemaObject } from "../../model/document.js";
import { refName } from "./schema-walk.js";
import {
  isArraySchema,
  literalPrefix,
  normalized,
  OPEN,
  typeKey,
  typeOf,
  union,
  type Context,
  type DocComment,
  type Member,
  type TypeNode,
} from "./type-expr.js";

interface Part {
  type: TypeNode;
  comment?: string;
  deprecated?: boolean;
  /** `Items: …`, shown when the part is the whole index signature. */
  items?: string;
}

export function objectType(s: SchemaObject, ctx: Context): TypeNode {
  const inner: Context = { ...ctx, owner: undefined };
  const required = Array.isArray(s.required) ? (s.required as unknown[]) : [];
  const members: Member[] = Object.entries((s.properties ?? {}) as Record<string, JsonSchema>).map(([name, child]) => ({
    name,
    optional: !(
      (typeof child === "object" && child.required === true) ||
      (s.required !== true && required.includes(name))
    ),
    type: typeOf(child, inner),
    docs: docsOf(child, { items: true }),
  }));
  const patterns: Part[] = Object.entries((s.patternProperties ?? {}) as Record<string, JsonSchema>).map(
    ([key, child]) => ({
      type: typeOf(child, inner),
      comment: [
        describe(child),
        commentText(
          `This interface was referenced by \`${ctx.owner}\`'s JSON-Schema definition\nvia the \`patternProperty\` "${key}".`,
        ),
      ]
        .filter(Boolean)
        .join("\n\n"),
      deprecated: isDeprecated(child),
      items: itemsComment(child),
    }),
  );
  const extra = s.additionalProperties;
  const parts =
    extra === true
      ? []
      : extra === undefined || extra === false
        ? patterns
        : [
            ...patterns,
            {
              type: typeOf(extra as JsonSchema, inner),
              comment: describe(extra as JsonSchema),
              deprecated: isDeprecated(extra),
              items: itemsComment(extra as JsonSchema),
            },
          ];
  if (parts.length === 0 && extra === false) return { kind: "object", members, expanded: true };
  const index: Part =
    parts.length === 0
      ? { type: { kind: "keyword", name: "unknown", top: true } }
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

const isDeprecated = (s: unknown): boolean =>
  typeof s === "object" && s !== null && (s as SchemaObject).deprecated === true;
const isKeyword = (t: TypeNode, name: string): boolean => t.kind === "keyword" && t.name === name;

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

/** A schema's description for a doc comment (escaped), with its `@minItems`/`@maxItems`. */
export function describe(schema: JsonSchema): string | undefined {
  if (typeof schema !== "object") return undefined;
  const text = typeof schema.description === "string" ? commentText(schema.description) : "";
  const shaped =
    refName(schema.$ref) === undefined && schema.format !== "uint64" && literalPrefix(schema) === undefined;
  const tags =
    shaped && isArraySchema(schema)
      ? [
          ...("minItems" in schema ? [`@minItems ${String(schema.minItems)}`] : []),
          ...("maxItems" in schema ? [`@maxItems ${String(schema.maxItems)}`] : []),
        ]
      : [];
  const all = tags.length === 0 ? text : text ? `${text}\n\n${tags.join("\n")}` : tags.join("\n");
  return all || undefined;
}

/** The doc comment of a member or declaration: `@deprecated`, the description, the items' description. */
export function docsOf(schema: JsonSchema, options: { items?: boolean; deprecated?: boolean }): DocComment | undefined {
  const items = options.items ? itemsComment(schema) : undefined;
  const text = [describe(schema), items].filter(Boolean).join("\n\n");
  return comment(text, options.deprecated !== false && typeof schema === "object" && schema.deprecated === true);
}

function comment(text: string | undefined, deprecated: boolean): DocComment | undefined {
  const all = [deprecated ? "@deprecated" : "", text ?? ""].filter(Boolean).join("\n");
  return all ? { text: all } : undefined;
}

/** `Items: …` for an array whose items (all alike, not arrays themselves) have a description without block tags. */
function itemsComment(schema: JsonSchema): string | undefined {
  if (
    typeof schema !== "object" ||
    refName(schema.$ref) !== undefined ||
    schema.format === "uint64" ||
    literalPrefix(schema) !== undefined
  )
    return undefined;
  const type = Array.isArray(schema.type) && schema.type.length === 1 ? schema.type[0] : schema.type;
  if (
    !("items" in schema) ||
    (type && type !== "array") ||
    "allOf" in schema ||
    "anyOf" in schema ||
    "oneOf" in schema ||
    "enum" in schema ||
    "const" in schema
  )
    return undefined;
  if ((type === undefined || type === "object") && ("properties" in schema || "patternProperties" in schema))
    return undefined;
  const n = normalized(schema);
  // The rest of an open tuple (`...unknown[]`) has no description.
  const rest =
    n.additionalItems === undefined || n.additionalItems === false
      ? []
      : n.additionalItems === OPEN
        ? [true]
        : [n.additionalItems as JsonSchema];
  const items = Array.isArray(n.items) ? [...(n.items as JsonSchema[]), ...rest] : [n.items as JsonSchema];
  const comments = new Set(items.map((i) => (typeof i === "object" && isArrayItem(i) ? undefined : describe(i))));
  const [only] = comments;
  return comments.size === 1 && only && !/(^|\s)@\w/.test(only) ? `Items: ${only}` : undefined;
}

/** Items that are arrays or tuples themselves keep their description to themselves. */
function isArrayItem(s: SchemaObject): boolean {
  if (refName(s.$ref) !== undefined || s.format === "uint64" || literalPrefix(s) !== undefined) return false;
  const type = Array.isArray(s.type) && s.type.length === 1 ? s.type[0] : s.type;
  const single =
    !("allOf" in s) && !("anyOf" in s) && !("oneOf" in s) && !("enum" in s) && !("const" in s) && !Array.isArray(type);
  return (
    single &&
    ((type === "array" && !("properties" in s) && !("patternProperties" in s)) ||
      ("items" in s && !type && !("properties" in s) && !("patternProperties" in s)))
  );
}
