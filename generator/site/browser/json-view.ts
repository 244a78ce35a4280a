/**
 * A response value as a collapsible tree: objects and arrays are `<details>` elements (open to
 * a few levels, keyboard-operable as native disclosure widgets), `bigint`s (u64 fields, parsed
 * exactly by the client) print every digit, strings are quoted. Built with text nodes only.
 */
import { h } from "./dom.js";

const OPEN_LEVELS = 3;

export function jsonTree(value: unknown, label = "result", depth = 0): HTMLElement {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value as Record<string, unknown>);
    const kind = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
    const box = h(
      "details",
      { class: "json-node", open: depth < OPEN_LEVELS },
      h("summary", {}, h("span", { class: "json-key" }, label), " ", h("span", { class: "json-kind" }, kind)),
    );
    const list = h("ul", { class: "json-children" });
    for (const [key, child] of entries) list.appendChild(h("li", {}, jsonTree(child, key, depth + 1)));
    box.appendChild(list);
    return box;
  }
  return h(
    "div",
    { class: "json-leaf" },
    h("span", { class: "json-key" }, label),
    ": ",
    h("span", { class: `json-${scalarKind(value)}` }, scalarText(value)),
  );
}

function scalarKind(value: unknown): string {
  if (value === null) return "null";
  return typeof value === "bigint" ? "number" : typeof value;
}

export function scalarText(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") return value.toString();
  if (value === undefined) return "undefined";
  return String(value);
}
