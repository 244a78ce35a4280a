/**
 * The endpoint selector of one API: the mock server (default; in the keyed form, and in the
 * keyless proxy form when the API has one), each spec server's keyless proxy URL, each keyed
 * server, and a custom URL. A keyed endpoint takes an API key only after an explicit opt-in with
 * a warning (the same rule as the client's `dangerouslyAllowBrowser`); the key lives in this
 * page's memory only: never in storage, a link, the wire display or the snippet.
 */
import { stringLiteral } from "../../print/escape.js";
import type { SiteApi } from "../types.js";
import { h, uid } from "./dom.js";

export interface Target {
  /** Options for the client factory (the key included, when given). */
  options: { url?: string; proxyUrl?: string; apiKey?: string; dangerouslyAllowBrowser?: boolean };
  /** The same options as TypeScript for the snippet, the key as `process.env.API_KEY`. */
  snippet: string;
  /** The key, to hide from the wire display. */
  secret?: string;
}

interface State {
  choice: string;
  customUrl: string;
  customForm: "keyed" | "proxy";
  optIn: boolean;
  key: string;
}

/** Per API, for this page's lifetime only. */
const states = new Map<string, State>();

export interface EndpointPicker {
  element: HTMLElement;
  /** The client options for the current choice, or why there are none. */
  target(): Target | { problem: string };
  /** The choice's id, for links (never the key or a custom URL). */
  choice(): string;
  select(choice: string): void;
}

export function endpointPicker(api: SiteApi, mockBase: string): EndpointPicker {
  const state = states.get(api.subpath) ?? {
    choice: "mock",
    customUrl: "",
    customForm: "keyed",
    optIn: false,
    key: "",
  };
  states.set(api.subpath, state);
  const choices: { id: string; label: string; kind: "keyed" | "proxy" | "custom"; url: string; title?: string }[] = [
    { id: "mock", label: `Mock server (${mockBase}${api.subpath})`, kind: "keyed", url: `${mockBase}${api.subpath}` },
    ...(api.hasProxy
      ? [
          {
            id: "mock-proxy",
            label: `Mock server, keyless proxy form (${mockBase})`,
            kind: "proxy" as const,
            url: mockBase,
          },
        ]
      : []),
    ...api.endpoints.map((e) => ({
      id: `server:${e.id}`,
      label: `${e.kind === "proxy" ? "Keyless proxy" : "Keyed, needs an API key"}: ${e.url}`,
      kind: e.kind,
      url: e.url,
      title: e.label,
    })),
    { id: "custom", label: "Custom URL…", kind: "custom", url: "" },
  ];
  if (!choices.some((c) => c.id === state.choice)) state.choice = "mock";
  const selectId = uid("endpoint");
  const select = h(
    "select",
    { id: selectId, "data-role": "endpoint" },
    ...choices.map((c) => h("option", { value: c.id, title: c.title }, c.label)),
  );
  select.value = state.choice;
  const url = h("input", {
    type: "url",
    "data-role": "custom-url",
    placeholder: "https://host/path",
    autocomplete: "off",
    spellcheck: "false",
    "aria-label": "Custom endpoint URL",
  });
  url.value = state.customUrl;
  const form = h(
    "select",
    { "data-role": "custom-form", "aria-label": "Form of the custom endpoint" },
    h("option", { value: "keyed" }, "JSON-RPC envelope (keyed or plain node URL)"),
    ...(api.hasProxy ? [h("option", { value: "proxy" }, "Keyless proxy form (params as the body)")] : []),
  );
  form.value = state.customForm;
  const optIn = h("input", { type: "checkbox", "data-role": "key-opt-in" });
  optIn.checked = state.optIn;
  const key = h("input", {
    type: "password",
    "data-role": "api-key",
    autocomplete: "off",
    spellcheck: "false",
    "aria-label": "API key (kept in this page's memory only)",
  });
  key.value = state.key;
  const warning = h(
    "p",
    { class: "warning", role: "note" },
    "An API key entered here is sent from this browser to the endpoint. It is never stored or put in a link, but anyone who can run code in this page could read it. Prefer the keyless proxy or the mock; use a key with the least rights you can.",
  );
  const keyBox = h(
    "div",
    { class: "key" },
    h("label", {}, optIn, " I understand: send my API key from this browser"),
    warning,
    key,
  );
  const customBox = h("div", { class: "custom" }, url, form);
  const sync = (): void => {
    state.choice = select.value;
    state.customUrl = url.value;
    state.customForm = form.value === "proxy" ? "proxy" : "keyed";
    state.optIn = optIn.checked;
    if (!optIn.checked) key.value = "";
    state.key = key.value;
    const current = choices.find((c) => c.id === state.choice)!;
    customBox.hidden = current.kind !== "custom";
    const keyed =
      current.kind === "keyed" && !current.id.startsWith("mock")
        ? true
        : current.kind === "custom" && state.customForm === "keyed";
    keyBox.hidden = !keyed;
    key.hidden = !optIn.checked;
  };
  for (const control of [select, url, form, optIn, key]) control.addEventListener("input", sync);
  optIn.addEventListener("change", sync);
  sync();
  const element = h("div", { class: "endpoint" }, h("label", { for: selectId }, "Endpoint"), select, customBox, keyBox);
  return {
    element,
    choice: () => state.choice,
    select(choice) {
      if (choices.some((c) => c.id === choice)) select.value = choice;
      sync();
    },
    target() {
      const current = choices.find((c) => c.id === state.choice)!;
      const kind = current.kind === "custom" ? state.customForm : current.kind;
      const address = current.kind === "custom" ? state.customUrl.trim() : current.url;
      if (address === "") return { problem: "Enter the custom endpoint's URL first." };
      if (kind === "proxy")
        return { options: { proxyUrl: address }, snippet: `{ proxyUrl: ${stringLiteral(address)} }` };
      const needsKey = current.kind === "keyed" && !current.id.startsWith("mock");
      if (state.optIn && state.key !== "") {
        return {
          options: { url: address, apiKey: state.key, dangerouslyAllowBrowser: true },
          snippet: `{ url: ${stringLiteral(address)}, apiKey: process.env.API_KEY }`,
          secret: state.key,
        };
      }
      if (needsKey)
        return {
          problem:
            "This endpoint needs an API key: tick the opt-in, read the warning and enter the key, or choose the mock or a keyless proxy.",
        };
      return { options: { url: address }, snippet: `{ url: ${stringLiteral(address)} }` };
    },
  };
}
