/**
 * The page's HTML with hostile spec text: a summary holding `<script>` or `"><img onerror>`
 * (and the same in titles, descriptions, param names and descriptions, example names, error
 * messages and server summaries) renders as inert text, in element content and in attributes;
 * the embedded site data parses back to the very same strings. The templates use escaped
 * output only.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { htmlText } from "../../generator/print/escape.js";
import { ROOT } from "../../generator/root.js";
import { loadSpec } from "../../generator/load/load.js";
import { normalizeDocument } from "../../generator/normalize/document.js";
import { siteModel } from "../../generator/site/model.js";
import { renderPage } from "../../generator/site/render.js";
import type { SiteData } from "../../generator/site/types.js";
import { doc, loaded } from "../helpers/spec.js";

const SCRIPT = "<script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(1)>';
const BOTH = `${SCRIPT} ${IMG} '--><!--`;

const hostile = doc(
  [
    {
      name: "hostile_method",
      summary: IMG,
      description: BOTH,
      paramStructure: "by-name",
      params: [
        {
          name: "safe",
          required: true,
          description: SCRIPT,
          schema: { type: "string", description: IMG, enum: [IMG, "ok"] },
        },
      ],
      result: { name: "r", schema: { type: "object", properties: { field: { type: "string", description: BOTH } } } },
      errors: [{ code: 1, message: BOTH }],
      examples: [
        {
          name: IMG,
          description: SCRIPT,
          params: [{ name: "safe", value: "ok" }],
          result: { name: "r", value: { field: SCRIPT } },
        },
      ],
    },
  ],
  {},
  {
    info: { title: BOTH, version: IMG, description: BOTH },
    servers: [
      {
        name: "proxy",
        url: "https://proxy.example/",
        summary: BOTH,
        "x-endpoint": { kind: "proxy", paramStructure: "by-position", envelope: "params-only", methodIn: "query" },
      },
    ],
  },
);
const model = normalizeDocument(loaded(hostile));
const site = siteModel([model], { packageName: "@x/clients" });
const html = renderPage(site);

describe("renderPage with hostile spec text", () => {
  it("emits no element, attribute or comment from the spec", () => {
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toMatch(/onerror=alert\(1\)>/);
    expect(html.match(/<script/g)).toHaveLength(2); // the site data and app.js
    expect(html.match(/<!--/g)).toBeNull();
    expect(html).toContain(`<script type="application/json" id="site-data">`);
    expect(html).toContain('<script src="app.js"></script>');
  });

  it("shows the text escaped, in content and in attributes", () => {
    expect(html).toContain(`<p class="summary">${htmlText(IMG)}</p>`);
    expect(html).toContain(`title="${htmlText(IMG)}"`);
    expect(html).toContain(`<td>${htmlText(BOTH)}</td>`);
    expect(html).toContain(`<title>${htmlText(BOTH)} — reference and playground</title>`);
  });

  it("embeds the site data so that it parses back to the same strings", () => {
    const text = /<script type="application\/json" id="site-data">([^<]*)<\/script>/.exec(html)?.[1];
    expect(text).toBeDefined();
    const data = JSON.parse(text!) as SiteData;
    expect(data.apis[0]!.title).toBe(BOTH);
    expect(data.apis[0]!.methods[0]!.summary).toBe(IMG);
    expect(data.apis[0]!.endpoints[0]!.label).toBe(BOTH);
    expect(data.apis[0]!.methods[0]!.params[0]!.field).toMatchObject({ kind: "enum", options: [IMG, "ok"] });
  });
});

describe("the site templates", () => {
  it("use escaped output only (no {{{…}}} or {{&…}})", async () => {
    const dir = path.join(ROOT, "templates/site");
    for (const name of (await readdir(dir)).filter((n) => n.endsWith(".hbs"))) {
      const text = await readFile(path.join(dir, name), "utf8");
      expect(text, name).not.toMatch(/\{\{\{|\{\{&/);
    }
  });
});

const specDocuments = await Promise.all(
  ["spec/advanced.openrpc.json", "spec/eth.openrpc.json", "spec/solana.openrpc.json"].map(async (f) =>
    normalizeDocument(await loadSpec(f, ROOT)),
  ),
);
describe("the page of spec/ as a reader sees it", () => {
  const page = renderPage(siteModel(specDocuments, { packageName: "@blockchain-rpc/clients" }));
  /** The text a reader sees: tags, the site data, example JSON (`<pre>`: values, not prose) left out. */
  const visible = page
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<pre>[\s\S]*?<\/pre>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
  /** How provenance looks: a sample file name, where a sample came from, whose docs. */
  const PROVENANCE =
    /[\w.-]+\.(?:json|ya?ml|mdx|md|io)\b|\bswagger\b|\bsamples?\b|\bpublished\b|SOURCES|real-samples|drpc|\bankr\b|solana-labs|solana-com|execution-apis/gi;

  it("names no sample file and no source of a sample, on the home page or any method page", () => {
    expect(visible.match(PROVENANCE) ?? []).toEqual([]);
    expect(page.match(/title="[^"]*"/g)!.join(" ")).not.toMatch(PROVENANCE);
  });

  it("renders the Markdown of summaries, limits and descriptions: no literal backtick anywhere", () => {
    expect(visible).not.toContain("`");
    const article = (name: string): string =>
      new RegExp(`<article class="method" data-page="${name}"[\\s\\S]*?</article>`).exec(page)![0];
    expect(article("adv_getBlocks")).toMatch(
      /<ul class="limits"><li>The range between <code>fromBlock<\/code> and <code>toBlock<\/code>/,
    );
    expect(article("eth_unsubscribe")).toContain(
      '<p class="summary">Cancels a subscription made with <code>eth_subscribe</code>.</p>',
    );
    // The sidebar's tooltip is the summary as plain text.
    expect(page).toContain('title="Cancels a subscription made with eth_subscribe."');
  });
});
