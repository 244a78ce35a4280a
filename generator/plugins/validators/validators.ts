/**
 * Compiles schemas into calls of the runtime's validator combinators (runtime/validate.ts):
 * request validators into `validators.ts`, result validators into `result-validators.ts`
 * (loaded only when response validation is on). No schema compiler ships with the client.
 */
import { identifier, objectKey, patternFlags, regexLiteral } from "../../print/escape.js";
import type { DocumentModel, JsonSchema, SchemaObject } from "../../model/document.js";
import { printDoc } from "../../print/doc.js";
import {
  arrayExpr,
  arrowExpr,
  callExpr,
  constStatement,
  numberExpr,
  objectExpr,
  raw,
  stringExpr,
  valueExpr,
  type Expr,
} from "../../print/js-code.js";
import { definitionsOf, reachable, refName } from "../types/schema-walk.js";

/** Keywords the combinators do not check; reported so nobody assumes they are enforced. */
const UNCHECKED = [
  "propertyNames",
  "minProperties",
  "maxProperties",
  "uniqueItems",
  "multipleOf",
  "dependencies",
  "if",
  "contains",
];

export interface ValidatorsOutput {
  code: string;
  /** `pointer: keyword` of every keyword that is not checked at run time. */
  unchecked: string[];
}

export function emitValidators(doc: DocumentModel, side: "params" | "result", header: string): ValidatorsOutput {
  const lenient = side === "result";
  const definitions = definitionsOf(doc.schemas, lenient);
  const roots = doc.methods.flatMap((m) => {
    if (side === "params") return [{ key: m.rpcName, name: m.paramsType }];
    return m.result ? [{ key: m.rpcName, name: m.resultType }] : [];
  });
  // Subscription items, per subscribe method: the general item type, then one per variant.
  const items =
    side === "result"
      ? doc.methods
          .filter((m) => m.subscription)
          .map((m) => ({
            key: m.rpcName,
            names: [m.subscription!.itemType, ...m.subscription!.variants.map((v) => v.itemType)],
          }))
      : [];
  const needed = reachable(
    [...roots.map((r) => r.name), ...items.flatMap((i) => i.names)].map((name) => ({ $ref: `#/definitions/${name}` })),
    definitions,
  );
  const compiler = new Compiler(definitions, needed);
  const order = compiler.order([...needed].sort());
  const lines = order.map((name) =>
    printDoc(constStatement(`const ${id(name)}: Validator`, compiler.compile(definitions.get(name)!, name))),
  );
  const table = (left: string, entries: { key: string; value: Expr }[]): string =>
    printDoc(
      constStatement(
        left,
        objectExpr(
          entries.map((e) => ({ key: objectKey(e.key), value: e.value })),
          true,
        ),
      ),
    );
  const itemTable =
    items.length === 0
      ? []
      : [
          "",
          "/** Validators of the items of each subscription: the general item, then one per variant, in spec order. */",
          table(
            "export const itemValidators: Readonly<Record<string, readonly Validator[]>>",
            items.map((i) => ({ key: i.key, value: arrayExpr(i.names.map((n) => raw(id(n), "identifier"))) })),
          ),
        ];
  const exportName = side === "params" ? "validators" : "resultValidators";
  const what =
    side === "params"
      ? "params (as an object keyed by param name)"
      : "results (with the spec's x-response-deviations applied)";
  const code = [
    header,
    // The combinators module directly (not a namespace re-export), so bundlers drop unused ones.
    `import * as v from "../runtime/validate.js";`,
    `import type { Validator } from "../runtime/validate.js";`,
    "",
    ...lines,
    "",
    `/** Validators of the ${what}, by method name. */`,
    table(
      `export const ${exportName}: Readonly<Record<string, Validator>>`,
      roots.map((r) => ({ key: r.key, value: raw(id(r.name), "identifier") })),
    ),
    ...itemTable,
    "",
  ].join("\n");
  return { code, unchecked: compiler.unchecked };
}

/** Validator constants are suffixed so they never shadow a type name in the reader's head. */
const id = (name: string): string => `${identifier(name)}$`;

class Compiler {
  readonly unchecked: string[] = [];
  private readonly declared = new Set<string>();
  private current = "";

  constructor(
    private readonly definitions: Map<string, JsonSchema>,
    private readonly needed: Set<string>,
  ) {}

  /** Dependencies first, so that most references are plain identifiers; cycles use `v.lazy`. */
  order(names: string[]): string[] {
    const out: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (name: string): void => {
      if (state.has(name)) return;
      state.set(name, "visiting");
      for (const dep of [...reachable([this.definitions.get(name) ?? true], new Map())].sort())
        if (this.needed.has(dep)) visit(dep);
      state.set(name, "done");
      out.push(name);
    };
    names.forEach(visit);
    return out;
  }

  compile(schema: JsonSchema, name?: string): Expr {
    if (name !== undefined) this.current = name;
    const expr = this.expr(schema);
    if (name !== undefined) this.declared.add(name);
    return expr;
  }

  private expr(schema: JsonSchema): Expr {
    if (schema === true) return member("v.unknown");
    if (schema === false) return member("v.never");
    const s = schema;
    for (const k of UNCHECKED) if (k in s) this.unchecked.push(`${this.current}: ${k}`);
    const parts: Expr[] = [];
    const ref = refName(s.$ref);
    if (ref !== undefined) {
      const lazy = (): Expr =>
        callExpr("v.lazy", [
          arrowExpr([], raw(id(ref), "identifier")),
          valueExpr(staticTypes(this.definitions.get(ref), this.definitions)),
          stringExpr(ref),
        ]);
      parts.push(this.declared.has(ref) ? raw(id(ref), "identifier") : lazy());
    }
    if (Array.isArray(s.enum)) parts.push(callExpr("v.literal", [valueExpr(s.enum)]));
    else if ("const" in s) parts.push(callExpr("v.literal", [arrayExpr([valueExpr(s.const)])]));
    else {
      const typed = this.byType(s);
      if (typed) parts.push(typed);
    }
    if (Array.isArray(s.anyOf)) parts.push(this.union(s.anyOf as JsonSchema[], "anyOf"));
    if (Array.isArray(s.oneOf)) parts.push(this.union(s.oneOf as JsonSchema[], "oneOf"));
    if (Array.isArray(s.allOf)) parts.push(...s.allOf.map((b) => this.expr(b as JsonSchema)));
    if (s.not !== undefined) parts.push(callExpr("v.not", [this.expr(s.not as JsonSchema)]));
    if (parts.length === 0) return member("v.unknown");
    return parts.length === 1 ? parts[0]! : callExpr("v.allOf", [arrayExpr(parts)]);
  }

  /** `anyOf`/`oneOf`, with the branches' names (type name of a `$ref`, else `title`) for messages. */
  private union(branches: JsonSchema[], rule: "anyOf" | "oneOf"): Expr {
    const exprs = branches.map((b) => this.expr(b));
    const names = branches.map((b) =>
      typeof b === "object" ? (refName(b.$ref) ?? (typeof b.title === "string" ? b.title : undefined)) : undefined,
    );
    const args = [arrayExpr(exprs)];
    if (rule === "oneOf" || names.some((n) => n !== undefined)) args.push(stringExpr(rule));
    if (names.some((n) => n !== undefined))
      args.push(arrayExpr(names.map((n) => (n === undefined ? raw("undefined", "identifier") : stringExpr(n)))));
    return callExpr("v.anyOf", args);
  }

  /** The `type` keyword (or the type implied by the keywords present) with its constraints. */
  private byType(s: SchemaObject): Expr | undefined {
    const types = Array.isArray(s.type)
      ? (s.type as string[])
      : typeof s.type === "string"
        ? [s.type]
        : impliedTypes(s);
    if (types.length === 0) return undefined;
    const branches = types.map((t) => this.oneType(t, s));
    return branches.length === 1 ? branches[0] : callExpr("v.anyOf", [arrayExpr(branches), stringExpr("type")]);
  }

  private oneType(type: string, s: SchemaObject): Expr {
    const num = (k: string): Expr => (typeof s[k] === "number" ? numberExpr(s[k] as number) : UNDEFINED);
    const bool = (value: boolean): Expr => raw(String(value), "boolean");
    switch (type) {
      case "string":
        return callExpr("v.string", trimArgs([pattern(s.pattern), num("minLength"), num("maxLength")]));
      case "integer":
        if (s.format === "uint64") return member("v.uint64");
        return callExpr(
          "v.number",
          trimArgs([bool(true), num("minimum"), num("maximum"), num("exclusiveMinimum"), num("exclusiveMaximum")]),
        );
      case "number":
        return callExpr(
          "v.number",
          trimArgs([bool(false), num("minimum"), num("maximum"), num("exclusiveMinimum"), num("exclusiveMaximum")]),
        );
      case "boolean":
        return member("v.boolean");
      case "null":
        return member("v.nul");
      case "array":
        return this.array(s, num);
      case "object":
        return this.object(s);
      default:
        return member("v.unknown");
    }
  }

  private array(s: SchemaObject, num: (k: string) => Expr): Expr {
    if (Array.isArray(s.items)) {
      const rest =
        s.additionalItems === undefined || s.additionalItems === true
          ? member("v.unknown")
          : this.expr(s.additionalItems as JsonSchema);
      return callExpr("v.tuple", [
        arrayExpr(s.items.map((i) => this.expr(i as JsonSchema))),
        ...trimArgs([rest, num("minItems"), num("maxItems")]),
      ]);
    }
    const items = s.items === undefined ? member("v.unknown") : this.expr(s.items as JsonSchema);
    return callExpr("v.array", trimArgs([items, num("minItems"), num("maxItems")]));
  }

  private object(s: SchemaObject): Expr {
    const props = Object.entries((s.properties ?? {}) as Record<string, JsonSchema>).map(([k, p]) => ({
      key: objectKey(k),
      value: this.expr(p),
    }));
    const required = valueExpr(Array.isArray(s.required) ? s.required : []);
    const extra =
      s.additionalProperties === false
        ? raw("false", "boolean")
        : s.additionalProperties === undefined || s.additionalProperties === true
          ? undefined
          : this.expr(s.additionalProperties as JsonSchema);
    const patterns = Object.entries((s.patternProperties ?? {}) as Record<string, JsonSchema>).map(([re, p]) =>
      arrayExpr([pattern(re), this.expr(p)]),
    );
    const args = [objectExpr(props), required];
    if (extra !== undefined || patterns.length > 0) args.push(extra ?? member("v.unknown"));
    if (patterns.length > 0) args.push(arrayExpr(patterns));
    return callExpr("v.object", args);
  }
}

const UNDEFINED = raw("undefined", "identifier");

function member(text: string): Expr {
  return raw(text, "member");
}

/** A `pattern` as a regular expression literal, or `new RegExp("…", "u")` when it cannot be one. */
function pattern(p: unknown): Expr {
  if (typeof p !== "string") return UNDEFINED;
  const literal = regexLiteral(p);
  if (literal.startsWith("/")) return raw(literal, "regex");
  const flags = patternFlags(p);
  return { ...callExpr("new RegExp", [stringExpr(p), ...(flags ? [stringExpr(flags)] : [])]), kind: "new" };
}

/** Drops trailing `undefined` arguments. */
function trimArgs(args: Expr[]): Expr[] {
  const out = [...args];
  while (out.length > 0 && out[out.length - 1] === UNDEFINED) out.pop();
  return out;
}

function impliedTypes(s: SchemaObject): string[] {
  if ("properties" in s || "required" in s || "additionalProperties" in s || "patternProperties" in s)
    return ["object"];
  if ("items" in s || "minItems" in s || "maxItems" in s) return ["array"];
  if ("pattern" in s || "minLength" in s || "maxLength" in s) return ["string"];
  if ("minimum" in s || "maximum" in s) return ["number"];
  return [];
}

/** JSON types a schema can accept, for `v.lazy` (so `anyOf` can pick the closest branch). */
function staticTypes(schema: JsonSchema | undefined, definitions: Map<string, JsonSchema>, depth = 0): string[] {
  if (schema === undefined || typeof schema === "boolean" || depth > 10) return ["any"];
  if (Array.isArray(schema.type)) return (schema.type as string[]).map((t) => (t === "number" ? "number" : t));
  if (typeof schema.type === "string") return [schema.type];
  if (Array.isArray(schema.enum)) return [...new Set((schema.enum as unknown[]).map(jsonType))];
  const ref = refName(schema.$ref);
  if (ref) return staticTypes(definitions.get(ref), definitions, depth + 1);
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) return [...new Set(branches.flatMap((b) => staticTypes(b, definitions, depth + 1)))];
  const implied = impliedTypes(schema);
  return implied.length ? implied : ["any"];
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}
