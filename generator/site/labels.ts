/**
 * Words for a field's accepted values, shared by the page's HTML (render.ts) and the browser's
 * form (browser/leaf.ts, browser/leaf-value.ts): a leaf module with no imports but types, so the bundle stays small.
 */
import type { Field } from "./types.js";

/** `"latest", "earliest", an integer or a string matching ^0x[0-9a-fA-F]+$`. */
export function comboLabel(field: Extract<Field, { kind: "combo" }>): string {
  const forms = [
    ...field.options.map((o) => JSON.stringify(o)),
    ...(field.integer ? ["an integer"] : []),
    ...field.patterns.map((p) => `a string matching ${p}`),
    ...(field.anyString ? ["any string"] : []),
  ];
  return forms.length > 1 ? `${forms.slice(0, -1).join(", ")} or ${forms.at(-1)}` : (forms[0] ?? "");
}
