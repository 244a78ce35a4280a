/**
 * The page's entry: reads the site model from `<script type="application/json" id="site-data">`,
 * shows the method named in the URL fragment (deep links), mounts its playground with the
 * generated client factory of its API, and wires the sidebar (filter, phone-width menu) and the
 * example buttons. `start` is called by the bundle entry that generator/site/bundle.ts writes.
 */
import type { SiteApi, SiteData, SiteMethod } from "../types.js";
import { parseLink } from "./link.js";
import { mountPlayground, type Panel } from "./playground.js";
import type { ClientFactory } from "./send.js";
import type { WebSocketFactory } from "./subscribe.js";

interface Found {
  api: SiteApi;
  method: SiteMethod;
  page: HTMLElement;
}

export function start(factories: Record<string, ClientFactory>, webSocket?: WebSocketFactory): void {
  const data = document.getElementById("site-data")?.textContent ?? "{}";
  const site = JSON.parse(data) as SiteData;
  document.documentElement.classList.add("js");
  const pages = new Map<string, HTMLElement>();
  for (const page of Array.from(document.querySelectorAll<HTMLElement>("[data-page]")))
    pages.set(page.dataset.page ?? "", page);
  const find = (name: string): Found | undefined => {
    for (const api of site.apis) {
      const method = api.methods.find((m) => m.rpcName === name);
      const page = pages.get(name);
      if (method && page) return { api, method, page };
    }
    return undefined;
  };

  let current: { found: Found; panel: Panel } | undefined;
  const show = (focus: boolean): void => {
    const link = parseLink(window.location.hash);
    const found = find(link.method);
    if (current && found && current.found.method === found.method && !link.params) return;
    if (current) {
      current.panel.dispose();
      current.found.page.querySelector<HTMLElement>("[data-role=playground]")?.replaceChildren();
    }
    current = undefined;
    for (const page of pages.values()) page.classList.remove("current");
    for (const a of Array.from(document.querySelectorAll<HTMLElement>("[data-method]"))) {
      if (a.dataset.method === link.method) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    const target = found?.page ?? pages.get("")!;
    target.classList.add("current");
    if (found) {
      const factory = factories[found.api.subpath];
      const container = found.page.querySelector<HTMLElement>("[data-role=playground]")!;
      if (factory)
        current = {
          found,
          panel: mountPlayground(container, site, found.api, found.method, factory, link, webSocket),
        };
      document.title = `${found.method.rpcName} — ${found.api.title}`;
    }
    if (focus) (target.querySelector<HTMLElement>("h1") ?? target).focus({ preventScroll: false });
    document.getElementById("sidebar")?.classList.remove("open");
  };

  window.addEventListener("hashchange", () => show(true));
  document.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLElement>("[data-action]");
    if (!button) return;
    if (button.dataset.action === "example" && current) {
      const example = current.found.method.examples[Number(button.dataset.example)];
      if (example) current.panel.fill(example.params);
      current.found.page.querySelector<HTMLElement>("[data-role=playground] [name]")?.focus();
    } else if (button.dataset.action === "menu") {
      const open = document.getElementById("sidebar")?.classList.toggle("open") ?? false;
      button.setAttribute("aria-expanded", String(open));
    }
  });
  const filter = document.querySelector<HTMLInputElement>("[data-role=filter]");
  filter?.addEventListener("input", () => {
    const needle = filter.value.trim().toLowerCase();
    for (const a of Array.from(document.querySelectorAll<HTMLElement>("[data-method]"))) {
      const item = a.closest("li");
      if (item) item.hidden = needle !== "" && !`${a.dataset.method} ${a.title}`.toLowerCase().includes(needle);
    }
  });
  for (const title of Array.from(document.querySelectorAll<HTMLElement>("[data-page] h1"))) title.tabIndex = -1;
  show(false);
}
