/**
 * The page's HTML: templates/site/index.html.hbs rendered with a view in which every string is
 * already escaped for HTML by generator/print/escape.ts (`htmlText`, `htmlFragmentHref`,
 * `htmlScriptJson`) and wrapped as a SafeString, so Handlebars adds nothing and the template,
 * which only uses `{{…}}`, cannot emit spec text unescaped. Descriptions are Markdown, rendered
 * (sanitised) by ./markdown.ts, the one function for that context. Templates hold no logic.
 */
import { htmlFragmentHref, htmlScriptJson, htmlText, jsonLiteral, objectKey } from "../print/escape.js";
import { precompiled, safe, type SafeString as Safe } from "../print/handlebars.js";
import { comboLabel } from "./labels.js";
import { htmlFromInlineMarkdown, htmlFromMarkdown, inlineRuns, plainFromMarkdown } from "./markdown.js";
import pageTemplate from "./page.compiled.js";
import type { Field, SiteApi, SiteData, SiteMethod } from "./types.js";

const text = (value: string): Safe => safe(htmlText(value));
/** Markdown as HTML, or `""` (falsy for the template's `{{#if}}`) when there is none. */
const markdown = (value: string): Safe | "" => {
  const html = htmlFromMarkdown(value);
  return html === "" ? "" : safe(html);
};
/** A one-line Markdown text (a summary, a limit) as inline HTML. */
const inline = (value: string): Safe => safe(htmlFromInlineMarkdown(value));
/** templates/site/index.html.hbs, precompiled (./page.compiled.ts, see print/templates-build.ts), made into a render function on first use. */
let render: ((view: object) => string) | undefined;

export function renderPage(site: SiteData): string {
  let index = 0;
  const view = {
    title: text(pageTitle(site)),
    data: safe(htmlScriptJson(pageData(site))),
    apis: site.apis.map((api) => ({
      subpath: text(api.subpath),
      title: text(api.title),
      version: text(api.version),
      description: markdown(api.description),
      methods: api.methods.map((m) => methodView(api, m, index++)),
    })),
  };
  render ??= precompiled(pageTemplate);
  return render(view);
}

/**
 * The site model as the page's script needs it: example results are shown in the HTML only,
 * captions lose their provenance, and a description the form shows as a hint comes parsed
 * (`descriptionRuns`, by the parser of the page's own Markdown) when it has any Markdown, so the
 * script never parses text.
 */
export function pageData(site: SiteData): SiteData {
  return {
    ...site,
    apis: site.apis.map((api) => ({
      ...api,
      methods: api.methods.map((m) => ({
        ...m,
        params: m.params.map((p) => ({ ...described(p), field: fieldData(p.field) })),
        examples: m.examples.map(({ result: _result, ...e }) => ({ ...e, description: exampleCaption(e.description) })),
      })),
    })),
  };
}

/**
 * `item` with its description parsed as `descriptionRuns` in place of the text (the script reads
 * only the runs then); unchanged when the description is empty or plain text with no Markdown.
 */
function described<T extends { description?: string }>(item: T): T {
  const runs = inlineRuns(item.description ?? "");
  if (runs.length === 0 || (runs.length === 1 && runs[0] === item.description)) return item;
  return { ...item, description: "", descriptionRuns: runs };
}

/** A field with its descriptions and those of its items and properties parsed, for the form's hints. */
function fieldData(field: Field): Field {
  const own = described(field);
  if (own.kind === "array") return { ...own, items: fieldData(own.items) };
  if (own.kind === "object")
    return { ...own, properties: own.properties.map((p) => ({ ...described(p), field: fieldData(p.field) })) };
  return own;
}

export function pageTitle(site: SiteData): string {
  return `${site.apis.map((a) => a.title).join(", ")} — reference and playground`;
}

function methodView(api: SiteApi, m: SiteMethod, index: number): Record<string, unknown> {
  const required = (yes: boolean): { requiredClass: Safe; requiredText: Safe } => ({
    requiredClass: text(yes ? "required" : "optional"),
    requiredText: text(yes ? "required" : "optional"),
  });
  return {
    index: text(String(index)),
    api: text(api.subpath),
    apiTitle: text(`${api.title} ${api.version}`),
    href: safe(htmlFragmentHref(m.rpcName)),
    rpcName: text(m.rpcName),
    summary: inline(m.summary),
    summaryText: text(plainFromMarkdown(m.summary)),
    description: markdown(descriptionAfterSummary(m.summary, m.description)),
    deprecated: m.deprecated,
    callSignature: text(callSignature(api, m)),
    limits: m.limits.map(inline),
    params: m.params.map((p) => ({
      name: text(p.name),
      ...required(p.required),
      type: text(fieldLabel(p.field)),
      description: markdown(p.description),
    })),
    resultType: text(m.resultType),
    resultFields: m.resultFields.map((f) => ({
      name: text(f.name),
      ...required(f.required),
      type: text(f.type),
      description: markdown(f.description),
    })),
    variants: m.variants.map((v) => ({ name: text(v.name), condition: text(v.condition) })),
    errors: m.errors.map((e) => ({ code: text(String(e.code)), message: text(e.message) })),
    examples: m.examples.map((e, i) => ({
      index: text(String(i)),
      name: text(e.name || `example ${i + 1}`),
      caption: markdown(exampleCaption(e.description)),
      json: text(
        JSON.stringify(e.result === undefined ? { params: e.params } : { params: e.params, result: e.result }, null, 2),
      ),
    })),
  };
}

/** A method's description without its first paragraph when that repeats the summary (shown once, above it). */
export function descriptionAfterSummary(summary: string, description: string): string {
  const rest = description.trim();
  const first = summary.trim();
  if (first === "" || !rest.startsWith(first)) return rest;
  const after = rest.slice(first.length);
  return after === "" || /^\s*\n/.test(after) ? after.trim() : rest;
}

/**
 * An example's caption without its provenance: sentences that say where the example was taken
 * from (`Published pair x.request.json / x.response.json (provider docs).`, `Response node/….json …`)
 * are for spec maintainers, not readers. What remains (a note on the params, say) is kept.
 */
export function exampleCaption(description: string): string {
  return description
    .split(/(?<=[.!?])\s+(?=[A-Z`"(])/)
    .filter((sentence) => !PROVENANCE.test(sentence))
    .join(" ")
    .trim();
}
const PROVENANCE = /^(?:Published pair|Response |Result from|Request from|Taken from|Source:)|\.(?:json|mdx|ya?ml)\b/;

/** `advanced.getLogs({ address?, blockchain?, … })` or `eth.getBlockByNumber(block, fullTransactions?)`. */
export function callSignature(api: SiteApi, m: SiteMethod): string {
  const member = /^[A-Za-z_$][\w$]*$/.test(m.clientName) ? `.${m.clientName}` : `[${jsonLiteral(m.clientName)}]`;
  const names = m.params.map((p) => `${m.signature === "object" ? objectKey(p.name) : p.name}${p.required ? "" : "?"}`);
  const args = m.signature === "object" ? (names.length ? `{ ${names.join(", ")} }` : "") : names.join(", ");
  return `${api.clientVar}${member}(${args})`;
}

/** A field's type for the params table: `integer (1 to 10000)`, `one of "eth", "bsc"`, `list of string`. */
export function fieldLabel(field: Field): string {
  switch (field.kind) {
    case "enum":
      return `one of ${field.options.map((o) => JSON.stringify(o)).join(", ")}`;
    case "integer":
    case "number": {
      const range =
        field.minimum !== undefined && field.maximum !== undefined
          ? ` (${field.minimum} to ${field.maximum})`
          : field.minimum !== undefined
            ? ` (at least ${field.minimum})`
            : field.maximum !== undefined
              ? ` (at most ${field.maximum})`
              : "";
      return `${field.uint64 ? "u64 integer" : field.kind}${range}`;
    }
    case "string":
      return field.format ? `string (${field.format})` : field.pattern ? `string matching ${field.pattern}` : "string";
    case "combo":
      return comboLabel(field);
    case "array":
      return `list of ${fieldLabel(field.items)}`;
    case "object":
      return `object with ${field.properties.map((p) => p.name).join(", ")}`;
    case "json":
      return field.hint;
    default:
      return field.kind;
  }
}
