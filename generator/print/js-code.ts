/**
 * TypeScript expressions as Docs (./doc.ts: prettier's builders), built by the rules prettier applies to the
 * constructs the emitters write: object and array literals (one line if they fit, else one item
 * per line with a trailing comma), call arguments (the last object/array argument "hugged"),
 * arrow functions, `as` casts, and the layouts of `key: value` and `const x = value`.
 * Each expression carries its kind, because those rules look at the kinds of neighbours.
 * Texts passed in are already escaped (generator/print/escape.ts).
 */
import { objectKey, stringLiteral } from "./escape.js";
import {
  breakParent,
  conditionalGroup,
  fill,
  group,
  ifBreak,
  indent,
  indentIfBreak,
  line,
  softline,
  textWidth,
  willBreak,
  type Doc,
} from "./layout.js";

export type ExprKind =
  | "object"
  | "array"
  | "arrow"
  | "call"
  | "member"
  | "identifier"
  | "string"
  | "boolean"
  | "number"
  | "unary"
  | "regex"
  | "new"
  | "as"
  | "null";

export interface Expr {
  doc: Doc;
  kind: ExprKind;
  /** Items of an object or array literal. */
  size?: number;
  /** An array of numbers only: packed like words. */
  concise?: boolean;
  /** A member chain whose calls take no or one short argument: `v.boolean`, `v.number(true)`. */
  chain?: boolean;
  /** An arrow function whose body is an object, array, call or another expandable arrow. */
  expandable?: boolean;
  /** Literal text of a short argument (identifier, string, number, regex), for the lone-short test. */
  short?: boolean;
}

/** An expression printed as given (an identifier, a literal, …). */
export function raw(text: string, kind: ExprKind): Expr {
  return { doc: text, kind, chain: kind === "member", short: isShort(text, kind) };
}

function isShort(text: string, kind: ExprKind): boolean {
  const threshold = 120 * 0.25;
  if (kind === "identifier") return text.length <= threshold;
  if (kind === "unary" || kind === "boolean" || kind === "number") return true;
  if (kind === "string") return text.length <= threshold;
  if (kind === "regex") return text.slice(1, text.lastIndexOf("/")).length <= threshold;
  return false;
}

export interface Property {
  /** The key as printed (`name`, `"na-me"`, `["__proto__"]`); `...` for a spread. */
  key: string;
  value: Expr;
}

/** `{ a: 1, b: 2 }`; `expanded` keeps it broken even when it fits (prettier keeps a written break). */
export function objectExpr(properties: Property[], expanded = false): Expr {
  if (properties.length === 0) return { doc: "{}", kind: "object", size: 0 };
  const parts = properties.map((p, i) => [
    i > 0 ? [",", line] : "",
    p.key === "..." ? ["...", p.value.doc] : property(p.key, p.value),
  ]);
  return {
    doc: group(["{", indent([line, ...parts]), ifBreak(","), line, "}"], { shouldBreak: expanded }),
    kind: "object",
    size: properties.length,
  };
}

export function arrayExpr(items: Expr[]): Expr {
  if (items.length === 0) return { doc: "[]", kind: "array", size: 0 };
  const concise = items.every((i) => i.kind === "number" || (i.kind === "unary" && /^-\d/.test(String(i.doc))));
  const shouldBreak =
    items.length > 1 &&
    items.every(
      (item, i) =>
        (item.kind === "object" || item.kind === "array") &&
        (item.size ?? 0) > 1 &&
        (i === items.length - 1 || items[i + 1]!.kind === item.kind),
    );
  if (concise) {
    const id = Symbol("array");
    const parts = items.flatMap((item, i) =>
      i === items.length - 1 ? [[item.doc, ifBreak(",", "", { groupId: id })]] : [[item.doc, ","], line],
    );
    return {
      doc: group(["[", indent([softline, fill(parts)]), softline, "]"], { shouldBreak, id }),
      kind: "array",
      size: items.length,
      concise,
    };
  }
  const parts = items.map((item, i) => [i > 0 ? [",", line] : "", group(item.doc)]);
  return {
    doc: group(["[", indent([softline, ...parts]), ifBreak(","), softline, "]"], { shouldBreak }),
    kind: "array",
    size: items.length,
  };
}

function couldExpand(arg: Expr): boolean {
  if (arg.kind === "object" || arg.kind === "array") return (arg.size ?? 0) > 0;
  return arg.kind === "arrow" && arg.expandable === true;
}

/** `callee(args)`: one line; else the last argument hugged when it is an object or array; else one argument per line. */
export function callExpr(callee: string, args: Expr[]): Expr {
  const calleeIsMember = /^[\w$]+(?:\.[\w$]+)+$/.test(callee);
  const chain = calleeIsMember && (args.length === 0 || (args.length === 1 && args[0]!.short === true));
  const result = (doc: Doc): Expr => ({ doc: [callee, doc], kind: "call", chain });
  if (args.length === 0) return result("()");
  const printed = args.map((a, i) => (i === args.length - 1 ? a.doc : [a.doc, ",", line]));
  const allBroken = (): Doc => group(["(", indent([line, ...printed]), ifBreak(","), line, ")"], { shouldBreak: true });
  const last = args[args.length - 1]!;
  const before = args[args.length - 2];
  const hugLast =
    couldExpand(last) &&
    (!before || before.kind !== last.kind) &&
    (args.length !== 2 || before?.kind !== "arrow" || last.kind !== "array") &&
    !(args.length > 1 && last.concise);
  // Asked of the arguments themselves (not of `printed`'s new arrays), so that willBreak remembers them.
  const breaks = (a: Expr): boolean => willBreak(a.doc);
  if (hugLast) {
    const head = printed.slice(0, -1);
    if (args.slice(0, -1).some(breaks)) return result(allBroken());
    if (willBreak(last.doc))
      return result([
        breakParent,
        conditionalGroup([["(", ...head, group(last.doc, { shouldBreak: true }), ")"], allBroken()]),
      ]);
    return result(
      conditionalGroup([
        ["(", ...head, last.doc, ")"],
        ["(", ...head, group(last.doc, { shouldBreak: true }), ")"],
        allBroken(),
      ]),
    );
  }
  return result(
    group(["(", indent([softline, ...printed]), ifBreak(","), softline, ")"], { shouldBreak: args.some(breaks) }),
  );
}

/** `(a: A, b?: B) => body`: the body moves to the next line when the line is too long; the params break last. */
export function arrowExpr(params: string[], body: Expr, rest = false): Expr {
  const paramList =
    params.length === 0
      ? "()"
      : [
          "(",
          indent([softline, ...params.flatMap((p, i) => (i === 0 ? [p] : [",", line, p]))]),
          rest ? "" : ifBreak(","),
          softline,
          ")",
        ];
  const sameLine = body.kind === "object" || body.kind === "array" || body.kind === "arrow";
  const bodyDoc = sameLine ? [" ", body.doc] : indent([line, body.doc]);
  const expandable =
    body.kind === "object" ||
    body.kind === "array" ||
    body.kind === "call" ||
    (body.kind === "arrow" && body.expandable === true);
  return { doc: group([group(group(paramList)), " =>", group(bodyDoc)]), kind: "arrow", expandable };
}

/** `expression as Type`. */
export function asExpr(expression: Expr, type: string): Expr {
  return { doc: [expression.doc, ` as ${type}`], kind: "as" };
}

/** `key: value` in an object literal, with prettier's choice of where the line may break. */
export function property(key: string, value: Expr): Doc {
  const shortKey = textWidth(key) < 5;
  if (shortKey || value.kind === "boolean" || value.kind === "number") return group([key, ": ", value.doc]);
  if (value.kind === "string" || value.chain) return group([key, ":", group(indent([line, value.doc]))]);
  return fluid(key, ":", value);
}

/** `const name: Type = value;` (or `export const`; the type may be a Doc that breaks), laid out like prettier lays out an assignment. */
export function constStatement(left: Doc, value: Expr): Doc {
  if (value.kind === "boolean" || value.kind === "number") return group([left, " = ", value.doc, ";"]);
  if (value.kind === "string" || value.chain) return [group([left, " =", group(indent([line, value.doc]))]), ";"];
  return [fluid(left, " =", value), ";"];
}

/** The right side stays on the line while its head fits; else it moves to the next line, indented. */
function fluid(left: Doc, operator: string, value: Expr): Doc {
  const id = Symbol("assignment");
  return group([left, operator, group(indent(line), { id }), indentIfBreak(value.doc, { groupId: id })]);
}

/** A string literal (escaped by `stringLiteral`). */
export function stringExpr(text: string): Expr {
  return raw(stringLiteral(text), "string");
}

/** A number as prettier prints it (`1e21`, not `1e+21`); a negative one is a unary expression. */
export function numberExpr(value: number): Expr {
  const text = String(value).toLowerCase().replace("e+", "e");
  return raw(text, text.startsWith("-") ? "unary" : "number");
}

/**
 * A JSON value as an expression that evaluates to it (what `jsonLiteral` writes, laid out):
 * `bigint`s become numbers, keys go through `objectKey` (so `__proto__` is a computed key).
 */
export function valueExpr(value: unknown): Expr {
  if (value === null) return raw("null", "null");
  if (typeof value === "string") return stringExpr(value);
  if (typeof value === "number") return Number.isFinite(value) ? numberExpr(value) : raw("null", "null");
  if (typeof value === "bigint") return numberExpr(Number(value));
  if (typeof value === "boolean") return raw(String(value), "boolean");
  if (Array.isArray(value))
    return arrayExpr(
      value.map((v) => (v === undefined || typeof v === "function" ? raw("null", "null") : valueExpr(v))),
    );
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== undefined && typeof v !== "function",
    );
    return objectExpr(entries.map(([k, v]) => ({ key: objectKey(k), value: valueExpr(v) })));
  }
  return raw("null", "null");
}
