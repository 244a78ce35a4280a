/**
 * Building DOM nodes in the page. Text (spec text included) only ever goes in as `textContent`
 * and attribute values through `setAttribute`: nothing is parsed as HTML, so hostile spec text
 * stays text. No `innerHTML` anywhere in the page's code.
 */

export type Child = Node | string | false | null | undefined;

/** `h("button", { type: "button", "data-action": "send" }, "Send")`. Attributes with `false`/`undefined` are left out. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? "" : value);
  }
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue;
    parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
}

/** Replaces every child of `parent`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.textContent = "";
  append(parent, ...children);
}

let ids = 0;
/** A page-unique id for `for`/`aria-describedby` pairs. */
export function uid(prefix: string): string {
  ids += 1;
  return `${prefix}-${ids}`;
}

/** `record[key] = value` as an own property, even for `__proto__` (a param name a spec may use). */
export function setOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
