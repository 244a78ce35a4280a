/**
 * The editor of one leaf value (a string, number, boolean, enum, combo or JSON field): its input,
 * label, hint and the problem line under it, checked as you type. Reading and filling the value
 * is ./leaf-value.ts.
 */
import { comboLabel } from "../labels.js";
import type { Field } from "../types.js";
import { h, uid } from "./dom.js";
import type { Control, Editor, EditorSpec, Problem } from "./editor.js";
import { hint, labelFor } from "./hint.js";
import { fillLeaf, markUnset, readLeaf } from "./leaf-value.js";

/** A leaf field's input and what goes beside it: the list of a combo, the "not set" button of an optional box, the hint's extra words. */
interface Parts {
  input: Control;
  extra: string;
  options?: HTMLDataListElement;
  clear?: HTMLButtonElement;
}

/** The attributes every input has: its id, its path as `name`, and what describes it. */
type Common = Record<string, string | undefined>;

/** One input: string, number, boolean, enum or JSON. */
export function leafEditor(spec: EditorSpec): Editor {
  const id = uid("f");
  const hintId = `${id}-hint`;
  const field = spec.field;
  const common: Common = {
    id,
    name: spec.path,
    "aria-describedby": hintId,
    "aria-required": spec.required ? "true" : undefined,
  };
  const { input, extra, options, clear } = controlFor(spec, common, id);
  const error = h("p", { class: "field-error", id: `${id}-error`, "data-role": "field-error", "aria-live": "polite" });
  const row = h(
    "div",
    { class: `field field-${field.kind}` },
    labelFor(spec, id),
    input,
    options,
    clear,
    hint(spec, hintId, extra),
    error,
  );
  input.setAttribute("aria-describedby", row.querySelector(`#${hintId}`) ? `${hintId} ${id}-error` : `${id}-error`);
  const check = (): void => {
    const problems: Problem[] = [];
    readLeaf(spec, input, problems);
    error.textContent = problems.map((p) => `${spec.label} ${p.message}.`).join(" ");
    if (problems.length) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  };
  input.addEventListener("input", check);
  input.addEventListener("change", check);
  return {
    element: row,
    read: (problems) => readLeaf(spec, input, problems),
    fill: (value) => {
      fillLeaf(spec, input, value);
      error.textContent = "";
    },
  };
}

function controlFor(spec: EditorSpec, common: Common, id: string): Parts {
  const field = spec.field;
  switch (field.kind) {
    case "combo":
      return comboControl(field, common, `${id}-options`);
    case "enum":
      return enumControl(spec, field, common);
    case "boolean":
      return booleanControl(spec, field, common);
    case "integer":
    case "number":
      return numberControl(field, common);
    case "json":
      return {
        input: h("textarea", {
          ...common,
          rows: "2",
          spellcheck: "false",
          placeholder: `JSON: ${field.hint}`,
          "data-kind": "json",
        }),
        extra: `JSON value: ${field.hint}.`,
      };
    default:
      return {
        input: h("input", {
          ...common,
          type: "text",
          spellcheck: "false",
          autocomplete: "off",
          placeholder: field.kind === "string" && field.default !== undefined ? `default ${field.default}` : undefined,
        }),
        extra: field.kind === "string" && field.pattern ? `Pattern ${field.pattern}.` : "",
      };
  }
}

function comboControl(field: Extract<Field, { kind: "combo" }>, common: Common, listId: string): Parts {
  return {
    input: h("input", {
      ...common,
      type: "text",
      list: listId,
      spellcheck: "false",
      autocomplete: "off",
      placeholder: field.default === undefined ? field.options.join(" | ") : `default ${field.default}`,
    }),
    options: h("datalist", { id: listId }, ...field.options.map((o) => h("option", { value: o }))),
    extra: `Choose from the list or type: ${comboLabel(field)}.`,
  };
}

function enumControl(spec: EditorSpec, field: Extract<Field, { kind: "enum" }>, common: Common): Parts {
  const select = h("select", common, h("option", { value: "" }, spec.required ? "— choose —" : "— not set —"));
  field.options.forEach((option, i) =>
    select.appendChild(h("option", { value: String(i) }, typeof option === "string" ? option : JSON.stringify(option))),
  );
  return { input: select, extra: field.default === undefined ? "" : `Default ${JSON.stringify(field.default)}.` };
}

function booleanControl(spec: EditorSpec, field: Extract<Field, { kind: "boolean" }>, common: Common): Parts {
  const input = h("input", { ...common, type: "checkbox" });
  let extra = "";
  let clear: HTMLButtonElement | undefined;
  if (!spec.required) {
    markUnset(input);
    input.addEventListener("change", () => delete input.dataset.unset);
    clear = h("button", { type: "button", class: "small", "aria-label": `Leave ${spec.label} not set` }, "not set");
    clear.addEventListener("click", () => markUnset(input));
    extra = "Not set until you tick or untick it.";
  }
  if (field.default !== undefined) extra = `${extra} Default ${field.default}.`.trim();
  return { input, extra, clear };
}

function numberControl(field: Extract<Field, { kind: "integer" | "number" }>, common: Common): Parts {
  return {
    input: h("input", {
      ...common,
      type: "number",
      step: field.kind === "integer" ? "1" : "any",
      inputmode: field.kind === "integer" ? "numeric" : "decimal",
      min: field.minimum === undefined ? undefined : String(field.minimum),
      max: field.maximum === undefined ? undefined : String(field.maximum),
      placeholder: field.default === undefined ? undefined : `default ${field.default}`,
    }),
    extra: [
      field.minimum !== undefined && `Minimum ${field.minimum}.`,
      field.maximum !== undefined && `Maximum ${field.maximum}.`,
    ]
      .filter(Boolean)
      .join(" "),
  };
}
