/**
 * The one home of secret handling: the API key never appears in a message, an excerpt, a cause
 * or a property, in any form a server or a library may echo it — raw, URL-encoded (`%41`, a
 * non-ASCII character as its whole UTF-8 sequence `%C3%A9`, encoded twice `%2541`, a space as
 * `+`), JSON-escaped (`\u0041`), HTML-escaped (`&#65;`, `&#x41;`), or any mix of these, in any case.
 * Which values are secrets (`secretsOf`) is decided with the options, in endpoint.ts.
 */

const hex = (code: number): string => code.toString(16);

/**
 * A pattern for one character of a secret, in each of its encodings: itself, HTML decimal and hex
 * entities, a JSON `\u` escape per UTF-16 unit (a surrogate pair beyond the basic plane), and its
 * UTF-8 bytes percent-encoded as ONE sequence (`é` is `%C3%A9`, never `%C3` or `%A9` alone), each
 * `%` possibly encoded again (`%2541`: a URL that went through two encoders); a space also as `+`
 * (form encoding). Hex in any case: the pattern is case-insensitive.
 */
function charPattern(char: string): string {
  const code = char.codePointAt(0)!;
  const forms = [
    char.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&"),
    `&#0*${code};`,
    `&#x0*${hex(code)};`,
    char.replace(/[^]/g, (unit) => `\\\\u${hex(unit.charCodeAt(0)).padStart(4, "0")}`),
    [...new TextEncoder().encode(char)].map((byte) => `%(?:25)*${hex(byte).padStart(2, "0")}`).join(""),
  ];
  if (char === " ") forms.push("\\+");
  return `(?:${forms.join("|")})`;
}

const patterns = new Map<string, RegExp>();

/** Matches a secret in every form (case-insensitive: a case variant of the key is hidden too). */
function patternOf(secret: string): RegExp {
  let pattern = patterns.get(secret);
  if (!pattern) {
    pattern = new RegExp([...secret].map(charPattern).join(""), "gi");
    if (patterns.size > 16) patterns.clear();
    patterns.set(secret, pattern);
  }
  return pattern;
}

/** `text` with every occurrence of the secrets, in every form, replaced by `***`. */
export function hideSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((t, s) => (s ? t.replace(patternOf(s), "***") : t), text);
}

/** Up to 200 characters of `text`, secrets replaced first (so a cut can never leave part of one). */
export function scrub(text: string, secrets: readonly string[]): string {
  const out = hideSecrets(text, secrets);
  return out.length > 200 ? `${out.slice(0, 200)}…` : out;
}

/** The first 200 characters of a body, on one line, without HTML tags or secrets. */
export function excerpt(text: string, secrets: readonly string[]): string {
  return scrub(
    text
      .replace(/<[^>]*>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
    secrets,
  );
}

/** A copy of a JSON value with the secrets replaced in every string (keys included). */
export function scrubDeep(value: unknown, secrets: readonly string[]): unknown {
  if (secrets.length === 0) return value;
  if (typeof value === "string") return hideSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, secrets));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [hideSecrets(k, secrets), scrubDeep(v, secrets)]));
  }
  return value;
}

/**
 * A copy of `error` (and its causes) with every occurrence of the secrets replaced by `***`. What
 * a custom `fetch` throws need not be an Error: anything else becomes cleaned text (an object as
 * its JSON), so a `{ url }` it carries cannot leak.
 */
export function redact(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(error instanceof Error))
    return typeof error === "string" || (error !== null && typeof error === "object")
      ? hideSecrets(textOf(error), secrets)
      : error;
  const cause = error.cause === undefined || depth > 8 ? undefined : { cause: redact(error.cause, secrets, depth + 1) };
  const copy = new Error(hideSecrets(error.message, secrets), cause);
  copy.name = error.name;
  copy.stack = hideSecrets(error.stack ?? "", secrets);
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") Object.assign(copy, { code });
  return copy;
}

/** A string as it is, an object as its JSON (its own text when it has none: a cycle, a bigint). */
function textOf(value: unknown): string {
  try {
    return typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}
