/**
 * One schema node → one expression of combinator calls with named options, as a reader would
 * write it: `v.integer({ min: 1, max: 10000 })`, `v.string({ pattern: /^0x/u })`,
 * `v.object({ … }, { required: ["blockchain"], additional: false })`. Options equal to the
 * combinator's default are left out.
 */
import { objectKey, patternFlags, regexLiteral } from "../../print/escape.js";
import type { SchemaNode } from "../../model/schema.js";
import { childrenOf } from "../../model/schema.js";
import {
  breakParent,
  conditionalGroup,
  group,
  ifBreak,
  indent,
  line,
  softline,
  willBreak,
} from "../../print/layout.js";
import {
  arrayExpr,
  callExpr,
  numberExpr,
  objectExpr,
  raw,
  stringExpr,
  valueExpr,
  type Expr,
} from "../../print/js-code.js";
import { identifier } from "../../print/escape.js";

const id = (name: string): string => `${identifier(name)}$`;
const member = (text: string): Expr => raw(text, "member");

/**
 * `/* @__PURE__ *\/ v.lazy(() => body)`, laid out as prettier lays out a call whose one argument is
 * an arrow function: on one line when it fits; else, when the body can break (a call), `() =>` stays
 * after `(` and the body goes to the next line, then `,` and the `)` alone; else (or when even
 * `v.lazy(() =>` is too long) the arrow goes to a line of its own.
 */
function lazyCall(body: Expr): Expr {
  const head = "/* @__PURE__ */ v.lazy";
  const arrow = group(["() =>", group(indent([line, body.doc]))]);
  const broken = group(["(", indent([line, arrow]), ifBreak(","), line, ")"], { shouldBreak: true });
  if (body.kind !== "call" && body.kind !== "object" && body.kind !== "array")
    return { doc: [head, group(["(", indent([softline, arrow]), ifBreak(","), softline, ")"])], kind: "call" };
  const hugged = [
    "(",
    group(["() =>", group([indent([line, body.doc]), ifBreak(","), softline])], { shouldBreak: true }),
    ")",
  ];
  const doc = willBreak(body.doc)
    ? [breakParent, conditionalGroup([hugged, broken])]
    : conditionalGroup([["(", arrow, ")"], hugged, broken]);
  return { doc: [head, doc], kind: "call" };
}

/** `/* @__PURE__ *\/ call(…)`: a bundler may drop the constant when nothing uses it. */
export function pure(expr: Expr): Expr {
  return expr.kind === "call" ? { ...expr, doc: ["/* @__PURE__ */ ", expr.doc] } : expr;
}

/** The names a node refers to directly (not through other named nodes). */
export function directRefs(node: SchemaNode): Set<string> {
  const names = new Set<string>();
  const stack = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.kind === "ref") names.add(n.name);
    else stack.push(...childrenOf(n));
  }
  return names;
}

/** `{ a: 1, b: [] }` from the entries that are set; `undefined` when none is. */
function options(entries: [string, Expr | undefined][]): Expr | undefined {
  const set = entries.filter((e): e is [string, Expr] => e[1] !== undefined);
  return set.length === 0 ? undefined : objectExpr(set.map(([key, value]) => ({ key, value })));
}

const num = (value: number | undefined): Expr | undefined => (value === undefined ? undefined : numberExpr(value));

/** A `pattern` as a regular expression literal, or `new RegExp("…", "u")` when it cannot be one. */
function pattern(p: string): Expr {
  const literal = regexLiteral(p);
  if (literal.startsWith("/")) return raw(literal, "regex");
  const flags = patternFlags(p);
  return { ...callExpr("new RegExp", [stringExpr(p), ...(flags ? [stringExpr(flags)] : [])]), kind: "new" };
}

export class ValidatorCompiler {
  /** `Name: keyword` of every keyword present that the validators do not check. */
  readonly unchecked: string[] = [];
  private current = "";

  /**
   * The validator of the named node `name`: `v.lazy(() => …)`, built on first use and marked pure,
   * so that a bundle keeps only the definitions it reaches and references need no order.
   */
  compile(node: SchemaNode, name: string): Expr {
    this.current = name;
    return lazyCall(this.expr(node));
  }

  private call(callee: string, args: (Expr | undefined)[]): Expr {
    return callExpr(
      callee,
      args.filter((a): a is Expr => a !== undefined),
    );
  }

  private expr(node: SchemaNode): Expr {
    for (const keyword of Object.keys(node.unmodelled ?? {})) this.unchecked.push(`${this.current}: ${keyword}`);
    const main = this.main(node);
    // Keywords few schemas use are their own validators beside the main one (runtime/validate-shapes.ts).
    const rare = this.rare(node);
    return rare.length === 0 ? main : this.call("v.allOf", [arrayExpr([main, ...rare])]);
  }

  /** `multipleOf`, `uniqueItems`, `minProperties`/`maxProperties`, when the node has them. */
  private rare(node: SchemaNode): Expr[] {
    if ((node.kind === "integer" || node.kind === "number") && node.multipleOf !== undefined)
      return [this.call("v.multipleOf", [numberExpr(node.multipleOf)])];
    if ((node.kind === "array" || node.kind === "tuple") && node.uniqueItems) return [member("v.uniqueItems")];
    if (node.kind === "object" && (node.minProperties !== undefined || node.maxProperties !== undefined))
      return [
        this.call("v.propertyCount", [
          options([
            ["min", num(node.minProperties)],
            ["max", num(node.maxProperties)],
          ]),
        ]),
      ];
    return [];
  }

  private main(node: SchemaNode): Expr {
    switch (node.kind) {
      case "ref":
        return raw(id(node.name), "identifier");
      case "unknown":
        return member("v.unknown");
      case "never":
        return member("v.never");
      case "boolean":
        return member("v.boolean");
      case "null":
        return member("v.nul");
      case "string":
        return this.call("v.string", [
          options([
            ["pattern", node.pattern === undefined ? undefined : pattern(node.pattern)],
            ["minLength", num(node.minLength)],
            ["maxLength", num(node.maxLength)],
          ]),
        ]);
      case "integer":
      case "number": {
        // An unsigned 64-bit integer is at least 0 already.
        const min = node.u64 && node.minimum !== undefined && node.minimum <= 0 ? undefined : node.minimum;
        return this.call(node.u64 ? "v.uint64" : `v.${node.kind}`, [
          options([
            ["min", num(min)],
            ["max", num(node.maximum)],
            ["exclusiveMin", num(node.exclusiveMinimum)],
            ["exclusiveMax", num(node.exclusiveMaximum)],
          ]),
        ]);
      }
      case "enum":
        return node.values.length === 0 ? member("v.never") : this.call("v.literal", [valueExpr(node.values)]);
      case "union":
        return this.union(node);
      case "allOf":
        return this.call("v.allOf", [arrayExpr(node.members.map((m) => this.expr(m)))]);
      case "not":
        return this.call("v.not", [this.expr(node.node)]);
      case "array":
        return this.call("v.array", [
          node.items ? this.expr(node.items) : member("v.unknown"),
          options([
            ["minItems", num(node.minItems)],
            ["maxItems", num(node.maxItems)],
          ]),
        ]);
      case "tuple":
        return this.call("v.tuple", [
          arrayExpr(node.items.map((i) => this.expr(i))),
          options([
            [
              "rest",
              node.rest === undefined
                ? undefined
                : node.rest.kind === "never"
                  ? raw("false", "boolean")
                  : this.expr(node.rest),
            ],
            ["minItems", num(node.minItems)],
            ["maxItems", num(node.maxItems)],
          ]),
        ]);
      case "object":
        return this.object(node);
    }
  }

  /** `anyOf`/`oneOf`/a type list, with the members' names (type name of a reference, else `title`) for messages. */
  private union(node: Extract<SchemaNode, { kind: "union" }>): Expr {
    const names = node.members.map((m) => (m.kind === "ref" ? m.name : m.title));
    const named = names.some((n) => n !== undefined);
    const members = arrayExpr(node.members.map((m) => this.expr(m)));
    const rest = options([
      ["rule", node.rule === "anyOf" ? undefined : stringExpr(node.rule)],
      [
        "names",
        named
          ? arrayExpr(names.map((n) => (n === undefined ? raw("undefined", "identifier") : stringExpr(n))))
          : undefined,
      ],
    ]);
    // A discriminated union checks the one member its tag picks (`v.tagged("kind", ["circle", "square"], […])`).
    const tag = node.discriminator;
    return tag
      ? this.call("v.tagged", [stringExpr(tag.property), valueExpr(tag.values), members, rest])
      : this.call("v.anyOf", [members, rest]);
  }

  private object(node: Extract<SchemaNode, { kind: "object" }>): Expr {
    const properties = objectExpr(node.properties.map((p) => ({ key: objectKey(p.name), value: this.expr(p.node) })));
    const required = [...node.properties.filter((p) => p.required).map((p) => p.name), ...node.requiredOnly];
    const extra = node.additional;
    return this.call("v.object", [
      properties,
      options([
        ["required", required.length > 0 ? valueExpr(required) : undefined],
        [
          "additional",
          extra === undefined || (extra.kind === "unknown" && extra.unmodelled === undefined)
            ? undefined
            : extra.kind === "never"
              ? raw("false", "boolean")
              : this.expr(extra),
        ],
        [
          "patterns",
          node.patterns.length > 0
            ? arrayExpr(node.patterns.map((p) => arrayExpr([pattern(p.pattern), this.expr(p.node)])))
            : undefined,
        ],
      ]),
    ]);
  }
}
