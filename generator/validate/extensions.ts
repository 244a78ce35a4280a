/**
 * Lint rule: the `x-` extensions the generator reads (spec/README.md) have the shape it
 * expects. The meta-schema lets any value through under an `x-` key, and these values steer
 * names, paths and code, so each one is checked against a schema of its own before anything
 * uses it: a wrong type is a problem with a pointer, never a crash or a surprise in the output.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import type { LoadedSpec } from "../load.js";
import type { Problem } from "../model.js";
import { subpathProblem } from "../normalize/subpath.js";
import { pointer } from "../problems.js";
import { deref } from "../refs.js";

const name = { type: "string", minLength: 1, maxLength: 200 };
const identifier = { type: "string", pattern: "^[A-Za-z_$][A-Za-z0-9_$]{0,99}$" };
const primitive = { type: ["string", "number", "boolean", "null"] };
const condition = {
  type: "object",
  additionalProperties: false,
  required: ["param"],
  properties: { param: name, property: name, equals: primitive, in: { type: "array", items: primitive, maxItems: 100 }, absent: { const: true } },
};
const methodName = { type: "string", minLength: 1, maxLength: 200 };

const SCHEMAS: Record<string, object> = {
  "x-client": {
    type: "object",
    additionalProperties: false,
    properties: { subpath: { type: "string", maxLength: 64 }, factory: identifier, methodPrefix: { type: "string", maxLength: 64 } },
  },
  "x-endpoint": {
    type: "object",
    additionalProperties: false,
    properties: {
      kind: { enum: ["keyed", "proxy", "plain"] },
      paramStructure: { enum: ["by-name", "by-position"] },
      envelope: { enum: ["jsonrpc", "params-only"] },
      methodIn: { enum: ["body", "query"] },
      network: name,
      transport: { enum: ["https", "wss", "http", "ws"] },
    },
  },
  "x-idempotent": { type: "boolean" },
  "x-limits": {
    type: "array",
    maxItems: 50,
    items: {
      oneOf: [
        { type: "object", additionalProperties: false, required: ["rule", "from", "to", "max"], properties: { rule: { const: "maxBlockSpan" }, from: name, to: name, max: { type: "integer", minimum: 0 }, description: { type: "string" } } },
        { type: "object", additionalProperties: false, required: ["rule", "if", "then"], properties: { rule: { const: "requires" }, if: name, then: name, description: { type: "string" } } },
      ],
    },
  },
  "x-result-variants": {
    type: "array",
    maxItems: 50,
    items: {
      type: "object",
      additionalProperties: false,
      required: ["name", "when", "schema"],
      properties: {
        name: { type: "string", pattern: "^[A-Za-z][A-Za-z0-9]{0,63}$" },
        when: condition,
        schema: { type: ["object", "boolean"] },
      },
    },
  },
  "x-subscription": {
    type: "object",
    additionalProperties: false,
    required: ["notification", "unsubscribe", "item"],
    properties: {
      notification: methodName,
      unsubscribe: methodName,
      item: { type: ["object", "boolean"] },
      variants: {
        type: "array",
        maxItems: 50,
        items: {
          type: "object",
          additionalProperties: false,
          required: ["name", "when", "item"],
          properties: {
            name: { type: "string", pattern: "^[A-Za-z][A-Za-z0-9]{0,63}$" },
            when: condition,
            params: { type: "array", items: name, maxItems: 100, uniqueItems: true },
            item: { type: ["object", "boolean"] },
            backfill: { enum: ["blocks", "logs"] },
          },
        },
      },
    },
  },
  "x-response-deviations": {
    type: "object",
    additionalProperties: false,
    properties: { omitted: { type: "array", items: name }, nullable: { type: "array", items: name }, evidence: { type: "array", items: { type: "string" } } },
  },
};

let compiled: Map<string, ValidateFunction> | undefined;

function validators(): Map<string, ValidateFunction> {
  if (compiled) return compiled;
  const ajv = new Ajv({ strict: false, allErrors: true });
  compiled = new Map(Object.entries(SCHEMAS).map(([key, schema]) => [key, ajv.compile(schema)]));
  return compiled;
}

export function lintExtensions(spec: LoadedSpec): Problem[] {
  const file = spec.entry;
  const doc = spec.files.get(file) as { methods?: unknown[]; servers?: unknown[]; "x-client"?: { subpath?: unknown } };
  const problems: Problem[] = [];
  const check = (where: string, at: string, key: string, value: unknown): void => {
    if (value === undefined) return;
    const validate = validators().get(key)!;
    if (!validate(value)) for (const e of validate.errors ?? []) problems.push(problem(where, `${at}/${key}`, key, e));
  };
  check(file, "", "x-client", doc["x-client"]);
  const subpath = doc["x-client"]?.subpath;
  if (typeof subpath === "string") {
    const why = subpathProblem(subpath);
    if (why) problems.push({ file, pointer: "/x-client/subpath", message: `x-client.subpath "${subpath}" ${why}.`, hint: 'It names the package subpath and the folder under src/: use a plain name such as "advanced".' });
  }
  (doc.servers ?? []).forEach((server, i) => check(file, pointer("servers", i), "x-endpoint", (server as Record<string, unknown> | null)?.["x-endpoint"]));
  (doc.methods ?? []).forEach((raw, i) => {
    const found = deref<Record<string, unknown>>(spec.files, file, pointer("methods", i), raw);
    if (!found || found.value === null || typeof found.value !== "object") return;
    for (const key of ["x-idempotent", "x-limits", "x-result-variants", "x-subscription"]) check(found.file, found.pointer, key, found.value[key]);
  });
  for (const [name, root] of spec.files) for (const [at, value] of occurrences(root, "x-response-deviations")) check(name, at, "x-response-deviations", value);
  return problems;
}

/** Every value under `key` anywhere in a document, with the pointer of the object holding it. */
function occurrences(root: unknown, key: string): [string, unknown][] {
  const found: [string, unknown][] = [];
  const stack: [unknown, string][] = [[root, ""]];
  while (stack.length > 0) {
    const [node, at] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (!Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, key)) found.push([at, (node as Record<string, unknown>)[key]]);
    for (const [k, child] of Object.entries(node)) if (k !== key) stack.push([child, `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`]);
  }
  return found;
}

function problem(file: string, at: string, key: string, e: ErrorObject): Problem {
  const params = e.params as Record<string, unknown>;
  const detail =
    e.keyword === "additionalProperties"
      ? `has an unknown field "${String(params.additionalProperty)}"`
      : e.keyword === "enum"
        ? `must be one of ${JSON.stringify(params.allowedValues)}`
        : e.keyword === "required"
          ? `is missing "${String(params.missingProperty)}"`
          : (e.message ?? "is invalid");
  return { file, pointer: `${at}${e.instancePath}`, message: `${key}${e.instancePath.replace(/\//g, ".")} ${detail}.`, hint: "See spec/README.md (Extensions read by the generator) for the shape of each extension." };
}
