/**
 * Descriptions as sanitised Markdown (generator/site/markdown.ts) and the text around them
 * (generator/site/render.ts): code spans, lists and headings render; raw HTML, script links and
 * images from a hostile spec stay text; the summary is shown once; examples lose their provenance.
 * Form hints come to the page's script as runs from the same parser (`inlineRuns`), links to http(s) only.
 */
import { describe, expect, it } from "vitest";
import { normalizeDocument } from "../../generator/normalize/document.js";
import { htmlFromMarkdown, inlineRuns } from "../../generator/site/markdown.js";
import { siteModel } from "../../generator/site/model.js";
import { descriptionAfterSummary, exampleCaption, pageData, renderPage } from "../../generator/site/render.js";
import { doc, loaded } from "../helpers/spec.js";

describe("htmlFromMarkdown", () => {
  it("renders code spans, lists, emphasis and headings below the page's h2", () => {
    const html = htmlFromMarkdown("Uses `pageSize`.\n\n## Errors\n\n- **one**\n- two");
    expect(html).toContain("<code>pageSize</code>");
    expect(html).toContain("<h4>Errors</h4>");
    expect(html).toMatch(/<ul>\s*<li><strong>one<\/strong><\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).not.toContain("`");
    expect(html).not.toContain("##");
  });

  it("keeps raw HTML as text", () => {
    const html = htmlFromMarkdown('<script>alert(1)</script> <img src=x onerror="alert(1)"> <a href="x">a</a>');
    expect(html).not.toMatch(/<script|<img|<a /);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("links only to http(s), mailto and fragments; other schemes stay text, an image is only a link", () => {
    const html = htmlFromMarkdown(
      "[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](data:text/html,<script>x</script>) " +
        "[d](vbscript:x) ![e](https://example.test/e.png) [f](https://example.test/f) [g](#eth_call) <javascript:alert(2)>",
    );
    expect(html).not.toMatch(/href="(?!https:|#)/i);
    expect(html).not.toContain("<img");
    expect(html).toContain('<a href="https://example.test/f" rel="noopener noreferrer">f</a>');
    expect(html).toContain('<a href="#eth_call">g</a>');
    expect(html).toContain('!<a href="https://example.test/e.png" rel="noopener noreferrer">e</a>');
    expect(html.match(/<a /g)).toHaveLength(3);
  });

  it("escapes quotes in a link so no attribute can be added", () => {
    const html = htmlFromMarkdown('[x](https://example.test/"onmouseover="alert(1))');
    expect(html).not.toContain('"onmouseover');
  });

  it("gives nothing for an empty description", () => {
    expect(htmlFromMarkdown("")).toBe("");
    expect(htmlFromMarkdown("  \n ")).toBe("");
  });
});

describe("inlineRuns (form hints, for the page's script)", () => {
  it("parses code spans, strong, emphasis and web links, nested, with the text between them", () => {
    expect(
      inlineRuns("Use **bold *and em*** with `a*b` and [the docs](https://example.test/d?a=1&b) here.\nNext"),
    ).toEqual([
      "Use ",
      { strong: ["bold ", { em: ["and em"] }] },
      " with ",
      { code: "a*b" },
      " and ",
      { href: "https://example.test/d?a=1&b", text: ["the docs"] },
      " here. Next",
    ]);
  });

  it("makes a link only to http(s): script, data and other schemes stay literal text, mailto and fragments keep their words", () => {
    const runs = inlineRuns(
      "[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](data:text/html,x) [d](vbscript:x) <javascript:alert(2)> " +
        "[e](mailto:a@example.test) [f](#eth_call) **[g](https://example.test/g)**",
    );
    expect(runs).toEqual([
      "[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](data:text/html,x) [d](vbscript:x) <javascript:alert(2)> e f ",
      { strong: [{ href: "https://example.test/g", text: ["g"] }] },
    ]);
  });

  it("keeps raw HTML and images as text, and gives nothing for an empty description", () => {
    expect(inlineRuns('<img src=x onerror="alert(1)"> ![i](https://example.test/i.png)')).toEqual([
      '<img src=x onerror="alert(1)"> !',
      { href: "https://example.test/i.png", text: ["i"] },
    ]);
    expect(inlineRuns("")).toEqual([]);
    expect(inlineRuns("  \n ")).toEqual([]);
  });
});

describe("descriptionAfterSummary", () => {
  it("drops a first paragraph that repeats the summary", () => {
    expect(descriptionAfterSummary("Lists NFTs.", "Lists NFTs.\n\nResult: `assets`.")).toBe("Result: `assets`.");
    expect(descriptionAfterSummary("Lists NFTs.", "Lists NFTs.")).toBe("");
  });

  it("keeps a description that only starts with the same words", () => {
    expect(descriptionAfterSummary("Lists NFTs", "Lists NFTs of an owner.")).toBe("Lists NFTs of an owner.");
    expect(descriptionAfterSummary("", "Text.")).toBe("Text.");
  });
});

describe("exampleCaption", () => {
  it("drops the sentences that say where an example came from and keeps the notes", () => {
    expect(
      exampleCaption(
        'Published pair eth_call.request.json / eth_call.response.json (provider\'s Ethereum docs). The request sends `"from": null`.',
      ),
    ).toBe('The request sends `"from": null`.');
    expect(exampleCaption("Response node/x.fullTx.get-latest.json; params from the same test.")).toBe("");
    expect(exampleCaption("A block with its transactions.")).toBe("A block with its transactions.");
  });
});

describe("the rendered page", () => {
  const model = normalizeDocument(
    loaded(
      doc([
        {
          name: "demo_list",
          summary: "Lists things.",
          description: "Lists things.\n\nUse `pageSize` for *smaller* pages.",
          paramStructure: "by-name",
          params: [{ name: "pageSize", required: false, description: "At most `50`.", schema: { type: "integer" } }],
          result: { name: "r", schema: { type: "integer" } },
          examples: [
            {
              name: "first-page",
              description: "Published pair demo.request.json / demo.response.json (docs).",
              params: [{ name: "pageSize", value: 2 }],
              result: { name: "r", value: 1 },
            },
          ],
        },
      ]),
    ),
  );
  const page = renderPage(siteModel([model], { packageName: "@x/clients" }));
  const html = page.slice(0, page.indexOf('<script type="application/json"'));

  it("shows the summary once and the rest of the description as Markdown", () => {
    expect(html.match(/Lists things\./g)).toHaveLength(2); // the summary and the sidebar link's title
    expect(html).toContain(
      '<div class="description"><p>Use <code>pageSize</code> for <em>smaller</em> pages.</p></div>',
    );
    expect(html).toContain("<td><p>At most <code>50</code>.</p></td>");
  });

  it("gives the page's script a param description with Markdown parsed for its hint, in place of the text", () => {
    const data = pageData(siteModel([model], { packageName: "@x/clients" }));
    expect(data.apis[0]!.methods[0]!.params[0]).toMatchObject({
      description: "",
      descriptionRuns: ["At most ", { code: "50" }, "."],
    });
  });

  it("shows no provenance text for an example, in the HTML or the page's data", () => {
    expect(html).toContain("first-page");
    expect(page).not.toContain("demo.request.json");
  });
});
