/**
 * Type expressions (type-expr.ts) → Docs, laid out as prettier lays out TypeScript (printWidth
 * 120, see generator/print/layout.ts): the Docs built here are the ones prettier's TypeScript printer
 * builds for the same code, and prettier's own printer prints them. Names and literals are
 * escaped by generator/print/escape.ts.
 */
import { stringLiteral, typeMemberKey } from "../../print/escape.js";
import {
  align,
  group,
  hardline,
  ifBreak,
  indent,
  indentIfBreak,
  join,
  line,
  softline,
  type Doc,
} from "../../print/layout.js";
import { commentLines } from "../../print/ts-code.js";
import type { DocComment, Member, TypeNode } from "./type-expr.js";

/** Where a type is written, which decides parentheses and how a union breaks. */
type Place = "alias" | "annotation" | "nested" | "tuple" | "lone" | "argument";

/** A doc comment: one line when asked and possible, else prettier's JSDoc layout. */
export function commentDoc(docs: DocComment): Doc {
  return commentLines(docs.text, !docs.oneLine);
}

/** Bare unions (written without parentheses) merge into the union around them; one member is that member. */
function flat(node: TypeNode): TypeNode {
  if (node.kind === "intersection" && node.members.length <= 1) {
    return node.members[0]
      ? flat(node.members[0])
      : { kind: "object", expanded: true, members: [{ optional: false, type: { kind: "keyword", name: "unknown" } }] };
  }
  if (node.kind !== "union") return node;
  if (node.members.length === 1) return flat(node.members[0]!);
  const members = node.members.flatMap((m) => {
    const f = flat(m);
    return f.kind === "union" && f.bare ? f.members : [f];
  });
  if (members.length === 0) return { kind: "keyword", name: "never" };
  if (members.length === 1) return members[0]!;
  return { kind: "union", members, ...(node.bare ? { bare: node.bare } : {}) };
}

const isObject = (n: TypeNode): boolean =>
  n.kind === "object" ||
  (n.kind === "literal" && n.value !== null && typeof n.value === "object" && !Array.isArray(n.value));
const isNull = (n: TypeNode): boolean =>
  (n.kind === "keyword" && n.name === "null") || (n.kind === "literal" && n.value === null);

/** prettier prints `{ … } | null` hugged, without the leading `|` layout. */
export function hugs(node: TypeNode): boolean {
  const n = flat(node);
  return n.kind === "union" && n.members.filter(isNull).length === n.members.length - 1 && n.members.some(isObject);
}

/** `<A, B>` as prettier prints type arguments: on one line, else one per line. */
function typeArgs(args: Doc[]): Doc {
  return group(["<", indent([softline, join([",", line], args)]), softline, ">"]);
}

/** `"a" | "b"` (key names): when broken, one key per line after `| `. */
function keysDoc(names: string[]): Doc {
  const keys = names.map((k) => stringLiteral(k));
  if (keys.length === 1) return keys[0]!;
  return group([
    ifBreak("| "),
    join(
      [line, "| "],
      keys.map((k) => align(2, k)),
    ),
  ]);
}

/** The right-hand side of `export type X =`, with prettier's assignment layout. */
export function aliasDoc(name: string, node: TypeNode): Doc {
  const n = flat(node);
  const left = group(["type ", name]);
  if (n.kind === "union" && !hugs(n))
    return ["export ", group([left, " =", group(indent([line, typeDoc(n, "alias")]))]), ";"];
  const id = Symbol("assignment");
  return [
    "export ",
    group([left, " =", group(indent(line), { id }), indentIfBreak(typeDoc(n, "alias"), { groupId: id })]),
    ";",
  ];
}

export function typeDoc(node: TypeNode, place: Place): Doc {
  const n = flat(node);
  switch (n.kind) {
    case "keyword":
    case "ref":
      return n.name;
    case "literal":
      return literalDoc(n.value);
    case "template":
      return `\`${n.prefix}\${string}\``;
    case "omit":
      return ["Omit", typeArgs([n.base, keysDoc(n.keys)])];
    case "requiredPick":
      return ["Required", typeArgs([["Pick", typeArgs([n.base, keysDoc(n.keys)])]])];
    case "array":
      return [typeDoc(n.element, "nested"), "[]"];
    case "tuple":
      return tupleDoc(n.elements, n.rest);
    case "union":
      return unionDoc(n.members, place);
    case "intersection":
      return intersectionDoc(n.members, place);
    case "object":
      return objectDoc(n.members, n.expanded);
  }
}

function unionDoc(members: TypeNode[], place: Place): Doc {
  if (hugs({ kind: "union", members })) {
    const hugged = join(
      " | ",
      members.map((m) => typeDoc(m, "nested")),
    );
    return place === "nested" ? ["(", hugged, ")"] : hugged;
  }
  const code = group([
    ifBreak("| "),
    join(
      [line, "| "],
      members.map((m) => align(2, typeDoc(m, "nested"))),
    ),
  ]);
  if (place === "annotation") return group(indent([softline, code]));
  if (place === "nested") return ["(", group([indent([softline, code]), softline]), ")"];
  if (place === "tuple") return group([indent([ifBreak(["(", softline]), code]), softline, ifBreak(")")]);
  return code;
}

function intersectionDoc(members: TypeNode[], place: Place): Doc {
  const parts: Doc[] = [];
  let wasIndented = false;
  members.forEach((m, i) => {
    const doc = typeDoc(m, "nested");
    if (i === 0) parts.push(doc);
    else if (!isObject(members[i - 1]!) && !isObject(m)) parts.push(indent([" &", line, doc]));
    else if (isObject(members[i - 1]!) && isObject(m)) parts.push(" & ", wasIndented ? indent(doc) : doc);
    else {
      if (i > 1) wasIndented = true;
      parts.push(" & ", i > 1 ? indent(doc) : doc);
    }
  });
  return place === "nested" ? ["(", group(parts), ")"] : group(parts);
}

function tupleDoc(elements: TypeNode[], rest: TypeNode | undefined): Doc {
  const count = elements.length + (rest ? 1 : 0);
  if (count === 0) return group(["[", "]"]);
  const docs = elements.map((e) => group(typeDoc(e, count > 1 ? "tuple" : "lone")));
  if (rest) docs.push(group(["...", typeDoc(rest, "nested"), "[]"]));
  return group(["[", indent([softline, join([",", line], docs), ifBreak(",")]), softline, "]"]);
}

export function memberDoc(m: Member): Doc {
  const key =
    m.name === undefined
      ? group(["[", group([indent([softline, "k", ":", " ", "string"]), softline]), "]"])
      : typeMemberKey(m.name);
  return group([key, m.optional ? "?" : "", ":", " ", typeDoc(m.type, "annotation")]);
}

function objectDoc(members: Member[], expanded: boolean): Doc {
  if (members.length === 0) return "{}";
  const docs = members.map((m) => (m.docs ? [commentDoc(m.docs), hardline, memberDoc(m)] : memberDoc(m)));
  return group(["{", indent([line, join([";", line], docs), ifBreak(";")]), line, "}"], { shouldBreak: expanded });
}

/** A JSON value as a literal type: strings, numbers, booleans, `null`; objects and arrays as type literals and tuples. */
function literalDoc(value: unknown): Doc {
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return JSON.stringify(value).replace("e+", "e");
  if (Array.isArray(value))
    return tupleDoc(
      value.map((v) => ({ kind: "literal", value: v })),
      undefined,
    );
  if (value !== null && typeof value === "object") {
    return objectDoc(
      Object.entries(value).map(([name, v]) => ({ name, optional: false, type: { kind: "literal", value: v } })),
      false,
    );
  }
  return JSON.stringify(value) ?? "null";
}
