/**
 * The words around an editor's input: its label (or a group's legend), "required"/"optional", and
 * the hint under it (the spec's description, then what the form adds: bounds, a pattern, a default).
 */
import type { InlineRun } from "../types.js";
import type { EditorSpec } from "./editor.js";
import { h, type Child } from "./dom.js";
import { WEB_LINK } from "../links.js";

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
  const description = spec.description.length
    ? spec.description
    : descriptionRuns(spec.field.description, spec.field.descriptionRuns);
  if (description.length === 0 && !extra) return undefined;
  return h("p", { class: "hint", id }, ...inlineNodes(description), description.length && extra ? " " : "", extra);
}

/** A description's runs as the page's data has them, or its plain text when it has none (`[]` for no description). */
export function descriptionRuns(
  text: string | undefined,
  runs: readonly InlineRun[] | undefined,
): readonly InlineRun[] {
  return runs ?? (text ? [text] : []);
}

/**
 * Parsed Markdown runs (generator/site/markdown.ts `inlineRuns`) as nodes: text as text, code
 * spans, strong, emphasis, and links to http(s) with `rel="noopener noreferrer"`; a link to
 * anything else is only its text.
 */
export function inlineNodes(runs: readonly InlineRun[]): Child[] {
  return runs.map((run): Child => {
    if (typeof run === "string") return run;
    if ("code" in run) return h("code", {}, run.code);
    if ("strong" in run) return h("strong", {}, ...inlineNodes(run.strong));
    if ("em" in run) return h("em", {}, ...inlineNodes(run.em));
    const text = inlineNodes(run.text);
    return WEB_LINK.test(run.href)
      ? h("a", { href: run.href, rel: "noopener noreferrer" }, ...text)
      : h("span", {}, ...text);
  });
}
