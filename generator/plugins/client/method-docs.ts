/**
 * Doc comments for generated methods, from the spec's summary, description, errors and examples.
 *
 * A method with result variants (`x-result-variants`) is an overload set; it gets one doc comment,
 * on its first overload. TypeScript shows that comment for every overload without one of its own
 * (hover and quick info), so nothing is repeated in the source: the description, the params and
 * each `@throws` are written once, a list says which overload gives which result type, and every
 * example is shown with the overload it calls (the one whose condition its params meet).
 */
import { commentText, valueLiteral } from "../../print/escape.js";
import type { ExampleModel, MethodModel, ResultVariant, VariantCondition } from "../../model/document.js";
import { printDoc } from "../../print/layout.js";
import { PRINT_WIDTH } from "../../print/options.js";
import { constStatement } from "../../print/js-code.js";
import { exampleCall } from "../../print/example-call.js";

/** The JSON-RPC 2.0 codes every method can answer with; documented once, on `JsonRpcError`, not per method. */
const GENERIC_CODES = new Set([-32700, -32600, -32601, -32602, -32603]);
/** Columns a doc comment takes before its text in an interface member (`   * `). */
const COMMENT_MARGIN = 5;

/** The one doc comment of a method's overload set (client.ts puts it on the first overload). */
export function methodDoc(m: MethodModel, clientVar: string): string {
  const lines: string[] = [];
  const summary = m.summary.trim();
  const rest = afterSummary(summary, m.description.trim());
  if (summary) lines.push(commentText(summary), "");
  if (rest) lines.push(commentText(rest), "");
  lines.push(`Calls \`${commentText(m.rpcName)}\`.`);
  if (m.variants.length > 0) lines.push("", ...overloadList(m));
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
  lines.push(`@param ${m.optionsArg} \`signal\`, \`timeout\` and \`retryCount\` of this call`);
  if (!m.result) lines.push("Sent as a JSON-RPC notification: no id, and no result to wait for.");
  lines.push(...throwsLines(m));
  if (m.deprecated) lines.push("@deprecated");
  for (const { example, overload } of shownExamples(m))
    lines.push("@example", ...exampleBlock(m, example, overload, clientVar));
  return lines.join("\n");
}

/**
 * The description without the summary it often opens with (shown once), when the summary is a
 * whole first sentence of it; otherwise the whole description.
 */
function afterSummary(summary: string, description: string): string {
  if (!summary || !description.startsWith(summary)) return description;
  const rest = description.slice(summary.length);
  const boundary = /^[.!?。！？]*(?:\s+|$)/.exec(rest);
  return boundary ? rest.slice(boundary[0].length).trim() : description;
}

/** `@throws` for each code the spec lists, once, in spec order (the generic JSON-RPC codes are on `JsonRpcError`). */
function throwsLines(m: MethodModel): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const e of m.errors) {
    const line = `@throws {JsonRpcError} code ${e.code}: ${commentText(e.message)}`;
    if (GENERIC_CODES.has(e.code) || seen.has(line)) continue;
    seen.add(line);
    lines.push(line);
  }
  return lines;
}

/** Which overload gives which result type, in overload order (most specific first, then the general one). */
function overloadList(m: MethodModel): string[] {
  const general = m.result ? `{@link ${m.resultType}}` : "nothing";
  return [
    "The result type follows the params, one overload each:",
    ...m.variants.map((v) => `- ${conditionText(v.when)}: {@link ${v.typeName}}`),
    `- otherwise: ${general}`,
  ];
}

/** `` `fullTransactions` is `true` ``, `` `traceConfig.tracer` is not set ``. */
function conditionText(when: VariantCondition): string {
  const subject = `\`${commentText(when.property === undefined ? when.param : `${when.param}.${when.property}`)}\``;
  const value = (v: unknown): string => `\`${commentText(valueLiteral(v))}\``;
  if (when.absent) return `${subject} is not set (or \`null\`, or \`""\`)`;
  if (Array.isArray(when.in)) return `${subject} is one of ${when.in.map(value).join(", ")}`;
  return `${subject} is ${value(when.equals)}`;
}

/** Whether an example's params meet a variant's condition, as the runtime and the mock decide it. */
function holds(when: VariantCondition, params: Record<string, unknown>): boolean {
  const own = (o: unknown, key: string): unknown =>
    o !== null && typeof o === "object" && Object.prototype.hasOwnProperty.call(o, key)
      ? (o as Record<string, unknown>)[key]
      : undefined;
  let value = own(params, when.param);
  if (when.property !== undefined) value = own(value, when.property);
  if (when.absent) return value === undefined || value === null || value === "";
  // Conditions hold JSON primitives only (validate checks it), so `===` is JSON equality here.
  if (Array.isArray(when.in)) return when.in.some((option) => option === value);
  return "equals" in when && when.equals === value;
}

/**
 * The examples the comment shows: without variants, the first; with variants, for each overload
 * in order the first example that calls it, each with its overload (undefined: the general one).
 */
function shownExamples(m: MethodModel): { example: ExampleModel; overload?: ResultVariant | "general" }[] {
  if (m.variants.length === 0) return m.examples.slice(0, 1).map((example) => ({ example }));
  const overloadOf = (e: ExampleModel): ResultVariant | "general" =>
    m.variants.find((v) => holds(v.when, e.params)) ?? "general";
  const shown: { example: ExampleModel; overload: ResultVariant | "general" }[] = [];
  for (const overload of [...m.variants, "general" as const]) {
    const example = m.examples.find((e) => overloadOf(e) === overload);
    if (example) shown.push({ example, overload });
  }
  return shown;
}

/** A spec example as a fenced call: its name, the overload it calls, and the call as prettier prints it. */
function exampleBlock(
  m: MethodModel,
  example: ExampleModel,
  overload: ResultVariant | "general" | undefined,
  clientVar: string,
): string[] {
  const name = example.name ? commentText(example.name).replace(/\n/g, " ") : "";
  const target =
    overload === undefined ? "" : overload === "general" ? "the general overload" : conditionText(overload.when);
  const label = name && target ? `${name} (${target})` : name || target;
  const call = exampleCall(m, example, clientVar);
  const code = printDoc(
    constStatement("const result", { ...call, doc: ["await ", call.doc] }),
    PRINT_WIDTH - COMMENT_MARGIN,
  );
  return ["```ts", ...(label ? [`// ${label}`] : []), commentText(code), "```"];
}
