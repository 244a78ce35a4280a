/**
 * Escaping, decided once: one function per output context. Every string that comes from a spec
 * (titles, descriptions, names, patterns, examples, extension values) reaches generated text
 * only through one of these. Emitters never concatenate spec text into code by hand.
 *
 * | context                          | function          |
 * |----------------------------------|-------------------|
 * | inside a `/** … *\/` doc comment | `commentText`     |
 * | a `//` line comment              | `lineComment`     |
 * | a TypeScript string literal (as prettier writes it) | `stringLiteral` |
 * | a JSON value inside code         | `jsonLiteral`     |
 * | the same, `bigint`s exact (`1n`) | `valueLiteral`    |
 * | an identifier                    | `identifier`      |
 * | a parameter name                 | `parameterIdentifier` |
 * | a key of an object literal       | `objectKey`       |
 * | a property or method name in a type (as prettier writes it) | `typeMemberKey` |
 * | a property access (`.x`, `["x"]`)  | `propertyAccess`  |
 * | a regular expression             | `regexLiteral`    |
 * | a terminal line                  | `terminalText`    |
 * | a pull-request comment (Markdown)| `markdownComment` |
 * | Markdown text / table cell / code| `markdownText`, `markdownInline`, `markdownCodeSpan`, `markdownCode` |
 * | HTML text or a quoted attribute  | `htmlText`        |
 * | a URL fragment link (`href="#…"`)| `htmlFragmentHref` |
 * | JSON inside an HTML `<script>`   | `htmlScriptJson`  |
 * | a GitHub Actions workflow command (`::error file=…::message`) | `githubCommandProperty`, `githubCommandData` |
 * | XML text or a quoted attribute (JUnit reports) | `xmlText` |
 */

/** Characters that end a line in JavaScript source: a `//` comment stops at any of them. */
const LINE_TERMINATORS = /\r\n|[\n\r\u2028\u2029]/g;

/** Text for a `/** … *\/` comment: `*\/` cannot close it, line ends are `\n`. */
export function commentText(text: string): string {
  return text.replace(LINE_TERMINATORS, "\n").replace(/\*\//g, "*\\/").trim();
}

/** Text for a `//` comment: one line, whatever the input holds. */
export function lineComment(text: string): string {
  return text.replace(LINE_TERMINATORS, " ").replace(/\*\//g, "*\\/");
}

/**
 * A TypeScript string literal: double-quoted, or single-quoted when the text holds more double
 * quotes than single ones (prettier's choice, so formatted output needs no change). U+2028/U+2029
 * are escaped too (older parsers).
 */
export function stringLiteral(text: string): string {
  let json = JSON.stringify(text);
  if (/[\u2028\u2029]/.test(json)) json = json.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  if (!text.includes('"') || count(text, '"') <= count(text, "'")) return json;
  return `'${json.slice(1, -1).replace(/\\(.)|(')/gs, (all: string, escaped: string | undefined) => (escaped === '"' ? '"' : escaped === undefined ? "\\'" : all))}'`;
}

function count(text: string, quote: string): number {
  let n = 0;
  for (let i = text.indexOf(quote); i !== -1; i = text.indexOf(quote, i + 1)) n++;
  return n;
}

/**
 * A JSON value written into code (`v.literal([...])`, tables), as a TypeScript expression that
 * evaluates to exactly that value: `bigint`s become integer literals, and a `"__proto__"` key
 * becomes a computed key (in an object literal it would set the prototype instead).
 */
export function jsonLiteral(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? Number(v) : v)) ?? "undefined";
  return text
    .replace(/"__proto__":/g, '["__proto__"]:')
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * A JSON value (with `bigint`s) as a TypeScript expression for code people copy: like
 * `jsonLiteral`, but a `bigint` stays exact as a `123n` literal.
 */
export function valueLiteral(value: unknown): string {
  // A random mark, so that no string in the value can pass for a bigint.
  const nonce = Math.random().toString(36).slice(2, 10);
  const text =
    JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? `\u0000${nonce}:${v}` : v)) ?? "undefined";
  return text
    .replace(new RegExp(`"\\\\u0000${nonce}:(-?\\d+)"`, "g"), "$1n")
    .replace(/"__proto__":/g, '["__proto__"]:')
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * An ES5 identifier name: a key prettier writes without quotes, and the names the generator
 * makes (`größe`, `Ракета`, `שם`: Unicode letters are kept, nothing is transliterated). Letters
 * of the Basic Multilingual Plane only (ES5 rules, as prettier's): prettier keeps `"𝑥"` quoted.
 */
function isIdentifierName(name: string): boolean {
  return (
    /^[$_\p{L}\p{Nl}][$_\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}\u200c\u200d]*$/u.test(name) &&
    // eslint-disable-next-line no-control-regex -- the range starts at U+0000 on purpose: any non-BMP character
    !/[^\u0000-\uffff]/u.test(name)
  );
}

/**
 * Words that cannot name a binding (a variable, function or parameter) in strict-mode module code:
 * JavaScript's reserved words, strict mode's (`let`, `static`, `yield`, `implements`, …),
 * `await`, `arguments` and `eval`. `undefined` is kept out too: legal, but it would shadow the value.
 */
export const BINDING_RESERVED_WORDS: ReadonlySet<string> = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await arguments eval undefined"
  ).split(" "),
);

/** TypeScript's type keywords: legal parameter names (`number`, `type`), never a type or variable the generator declares. */
const TYPE_KEYWORDS =
  "any unknown never object string number boolean symbol bigint type as is keyof readonly infer declare module namespace".split(
    " ",
  );

/** Words that cannot be a variable, function or type name. */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([...BINDING_RESERVED_WORDS, ...TYPE_KEYWORDS]);

export function isIdentifier(name: string): boolean {
  return isIdentifierName(name);
}

/**
 * An identifier, checked. Names are made in normalize (generator/normalize/names.ts); this is
 * the last guard before they become code, so a name that is not a plain identifier is a bug.
 */
export function identifier(name: string): string {
  return checked(name, RESERVED_WORDS);
}

/**
 * A parameter name (and a tuple label), checked like `identifier`: any identifier strict
 * TypeScript accepts there, type keywords such as `number` and `type` included.
 */
export function parameterIdentifier(name: string): string {
  return checked(name, BINDING_RESERVED_WORDS);
}

function checked(name: string, reserved: ReadonlySet<string>): string {
  if (!isIdentifierName(name) || reserved.has(name)) {
    throw new Error(
      `Internal error: ${stringLiteral(name)} reached the output as an identifier; names must be made in normalize.`,
    );
  }
  return name;
}

/**
 * A key in an object literal: bare when it is an identifier, quoted otherwise. `__proto__` is
 * written as a computed key, because `{ __proto__: x }` and `{ "__proto__": x }` set the
 * prototype instead of defining a property.
 */
export function objectKey(name: string): string {
  if (name === "__proto__") return `["__proto__"]`;
  return isIdentifierName(name) ? name : stringLiteral(name);
}

/** The names Object.prototype gives every object (`toString`, `valueOf`, `__proto__`, …). */
const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Whether `name` is a member of Object.prototype. In an object literal typed by a record, such a
 * key is contextually typed by Object's member, not by the record's values, so its string literals
 * widen to `string`: its value is written `as const` (plugins/client/api.ts).
 */
export function isPrototypeName(name: string): boolean {
  return PROTOTYPE_NAMES.has(name);
}

/** A property access in code: `.name`, or `["na-me"]` when the name is not an identifier. */
export function propertyAccess(name: string): string {
  return isIdentifierName(name) ? `.${name}` : `[${stringLiteral(name)}]`;
}

/**
 * A property or method name in an interface or type literal, as prettier writes it: bare when it
 * is an ES5 identifier name (`constructor` too: in a type it is an ordinary name), else a string
 * literal. A method named `new` stays quoted: bare, `new(…)` would declare a construct signature.
 */
export function typeMemberKey(name: string, member: "property" | "method" = "property"): string {
  return isIdentifierName(name) && !(member === "method" && name === "new") ? name : stringLiteral(name);
}

/**
 * The flags a JSON Schema `pattern` needs: `u` (ECMA-262 with Unicode semantics, so `\p{Lu}`
 * works), or none for the patterns that are only valid without it (`\-` outside a class).
 * `undefined` when the pattern is not a valid regular expression at all.
 */
export function patternFlags(pattern: string): "u" | "" | undefined {
  for (const flags of ["u", ""] as const) {
    try {
      new RegExp(pattern, flags);
      return flags;
    } catch {
      // try the next
    }
  }
  return undefined;
}

/**
 * A regular expression for a JSON Schema `pattern`: a `/…/u` literal when the source can be
 * written as one, else `new RegExp("…", "u")`. Throws for an invalid pattern (validate rejects
 * those first).
 */
export function regexLiteral(pattern: string): string {
  const flags = patternFlags(pattern);
  if (flags === undefined)
    throw new Error(`Internal error: invalid pattern ${stringLiteral(pattern)} reached the output.`);
  // A literal only when nothing in the source can end it early: no `/` at all, no line end, and
  // not `//` or `/*` (a comment). Anything else uses the constructor with a string literal.
  if (pattern !== "" && !/[/\n\r\u2028\u2029]/.test(pattern) && !pattern.startsWith("*")) return `/${pattern}/${flags}`;
  return `new RegExp(${stringLiteral(pattern)}${flags ? `, "${flags}"` : ""})`;
}

/**
 * Text for a terminal: control characters (ANSI escape sequences, carriage returns, bells) and
 * the bidirectional overrides that reorder what is shown (U+202A–U+202E, U+2066–U+2069) are
 * shown as `\u{1b}` instead of acting on the terminal. Newlines and tabs stay.
 */
export function terminalText(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- control characters are what this pattern is for
    /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u{${c.charCodeAt(0).toString(16)}}`,
  );
}

/**
 * Markdown for a pull-request comment: `markdownText`, and `@name` / `#123` cannot mention a
 * user or link an issue (a zero-width space follows `@` and `#`).
 */
export function markdownComment(text: string): string {
  return markdownText(text).replace(/@/g, "@\u200b").replace(/\\#/g, "\\#\u200b");
}

/** Markdown text on one line: Markdown and HTML syntax characters are escaped. */
export function markdownText(text: string): string {
  return text
    .replace(LINE_TERMINATORS, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/([\\`*_{}[\]()#+!|~])/g, "\\$1")
    .trim();
}

/**
 * Spec Markdown (OpenRPC summaries and descriptions are GitHub Flavored Markdown) kept as
 * Markdown on one line, but inert: no raw HTML (`<`, `>`, `&` escaped), no `javascript:`,
 * `data:`, `vbscript:` or `file:` link targets, and `|` escaped so a table cell holds.
 */
export function markdownInline(text: string): string {
  return text
    .replace(LINE_TERMINATORS, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\|/g, "\\|")
    .replace(/\]\(\s*(?:javascript|data|vbscript|file):/gi, "](#unsafe-link:")
    .trim();
}

/**
 * An inline code span (in a table cell: `|` is escaped, as GFM requires even inside code). Its
 * backtick fence is longer than any backtick run inside; nothing else is escaped (a code span
 * shows backslashes literally).
 */
export function markdownCodeSpan(code: string): string {
  const text = code.replace(LINE_TERMINATORS, " ").replace(/\|/g, "\\|");
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A fenced code block whose fence is longer than any backtick run inside, so the code cannot end it. */
export function markdownCode(code: string, language: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${fence}${/^[a-z]+$/.test(language) ? language : ""}\n${code.replace(LINE_TERMINATORS, "\n")}\n${fence}`;
}

/**
 * Text for HTML, in element content or inside a double- or single-quoted attribute value: the
 * five characters that could open a tag, an entity or end the attribute are written as
 * character references, so spec text (`<script>`, `"><img onerror=…>`) shows as text.
 */
export function htmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** A same-page link to the fragment `id`, for an `href="…"` attribute: percent-encoded, then HTML-escaped. */
export function htmlFragmentHref(id: string): string {
  return htmlText(`#${encodeURIComponent(id)}`);
}

/**
 * A JSON value inside `<script type="application/json">`: nothing in it can end the script
 * element or open a comment (`<`, `>`, `&` become `\u003c`, `\u003e`, `\u0026`), and U+2028/U+2029
 * are escaped. `JSON.parse` of the element's text gives the value back.
 */
export function htmlScriptJson(value: unknown): string {
  const text = JSON.stringify(value) ?? "null";
  return text
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The message of a GitHub Actions workflow command (`::error …::<message>`): `%`, CR and LF are
 * percent-encoded as the runner expects, so a message cannot end the command or start another one
 * on a new line, and control characters are shown (`terminalText`) instead of colouring the log.
 */
export function githubCommandData(text: string): string {
  return terminalText(text).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A property value of a workflow command (`file=…`, `title=…`): also `:` and `,`, which end a property. */
export function githubCommandProperty(text: string): string {
  return githubCommandData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/**
 * Text for XML element content or a quoted attribute: the five markup characters as entities,
 * and characters XML 1.0 cannot hold at all (control characters but tab and line ends, lone
 * surrogates, U+FFFE, U+FFFF) shown as `\u{…}`, so the document stays well-formed.
 */
export function xmlText(text: string): string {
  return text
    .replace(
      // eslint-disable-next-line no-control-regex -- control characters are what this pattern is for
      /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      (c) => `\\u{${c.charCodeAt(0).toString(16)}}`,
    )
    .replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
