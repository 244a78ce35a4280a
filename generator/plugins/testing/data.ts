/**
 * `src/<subpath>/testing-data.ts`: what the test kit needs of a document beyond its method table,
 * as data: the result schemas (and result variants) of its methods as the nodes the value maker reads
 * (runtime/mock-schema.ts: the schema model without its annotations, so the generated values are the
 * mock server's), the named nodes they reach, and the examples with a result. Left out, so that what
 * the kit answers without a handler fits the documented schema (as the mock server's answers do):
 * an example whose values hold an integer beyond 2^53 (the model reads it inexactly, the kit would
 * serve a wrong number), and the examples of a method whose result reaches a schema with
 * `x-response-deviations` (real samples, checked against the lenient schema: they may lack what the
 * documented one requires). Such a method answers with values made from its documented schema.
 */
import type { DocumentModel, MethodModel } from "../../model/document.js";
import { nodeDefinitions } from "../../model/definitions.js";
import { reachableNames, type SchemaNode } from "../../model/schema.js";
import { objectKey } from "../../print/escape.js";
import { arrayExpr, asExpr, constStatement, objectExpr, valueExpr, type Property } from "../../print/js-code.js";
import { docComment, statements } from "../../print/ts-code.js";

/** The module's text (after `header`). */
export function emitTestingData(doc: DocumentModel, header: string): string {
  const definitions = nodeDefinitions(doc.schemas, false);
  const deviating = new Set(doc.schemas.filter((s) => s.lenient !== s.schema).map((s) => s.name));
  const documented = (m: MethodModel): boolean =>
    deviating.size === 0 || ![...reachableNames(resultRoots(m), definitions)].some((n) => deviating.has(n));
  const roots = doc.methods.flatMap((m) => resultRoots(m));
  const names = [...reachableNames(roots, definitions)].sort();
  const table = objectExpr(
    [
      {
        key: "definitions",
        value: objectExpr(
          names.map((name) => ({ key: objectKey(name), value: valueExpr(compact(definitions.get(name)!)) })),
          names.length > 0,
        ),
      },
      {
        key: "methods",
        value: objectExpr(
          doc.methods.map((m) => methodEntry(m, documented(m))),
          doc.methods.length > 0,
        ),
      },
    ],
    true,
  );
  return `${header}${statements([
    'import type { TestingData } from "../runtime/testing.js";',
    [
      docComment(
        "The result schemas of the methods as the test kit's value maker reads them, the named schemas they reach, and the examples.",
      ),
      // `as const`: in a `Record<string, …>`, a key named like an Object.prototype member (`toString`)
      // is typed from that member, and its literals (`kind: "ref"`) would widen to `string`.
      constStatement("export const data: TestingData", asExpr(table, "const")),
    ],
  ])}`;
}

/** The reference nodes of a method's result and of its result variants. */
function resultRoots(m: MethodModel): SchemaNode[] {
  if (!m.result) return [];
  return [ref(m.resultType), ...m.variants.map((v) => ref(v.typeName))];
}

const ref = (name: string): SchemaNode => ({ kind: "ref", name, pointer: "" });

/** A method's entry; `examples`: whether its examples may be served (see the module's comment). */
function methodEntry(m: MethodModel, examples: boolean): Property {
  const parts: Property[] = [];
  if (m.result) {
    parts.push({ key: "result", value: valueExpr(compact(ref(m.resultType))) });
    if (m.variants.length > 0)
      parts.push({
        key: "variants",
        value: arrayExpr(
          m.variants.map((v) =>
            objectExpr([
              { key: "when", value: valueExpr(v.when) },
              { key: "result", value: valueExpr(compact(ref(v.typeName))) },
            ]),
          ),
        ),
      });
    const served = examples
      ? m.examples.filter((e) => e.hasResult && exactEnough(e.params) && exactEnough(e.result))
      : [];
    if (served.length > 0)
      parts.push({
        key: "examples",
        value: arrayExpr(served.map((e) => valueExpr({ params: e.params, result: e.result }))),
      });
  }
  return { key: objectKey(m.rpcName), value: objectExpr(parts) };
}

/** Whether every number in a value is one the model read exactly (a safe integer, or not an integer). */
function exactEnough(value: unknown): boolean {
  if (typeof value === "number") return !Number.isInteger(value) || Number.isSafeInteger(value);
  if (Array.isArray(value)) return value.every(exactEnough);
  if (value !== null && typeof value === "object") return Object.values(value).every(exactEnough);
  return true;
}

/**
 * A schema node as the value maker reads it: the kinds and the keywords that say what a value may be,
 * without annotations, pointers or empty lists.
 */
export function compact(node: SchemaNode): Record<string, unknown> {
  switch (node.kind) {
    case "ref":
      return { kind: "ref", name: node.name };
    case "object":
      return pick({
        kind: "object",
        properties:
          node.properties.length > 0
            ? node.properties.map((p) => ({ name: p.name, required: p.required, node: compact(p.node) }))
            : undefined,
        requiredOnly: node.requiredOnly.length > 0 ? node.requiredOnly : undefined,
        patterns:
          node.patterns.length > 0
            ? node.patterns.map((p) => ({ pattern: p.pattern, node: compact(p.node) }))
            : undefined,
        additional: node.additional && compact(node.additional),
        minProperties: node.minProperties,
        maxProperties: node.maxProperties,
      });
    case "array":
      return pick({
        kind: "array",
        items: node.items && compact(node.items),
        minItems: node.minItems,
        maxItems: node.maxItems,
        uniqueItems: node.uniqueItems,
      });
    case "tuple":
      return pick({
        kind: "tuple",
        items: node.items.map(compact),
        rest: node.rest && compact(node.rest),
        minItems: node.minItems,
        maxItems: node.maxItems,
        uniqueItems: node.uniqueItems,
      });
    case "union":
      return node.rule === "oneOf"
        ? { kind: "union", rule: "oneOf", members: node.members.map(compact) }
        : { kind: "union", members: node.members.map(compact) };
    case "allOf":
      return { kind: node.kind, members: node.members.map(compact) };
    case "not":
      return { kind: "not", node: compact(node.node) };
    case "enum":
      return { kind: "enum", rule: node.rule, values: node.values };
    case "string":
      return pick({
        kind: "string",
        format: node.format,
        pattern: node.pattern,
        minLength: node.minLength,
        maxLength: node.maxLength,
      });
    case "integer":
    case "number":
      return pick({
        kind: node.kind,
        minimum: node.minimum,
        maximum: node.maximum,
        exclusiveMinimum: node.exclusiveMinimum,
        exclusiveMaximum: node.exclusiveMaximum,
        multipleOf: node.multipleOf,
        u64: node.u64,
      });
    default:
      return { kind: node.kind };
  }
}

/** The entries that are set. */
function pick(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== false));
}
