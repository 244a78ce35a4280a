/**
 * What the examples check (examples.ts) checks: each example pairing of a method — its params as
 * documented, its result with the x-response-deviations applied — and each `examples` entry
 * written inside a schema, with where each is written and the problems to report when it does not
 * fit. Pure: reads the model only.
 */
import type { DocumentModel, MethodModel, NamedSchema, Problem } from "../model/document.js";
import { pointer } from "../problems.js";

/** One value to check against one schema, and what to say when it does not fit. */
export interface Case {
  /** The named schema (`NamedSchema.name`), and a JSON pointer below it for an example written inside it. */
  schema: string;
  below: string;
  /** Checked against the lenient schema (x-response-deviations applied): results and schema examples. */
  lenient: boolean;
  value: unknown;
  /** What an error at the value's root is about: `(params)`, `(result)`, `(value)`. */
  label: string;
  /** Where the schema is, for the one problem reported when ajv cannot compile it. */
  schemaPointer: string;
  /** The problems for the errors ajv found, as sentences (`/n must be <= 5, found 9`). */
  problems(errors: string[]): Problem[];
}

/** Every example of the document, as cases: the method examples first, in method order. */
export function exampleCases(doc: DocumentModel): Case[] {
  return [...methodCases(doc), ...schemaCases(doc)];
}

/** Each example pairing of each method: its params, and its result when the method has one. */
function methodCases(doc: DocumentModel): Case[] {
  const cases: Case[] = [];
  for (const m of doc.methods) {
    for (const example of m.examples) {
      const problem = (part: string, message: string, hint: string): Problem => ({
        file: example.file ?? doc.source,
        pointer: `${example.pointer}/${part}`,
        message,
        hint,
      });
      cases.push({
        schema: m.paramsType,
        below: "",
        lenient: false,
        value: toJson(example.params),
        label: "(params)",
        schemaPointer: `${m.pointer}/params`,
        problems: (errors) =>
          errors.map((e) =>
            problem(
              "params",
              `example "${example.name}" of ${m.rpcName} has invalid params: ${e}.`,
              "Fix the example, or the param schema if the example is a real published request.",
            ),
          ),
      });
      if (!m.result || !example.hasResult) continue;
      cases.push({
        schema: m.resultType,
        below: "",
        lenient: true,
        value: toJson(example.result),
        label: "(result)",
        schemaPointer: `${m.pointer}/result`,
        problems: (errors) =>
          errors.map((e) =>
            problem(
              "result",
              `example "${example.name}" of ${m.rpcName} has an invalid result: ${e}.`,
              "Fix the example, or declare the deviation with x-response-deviations if real responses do this.",
            ),
          ),
      });
    }
  }
  return cases;
}

/**
 * `examples` written inside schemas (a component, a property, an item): each must fit the
 * schema it is written in, or the client would reject values the document itself shows. The
 * first error of each is reported.
 */
function schemaCases(doc: DocumentModel): Case[] {
  const cases: Case[] = [];
  // The method of each params/result/variant type, found once (a search per schema was quadratic).
  const methodOf = new Map<string, MethodModel>();
  for (const m of doc.methods)
    for (const name of [m.paramsType, m.resultType]) if (!methodOf.has(name)) methodOf.set(name, m);
  for (const named of doc.schemas) {
    const place = schemaPlace(doc, named, methodOf.get(named.name));
    const stack: [unknown, string][] = [[named.lenient, ""]];
    while (stack.length > 0) {
      const [node, below] = stack.pop()!;
      if (node === null || typeof node !== "object") continue;
      const examples = (node as { examples?: unknown }).examples;
      if (!Array.isArray(node) && Array.isArray(examples))
        examples.forEach((example, i) =>
          cases.push({
            schema: named.name,
            below,
            lenient: true,
            value: toJson(example),
            label: "(value)",
            schemaPointer: place.pointer(below),
            problems: (errors) =>
              errors.slice(0, 1).map((e) => ({
                file: place.file,
                pointer: `${place.pointer(below)}/examples/${i}`,
                message: `example ${i} of schema ${named.name} does not fit its schema: ${e}.`,
                hint: "Fix the example, or the schema if the example is a real value.",
              })),
          }),
        );
      // Only objects can hold examples: no place is made for the other values (types, descriptions).
      for (const [key, child] of Object.entries(node)) {
        if (child === null || typeof child !== "object") continue;
        if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples" && key !== "example")
          stack.push([child, `${below}/${pointer(key).slice(1)}`]);
      }
    }
  }
  return cases;
}

/**
 * Where a place inside a named schema is written: its file, and the JSON pointer there of a
 * pointer below the schema. A method's `XParams` object is made by normalize, so its
 * `/properties/<param>` is the param's `schema`; `XResult` is the result's `schema`.
 */
function schemaPlace(
  doc: DocumentModel,
  named: NamedSchema,
  method: MethodModel | undefined,
): { file: string; pointer(below: string): string } {
  const hash = named.pointer.indexOf("#");
  const file = named.pointer.slice(0, hash) || doc.source;
  const at = named.pointer.slice(hash + 1);
  if (named.role === "result") return { file, pointer: (below) => `${at}/schema${below}` };
  if (named.role === "variant") {
    const i = method?.variants.findIndex((v) => v.typeName === named.name) ?? -1;
    return { file, pointer: (below) => `${at}/${i}/schema${below}` };
  }
  if (named.role !== "params" || !method) return { file, pointer: (below) => `${at}${below}` };
  return {
    file,
    pointer: (below) => {
      const [, token, rest] = /^\/properties\/([^/]*)(.*)$/.exec(below) ?? [];
      const i = method.params.findIndex((p) => pointer(p.name).slice(1) === token);
      return token === undefined || i < 0 ? `${at}${below}` : `${at}/${i}/schema${rest}`;
    },
  };
}

/** ajv checks plain JSON; examples hold nothing else but bigints (from exact parsing). */
function toJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v)));
}
