/**
 * The one function for the "spec Markdown to HTML" output context of the reference site: a
 * description from the spec (untrusted: spec documents arrive in pull requests) rendered with
 * markdown-it at build time. Raw HTML stays text (`html: false`), links go only to http(s),
 * mailto and `#fragments`, images are not rendered, and headings start below the page's own
 * `h2`s. markdown-it escapes every text it emits; nothing here builds HTML by hand. The page's
 * script gets its one-line texts (form hints) from the same parser as data (`inlineRuns`), never as HTML.
 */
import MarkdownIt from "markdown-it";
import { WEB_LINK } from "./links.js";
import type { InlineRun } from "./types.js";

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

/** A token of markdown-it's inline stream. */
type Token = NonNullable<ReturnType<MarkdownIt["parseInline"]>[number]["children"]>[number];

/**
 * A one-line description (a form hint) as data for the page's script: the runs the same parser
 * finds for `htmlFromInlineMarkdown` (code spans, strong, emphasis, links), which the script turns
 * into elements (browser/hint.ts). A link to anything but http(s) keeps only its text; raw HTML
 * and any other mark stay text. `[]` for an empty description.
 */
export function inlineRuns(text: string): InlineRun[] {
  const root: InlineRun[] = [];
  /** Where runs go: the root, or the children of the strong, em or link run open now. */
  const stack: InlineRun[][] = [root];
  const runs = { push: (run: InlineRun) => pushRun(stack.at(-1)!, run), stack };
  for (const token of text.trim() === "" ? [] : markdown().parseInline(text.trim(), {}))
    for (const child of token.children ?? []) addToken(child, runs);
  return root;
}

/** Adds `run` to `runs`, joined to the text before it. */
function pushRun(runs: InlineRun[], run: InlineRun): void {
  const last = runs.at(-1);
  if (run === "") return;
  if (typeof run === "string" && typeof last === "string") runs[runs.length - 1] = last + run;
  else runs.push(run);
}

/** One token of the inline stream into the runs `inlineRuns` builds. */
function addToken(token: Token, runs: { push: (run: InlineRun) => void; stack: InlineRun[][] }): void {
  const open = (make: (children: InlineRun[]) => InlineRun): void => {
    const children: InlineRun[] = [];
    runs.push(make(children));
    runs.stack.push(children);
  };
  switch (token.type) {
    case "text":
      return runs.push(token.content);
    case "code_inline":
      return runs.push({ code: token.content });
    case "softbreak":
    case "hardbreak":
      return runs.push(" ");
    case "strong_open":
      return open((children) => ({ strong: children }));
    case "em_open":
      return open((children) => ({ em: children }));
    case "link_open": {
      const href = token.attrGet("href") ?? "";
      // Not a web link (mailto:, #fragment): its text goes where the link would have been.
      if (!WEB_LINK.test(href)) return void runs.stack.push(runs.stack.at(-1)!);
      return open((children) => ({ href, text: children }));
    }
    case "strong_close":
    case "em_close":
    case "link_close":
      if (runs.stack.length > 1) runs.stack.pop();
      return undefined;
    default:
      // Other marks (strikethrough, …) keep their text, which arrives as text tokens.
      return undefined;
  }
}
