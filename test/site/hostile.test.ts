/**
 * Hostile spec text in the browser: the real site model with every text a spec controls
 * (titles, summaries, descriptions, param and field descriptions, enum labels stay data, example
 * names, error messages, limits, endpoint labels) replaced by `<script>` and `"><img onerror>`
 * payloads. The page must show them as text: no dialog, no injected element, no script error.
 * debug_traceCall's param and field descriptions are Markdown instead: the form's hints render
 * strong, emphasis, code and http(s) links, and a script link stays text (even if the page's data
 * itself held one).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { loadSpec } from "../../generator/load/load.js";
import { normalizeDocument } from "../../generator/normalize/document.js";
import { siteModel } from "../../generator/site/model.js";
import { siteFiles } from "../../generator/site/site.js";
import type { Field, SiteData } from "../../generator/site/types.js";
import { findChromium, launchChromium, tabPool } from "../helpers/chromium.js";

const CHROMIUM = findChromium();

const SCRIPT = "<script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(2)>';
const BOTH = `${SCRIPT}${IMG}`;

/**
 * The field tree with every description replaced by `text` (an object's properties' own descriptions
 * by `propertyText`), and a JSON field's hint by `jsonHint` when one is given.
 */
function rewritten(field: Field, text: string, propertyText: string, jsonHint?: string): Field {
  const described = { ...field, description: text };
  const again = (f: Field): Field => rewritten(f, text, propertyText, jsonHint);
  if (field.kind === "array") return { ...described, kind: "array", items: again(field.items) };
  if (field.kind === "object")
    return {
      ...described,
      kind: "object",
      properties: field.properties.map((p) => ({ ...p, description: propertyText, field: again(p.field) })),
    };
  if (field.kind === "json" && jsonHint !== undefined) return { ...described, kind: "json", hint: jsonHint };
  return described;
}

const documents = await Promise.all(
  ["spec/advanced.openrpc.json", "spec/eth.openrpc.json", "spec/solana.openrpc.json"].map(async (f) =>
    normalizeDocument(await loadSpec(f, ROOT)),
  ),
);
const real = siteModel(documents, { packageName: "@blockchain-rpc/clients" });
const hostile: SiteData = {
  ...real,
  apis: real.apis.map((api) => ({
    ...api,
    title: BOTH,
    version: IMG,
    description: BOTH,
    endpoints: api.endpoints.map((e) => ({ ...e, label: BOTH })),
    methods: api.methods.map((m) => ({
      ...m,
      summary: IMG,
      description: BOTH,
      limits: m.limits.map(() => BOTH),
      errors: m.errors.map((e) => ({ ...e, message: BOTH })),
      examples: m.examples.map((e) => ({ ...e, name: IMG, description: SCRIPT })),
      params: m.params.map((p) => ({ ...p, description: BOTH, field: rewritten(p.field, BOTH, IMG, IMG) })),
      resultFields: m.resultFields.map((f) => ({ ...f, description: BOTH, type: IMG })),
    })),
  })),
};

/** Markdown a hint renders, with links a hint must never make. */
const MARKED =
  "Uses **bold**, *em*, `code` and [the docs](https://example.test/docs). " +
  "[click](javascript:alert(3)) [up](JAVASCRIPT:alert(4)) [d](data:text/html,<script>alert(5)</script>) <javascript:alert(6)>";

/** debug_traceCall with Markdown descriptions; its last param's data says "link to javascript:", as if the build were bypassed. */
for (const api of hostile.apis)
  api.methods = api.methods.map((m) =>
    m.rpcName !== "debug_traceCall"
      ? m
      : {
          ...m,
          params: m.params.map((p, i, all) =>
            i < all.length - 1
              ? { ...p, description: MARKED, field: rewritten(p.field, MARKED, MARKED) }
              : { ...p, description: "", descriptionRuns: [{ href: "javascript:alert(7)", text: ["tampered"] }] },
          ),
        },
  );

let browser: Browser;
const tabs = tabPool(() => browser);
let server: http.Server;
let origin = "";

beforeAll(async () => {
  if (CHROMIUM.skip) return;
  const { files } = await siteFiles(hostile);
  server = http.createServer((req, res) => {
    const name = (req.url ?? "/").split("#")[0] === "/" ? "index.html" : (req.url ?? "").slice(1);
    const body = files.get(name);
    res
      .writeHead(body === undefined ? 404 : 200, {
        "content-type": name.endsWith(".js") ? "text/javascript" : name.endsWith(".css") ? "text/css" : "text/html",
      })
      .end(body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchChromium(CHROMIUM);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
});

describe.skipIf(CHROMIUM.skip)("hostile spec text in Chromium", () => {
  it("is shown as text in the reference, the form, the endpoint list and the examples", async () => {
    const { page, problems, release } = await tabs.open("about:blank");
    for (const method of ["adv_getLogs", "getAccountInfo", "eth_getBlockByNumber"]) {
      await page.goto(`${origin}#${method}`);
      await page.waitForSelector(`[data-page="${method}"].current [data-action="send"]`);
      await page.click('.current [data-action="example"][data-example="0"]');
      expect(await page.textContent(".current .summary")).toBe(IMG);
      expect(await page.textContent(".current .playground .hint")).toContain(BOTH);
      const titles = await page.$$eval('[data-role="endpoint"] option[title]', (o) =>
        o.map((x) => x.getAttribute("title")),
      );
      expect(titles.length).toBeGreaterThan(0);
      expect(titles.every((t) => t === BOTH)).toBe(true);
      expect(await page.evaluate(() => document.querySelectorAll("img, iframe, object, embed").length)).toBe(0);
      expect(
        await page.evaluate(() => Array.from(document.scripts).map((s) => s.getAttribute("src") ?? s.type)),
      ).toEqual(["application/json", "app.js"]);
    }
    expect(await page.title()).toContain("eth_getBlockByNumber");
    expect(problems).toEqual([]);
    await release();
  }, 60_000);

  it("renders Markdown in the form's hints, links to http(s) only", async () => {
    const { page, problems, release } = await tabs.open(`${origin}#debug_traceCall`);
    await page.waitForSelector('[data-page="debug_traceCall"].current [data-action="send"]');
    for (const summary of await page.$$(".current .playground details:not([open]) > summary")) await summary.click();
    const hints = await page.$$eval(".current .playground .hint", (ps) =>
      ps.map((p) => ({
        text: p.textContent ?? "",
        strong: Array.from(p.querySelectorAll("strong"), (e) => e.textContent),
        em: Array.from(p.querySelectorAll("em"), (e) => e.textContent),
        code: Array.from(p.querySelectorAll("code"), (e) => e.textContent),
        links: Array.from(p.querySelectorAll("a"), (a) => [
          a.getAttribute("href"),
          a.getAttribute("rel"),
          a.textContent,
        ]),
      })),
    );
    const marked = hints.filter((h) => h.text.includes("Uses bold"));
    expect(marked.length).toBeGreaterThan(3); // the params and their nested fields
    for (const h of marked) {
      expect(h.text).toContain("Uses bold, em, code and the docs. [click](javascript:alert(3))");
      expect(h.text).not.toMatch(/\*\*|`|\[the docs\]/);
      expect(h).toMatchObject({ strong: ["bold"], em: ["em"], code: ["code"] });
      expect(h.links).toEqual([["https://example.test/docs", "noopener noreferrer", "the docs"]]);
    }
    expect(hints.some((h) => h.text.startsWith("tampered"))).toBe(true);
    expect(
      await page.$$eval("a[href]", (links) =>
        links.map((a) => a.getAttribute("href") ?? "").filter((href) => !/^(?:https?:|#)/i.test(href.trim())),
      ),
    ).toEqual([]);
    expect(problems).toEqual([]);
    await release();
  }, 60_000);
});
