/**
 * TypeScript declarations as Docs, for the emitters (client.ts, subscriptions.ts, api.ts,
 * validators.ts): doc comments, imports, interfaces, method signatures, functions and statements,
 * built as prettier's TypeScript printer builds them and printed by prettier's printer (./doc.ts) —
 * one blank line between top-level statements, none between the members of an interface, lists
 * broken one item per line only when they do not fit in 120 columns — so no formatter runs after them.
 * Callers pass names and types already escaped with generator/print/escape.ts; doc texts are written
 * as given (escaped with `commentText`).
 */
import {
  group,
  hardline,
  ifBreak,
  indent,
  indentIfBreak,
  join,
  line,
  literalline,
  markAsRoot,
  printDoc,
  softline,
  type Doc,
} from "./layout.js";

export interface Param {
  name: string;
  /** A type as text, or as a Doc (a type literal that may break). */
  type: Doc;
  optional?: boolean;
}

export interface MethodSig {
  name: string;
  docs?: string;
  typeParameters?: { name: string; constraint: string }[];
  params: Param[];
  /** A type as text, or as a Doc (`typeReference`, which may break). */
  returnType: Doc;
}

export interface PropertySig {
  name: string;
  /** A type as text, or as a Doc (a type literal that may break). */
  type: Doc;
  docs?: string;
  readonly?: boolean;
}

/**
 * The lines of a `/** … *\/` comment: one line (unless `block`), or one ` * ` line per line of
 * the text, as prettier writes them: trailing blanks dropped, but two spaces at the end (a
 * Markdown line break) kept.
 */
export function jsDocLines(text: string, block = false): string[] {
  if (!block && !text.includes("\n")) return [`/** ${text} */`];
  return [
    "/**",
    ...text.split("\n").map((l) => (l.trim() === "" ? " *" : ` * ${l.trimEnd()}${l.endsWith("  ") ? "  " : ""}`)),
    " */",
  ];
}

/** The comment as text at `indent` (a string of spaces), ending with a newline. */
export function jsDoc(text: string, indent = ""): string {
  return jsDocLines(text)
    .map((l) => `${indent}${l}\n`)
    .join("");
}

/**
 * The lines of `jsDocLines` as the Doc prettier prints a JSDoc comment with: lines joined by
 * hardlines, except that a line ending in two spaces (a Markdown line break) is followed by a
 * literal line break at the current indentation, which keeps its blanks (a hardline trims them).
 */
export function commentLines(text: string, block = false): Doc {
  const lines = jsDocLines(text, block);
  return lines.map((l, i) =>
    i === lines.length - 1 ? l : l.endsWith("  ") && i > 0 ? [l, markAsRoot(literalline)] : [l, hardline],
  );
}

/** The comment as a Doc, followed by a line break. */
export function docComment(text: string | undefined): Doc {
  return text ? [commentLines(text), hardline] : "";
}

/** `import { a, b } from "x";` — one name per line when the line would be too long. */
export function importDeclaration(names: string[], from: string, typeOnly = false): Doc {
  const keyword = typeOnly ? "import type " : "import ";
  if (names.length === 1) return `${keyword}{ ${names[0]} } from ${from};`;
  return [keyword, group(["{", indent([line, join([",", line], names)]), ifBreak(","), line, "}"]), ` from ${from};`];
}

/** `(a: A, b?: B)`, breaking one param per line; not a group of its own (the signature is). */
export function paramsDoc(params: Param[]): Doc {
  if (params.length === 0) return "()";
  const printed = params.map((p) => [`${p.name}${p.optional ? "?" : ""}: `, p.type]);
  return ["(", indent([softline, join([",", line], printed)]), ifBreak(","), softline, ")"];
}

export function methodSignature(m: MethodSig): Doc {
  return [
    docComment(m.docs),
    group([m.name, typeParameters(m.typeParameters ?? []), paramsDoc(m.params), group([": ", m.returnType])]),
    ";",
  ];
}

/** `<T extends C>`: a constraint too long for the line moves to the next one; the list breaks one per line. */
function typeParameters(params: { name: string; constraint: string }[]): Doc {
  if (params.length === 0) return "";
  const printed = params.map((t) => {
    const id = Symbol("constraint");
    return [t.name, " extends", group(indent(line), { id }), indentIfBreak(t.constraint, { groupId: id })];
  });
  return group(["<", indent([softline, join([",", line], printed)]), ifBreak(","), softline, ">"]);
}

/**
 * `Name<A, B>`. One argument that is a plain name or an object type stays hugged (`Promise<X>`);
 * others break one per line inside `<…>` when the line is too long (no trailing comma).
 */
export function typeReference(name: string, args: { type: Doc; simple?: boolean }[]): Doc {
  if (args.length === 1 && args[0]!.simple) return [name, "<", args[0]!.type, ">"];
  return group([
    name,
    "<",
    indent([
      softline,
      join(
        [",", line],
        args.map((a) => a.type),
      ),
    ]),
    softline,
    ">",
  ]);
}

/** `(a: A) => R`, a function type whose params break like a function's. */
export function functionType(params: Param[], returns: string): Doc {
  return group([paramsDoc(params), ` => ${returns}`]);
}

/** `export type Name = Other;`, the right side on the next line when the line is too long. */
export function typeAlias(name: string, type: string): Doc {
  const id = Symbol("assignment");
  return group([`export type ${name} =`, group(indent(line), { id }), indentIfBreak(type, { groupId: id }), ";"]);
}

export function propertySignature(p: PropertySig): Doc {
  return [docComment(p.docs), p.readonly ? "readonly " : "", p.name, ": ", p.type, ";"];
}

/** `{ a: A; b: B }`, or one member per line. */
export function typeLiteral(members: { key: string; type: Doc; optional?: boolean }[]): Doc {
  if (members.length === 0) return "{}";
  const printed = members.map((m) => [m.key, m.optional ? "?" : "", ": ", m.type]);
  return group(["{", indent([line, join([";", line], printed)]), ifBreak(";"), line, "}"]);
}

/** `[a: A, b?: B]` (a tuple type), or one element per line. */
export function tupleType(elements: string[]): Doc {
  if (elements.length === 0) return "[]";
  return group([
    "[",
    indent([
      softline,
      join(
        [",", line],
        elements.map((e) => group(e)),
      ),
    ]),
    ifBreak(","),
    softline,
    "]",
  ]);
}

export function interfaceDeclaration(spec: {
  name: string;
  docs: string;
  extends?: string[];
  properties?: PropertySig[];
  methods?: MethodSig[];
}): Doc {
  // As prettier prints it: one interface extended stays on the line; several move to the next line
  // when they do not fit, then one per line when the list does not fit either.
  const bases = spec.extends ?? [];
  const heritage: Doc =
    bases.length <= 1
      ? bases.map((b) => ` extends ${b}`).join("")
      : indent([line, "extends", group(indent([line, join([",", line], bases)]))]);
  const members = [...(spec.properties ?? []).map(propertySignature), ...(spec.methods ?? []).map(methodSignature)];
  const body = members.length > 0 ? [indent([hardline, join(hardline, members)]), hardline] : "";
  return [docComment(spec.docs), group([`export interface ${spec.name}`, heritage, " {"]), body, "}"];
}

/** A function declaration; `body` holds its statements (Docs, each one statement). */
export function functionDeclaration(spec: {
  exported?: boolean;
  name: string;
  docs: string;
  params: Param[];
  returnType: string;
  body: Doc[];
}): Doc {
  const signature = [
    `${spec.exported ? "export " : ""}function ${spec.name}`,
    group([paramsDoc(spec.params), `: ${spec.returnType}`]),
  ];
  return [docComment(spec.docs), signature, " {", indent([hardline, join(hardline, spec.body)]), hardline, "}"];
}

/** Top-level statements, one blank line apart, as text ending with a newline. */
export function statements(parts: Doc[]): string {
  return parts
    .filter((p) => p !== "")
    .map((p) => `${printDoc(p)}\n`)
    .join("\n");
}
