/**
 * `src/mcp/tools/<subpath>.ts`: the MCP tools of one document, as data the runtime serves
 * (runtime/mcp-tools.ts): per request method its tool name, title, description, `inputSchema` (the
 * params by name, from the documented schemas), `outputSchema` (the result as real answers send it:
 * the lenient schemas, with `x-response-deviations`) and `readOnlyHint` (`x-idempotent`). The schemas
 * are made at generation time from the model's schema nodes (generator/model/json-schema.ts), so
 * nothing at run time compiles or resolves a schema.
 */
import { nodeDefinitions } from "../../model/definitions.js";
import type { DocumentModel, MethodModel } from "../../model/document.js";
import { selfContainedSchema, type JsonSchemaObject } from "../../model/json-schema.js";
import { jsonTypes, resolveNode, type SchemaDefinitions } from "../../model/schema.js";
import { getOwn, setOwn } from "../../own.js";
import { commentText, stringLiteral } from "../../print/escape.js";
import { header } from "../../print/generated-header.js";
import { printDoc } from "../../print/layout.js";
import {
  arrayExpr,
  constStatement,
  objectExpr,
  raw,
  stringExpr,
  valueExpr,
  type Property,
} from "../../print/js-code.js";
import { jsDocLines } from "../../print/ts-code.js";
import { toolMethods } from "./names.js";

/** One tool as the table holds it. */
export interface ToolEntry {
  name: string;
  method: string;
  title?: string;
  description: string;
  inputSchema: JsonSchemaObject;
  outputSchema: JsonSchemaObject;
  wrap: boolean;
  readOnly: boolean;
}

/** The tools of `doc`, named by `names` (./names.ts). */
export function toolEntries(doc: DocumentModel, names: ReadonlyMap<MethodModel, string>): ToolEntry[] {
  const strict = nodeDefinitions(doc.schemas, false);
  const lenient = nodeDefinitions(doc.schemas, true);
  return toolMethods(doc).map((m) => {
    const output = outputSchema(m, lenient);
    return {
      name: names.get(m)!,
      method: m.rpcName,
      ...(m.summary.trim() ? { title: m.summary.trim() } : {}),
      description: toolDescription(doc, m),
      inputSchema: inputSchema(m, strict),
      outputSchema: output.schema,
      wrap: output.wrap,
      readOnly: m.idempotent,
    };
  });
}

/** The params as one object schema by name: `type: "object"`, `properties` (always), `required`. */
export function inputSchema(m: MethodModel, definitions: SchemaDefinitions): JsonSchemaObject {
  const params = definitions.get(m.paramsType);
  const schema = params ? selfContainedSchema(params, definitions) : { type: "object", additionalProperties: false };
  const properties = (getOwn(schema, "properties") ?? {}) as JsonSchemaObject;
  // A param that is a bare `$ref` keeps its description beside it (normalize leaves it off the ref).
  for (const p of m.params) {
    const property = getOwn(properties, p.name) as JsonSchemaObject | undefined;
    if (property && property.description === undefined && p.description.trim() !== "")
      setOwn(properties, p.name, { description: p.description.trim(), ...property });
  }
  return { ...schema, type: "object", properties };
}

/**
 * The result's schema, with `x-response-deviations` applied. A result that is always an object is the
 * schema itself; any other (a string, an array, an object or `null`) is wrapped as `{ result }`, since
 * `structuredContent` must be an object.
 */
export function outputSchema(
  m: MethodModel,
  definitions: SchemaDefinitions,
): { schema: JsonSchemaObject; wrap: boolean } {
  const root = resolveNode({ kind: "ref", name: m.resultType, pointer: m.result?.pointer ?? "" }, definitions);
  const { $defs, ...schema } = selfContainedSchema(root, definitions);
  const types = jsonTypes(root, definitions);
  if (types.length === 1 && types[0] === "object")
    return { schema: { ...schema, type: "object", ...($defs ? { $defs } : {}) }, wrap: false };
  return {
    schema: {
      type: "object",
      description: `The result of \`${m.rpcName}\`, as \`result\`.`,
      properties: { result: schema },
      required: ["result"],
      additionalProperties: false,
      ...($defs ? { $defs } : {}),
    },
    wrap: true,
  };
}

/** The summary and description, the method it calls, and how to page when it pages. */
function toolDescription(doc: DocumentModel, m: MethodModel): string {
  const parts = [m.summary.trim(), m.description.trim()].filter((t, i, all) => t !== "" && all.indexOf(t) === i);
  parts.push(`Calls the JSON-RPC method \`${m.rpcName}\` of the ${doc.title}.`);
  if (m.pagination)
    parts.push(
      `Results come in pages: pass the result's \`${m.pagination.nextField}\` as \`${m.pagination.tokenParam}\` to get the next one.`,
    );
  if (m.deprecated) parts.push("Deprecated.");
  return parts.join("\n\n");
}

/** The module's text: the document's toolset (its client's method table, title, default URL and tools). */
export function emitToolTable(doc: DocumentModel, tools: readonly ToolEntry[], url: string | undefined): string {
  const entries = tools.map((t) =>
    objectExpr(
      [
        { key: "name", value: stringExpr(t.name) },
        { key: "method", value: stringExpr(t.method) },
        ...(t.title !== undefined ? [{ key: "title", value: stringExpr(t.title) }] : []),
        { key: "description", value: stringExpr(t.description) },
        { key: "inputSchema", value: valueExpr(t.inputSchema) },
        { key: "outputSchema", value: valueExpr(t.outputSchema) },
        ...(t.wrap ? [{ key: "wrap", value: raw("true", "boolean") }] : []),
        { key: "annotations", value: valueExpr({ readOnlyHint: t.readOnly, openWorldHint: true }) },
      ],
      true,
    ),
  );
  const table: Property[] = [
    { key: "api", value: raw("api", "identifier") },
    { key: "title", value: stringExpr(doc.title) },
    ...(url !== undefined ? [{ key: "url", value: stringExpr(url) }] : []),
    { key: "tools", value: arrayExpr(entries) },
  ];
  return [
    header(doc.source, "MCP tools"),
    `import type { McpToolset } from "../../runtime/mcp-tools.js";`,
    `import { api } from ${stringLiteral(`../../${doc.subpath}/api.js`)};`,
    "",
    ...jsDocLines(
      `The MCP tools of the ${commentText(doc.title)}: one per request method (subscriptions are left out), with the JSON Schemas of its params and result.`,
    ),
    printDoc(constStatement("export const toolset: McpToolset", objectExpr(table, true))),
    "",
  ].join("\n");
}

/**
 * The endpoint a document's spec gives, for the server to use when none is passed: the keyed
 * HTTP(S) server's URL without its `/{apiKey}` segment, else a plain HTTP(S) server's, with the
 * variables' defaults filled in. `undefined` when no server gives a whole http(s) URL.
 */
export function defaultUrl(doc: DocumentModel): string | undefined {
  const web = doc.servers.filter((s) => s.transport === "https" || s.transport === "http");
  const server = web.find((s) => s.kind === "keyed") ?? web.find((s) => s.kind === "plain");
  if (!server) return undefined;
  let url = server.kind === "keyed" ? server.url.replace(/\/\{apiKey\}$/, "") : server.url;
  url = url.replace(/\{([^{}]+)\}/g, (whole, name: string) => getOwn(server.variables, name)?.default ?? whole);
  return /^https?:\/\/[^\s{}]+$/.test(url) ? url : undefined;
}
