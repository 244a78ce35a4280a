/**
 * The one home of secret handling: the API key never appears in a message, an excerpt, a cause
 * or a property, in any form a server or a library may echo it — raw, URL-encoded (`%41`),
 * JSON-escaped (`\u0041`), HTML-escaped (`&#65;`, `&#x41;`), or any mix of these, in any case.
 * Which values are secrets (`secretsOf`) is decided with the options, in endpoint.ts.
 */

const hex = (code: number): string => code.toString(16);

/** A pattern for one character of a secret, in each of its encodings. */
function charPattern(char: string): string {
  const code = char.codePointAt(0)!;
  const literal = char.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
  const forms = [literal, `&#0*${code};`, `&#x0*${hex(code)};`];
  if (code < 0x10000) forms.push(`\\\\u${hex(code).padStart(4, "0")}`);
  if (code < 0x80) forms.push(`%${hex(code).padStart(2, "0")}`);
  else for (const byte of new TextEncoder().encode(char)) forms.push(`%${hex(byte)}`);
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

/** A copy of `error` (and its causes) with every occurrence of the secrets replaced by `***`. */
export function redact(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(error instanceof Error)) return typeof error === "string" ? hideSecrets(error, secrets) : error;
  const cause = error.cause === undefined || depth > 8 ? undefined : { cause: redact(error.cause, secrets, depth + 1) };
  const copy = new Error(hideSecrets(error.message, secrets), cause);
  copy.name = error.name;
  copy.stack = hideSecrets(error.stack ?? "", secrets);
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") Object.assign(copy, { code });
  return copy;
}
