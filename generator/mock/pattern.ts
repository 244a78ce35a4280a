/**
 * A string matching a regular expression, for `pattern` keywords. Handles the forms specs use
 * for hex and base58 values: anchors, literal characters, escapes (`\d`, `\w`, `\.`), character
 * classes with ranges (`[0-9a-fA-F]`, `[1-9A-HJ-NP-Za-km-z]`), `.`, and the quantifiers `?`,
 * `*`, `+`, `{n}`, `{n,}`, `{n,m}`. Groups, alternation and negated classes are not handled:
 * such patterns give `undefined`, and so does any result that does not match in the end.
 */
import type { Random } from "./random.js";

interface Atom {
  chars: string;
  min: number;
  max: number;
}

const DIGITS = "0123456789";
const HEX_BOTH_CASES = "0123456789abcdefABCDEF";
const WORD = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ${DIGITS}_`;
/** How many extra repetitions an open quantifier (`*`, `+`, `{n,}`) may add. */
const OPEN_EXTRA = 8;

export function stringForPattern(pattern: string, random: Random): string | undefined {
  const atoms = parsePattern(pattern);
  if (!atoms) return undefined;
  let out = "";
  for (const atom of atoms) {
    const count = random.int(atom.min, atom.max);
    for (let i = 0; i < count; i++) out += atom.chars[random.int(0, atom.chars.length - 1)]!;
  }
  return matches(pattern, out) ? out : undefined;
}

function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return false;
  }
}

/** The pattern as a list of character sets with repetition counts, or `undefined` when unsupported. */
export function parsePattern(pattern: string): Atom[] | undefined {
  let source = pattern.startsWith("^") ? pattern.slice(1) : pattern;
  if (source.endsWith("$") && !source.endsWith("\\$")) source = source.slice(0, -1);
  const atoms: Atom[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    let chars: string | undefined;
    if (c === "[") {
      const end = classEnd(source, i);
      if (end === -1) return undefined;
      chars = classChars(source.slice(i + 1, end));
      i = end + 1;
    } else if (c === "\\") {
      chars = escapeChars(source[i + 1]);
      i += 2;
    } else if (c === ".") {
      chars = WORD;
      i += 1;
    } else if ("()|^$?*+{}".includes(c)) {
      return undefined;
    } else {
      chars = c;
      i += 1;
    }
    if (chars === undefined || chars === "") return undefined;
    if ([...chars].sort().join("") === [...HEX_BOTH_CASES].sort().join("")) chars = "0123456789abcdef"; // hex reads best in one case
    const quantifier = readQuantifier(source, i);
    if (!quantifier) return undefined;
    i = quantifier.next;
    atoms.push({ chars, min: quantifier.min, max: quantifier.max });
  }
  return atoms;
}

function classEnd(source: string, start: number): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === "\\") i++;
    else if (source[i] === "]") return i;
  }
  return -1;
}

/** The characters of a class body such as `0-9a-fA-F`; `undefined` for a negated class. */
function classChars(body: string): string | undefined {
  if (body.startsWith("^")) return undefined;
  let out = "";
  for (let i = 0; i < body.length; i++) {
    let c = body[i]!;
    if (c === "\\") {
      const escaped = escapeChars(body[i + 1]);
      if (escaped === undefined) return undefined;
      i++;
      if (escaped.length > 1) {
        out += escaped;
        continue;
      }
      c = escaped;
    }
    if (body[i + 1] === "-" && i + 2 < body.length) {
      const to = body[i + 2]!;
      for (let code = c.charCodeAt(0); code <= to.charCodeAt(0); code++) out += String.fromCharCode(code);
      i += 2;
    } else out += c;
  }
  return out;
}

function escapeChars(c: string | undefined): string | undefined {
  if (c === undefined) return undefined;
  if (c === "d") return DIGITS;
  if (c === "w") return WORD;
  if (c === "s") return " ";
  if (/[A-Za-z]/.test(c)) return undefined; // \b, \D, \p{…}: not handled
  return c;
}

function readQuantifier(source: string, at: number): { min: number; max: number; next: number } | undefined {
  const c = source[at];
  if (c === "?") return { min: 0, max: 1, next: at + 1 };
  if (c === "*") return { min: 0, max: OPEN_EXTRA, next: at + 1 };
  if (c === "+") return { min: 1, max: 1 + OPEN_EXTRA, next: at + 1 };
  if (c !== "{") return { min: 1, max: 1, next: at };
  const match = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(at));
  if (!match) return undefined;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : match[3] === "" ? min + OPEN_EXTRA : Number(match[3]);
  return max < min ? undefined : { min, max, next: at + match[0].length };
}
