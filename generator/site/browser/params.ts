/**
 * The params part of a method's form: the required params first, then the optional ones folded
 * under "Optional params (N)" when there are FOLD_AT or more, so a large method's form starts
 * short. The fold opens by itself when an example, a link or a problem concerns a param in it.
 * Hook: `data-role="optional-params"` (a `<details>`).
 */
import type { SiteMethod } from "../types.js";
import { h } from "./dom.js";
import type { Editor } from "./editor.js";

/** Optional params from which on they are folded. */
export const FOLD_AT = 3;

export interface ParamsBlock {
  element: HTMLElement;
  /** Opens the fold when one of these param names (or paths, `config.encoding`) is in it. */
  reveal(paths: readonly string[]): void;
}

export function paramsBlock(method: SiteMethod, editors: readonly { name: string; editor: Editor }[]): ParamsBlock {
  if (editors.length === 0) return { element: h("p", {}, `${method.rpcName} takes no params.`), reveal: () => {} };
  const optional = new Set(method.params.filter((p) => !p.required).map((p) => p.name));
  const fold = optional.size >= FOLD_AT;
  const folded = editors.filter((e) => fold && optional.has(e.name));
  const shown = editors.filter((e) => !folded.includes(e));
  const details = folded.length
    ? h(
        "details",
        { class: "optional-params", "data-role": "optional-params" },
        h("summary", {}, `Optional params (${folded.length}): ${folded.map((e) => e.name).join(", ")}`),
        ...folded.map((e) => e.editor.element),
      )
    : undefined;
  const names = new Set(folded.map((e) => e.name));
  return {
    element: h(
      "fieldset",
      { class: "params" },
      h("legend", {}, "Params"),
      ...shown.map((e) => e.editor.element),
      details,
    ),
    reveal(paths) {
      if (details && paths.some((p) => names.has(p.split(/[.[]/)[0] ?? p))) details.open = true;
    },
  };
}
