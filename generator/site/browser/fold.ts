/**
 * Folding an object's fields (./form.ts objectEditor): they sit in a
 * `<details data-role="object-fields" data-path="…">` until opened, so a method with nested objects
 * starts short. A value that sets one of the fields opens it, and `revealPaths` opens it for a
 * problem inside.
 */
import { h } from "./dom.js";

/** The fold of an object's fields: its summary names them (`3 fields: tracer, timeout, …`). */
export function foldedFields(
  path: string,
  names: readonly string[],
  elements: readonly HTMLElement[],
): HTMLDetailsElement {
  return h(
    "details",
    { class: "object-fields", "data-role": "object-fields", "data-path": path },
    h("summary", {}, `${names.length} field${names.length === 1 ? "" : "s"}: ${names.join(", ")}`),
    ...elements,
  );
}

/** Whether `record` sets one of the fields `names` (a value that should open their fold). */
export function setsAField(record: Record<string, unknown>, names: readonly string[]): boolean {
  return names.some((name) => Object.prototype.hasOwnProperty.call(record, name) && record[name] !== undefined);
}

/** Opens the folded object fields in `root` that hold one of `paths` (`traceConfig.tracer`, `a[0].b`). */
export function revealPaths(root: HTMLElement, paths: readonly string[]): void {
  for (const details of Array.from(root.querySelectorAll<HTMLDetailsElement>('details[data-role="object-fields"]'))) {
    const at = details.getAttribute("data-path") ?? "";
    if (paths.some((p) => p === at || p.startsWith(`${at}.`) || p.startsWith(`${at}[`))) details.open = true;
  }
}
