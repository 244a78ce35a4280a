/**
 * The words around an editor's input: its label (or a group's legend), "required"/"optional", and
 * the hint under it (the spec's description, then what the form adds: bounds, a pattern, a default).
 */
import type { EditorSpec } from "./editor.js";
import { h } from "./dom.js";

function requiredTag(spec: EditorSpec): HTMLElement {
  return h("span", { class: spec.required ? "required" : "optional" }, spec.required ? "required" : "optional");
}

export function labelFor(spec: EditorSpec, id: string): HTMLElement {
  return h("label", { for: id }, h("code", {}, spec.label), " ", requiredTag(spec));
}

export function legend(spec: EditorSpec, id: string): HTMLElement {
  return h("legend", { id }, h("code", {}, spec.label), " ", requiredTag(spec));
}

export function hint(spec: EditorSpec, id: string, extra: string): HTMLElement | undefined {
  const text = [spec.description || spec.field.description || "", extra].filter(Boolean).join(" ");
  return text ? h("p", { class: "hint", id }, ...withCode(text)) : undefined;
}

/** Markdown code spans (`` `logs` ``) of a spec description as `<code>` elements; the rest stays text. */
export function withCode(text: string): (string | HTMLElement)[] {
  return text.split(/(`[^`\n]+`)/).map((part) => (/^`[^`\n]+`$/.test(part) ? h("code", {}, part.slice(1, -1)) : part));
}
