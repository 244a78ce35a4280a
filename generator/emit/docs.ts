/** Doc comments for generated methods, from the spec's summary, description, errors and examples. */
import type { ExampleModel, MethodModel } from "../model.js";
import { docText } from "./schema-walk.js";

export function methodDoc(m: MethodModel, clientVar: string): string {
  const lines: string[] = [];
  if (m.summary) lines.push(docText(m.summary), "");
  if (m.description && m.description !== m.summary) lines.push(docText(m.description), "");
  lines.push(`Calls \`${m.rpcName}\`.`);
  if (m.limits.length > 0) lines.push("", ...m.limits.map((l) => `Checked before sending: ${docText(l.description)}`));
  if (m.signature === "positional") {
    for (const p of m.params) lines.push(`@param ${p.argName} ${docText(p.description) || p.name}${p.required ? "" : " (optional)"}`);
  } else if (m.params.length > 0) {
    lines.push(`@param params ${m.params.map((p) => `\`${p.name}\`${p.required ? "" : "?"}`).join(", ")}`);
  }
  lines.push(`@param options \`signal\`, \`timeout\` and \`retryCount\` of this call`);
  if (!m.result) lines.push("Sent as a JSON-RPC notification: no id, and no result to wait for.");
  for (const e of m.errors) lines.push(`@throws {JsonRpcError} code ${e.code}: ${docText(e.message)}`);
  if (m.deprecated) lines.push("@deprecated");
  const example = m.examples[0];
  if (example) lines.push("@example", ...exampleCall(m, example, clientVar));
  return lines.join("\n");
}

/** A call expression that reproduces a spec example: `await adv.getLogs({ … })`. */
function exampleCall(m: MethodModel, example: ExampleModel, clientVar: string): string[] {
  const literal = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? Number(x) : x));
  let args: string;
  if (m.signature === "positional") {
    const values = m.params.map((p) => example.params[p.name]);
    while (values.length > 0 && values[values.length - 1] === undefined) values.pop();
    args = values.map((v) => (v === undefined ? "undefined" : literal(v))).join(", ");
  } else {
    const entries = m.params.filter((p) => example.params[p.name] !== undefined).map((p) => `${p.key}: ${literal(example.params[p.name])}`);
    args = entries.length ? `{ ${entries.join(", ")} }` : m.params.some((p) => p.required) ? "{}" : "";
  }
  const call = `const result = await ${clientVar}.${m.clientName}(${args});`;
  return ["```ts", ...(example.name ? [`// ${docText(example.name)}`] : []), docText(call), "```"];
}
