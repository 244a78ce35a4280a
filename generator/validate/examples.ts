/**
 * Lint rule: every example pairing validates against its method's schemas (params exactly as
 * documented; results with the x-response-deviations applied). Checked with ajv, independently
 * of the generated validators, so the two can be compared in tests.
 */
import { Ajv } from "ajv";
import type { DocumentModel, Problem } from "../model.js";

export function validateExamples(doc: DocumentModel): Problem[] {
  const problems: Problem[] = [];
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const definitions = (lenient: boolean): Record<string, unknown> => Object.fromEntries(doc.schemas.map((s) => [s.name, lenient ? s.lenient : s.schema]));
  ajv.addSchema({ $id: "params", definitions: definitions(false) });
  ajv.addSchema({ $id: "results", definitions: definitions(true) });
  for (const m of doc.methods) {
    for (const example of m.examples) {
      const checkParams = ajv.getSchema(`params#/definitions/${m.paramsType}`);
      const params = toNumbers(example.params);
      if (checkParams && !checkParams(params)) {
        for (const e of checkParams.errors ?? []) {
          problems.push({ file: doc.source, pointer: `${example.pointer}/params`, message: `example "${example.name}" of ${m.rpcName} has invalid params: ${e.instancePath || "(params)"} ${e.message}.`, hint: "Fix the example, or the param schema if the example is a real published request." });
        }
      }
      if (!m.result || !example.hasResult) continue;
      const checkResult = ajv.getSchema(`results#/definitions/${m.resultType}`);
      if (checkResult && !checkResult(toNumbers(example.result))) {
        for (const e of checkResult.errors ?? []) {
          problems.push({ file: doc.source, pointer: `${example.pointer}/result`, message: `example "${example.name}" of ${m.rpcName} has an invalid result: ${e.instancePath || "(result)"} ${e.message}.`, hint: "Fix the example, or declare the deviation with x-response-deviations if real responses do this." });
        }
      }
    }
  }
  problems.push(...schemaExamples(doc, ajv));
  return problems.map((p) => ({ ...p, kind: "example" }));
}

/**
 * `examples` written inside schemas (a component, a property, an item): each must fit the
 * schema it is written in, or the client would reject values the document itself shows.
 */
function schemaExamples(doc: DocumentModel, ajv: Ajv): Problem[] {
  const problems: Problem[] = [];
  for (const named of doc.schemas) {
    const stack: [unknown, string][] = [[named.lenient, ""]];
    while (stack.length > 0) {
      const [node, at] = stack.pop()!;
      if (node === null || typeof node !== "object") continue;
      const examples = (node as { examples?: unknown }).examples;
      if (!Array.isArray(node) && Array.isArray(examples) && examples.length > 0) {
        const check = ajv.getSchema(`results#/definitions/${encodePointer(named.name)}${at}`);
        examples.forEach((example, i) => {
          if (!check || check(toNumbers(example))) return;
          const first = check.errors?.[0];
          problems.push({
            file: doc.source,
            pointer: `${named.pointer.split("#")[1] ?? ""}${at}/examples/${i}`,
            message: `example ${i} of schema ${named.name} does not fit its schema: ${first?.instancePath || "(value)"} ${first?.message ?? "is invalid"}.`,
            hint: "Fix the example, or the schema if the example is a real value.",
          });
        });
      }
      for (const [key, child] of Object.entries(node)) {
        if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples" && key !== "example") stack.push([child, `${at}/${encodePointer(key)}`]);
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
