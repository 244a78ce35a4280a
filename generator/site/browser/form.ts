/**
 * Form editors for the site model's fields (generator/site/fields.ts): each renders labelled
 * inputs whose `name` is the value's path (`pageSize`, `config.encoding`, `topics[0]`), reads
 * them back as a JSON value (or "not set"), and fills them from a value (an example, a link).
 * Problems the form itself sees (text in a number field, JSON that does not parse, a value out of
 * the bounds or pattern the field shows) are reported with the path and a rule, like the
 * validators' issues, and shown under the field as you type; everything else is the validators' job.
 */
import { stringifyJson } from "../../../generated/src/runtime/json.js";
import { comboLabel } from "../labels.js";
import type { Field } from "../types.js";
import { h, replaceChildren, setOwn, uid } from "./dom.js";

export interface Problem {
  path: string;
  rule: string;
  message: string;
}

export type Read = { set: false } | { set: true; value: unknown };

export interface Editor {
  element: HTMLElement;
  read(problems: Problem[]): Read;
  fill(value: unknown): void;
}

export interface EditorSpec {
  path: string;
  label: string;
  required: boolean;
  description: string;
  field: Field;
}

const UNSET: Read = { set: false };

export function editorFor(spec: EditorSpec): Editor {
  switch (spec.field.kind) {
    case "array":
      return arrayEditor(spec, spec.field);
    case "object":
      return objectEditor(spec, spec.field);
    default:
      return leafEditor(spec);
  }
}

function labelFor(spec: EditorSpec, id: string): HTMLElement {
  return h(
    "label",
    { for: id },
    h("code", {}, spec.label),
    " ",
    h("span", { class: spec.required ? "required" : "optional" }, spec.required ? "required" : "optional"),
  );
}

function legend(spec: EditorSpec, id: string): HTMLElement {
  return h(
    "legend",
    { id },
    h("code", {}, spec.label),
    " ",
    h("span", { class: spec.required ? "required" : "optional" }, spec.required ? "required" : "optional"),
  );
}

function hint(spec: EditorSpec, id: string, extra: string): HTMLElement | undefined {
  const text = [spec.description || spec.field.description || "", extra].filter(Boolean).join(" ");
  return text ? h("p", { class: "hint", id }, ...withCode(text)) : undefined;
}

/** Markdown code spans (`` `logs` ``) of a spec description as `<code>` elements; the rest stays text. */
export function withCode(text: string): (string | HTMLElement)[] {
  return text.split(/(`[^`\n]+`)/).map((part) => (/^`[^`\n]+`$/.test(part) ? h("code", {}, part.slice(1, -1)) : part));
}

/** One input: string, number, boolean, enum or JSON. */
function leafEditor(spec: EditorSpec): Editor {
  const id = uid("f");
  const hintId = `${id}-hint`;
  const field = spec.field;
  const common = {
    id,
    name: spec.path,
    "aria-describedby": hintId,
    "aria-required": spec.required ? "true" : undefined,
  };
  let input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  let extra = "";
  let clear: HTMLButtonElement | undefined;
  let options: HTMLDataListElement | undefined;
  switch (field.kind) {
    case "combo": {
      const listId = `${id}-options`;
      input = h("input", {
        ...common,
        type: "text",
        list: listId,
        spellcheck: "false",
        autocomplete: "off",
        placeholder: field.default === undefined ? field.options.join(" | ") : `default ${field.default}`,
      });
      options = h("datalist", { id: listId }, ...field.options.map((o) => h("option", { value: o })));
      extra = `Choose from the list or type: ${comboLabel(field)}.`;
      break;
    }
    case "enum": {
      const select = h("select", common, h("option", { value: "" }, spec.required ? "— choose —" : "— not set —"));
      field.options.forEach((option, i) =>
        select.appendChild(
          h("option", { value: String(i) }, typeof option === "string" ? option : JSON.stringify(option)),
        ),
      );
      input = select;
      if (field.default !== undefined) extra = `Default ${JSON.stringify(field.default)}.`;
      break;
    }
    case "boolean": {
      input = h("input", { ...common, type: "checkbox" });
      if (!spec.required) {
        markUnset(input);
        input.addEventListener("change", () => delete input.dataset.unset);
        clear = h("button", { type: "button", class: "small", "aria-label": `Leave ${spec.label} not set` }, "not set");
        clear.addEventListener("click", () => markUnset(input as HTMLInputElement));
        extra = "Not set until you tick or untick it.";
      }
      if (field.default !== undefined) extra = `${extra} Default ${field.default}.`.trim();
      break;
    }
    case "integer":
    case "number":
      input = h("input", {
        ...common,
        type: "number",
        step: field.kind === "integer" ? "1" : "any",
        inputmode: field.kind === "integer" ? "numeric" : "decimal",
        min: field.minimum === undefined ? undefined : String(field.minimum),
        max: field.maximum === undefined ? undefined : String(field.maximum),
        placeholder: field.default === undefined ? undefined : `default ${field.default}`,
      });
      extra = [
        field.minimum !== undefined && `Minimum ${field.minimum}.`,
        field.maximum !== undefined && `Maximum ${field.maximum}.`,
      ]
        .filter(Boolean)
        .join(" ");
      break;
    case "json":
      input = h("textarea", {
        ...common,
        rows: "2",
        spellcheck: "false",
        placeholder: `JSON: ${field.hint}`,
        "data-kind": "json",
      });
      extra = `JSON value: ${field.hint}.`;
      break;
    default:
      input = h("input", {
        ...common,
        type: "text",
        spellcheck: "false",
        autocomplete: "off",
        placeholder: field.kind === "string" && field.default !== undefined ? `default ${field.default}` : undefined,
      });
      if (field.kind === "string" && field.pattern) extra = `Pattern ${field.pattern}.`;
  }
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

function markUnset(input: HTMLInputElement): void {
  input.checked = false;
  input.indeterminate = true;
  input.dataset.unset = "1";
}

function readLeaf(
  spec: EditorSpec,
  input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  problems: Problem[],
): Read {
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

function fillLeaf(
  spec: EditorSpec,
  input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement,
  value: unknown,
): void {
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

/** A list with Add and Remove buttons; item paths are `name[i]`. */
function arrayEditor(spec: EditorSpec, field: Extract<Field, { kind: "array" }>): Editor {
  const list = h("ol", { class: "items" });
  const add = h("button", { type: "button", class: "small", "data-action": "add-item" }, `Add ${spec.label} item`);
  const legendId = uid("l");
  const box = h(
    "fieldset",
    { class: "field field-array", "aria-describedby": `${legendId}-hint` },
    legend(spec, legendId),
    hint(spec, `${legendId}-hint`, "A list; add items one by one."),
    list,
    add,
  );
  let items: Editor[] = [];
  let touched = false;
  const render = (values: unknown[]): void => {
    items = values.map((v, i) => {
      const item = editorFor({
        path: `${spec.path}[${i}]`,
        label: `${spec.label}[${i}]`,
        required: true,
        description: "",
        field: field.items,
      });
      if (v !== undefined) item.fill(v);
      return item;
    });
    replaceChildren(
      list,
      ...items.map((item, i) => {
        const remove = h(
          "button",
          { type: "button", class: "small", "data-action": "remove-item", "aria-label": `Remove ${spec.label}[${i}]` },
          "Remove",
        );
        remove.addEventListener("click", () => {
          const kept = current().filter((_, j) => j !== i);
          render(kept);
          const next = list.querySelector<HTMLElement>("input, select, textarea");
          if (next) next.focus();
          else add.focus();
        });
        return h("li", {}, item.element, remove);
      }),
    );
  };
  const current = (): unknown[] =>
    items.map((item) => {
      const r = item.read([]);
      return r.set ? r.value : undefined;
    });
  add.addEventListener("click", () => {
    touched = true;
    render([...current(), undefined]);
    (list.lastElementChild?.querySelector("input, select, textarea") as HTMLElement | null)?.focus();
  });
  return {
    element: box,
    read(problems) {
      if (items.length === 0 && !spec.required && !touched) return UNSET;
      const values: unknown[] = [];
      for (const item of items) {
        const r = item.read(problems);
        values.push(r.set ? r.value : null);
      }
      return { set: true, value: values };
    },
    fill(value) {
      touched = Array.isArray(value);
      render(Array.isArray(value) ? value : []);
    },
  };
}

/**
 * A group of property editors; an optional object with nothing set is left out. Its fields are
 * folded (a `<details data-role="object-fields" data-path="…">`) until opened, so a method with
 * nested objects starts short; filling it with a value that sets a field opens it, and
 * `revealPaths` opens it for a problem inside.
 */
function objectEditor(spec: EditorSpec, field: Extract<Field, { kind: "object" }>): Editor {
  const editors = field.properties.map((p) => ({
    name: p.name,
    editor: editorFor({
      path: `${spec.path}.${p.name}`,
      label: p.name,
      required: p.required,
      description: p.description,
      field: p.field,
    }),
  }));
  const legendId = uid("l");
  const description = hint(spec, `${legendId}-hint`, "");
  const names = field.properties.map((p) => p.name);
  const fields = h(
    "details",
    { class: "object-fields", "data-role": "object-fields", "data-path": spec.path },
    h("summary", {}, `${names.length} field${names.length === 1 ? "" : "s"}: ${names.join(", ")}`),
    ...editors.map((e) => e.editor.element),
  );
  const box = h(
    "fieldset",
    { class: "field field-object", "aria-describedby": description ? `${legendId}-hint` : undefined },
    legend(spec, legendId),
    description,
    fields,
  );
  return {
    element: box,
    read(problems) {
      const value: Record<string, unknown> = {};
      for (const { name, editor } of editors) {
        const r = editor.read(problems);
        if (r.set) setOwn(value, name, r.value);
      }
      return Object.keys(value).length === 0 && !spec.required ? UNSET : { set: true, value };
    },
    fill(value) {
      const record =
        value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
      for (const { name, editor } of editors)
        editor.fill(Object.prototype.hasOwnProperty.call(record, name) ? record[name] : undefined);
      fields.open = names.some(
        (name) => Object.prototype.hasOwnProperty.call(record, name) && record[name] !== undefined,
      );
    },
  };
}

/** Opens the folded object fields (objectEditor) in `root` that hold one of `paths` (`traceConfig.tracer`, `a[0].b`). */
export function revealPaths(root: HTMLElement, paths: readonly string[]): void {
  for (const details of Array.from(root.querySelectorAll<HTMLDetailsElement>('details[data-role="object-fields"]'))) {
    const at = details.getAttribute("data-path") ?? "";
    if (paths.some((p) => p === at || p.startsWith(`${at}.`) || p.startsWith(`${at}[`))) details.open = true;
  }
}
