/**
 * Hostile spec text in the browser: the real site model with every text a spec controls
 * (titles, summaries, descriptions, param and field descriptions, enum labels stay data, example
 * names, error messages, limits, endpoint labels) replaced by `<script>` and `"><img onerror>`
 * payloads. The page must show them as text: no dialog, no injected element, no script error.
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
import { findChromium, launchChromium } from "../helpers/chromium.js";

const CHROMIUM = findChromium();

const SCRIPT = "<script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(2)>';
const BOTH = `${SCRIPT}${IMG}`;

function hostileField(field: Field): Field {
  const described = { ...field, description: BOTH };
  if (field.kind === "array") return { ...described, kind: "array", items: hostileField(field.items) };
  if (field.kind === "object")
    return {
      ...described,
      kind: "object",
      properties: field.properties.map((p) => ({ ...p, description: IMG, field: hostileField(p.field) })),
    };
  if (field.kind === "json") return { ...described, kind: "json", hint: IMG };
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
      params: m.params.map((p) => ({ ...p, description: BOTH, field: hostileField(p.field) })),
      resultFields: m.resultFields.map((f) => ({ ...f, description: BOTH, type: IMG })),
    })),
  })),
};

let browser: Browser;
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
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("dialog", (d) => void d.dismiss().then(() => problems.push(`dialog: ${d.message()}`)));
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
    await page.close();
  }, 60_000);
});
