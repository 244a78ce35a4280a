/**
 * Form editors for the site model's fields (generator/site/fields.ts): `editorFor` picks the
 * editor of a field; lists (Add and Remove buttons) and objects (their fields folded, ./fold.ts)
 * are here, a leaf value's input is ./leaf.ts, its reading and filling ./leaf-value.ts, the words
 * around it ./hint.ts, and what an editor is ./editor.ts. Problems the form itself sees are
 * reported with the path and a rule, like the validators' issues, and shown under the field as
 * you type; everything else is the validators' job.
 */
import type { Field, SiteParam } from "../types.js";
import { h, replaceChildren, setOwn, uid } from "./dom.js";
import { UNSET, type Editor, type EditorSpec } from "./editor.js";
import { foldedFields, setsAField } from "./fold.js";
import { descriptionRuns, hint, legend } from "./hint.js";
import { leafEditor } from "./leaf.js";

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

/** The editor of a method's param: its path is its name. */
export function paramEditor(p: SiteParam): Editor {
  return editorFor({
    path: p.name,
    label: p.name,
    required: p.required,
    description: descriptionRuns(p.description, p.descriptionRuns),
    field: p.field,
  });
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
        description: [],
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
 * folded (./fold.ts) until opened; filling it with a value that sets a field opens it.
 */
function objectEditor(spec: EditorSpec, field: Extract<Field, { kind: "object" }>): Editor {
  const editors = field.properties.map((p) => ({
    name: p.name,
    editor: editorFor({
      path: `${spec.path}.${p.name}`,
      label: p.name,
      required: p.required,
      description: descriptionRuns(p.description, p.descriptionRuns),
      field: p.field,
    }),
  }));
  const legendId = uid("l");
  const description = hint(spec, `${legendId}-hint`, "");
  const names = field.properties.map((p) => p.name);
  const fields = foldedFields(
    spec.path,
    names,
    editors.map((e) => e.editor.element),
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
      fields.open = setsAField(record, names);
    },
  };
}
