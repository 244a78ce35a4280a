/**
 * A leaf input's value (./leaf.ts): read back as a JSON value (or "not set") with the problems the
 * form itself sees (text in a number field, JSON that does not parse, a value out of the bounds or
 * pattern the field shows), and filled from a value. Everything else is the validators' job.
 */
import { stringifyJson } from "../../../generated/src/runtime/json.js";
import { comboLabel } from "../labels.js";
import { UNSET, type Control, type EditorSpec, type Problem, type Read } from "./editor.js";

/** An optional check box nobody has ticked or unticked: "not set", shown as indeterminate. */
export function markUnset(input: HTMLInputElement): void {
  input.checked = false;
  input.indeterminate = true;
  input.dataset.unset = "1";
}

export function readLeaf(spec: EditorSpec, input: Control, problems: Problem[]): Read {
  const field = spec.field;
  const fail = (rule: string, message: string): Read => (problems.push({ path: spec.path, rule, message }), UNSET);
  if (field.kind === "boolean") {
    const box = input as HTMLInputElement;
    return box.dataset.unset ? UNSET : { set: true, value: box.checked };
  }
  if (field.kind === "enum")
    return input.value === "" ? UNSET : { set: true, value: field.options[Number(input.value)] };
  if (field.kind === "integer" || field.kind === "number") {
    if ((input as HTMLInputElement).validity.badInput)
      return fail("type", `must be ${field.kind === "integer" ? "an integer" : "a number"}`);
    const text = input.value.trim();
    if (text === "") return UNSET;
    if (field.kind === "integer" && !/^-?\d+$/.test(text)) return fail("type", "must be an integer");
    const value = /^-?\d+$/.test(text) && !Number.isSafeInteger(Number(text)) ? BigInt(text) : Number(text);
    const bound = boundProblem(value, field.minimum, field.maximum);
    return bound ? fail(bound.rule, bound.message) : { set: true, value };
  }
  if (field.kind === "combo") {
    const text = input.value.trim();
    if (text === "") return UNSET;
    if (field.options.includes(text) || field.anyString || field.patterns.some((p) => matches(p, text)))
      return { set: true, value: text };
    if (field.integer && /^-?\d+$/.test(text)) {
      const value = Number.isSafeInteger(Number(text)) ? Number(text) : BigInt(text);
      const bound = boundProblem(value, field.integer.minimum, field.integer.maximum);
      return bound ? fail(bound.rule, bound.message) : { set: true, value };
    }
    return fail("anyOf", `must be ${comboLabel(field)}, not ${JSON.stringify(shorten(text))}`);
  }
  if (field.kind === "json") {
    const text = input.value.trim();
    if (text === "") return UNSET;
    try {
      return { set: true, value: JSON.parse(text) as unknown };
    } catch (error) {
      return fail("json", `is not valid JSON (${(error as Error).message})`);
    }
  }
  if (input.value === "") return UNSET;
  if (field.kind === "string") {
    const length = [...input.value].length;
    if (field.minLength !== undefined && length < field.minLength)
      return fail("minLength", `must be at least ${field.minLength} characters long`);
    if (field.maxLength !== undefined && length > field.maxLength)
      return fail("maxLength", `must be at most ${field.maxLength} characters long`);
    if (field.pattern !== undefined && !matches(field.pattern, input.value))
      return fail("pattern", `must match ${field.pattern}, not ${JSON.stringify(shorten(input.value))}`);
  }
  return { set: true, value: input.value };
}

function boundProblem(
  value: number | bigint,
  minimum: number | undefined,
  maximum: number | undefined,
): { rule: string; message: string } | undefined {
  if (minimum !== undefined && value < minimum) return { rule: "minimum", message: `must be at least ${minimum}` };
  if (maximum !== undefined && value > maximum) return { rule: "maximum", message: `must be at most ${maximum}` };
  return undefined;
}

/** Whether `text` matches a spec pattern; a pattern JavaScript cannot compile is left to the validators. */
function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return true;
  }
}

/** Typed text quoted in a message, cut at 40 characters. */
function shorten(text: string): string {
  const chars = [...text];
  return chars.length > 40 ? `${chars.slice(0, 40).join("")}…` : text;
}

export function fillLeaf(spec: EditorSpec, input: Control, value: unknown): void {
  const field = spec.field;
  if (field.kind === "boolean") {
    const box = input as HTMLInputElement;
    if (value === undefined) return spec.required ? void (box.checked = false) : markUnset(box);
    box.indeterminate = false;
    delete box.dataset.unset;
    box.checked = value === true;
    return;
  }
  if (value === undefined) return void (input.value = "");
  if (field.kind === "enum") {
    const index = field.options.findIndex((o) => stringifyJson(o) === stringifyJson(value));
    input.value = index < 0 ? "" : String(index);
    return;
  }
  if (field.kind === "json") return void (input.value = stringifyJson(value));
  input.value =
    typeof value === "string" || typeof value === "number" || typeof value === "bigint"
      ? String(value)
      : stringifyJson(value);
}
