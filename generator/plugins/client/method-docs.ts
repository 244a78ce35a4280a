/** Doc comments for generated methods, from the spec's summary, description, errors and examples. */
import { commentText, jsonLiteral, objectKey, propertyAccess } from "../../print/escape.js";
import type { ExampleModel, MethodModel } from "../../model/document.js";

/** The JSON-RPC 2.0 codes every method can answer with; documented once, on `JsonRpcError`, not per method. */
const GENERIC_CODES = new Set([-32700, -32600, -32601, -32602, -32603]);

export function methodDoc(m: MethodModel, clientVar: string): string {
  const lines: string[] = [];
  const summary = m.summary.trim();
  const description = m.description.trim();
  // Descriptions often open with the summary: show it once.
  const rest = summary && description.startsWith(summary) ? description.slice(summary.length).trim() : description;
  if (summary) lines.push(commentText(summary), "");
  if (rest) lines.push(commentText(rest), "");
  lines.push(`Calls \`${commentText(m.rpcName)}\`.`);
  if (m.limits.length > 0)
    lines.push("", ...m.limits.map((l) => `Checked before sending: ${commentText(l.description)}`));
  if (m.signature === "positional") {
    for (const p of m.params)
      lines.push(
        `@param ${p.argName} ${commentText(p.description) || commentText(p.name)}${p.required ? "" : " (optional)"}`,
      );
  } else if (m.params.length > 0) {
    lines.push(`@param params the params of \`${commentText(m.rpcName)}\`, each documented on {@link ${m.paramsType}}`);
  }
  lines.push(`@param options \`signal\`, \`timeout\` and \`retryCount\` of this call`);
  if (!m.result) lines.push("Sent as a JSON-RPC notification: no id, and no result to wait for.");
  for (const e of m.errors)
    if (!GENERIC_CODES.has(e.code)) lines.push(`@throws {JsonRpcError} code ${e.code}: ${commentText(e.message)}`);
  if (m.deprecated) lines.push("@deprecated");
  const example = m.examples[0];
  if (example) lines.push("@example", ...exampleCall(m, example, clientVar));
  return lines.join("\n");
}

/** A call expression that reproduces a spec example: `await adv.getLogs({ … })`. */
function exampleCall(m: MethodModel, example: ExampleModel, clientVar: string): string[] {
  const value = (name: string): unknown =>
    Object.prototype.hasOwnProperty.call(example.params, name) ? example.params[name] : undefined;
  let args: string;
  if (m.signature === "positional") {
    const values = m.params.map((p) => value(p.name));
    while (values.length > 0 && values[values.length - 1] === undefined) values.pop();
    args = values.map((v) => (v === undefined ? "undefined" : jsonLiteral(v))).join(", ");
  } else {
    const entries = m.params
      .filter((p) => value(p.name) !== undefined)
      .map((p) => `${objectKey(p.name)}: ${jsonLiteral(value(p.name))}`);
    args = entries.length ? `{ ${entries.join(", ")} }` : m.params.some((p) => p.required) ? "{}" : "";
  }
  const member = propertyAccess(m.clientName);
  const call = `const result = await ${clientVar}${member}(${args});`;
  return [
    "```ts",
    ...(example.name ? [`// ${commentText(example.name).replace(/\n/g, " ")}`] : []),
    commentText(call),
    "```",
  ];
}
