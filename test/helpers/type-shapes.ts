/**
 * TypeScript declarations read into a small tree of type shapes, so that two generators'
 * declarations of the same schema can be compared for what they mean rather than how they are
 * written: union and intersection members in any order, `Array<T>` as `T[]`, parentheses,
 * comments, `interface` or `type` alike. Used by the json-schema-to-typescript differential test.
 */
import ts from "typescript";

export type Shape =
  | { kind: "ref"; name: string; args: Shape[] }
  | { kind: "array"; of: Shape }
  | { kind: "union"; of: Shape[] }
  | { kind: "intersection"; of: Shape[] }
  | { kind: "object"; members: Map<string, { optional: boolean; type: Shape }>; index?: Shape }
  /** `rest` is the element type of `...rest[]`. */
  | { kind: "tuple"; of: Shape[]; rest?: Shape }
  /** A keyword, literal, template literal or anything else, by its text. */
  | { kind: "text"; text: string };

/** Every exported declaration of `source`, by name. */
export function declarations(source: string): Map<string, Shape> {
  const file = ts.createSourceFile("x.ts", source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out = new Map<string, Shape>();
  for (const statement of file.statements) {
    if (ts.isInterfaceDeclaration(statement)) {
      const body = objectShape(statement.members, file);
      const bases = (statement.heritageClauses ?? []).flatMap((h) => h.types.map((t) => typeShape(t, file)));
      out.set(statement.name.text, bases.length === 0 ? body : { kind: "intersection", of: [...bases, body] });
    } else if (ts.isTypeAliasDeclaration(statement)) out.set(statement.name.text, typeShape(statement.type, file));
  }
  return out;
}

function objectShape(members: ts.NodeArray<ts.TypeElement>, file: ts.SourceFile): Shape {
  const shape: Extract<Shape, { kind: "object" }> = { kind: "object", members: new Map() };
  for (const m of members) {
    if (ts.isPropertySignature(m) && m.type) {
      const name = ts.isIdentifier(m.name) || ts.isStringLiteral(m.name) ? m.name.text : m.name.getText(file);
      shape.members.set(name, { optional: m.questionToken !== undefined, type: typeShape(m.type, file) });
    } else if (ts.isIndexSignatureDeclaration(m)) shape.index = typeShape(m.type, file);
  }
  return shape;
}

function typeShape(node: ts.Node, file: ts.SourceFile): Shape {
  if (ts.isParenthesizedTypeNode(node)) return typeShape(node.type, file);
  if (ts.isTypeReferenceNode(node) || ts.isExpressionWithTypeArguments(node)) {
    const name = (ts.isTypeReferenceNode(node) ? node.typeName : node.expression).getText(file);
    const args = (node.typeArguments ?? []).map((a) => typeShape(a, file));
    if (name === "Array" && args.length === 1) return { kind: "array", of: args[0]! };
    return { kind: "ref", name, args };
  }
  if (ts.isArrayTypeNode(node)) return { kind: "array", of: typeShape(node.elementType, file) };
  if (ts.isUnionTypeNode(node))
    return flat(
      "union",
      node.types.map((t) => typeShape(t, file)),
    );
  if (ts.isIntersectionTypeNode(node))
    return flat(
      "intersection",
      node.types.map((t) => typeShape(t, file)),
    );
  if (ts.isTypeLiteralNode(node)) return objectShape(node.members, file);
  if (ts.isTupleTypeNode(node)) {
    const of: Shape[] = [];
    let rest: Shape | undefined;
    for (const e of node.elements) {
      const inner = ts.isNamedTupleMember(e) ? e.type : e;
      if (ts.isRestTypeNode(inner)) {
        const spread = typeShape(inner.type, file);
        rest = spread.kind === "array" ? spread.of : spread;
      } else of.push(typeShape(inner, file));
    }
    return { kind: "tuple", of, ...(rest ? { rest } : {}) };
  }
  return { kind: "text", text: node.getText(file).replace(/\s+/g, " ") };
}

/** A union or intersection, nested ones flattened, repeated members once; `X | unknown` is `unknown`, `X & unknown` is `X`. */
export function flat(kind: "union" | "intersection", types: readonly Shape[]): Shape {
  const of: Shape[] = [];
  for (const t of types) {
    for (const m of t.kind === kind ? t.of : [t]) {
      if (m.kind === "text" && m.text === "unknown") {
        if (kind === "union") return m;
        continue;
      }
      if (!of.some((o) => key(o) === key(m))) of.push(m);
    }
  }
  if (of.length === 0) return { kind: "text", text: "unknown" };
  return of.length === 1 ? of[0]! : { kind, of };
}

/** The shape as one canonical text: equal texts mean equal types as written. */
export function key(s: Shape): string {
  switch (s.kind) {
    case "ref":
      return s.args.length === 0 ? s.name : `${s.name}<${s.args.map(key).join(", ")}>`;
    case "array":
      return `(${key(s.of)})[]`;
    case "union": {
      // `X | unknown` is `unknown`; members that read the same count once; `A | (B | C)` is `A | B | C`.
      const members = [...new Set(s.of.flatMap((m) => (m.kind === "union" ? key(m).split(" | ") : [key(m)])))].sort();
      return members.includes("unknown") ? "unknown" : members.join(" | ");
    }
    case "intersection": {
      // `X & unknown` is `X`.
      const members = [...new Set(s.of.map(key))].filter((m) => m !== "unknown").sort();
      return members.length === 0 ? "unknown" : members.join(" & ");
    }
    case "object": {
      const members = [...s.members].sort(([a], [b]) => (a < b ? -1 : 1));
      const parts = members.map(([n, m]) => `${JSON.stringify(n)}${m.optional ? "?" : ""}: ${key(m.type)}`);
      if (s.index) parts.push(`[k]: ${key(s.index)}`);
      return `{ ${parts.join("; ")} }`;
    }
    case "tuple":
      return `[${[...s.of.map(key), ...(s.rest ? [`...(${key(s.rest)})[]`] : [])].join(", ")}]`;
    case "text":
      return s.text;
  }
}

/**
 * json-schema-to-typescript notes, above the declaration it makes for a definition, which one it
 * is: "via the `definition` "Block"". The declared name of each definition, by definition key.
 */
export function definitionNames(source: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const [, comment, declared] of source.matchAll(
    /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export (?:interface|type) (\w+)/g,
  ))
    for (const [, definition] of comment!.matchAll(/via the `definition` "((?:[^"\\]|\\.)*)"/g))
      names.set(definition!, declared!);
  return names;
}
