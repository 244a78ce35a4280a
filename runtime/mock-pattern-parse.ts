/**
 * Regular expressions (as JSON Schema `pattern`s, read with the `u` flag) parsed into a small
 * tree for mock-pattern.ts to write strings from: sequences, alternatives `|`, groups `(…)`, `(?:…)`,
 * `(?<name>…)`, character classes with ranges and negation, `.`, the escapes `\d \w \s \D \W \S
 * \p{L} \p{Lu} \p{Ll} \p{N}`, `\xHH`, `\uHHHH`, `\u{…}`, control escapes, anchors, and the
 * quantifiers `? * + {n} {n,} {n,m}` (greedy or lazy: the same strings). Lookarounds,
 * back-references, word boundaries and other Unicode properties are not handled.
 */

export type PatternNode =
  | { kind: "seq"; items: PatternNode[] }
  | { kind: "alt"; options: PatternNode[] }
  | { kind: "set"; chars: string }
  | { kind: "repeat"; node: PatternNode; min: number; max: number }
  | { kind: "anchor" };

const DIGITS = "0123456789";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();
const WORD = `${LOWER}${UPPER}${DIGITS}_`;
const SPACE = " \t\n\r\f\v";
/** What negated classes and `.` choose from: printable ASCII. */
const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join("");
const HEX_BOTH_CASES = [..."0123456789abcdefABCDEF"].sort().join("");

class Unsupported extends Error {}

/** The pattern as a tree, or `undefined` when it uses something not handled. */
export function parsePattern(pattern: string): PatternNode | undefined {
  try {
    const parser = new Parser(pattern);
    const tree = parser.alternatives();
    if (!parser.done()) return undefined;
    return tree;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}

class Parser {
  private at = 0;

  constructor(private readonly source: string) {}

  done(): boolean {
    return this.at >= this.source.length;
  }

  private peek(offset = 0): string | undefined {
    return this.source[this.at + offset];
  }

  alternatives(): PatternNode {
    const options = [this.sequence()];
    while (this.peek() === "|") {
      this.at++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0]! : { kind: "alt", options };
  }

  private sequence(): PatternNode {
    const items: PatternNode[] = [];
    while (!this.done() && this.peek() !== "|" && this.peek() !== ")") {
      const atom = this.atom();
      items.push(atom.kind === "anchor" ? atom : this.quantified(atom));
    }
    return items.length === 1 ? items[0]! : { kind: "seq", items };
  }

  private atom(): PatternNode {
    const c = this.peek()!;
    this.at++;
    if (c === "^" || c === "$") return { kind: "anchor" };
    if (c === ".") return { kind: "set", chars: WORD };
    if (c === "[") return { kind: "set", chars: readable(this.characterClass()) };
    if (c === "\\") return { kind: "set", chars: this.escape(false) };
    if (c === "(") return this.group();
    if ("*+?{}|)".includes(c)) throw new Unsupported();
    return { kind: "set", chars: c };
  }

  private group(): PatternNode {
    const look = this.peek() === "?" ? lookaround(this.peek(1), this.peek(2)) : 0;
    if (look > 0) {
      // A lookahead or lookbehind matches no characters: parsed (so the rest is read right) and written
      // as nothing; the made string is checked against the real RegExp, so a path it refuses is tried again.
      this.at += look;
      this.alternatives();
      if (this.peek() !== ")") throw new Unsupported();
      this.at++;
      return { kind: "seq", items: [] };
    }
    if (this.peek() === "?") {
      if (this.peek(1) === ":") this.at += 2;
      else if (this.peek(1) === "<" && /[A-Za-z_$]/.test(this.peek(2) ?? "")) {
        const end = this.source.indexOf(">", this.at);
        if (end === -1) throw new Unsupported();
        this.at = end + 1;
      } else throw new Unsupported();
    }
    const inner = this.alternatives();
    if (this.peek() !== ")") throw new Unsupported();
    this.at++;
    return inner;
  }

  private quantified(node: PatternNode): PatternNode {
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === "?") [min, max] = [0, 1];
    else if (c === "*") [min, max] = [0, Infinity];
    else if (c === "+") [min, max] = [1, Infinity];
    else if (c === "{") {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!match) throw new Unsupported();
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === "" ? Infinity : Number(match[3]);
      if (max < min) throw new Unsupported();
      this.at += match[0].length - 1;
    } else return node;
    this.at++;
    if (this.peek() === "?") this.at++; // lazy: same strings
    return { kind: "repeat", node, min, max };
  }

  /** The characters a class `[…]` admits (the `[` already read). */
  private characterClass(): string {
    const negated = this.peek() === "^";
    if (negated) this.at++;
    let chars = "";
    while (this.peek() !== "]") {
      if (this.done()) throw new Unsupported();
      const from = this.classAtom();
      if (this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== undefined && from.length === 1) {
        this.at++;
        const to = this.classAtom();
        if (to.length !== 1 || to.codePointAt(0)! < from.codePointAt(0)!) throw new Unsupported();
        for (let code = from.codePointAt(0)!; code <= to.codePointAt(0)!; code++) chars += String.fromCodePoint(code);
      } else chars += from;
    }
    this.at++;
    if (!negated) return chars;
    const excluded = new Set(chars);
    return [...PRINTABLE].filter((ch) => !excluded.has(ch)).join("");
  }

  private classAtom(): string {
    const c = this.peek()!;
    this.at++;
    return c === "\\" ? this.escape(true) : c;
  }

  /** The characters an escape stands for (the `\` already read). */
  private escape(inClass: boolean): string {
    const c = this.peek();
    if (c === undefined) throw new Unsupported();
    this.at++;
    switch (c) {
      case "d":
        return DIGITS;
      case "w":
        return WORD;
      case "s":
        return " ";
      case "D":
        return complement(DIGITS);
      case "W":
        return complement(WORD);
      case "S":
        return complement(SPACE);
      case "n":
        return "\n";
      case "t":
        return "\t";
      case "r":
        return "\r";
      case "f":
        return "\f";
      case "v":
        return "\v";
      case "0":
        return "\0";
      case "b":
        if (inClass) return "\b";
        throw new Unsupported();
      case "x":
        return this.hexCode(/^[0-9a-fA-F]{2}/);
      case "u":
        return this.peek() === "{" ? this.hexCode(/^\{([0-9a-fA-F]{1,6})\}/) : this.hexCode(/^[0-9a-fA-F]{4}/);
      case "p":
        return this.property();
    }
    if (/[A-Za-z1-9]/.test(c)) throw new Unsupported(); // \B, \k<…>, back-references, \cX, …
    return c;
  }

  private hexCode(re: RegExp): string {
    const match = re.exec(this.source.slice(this.at));
    if (!match) throw new Unsupported();
    this.at += match[0].length;
    return String.fromCodePoint(parseInt(match[1] ?? match[0], 16));
  }

  private property(): string {
    const match = /^\{([A-Za-z_=]+)\}/.exec(this.source.slice(this.at));
    if (!match) throw new Unsupported();
    this.at += match[0].length;
    const chars: Record<string, string> = {
      L: LOWER + UPPER,
      Letter: LOWER + UPPER,
      Lu: UPPER,
      Ll: LOWER,
      N: DIGITS,
      Nd: DIGITS,
    };
    const found = chars[match[1]!];
    if (found === undefined) throw new Unsupported();
    return found;
  }
}

function complement(chars: string): string {
  const excluded = new Set(chars);
  return [...PRINTABLE].filter((c) => !excluded.has(c)).join("");
}

/** Hex digits in both cases read best in one. */
function readable(chars: string): string {
  if (chars === "") throw new Unsupported();
  return [...chars].sort().join("") === HEX_BOTH_CASES ? "0123456789abcdef" : chars;
}

/** The length of a lookaround's opening after `(` (`?=`, `?!`, `?<=`, `?<!`), or 0. */
function lookaround(first: string | undefined, second: string | undefined): number {
  if (first === "=" || first === "!") return 2;
  if (first === "<" && (second === "=" || second === "!")) return 3;
  return 0;
}
