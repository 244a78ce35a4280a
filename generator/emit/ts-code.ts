/**
 * A small printer of TypeScript declarations as strings, for the emitters (client.ts,
 * subscriptions.ts): doc comments, interfaces, method signatures and functions, laid out as
 * ts-morph laid them out before (one blank line between top-level statements, none between the
 * members of an interface), so that the formatted output is the same without loading TypeScript.
 * Callers pass names and types already escaped with generator/escape.ts; doc texts are written
 * as given (escaped with `commentText`).
 */

export interface Param {
  name: string;
  type: string;
  optional?: boolean;
}

export interface MethodSig {
  name: string;
  docs?: string;
  typeParameters?: { name: string; constraint: string }[];
  params: Param[];
  returnType: string;
}

export interface PropertySig {
  name: string;
  type: string;
  docs?: string;
  readonly?: boolean;
}

/** `/** text *\/` on one line, or one ` * ` line per line of a multi-line text. */
export function jsDoc(text: string, indent = ""): string {
  if (!text.includes("\n")) return `${indent}/** ${text} */\n`;
  const lines = text.split("\n").map((line) => (line ? `${indent} * ${line}` : `${indent} *`));
  return `${indent}/**\n${lines.join("\n")}\n${indent} */\n`;
}

export function paramList(params: Param[]): string {
  return params.map((p) => `${p.name}${p.optional ? "?" : ""}: ${p.type}`).join(", ");
}

export function methodSignature(m: MethodSig): string {
  const generics = m.typeParameters?.length ? `<${m.typeParameters.map((t) => `${t.name} extends ${t.constraint}`).join(", ")}>` : "";
  return `${m.docs ? jsDoc(m.docs, "  ") : ""}  ${m.name}${generics}(${paramList(m.params)}): ${m.returnType};\n`;
}

export function propertySignature(p: PropertySig): string {
  return `${p.docs ? jsDoc(p.docs, "  ") : ""}  ${p.readonly ? "readonly " : ""}${p.name}: ${p.type};\n`;
}

export function interfaceDeclaration(spec: { name: string; docs: string; extends?: string[]; properties?: PropertySig[]; methods?: MethodSig[] }): string {
  const heritage = spec.extends?.length ? ` extends ${spec.extends.join(", ")}` : "";
  const members = [...(spec.properties ?? []).map(propertySignature), ...(spec.methods ?? []).map(methodSignature)].join("");
  return `${jsDoc(spec.docs)}export interface ${spec.name}${heritage} {\n${members}}\n`;
}

export function functionDeclaration(spec: { exported?: boolean; name: string; docs: string; params: Param[]; returnType: string; body: string[] }): string {
  const body = spec.body.map((line) => `  ${line}\n`).join("");
  return `${jsDoc(spec.docs)}${spec.exported ? "export " : ""}function ${spec.name}(${paramList(spec.params)}): ${spec.returnType} {\n${body}}\n`;
}

/** Top-level statements, one blank line apart. */
export function statements(parts: string[]): string {
  return parts.filter(Boolean).join("\n");
}
