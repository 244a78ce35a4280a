/**
 * TypeScript type expressions as a small tree (printed by type-print.ts), and the unions and
 * intersections simplified as the generated types have always had them. No schema is read here.
 */

export type TypeNode =
  | { kind: "keyword"; name: string; top?: boolean }
  | { kind: "ref"; name: string }
  | { kind: "literal"; value: unknown }
  | { kind: "template"; prefix: string }
  | { kind: "omit"; base: string; keys: string[] }
  /** `Required<Pick<base, keys>>`: keys a base declares optional and another `allOf` member requires. */
  | { kind: "requiredPick"; base: string; keys: string[] }
  | { kind: "array"; element: TypeNode }
  | { kind: "tuple"; elements: TypeNode[]; rest?: TypeNode }
  | { kind: "union"; members: TypeNode[]; bare?: "custom" | "tuple" }
  | { kind: "intersection"; members: TypeNode[] }
  | { kind: "object"; members: Member[]; expanded: boolean };

export interface Member {
  /** Undefined for the index signature `[k: string]`. */
  name?: string;
  optional: boolean;
  type: TypeNode;
  docs?: DocComment;
}

/** A doc comment: `/** … *\/` on one line when `oneLine` and the text is one line, else one ` * ` line per line. */
export interface DocComment {
  text: string;
  oneLine?: boolean;
}

/** `unknown` as the spec wrote it (`true`, `{}`): kept beside other members of a union. */
export const unknownType: TypeNode = { kind: "keyword", name: "unknown" };
/** `unknown` the schema left unsaid (items, the rest of a tuple, other keys): absorbs unions and intersections. */
export const topType: TypeNode = { kind: "keyword", name: "unknown", top: true };

export const keyword = (name: string): TypeNode => ({ kind: "keyword", name });
export const isKeyword = (t: TypeNode, name: string): boolean => t.kind === "keyword" && t.name === name;
const isTop = (t: TypeNode): boolean => t.kind === "keyword" && t.top === true;

/** A union, simplified: `unknown` the schema left unsaid absorbs it, duplicates go. Inside tuples (`raw`) as written. */
export function union(members: TypeNode[], raw = false): TypeNode {
  if (raw) return { kind: "union", members };
  if (members.some(isTop)) return topType;
  return { kind: "union", members: unique(members) };
}

/** An intersection, simplified as unions are; unsaid `unknown` members drop out. */
export function intersection(members: TypeNode[], raw = false): TypeNode {
  if (raw) return { kind: "intersection", members };
  const constrained = members.filter((m) => !isTop(m));
  const kept = constrained.length > 0 ? constrained : members;
  if (kept.some(isTop)) return topType;
  return { kind: "intersection", members: unique(kept) };
}

export function unique(members: TypeNode[]): TypeNode[] {
  const seen = new Set<string>();
  return members.filter((m) => {
    const key = typeKey(m);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The same key is the same text (`unknown` that absorbs or not). */
export function typeKey(t: TypeNode): string {
  switch (t.kind) {
    case "keyword":
    case "ref":
      return t.name;
    case "literal":
      return `=${JSON.stringify(t.value)}`;
    case "template":
      return `\`${t.prefix}`;
    case "omit":
      return `O<${t.base},${JSON.stringify(t.keys)}>`;
    case "requiredPick":
      return `R<${t.base},${JSON.stringify(t.keys)}>`;
    case "array":
      return `${typeKey(t.element)}[]`;
    case "tuple":
      return `[${t.elements.map(typeKey).join(",")}${t.rest ? `,...${typeKey(t.rest)}` : ""}]`;
    case "union":
    case "intersection":
      return `${t.kind === "union" ? `|${t.bare ?? ""}` : "&"}(${t.members.map(typeKey).join(",")})`;
    case "object":
      return `{${t.members.map((m) => `${JSON.stringify(m.name ?? null)}${m.optional ? "?" : ""}${JSON.stringify(m.docs ?? null)}:${typeKey(m.type)}`).join(";")}}`;
  }
}

/**
 * `T[]`. A union element is parenthesized: `(bigint | number)[]` (not `bigint | number[]`, an
 * array of numbers or one bigint).
 */
export function arrayOf(element: TypeNode): TypeNode {
  return {
    kind: "array",
    element: element.kind === "union" && element.bare ? { kind: "union", members: element.members } : element,
  };
}
