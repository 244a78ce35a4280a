/**
 * The "Try it" panel of one method: the endpoint picker, the form made from the params, Send
 * (form problems and the generated validators' issues are listed by field and rule, and nothing
 * is sent), the wire request, the response (status, time, collapsible tree, raw body), the
 * snippet of the generated client call, "Next page" for paginated methods and the result variant.
 * A subscription method subscribes over WebSocket instead (./subscribe.ts) and lists the
 * notifications newest first with a count, until Unsubscribe.
 * Stable hooks: `name="<param>"`, `data-action="send|unsubscribe"`,
 * `data-role="errors|request|response|snippet|notifications|count"`.
 */
import type { SiteApi, SiteData, SiteMethod } from "../types.js";
import { validationProblems, errorFields, problemText, selectedVariant } from "./describe.js";
import { h, replaceChildren, setOwn } from "./dom.js";
import { endpointPicker } from "./endpoints.js";
import type { Problem } from "./editor.js";
import { revealPaths } from "./fold.js";
import { paramEditor } from "./form.js";
import { jsonTree } from "./json-view.js";
import { paramsBlock } from "./params.js";
import { linkFor } from "./link.js";
import { indentJson, send, wireText, type ClientFactory } from "./send.js";
import { callArguments, snippet } from "./snippet.js";
import { socketUrl, subscribe, type Live, type WebSocketFactory } from "./subscribe.js";

export interface Panel {
  fill(params: Record<string, unknown>): void;
  /** Ends what the panel keeps open (a subscription) when the page shows another method. */
  dispose(): void;
}

/** Why the mock next to a page opened from disk cannot be called, and the two ways out. */
const FROM_DISK =
  "cannot reach a mock server: this page was opened from disk (file://), where there is no mock/ next to it. Start one (npm run mock -- --spec spec/eth.openrpc.json --port 8545) and choose Custom URL http://127.0.0.1:8545/eth, or build the site with npm run docs -- --out <dir> --mock-url http://127.0.0.1:8545/, or use npm run playground";

/** Notifications kept on the page; older ones are dropped (the count goes on). */
const MAX_SHOWN = 50;

export function mountPlayground(
  container: HTMLElement,
  site: SiteData,
  api: SiteApi,
  method: SiteMethod,
  factory: ClientFactory,
  initial: { params?: Record<string, unknown>; endpoint?: string },
  webSocket?: WebSocketFactory,
): Panel {
  const mockBase = new URL(site.mockUrl, window.location.href).href;
  const picker = endpointPicker(api, mockBase);
  if (initial.endpoint) picker.select(initial.endpoint);
  const editors = method.params.map((p) => ({
    name: p.name,
    editor: paramEditor(p),
  }));
  const sendButton = h(
    "button",
    { type: "submit", "data-action": "send", class: "primary" },
    method.subscription ? "Subscribe" : "Send",
  );
  const stopButton = h("button", { type: "button", "data-action": "unsubscribe", hidden: true }, "Unsubscribe");
  const nextButton = h("button", { type: "button", "data-action": "next-page", hidden: true }, "Next page");
  const clearButton = h("button", { type: "button", "data-action": "clear" }, "Clear the form");
  const params = paramsBlock(method, editors);
  const form = h(
    "form",
    { novalidate: true, "aria-label": `Call ${method.rpcName}` },
    picker.element,
    params.element,
    h("div", { class: "actions" }, sendButton, stopButton, nextButton, clearButton),
  );
  const errors = h("div", { "data-role": "errors", role: "alert", class: "errors" });
  const variant = h("p", { "data-role": "variant", class: "variant" });
  const request = h(
    "pre",
    { "data-role": "request", tabindex: "0", "aria-label": "Wire request" },
    "Nothing sent yet.",
  );
  const status = h("p", { "data-role": "status", "aria-live": "polite" });
  const response = h("div", { "data-role": "response" });
  const snippetBox = h(
    "pre",
    { "data-role": "snippet", tabindex: "0", "aria-label": "Generated client call" },
    "Send a call to see the code that reproduces it.",
  );
  const copy = h("button", { type: "button", "data-action": "copy", class: "small" }, "Copy the snippet");
  const count = h("p", { "data-role": "count", "aria-live": "polite" }, "No notifications yet.");
  const notifications = h("ol", { "data-role": "notifications", class: "notifications", reversed: true });
  replaceChildren(
    container,
    form,
    errors,
    variant,
    h("section", { class: "out" }, h("h3", {}, "Request"), request),
    h("section", { class: "out" }, h("h3", {}, "Response"), status, response),
    method.subscription &&
      h("section", { class: "out" }, h("h3", {}, "Notifications (newest first)"), count, notifications),
    h("section", { class: "out" }, h("h3", {}, "Snippet"), snippetBox, copy),
  );

  const read = (problems: Problem[]): Record<string, unknown> => {
    const named: Record<string, unknown> = {};
    for (const { name, editor } of editors) {
      const r = editor.read(problems);
      if (r.set) setOwn(named, name, r.value);
    }
    return named;
  };
  /** A refused call: the problems listed by field and rule, and nothing shown as sent. */
  const refuse = (problems: Problem[]): void => {
    showProblems(problems);
    request.textContent = "Not sent: fix the problems listed above.";
    status.textContent = "Not sent.";
    replaceChildren(response);
  };
  const showProblems = (problems: Problem[]): void => {
    const paths = new Set(problems.map((p) => p.path));
    params.reveal([...paths]);
    revealPaths(form, [...paths]);
    for (const input of Array.from(form.querySelectorAll<HTMLElement>("[name]"))) {
      if (paths.has(input.getAttribute("name") ?? "")) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
    }
    replaceChildren(
      errors,
      ...(problems.length
        ? [
            h("p", {}, "Not sent:"),
            h("ul", {}, ...problems.map((p) => h("li", { "data-path": p.path, "data-rule": p.rule }, problemText(p)))),
          ]
        : []),
    );
  };

  let live: Live | undefined;
  let received = 0;
  const stop = async (): Promise<void> => {
    const ending = live;
    live = undefined;
    stopButton.hidden = true;
    if (ending) {
      await ending.stop();
      status.textContent = `Unsubscribed (${method.subscription?.unsubscribe ?? "unsubscribe"} sent); ${received} notifications.`;
    }
  };
  const runSubscription = async (
    named: Record<string, unknown>,
    target: Exclude<ReturnType<typeof picker.target>, { problem: string }>,
  ): Promise<void> => {
    const url = socketUrl(target);
    if ("problem" in url || !webSocket)
      return refuse([
        {
          path: "endpoint",
          rule: "endpoint",
          message: "problem" in url ? url.problem : "this page has no WebSocket transport",
        },
      ]);
    await stop();
    const args = callArguments(method, named);
    received = 0;
    replaceChildren(notifications);
    count.textContent = "No notifications yet.";
    request.textContent = "";
    sendButton.disabled = true;
    status.textContent = "Subscribing…";
    showProblems([]);
    const view = {
      sent: (text: string) => {
        if (request.textContent === "") request.textContent = `WebSocket ${url.url}\n\n${indentJsonSafe(text)}`;
      },
      item: (value: unknown) => {
        received += 1;
        count.textContent = `${received} notification${received === 1 ? "" : "s"} (${method.subscription?.notification ?? ""}).`;
        notifications.insertBefore(
          h("li", { value: String(received) }, jsonTree(value, "result")),
          notifications.firstChild,
        );
        while (notifications.children.length > MAX_SHOWN) notifications.lastElementChild?.remove();
      },
      ended: (error?: unknown) => {
        stopButton.hidden = true;
        if (error !== undefined)
          replaceChildren(
            response,
            h("p", { class: "error-title" }, "The subscription ended:"),
            jsonTree(errorFields(error), "error"),
          );
      },
    };
    try {
      live = await subscribe(factory, webSocket, target, url.url, method.clientName, args, view);
      status.textContent = `Subscribed: id ${JSON.stringify(live.id)}. Notifications arrive below until you unsubscribe.`;
      replaceChildren(response, jsonTree(live.id, "result"));
      stopButton.hidden = false;
      snippetBox.textContent = snippet(site.packageName, api, method, target.snippet, args, url.url);
    } catch (error) {
      const refused = validationProblems(error);
      if (refused && request.textContent === "") return refuse(refused);
      status.textContent = "The subscription failed.";
      replaceChildren(
        response,
        h("p", { class: "error-title" }, "The client threw:"),
        jsonTree(errorFields(error), "error"),
      );
    } finally {
      sendButton.disabled = false;
    }
  };

  let token: string | undefined;
  const run = async (): Promise<void> => {
    const problems: Problem[] = [];
    const named = read(problems);
    nextButton.hidden = true;
    if (problems.length > 0) return refuse(problems);
    const target = picker.target();
    if ("problem" in target)
      return refuse([
        { path: "endpoint", rule: "endpoint", message: target.problem.replace(/^./, (c) => c.toLowerCase()) },
      ]);
    if ((target.options.url ?? target.options.proxyUrl ?? "").startsWith("file:"))
      return refuse([{ path: "endpoint", rule: "endpoint", message: FROM_DISK }]);
    if (method.subscription) return runSubscription(named, target);
    const args = callArguments(method, named);
    sendButton.disabled = true;
    status.textContent = "Sending…";
    const outcome = await send(factory, target, method.clientName, args).finally(() => (sendButton.disabled = false));
    const refused = outcome.requests.length === 0 ? validationProblems(outcome.error) : undefined;
    if (refused) return refuse(refused);
    showProblems([]);
    const wire = outcome.requests.at(-1);
    request.textContent = wire ? wireText(wire) : "Nothing was sent.";
    variant.textContent = selectedVariant(method, named) ? `Result variant: ${selectedVariant(method, named)}` : "";
    status.textContent =
      wire?.status !== undefined
        ? `HTTP ${wire.status}${wire.statusText ? ` ${wire.statusText}` : ""} in ${wire.ms} ms`
        : "No HTTP answer.";
    const raw =
      wire?.responseText !== undefined
        ? h("details", { class: "raw" }, h("summary", {}, "Raw response body"), h("pre", {}, wire.responseText))
        : undefined;
    if (outcome.error !== undefined)
      replaceChildren(
        response,
        h("p", { class: "error-title" }, "The client threw:"),
        jsonTree(errorFields(outcome.error), "error"),
        raw,
      );
    else replaceChildren(response, jsonTree(outcome.result, "result"), raw);
    snippetBox.textContent = snippet(site.packageName, api, method, target.snippet, args);
    history.replaceState(null, "", linkFor({ method: method.rpcName, params: named, endpoint: picker.choice() }));
    const next =
      method.pagination && outcome.result !== null && typeof outcome.result === "object"
        ? (outcome.result as Record<string, unknown>)[method.pagination.next]
        : undefined;
    token = typeof next === "string" && next !== "" ? next : undefined;
    nextButton.hidden = token === undefined;
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void run();
  });
  stopButton.addEventListener("click", () => void stop());
  nextButton.addEventListener("click", () => {
    const tokenEditor = editors.find((e) => e.name === method.pagination?.token);
    if (!tokenEditor || token === undefined) return;
    tokenEditor.editor.fill(token);
    void run();
  });
  clearButton.addEventListener("click", () => {
    for (const { editor } of editors) editor.fill(undefined);
    showProblems([]);
  });
  copy.addEventListener("click", () => {
    void navigator.clipboard?.writeText(snippetBox.textContent ?? "").then(
      () => (copy.textContent = "Copied"),
      () => (copy.textContent = "Select the snippet and copy it"),
    );
  });

  const fill = (values: Record<string, unknown>): void => {
    params.reveal(Object.keys(values).filter((k) => values[k] !== undefined));
    for (const { name, editor } of editors)
      editor.fill(Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined);
    showProblems([]);
  };
  if (initial.params) fill(initial.params);
  return { fill, dispose: () => void stop() };
}

function indentJsonSafe(text: string): string {
  try {
    return indentJson(text);
  } catch {
    return text;
  }
}
