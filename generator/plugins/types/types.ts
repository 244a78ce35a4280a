/**
 * Emits `types.ts` of one document: every named schema declared once, under the name normalize
 * gave it (`export interface` for an object schema, `export type` otherwise), doc comments from
 * the spec's descriptions. The text is written as prettier formats it (type-print.ts), so the
 * format stage leaves it alone. Type aliases come first, then the interfaces, each in model order.
 */
import { commentText, identifier } from "../../print/escape.js";
import type { DocumentModel } from "../../model/document.js";
import { reachableNames, type SchemaNode } from "../../model/schema.js";
import { hardline, indent, join, printDoc, type Doc } from "../../print/layout.js";
import { nodeDefinitions } from "../../model/definitions.js";
import { docsOf } from "./type-docs.js";
import { typeOf, type Context, type DocComment, type TypeNode } from "./type-expr.js";
import { aliasDoc, commentDoc, memberDoc } from "./type-print.js";

export function emitTypes(doc: DocumentModel): string {
  const definitions = nodeDefinitions(doc.schemas, true);
  // Subscription items that are a plain reference have no named schema of their own.
  const items = doc.methods.flatMap((m) =>
    m.subscription ? [m.subscription.itemType, ...m.subscription.variants.map((v) => v.itemType)] : [],
  );
  const fromResults = reachableNames(
    [
      ...doc.schemas
        .filter((s) => s.role === "result" || s.role === "variant" || s.role === "item")
        .map((s) => s.lenientNode),
      ...items.map((name): SchemaNode => ({ kind: "ref", name, pointer: "" })),
    ],
    definitions,
  );
  const paramDocs = refParamDocs(doc);
  const aliases: Doc[] = [];
  const interfaces: Doc[] = [];
  for (const s of doc.schemas) {
    // u64 values are `bigint` in results; params accept a `number` too, unless the type is shared with results.
    const requestOnly = s.role === "params" || (s.role === "component" && !fromResults.has(s.name));
    const ctx: Context = { requestOnly, definitions, owner: s.name };
    const name = identifier(s.name);
    const type = typeOf(s.lenientNode, ctx);
    if (type.kind === "object") {
      const docs = docsOf(s.lenientNode, {});
      interfaces.push([
        docs ? [commentDoc(docs), hardline] : "",
        interfaceDoc(name, withParamDocs(type, paramDocs.get(s.name))),
      ]);
    } else {
      const docs = docsOf(s.lenientNode, { items: true });
      aliases.push([docs ? [commentDoc(docs), hardline] : "", aliasDoc(name, type)]);
    }
  }
  const blocks = [aliases, interfaces].filter((b) => b.length > 0).map((b) => join(hardline, b));
  if (blocks.length === 0) return "";
  return printDoc([join([hardline, hardline], blocks), hardline]);
}

function interfaceDoc(name: string, type: Extract<TypeNode, { kind: "object" }>): Doc {
  if (type.members.length === 0) return `export interface ${name} {}`;
  const members = type.members.map((m) => [m.docs ? [commentDoc(m.docs), hardline] : "", memberDoc(m), ";"]);
  return [`export interface ${name} {`, indent([hardline, join(hardline, members)]), hardline, "}"];
}

/**
 * A param whose schema is a bare `$ref` (see normalize/document.ts) has its description and
 * `@deprecated` on the method, not in the schema: they become the property's doc comment, on
 * one line when they fit one.
 */
function refParamDocs(doc: DocumentModel): Map<string, Map<string, DocComment>> {
  const wanted = new Map<string, Map<string, DocComment>>();
  for (const m of doc.methods) {
    for (const p of m.params) {
      const text = [commentText(p.description), p.deprecated ? "@deprecated" : ""].filter(Boolean).join("\n");
      if (!p.refName || !text) continue;
      const docs = wanted.get(m.paramsType) ?? new Map<string, DocComment>();
      if (!docs.has(p.name)) docs.set(p.name, { text, oneLine: true });
      wanted.set(m.paramsType, docs);
    }
  }
  return wanted;
}

function withParamDocs(
  type: Extract<TypeNode, { kind: "object" }>,
  docs: Map<string, DocComment> | undefined,
): Extract<TypeNode, { kind: "object" }> {
  if (!docs) return type;
  return {
    ...type,
    members: type.members.map((m) =>
      m.name !== undefined && !m.docs && docs.has(m.name) ? { ...m, docs: docs.get(m.name) } : m,
    ),
  };
}
