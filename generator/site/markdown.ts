/**
 * The one function for the "spec Markdown to HTML" output context of the reference site: a
 * description from the spec (untrusted: spec documents arrive in pull requests) rendered with
 * markdown-it at build time. Raw HTML stays text (`html: false`), links go only to http(s),
 * mailto and `#fragments`, images are not rendered, and headings start below the page's own
 * `h2`s. markdown-it escapes every text it emits; nothing here builds HTML by hand.
 */
import MarkdownIt from "markdown-it";

/** URL schemes a link in a description may use; anything else (javascript:, data:, vbscript:) stays text. */
const SAFE_LINK = /^(?:https?:|mailto:|#)/i;
/** Headings in a description start at h3: the page uses h1 (method) and h2 (its sections). */
const HEADING_OFFSET = 2;

let parser: MarkdownIt | undefined;

function markdown(): MarkdownIt {
  if (parser) return parser;
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
  md.disable(["image"]);
  md.validateLink = (url: string): boolean => SAFE_LINK.test(url.trim());
  md.core.ruler.push("site_headings", (state) => {
    for (const token of state.tokens)
      if (token.type === "heading_open" || token.type === "heading_close")
        token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + HEADING_OFFSET)}`;
  });
  const link = md.renderer.rules.link_open;
  md.renderer.rules.link_open = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    if (!(token.attrGet("href") ?? "").startsWith("#")) token.attrSet("rel", "noopener noreferrer");
    return link ? link(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
  };
  parser = md;
  return md;
}

/** A description as HTML block content (paragraphs, lists, code); `""` for an empty one. */
export function htmlFromMarkdown(text: string): string {
  return text.trim() === "" ? "" : markdown().render(text).trim();
}

/** A one-line description (a summary, a limit) as inline HTML: code spans, emphasis and links, no paragraph; `""` for an empty one. */
export function htmlFromInlineMarkdown(text: string): string {
  return text.trim() === "" ? "" : markdown().renderInline(text.trim());
}

/** A one-line description as plain text (for an attribute such as `title`): the Markdown marks dropped, the words kept. */
export function plainFromMarkdown(text: string): string {
  const words: string[] = [];
  for (const token of markdown().parseInline(text.trim(), {}))
    for (const child of token.children ?? [])
      if (child.type === "text" || child.type === "code_inline") words.push(child.content);
      else if (child.type === "softbreak" || child.type === "hardbreak") words.push(" ");
  return words.join("");
}
