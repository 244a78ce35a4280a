/**
 * Lint rule: every example pairing validates against its method's schemas (params exactly as
 * documented; results with the x-response-deviations applied). Checked with ajv, independently
 * of the generated validators, so the two can be compared in tests.
 */
import { createRequire } from "node:module";
import type { Ajv as AjvClass } from "ajv";
import type { DocumentModel, JsonSchema, Problem } from "../model/document.js";
import { quickErrors, type QuickError } from "./quick-check.js";

/**
 * The errors of `value` against the schema at `ref` (empty when it fits, or when there is no such
 * schema); `schema` is that schema itself, `lenient` whether `ref` is under `results`.
 */
type Check = (ref: string, value: unknown, schema: JsonSchema | undefined, lenient: boolean) => QuickError[];

/** How often ajv was needed, since the process started: read by tests (how many checks quick-check.ts could not answer). */
export const ajvUse = { loads: 0, checks: 0 };

export interface ExamplesOptions {
  /** Check every example with ajv, skipping quick-check.ts: tests compare the two paths with it. */
  ajvOnly?: boolean;
}

/**
 * Compiling is most of the cost here. quick-check.ts answers for most examples without compiling
 * anything, with ajv's own errors for those that do not fit; the others go to ajv, made on demand,
 * where every schema is compiled once and shared: references are compiled as functions of their
 * own (`inlineRefs: false`), not copied into each schema that uses them.
 */
function checker(
  doc: DocumentModel,
  named: Record<"params" | "results", ReadonlyMap<string, JsonSchema>>,
  ajvOnly: boolean,
): Check {
  const definitions = (lenient: boolean): Record<string, unknown> =>
    Object.fromEntries(doc.schemas.map((s) => [s.name, lenient ? s.lenient : s.schema]));
  const make = (): AjvClass => {
    // Loaded on first use: most runs never need it (quick-check.ts answers for every example).
    ajvUse.loads++;
    const { Ajv } = createRequire(import.meta.url)("ajv") as typeof import("ajv");
    // Skipping the optimizer of the generated code compiles faster.
    const ajv = new Ajv({
      strict: false,
      allErrors: true,
      validateFormats: false,
      inlineRefs: false,
      code: { optimize: false },
    });
    ajv.addSchema({ $id: "params", definitions: definitions(false) });
    ajv.addSchema({ $id: "results", definitions: definitions(true) });
    return ajv;
  };
  let ajv: AjvClass | undefined;
  return (ref, value, schema, lenient) => {
    const quick =
      schema === undefined || ajvOnly ? undefined : quickErrors(schema, value, lenient ? named.results : named.params);
    if (quick !== undefined) return quick;
    ajvUse.checks++;
    ajv ??= make();
    const check = ajv.getSchema(ref);
    if (!check || check(value)) return [];
    return (check.errors ?? []).map((e) => ({ instancePath: e.instancePath, message: e.message ?? "is invalid" }));
  };
}

export function validateExamples(doc: DocumentModel, options: ExamplesOptions = {}): Problem[] {
  const problems: Problem[] = [];
  const schemas = {
    params: new Map(doc.schemas.map((s) => [s.name, s.schema])),
    results: new Map(doc.schemas.map((s) => [s.name, s.lenient])),
  };
  const check = checker(doc, schemas, options.ajvOnly === true);
  for (const m of doc.methods) {
    for (const example of m.examples) {
      for (const e of check(
        `params#/definitions/${m.paramsType}`,
        toNumbers(example.params),
        schemas.params.get(m.paramsType),
        false,
      )) {
        problems.push({
          file: doc.source,
          pointer: `${example.pointer}/params`,
          message: `example "${example.name}" of ${m.rpcName} has invalid params: ${e.instancePath || "(params)"} ${e.message}.`,
          hint: "Fix the example, or the param schema if the example is a real published request.",
        });
      }
      if (!m.result || !example.hasResult) continue;
      for (const e of check(
        `results#/definitions/${m.resultType}`,
        toNumbers(example.result),
        schemas.results.get(m.resultType),
        true,
      )) {
        problems.push({
          file: doc.source,
          pointer: `${example.pointer}/result`,
          message: `example "${example.name}" of ${m.rpcName} has an invalid result: ${e.instancePath || "(result)"} ${e.message}.`,
          hint: "Fix the example, or declare the deviation with x-response-deviations if real responses do this.",
        });
      }
    }
  }
  problems.push(...schemaExamples(doc, check));
  return problems.map((p) => ({ ...p, kind: "example" }));
}

/**
 * `examples` written inside schemas (a component, a property, an item): each must fit the
 * schema it is written in, or the client would reject values the document itself shows.
 */
function schemaExamples(doc: DocumentModel, check: Check): Problem[] {
  const problems: Problem[] = [];
  for (const named of doc.schemas) {
    const stack: [unknown, string][] = [[named.lenient, ""]];
    while (stack.length > 0) {
      const [node, at] = stack.pop()!;
      if (node === null || typeof node !== "object") continue;
      const examples = (node as { examples?: unknown }).examples;
      if (!Array.isArray(node) && Array.isArray(examples) && examples.length > 0) {
        const ref = `results#/definitions/${encodePointer(named.name)}${at}`;
        examples.forEach((example, i) => {
          const errors = check(ref, toNumbers(example), node as JsonSchema, true);
          if (errors.length === 0) return;
          const first = errors[0];
          problems.push({
            file: doc.source,
            pointer: `${named.pointer.split("#")[1] ?? ""}${at}/examples/${i}`,
            message: `example ${i} of schema ${named.name} does not fit its schema: ${first?.instancePath || "(value)"} ${first?.message ?? "is invalid"}.`,
            hint: "Fix the example, or the schema if the example is a real value.",
          });
        });
      }
      for (const [key, child] of Object.entries(node)) {
        if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples" && key !== "example")
          stack.push([child, `${at}/${encodePointer(key)}`]);
      }
    }
  }
  return problems;
}

function encodePointer(token: string): string {
  return encodeURIComponent(token.replace(/~/g, "~0").replace(/\//g, "~1")).replace(/%24/g, "$");
}

/** ajv checks `type: integer` on numbers; examples are plain JSON, so nothing to convert but bigints. */
function toNumbers(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null, (_k, v: unknown) => (typeof v === "bigint" ? Number(v) : v)));
}
