/**
 * A string matching a regular expression, for `pattern` keywords. The pattern is parsed into a
 * small tree (sequences, alternatives `|`, groups `(…)`, `(?:…)`, `(?<name>…)`, character
 * classes with ranges and negation, `.`, the escapes `\d \w \s \D \W \S \p{L} \p{Lu} \p{Ll}
 * \p{N}`, `\xHH`, `\uHHHH`, anchors, and the quantifiers `? * + {n} {n,} {n,m}`, greedy or
 * lazy), and a random path through it is written out. Lookarounds, back-references and word
 * boundaries are not handled: such patterns give `undefined`, and so does any result that does
 * not match the real RegExp in the end (the caller then falls back to a plain string).
 */
import type { Random } from "./random.js";

export type PatternNode =
  | { kind: "seq"; items: PatternNode[] }
  | { kind: "alt"; options: PatternNode[] }
  | { kind: "set"; chars: string }
  | { kind: "repeat"; node: PatternNode; min: number; max: number }
  | { kind: "anchor" };

export interface LengthBounds {
  minLength?: number;
  maxLength?: number;
}

const DIGITS = "0123456789";
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();
const WORD = `${LOWER}${UPPER}${DIGITS}_`;
const SPACE = " \t\n\r\f\v";
/** What negated classes and `.` choose from: printable ASCII. */
const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).join("");
const HEX_BOTH_CASES = [..."0123456789abcdefABCDEF"].sort().join("");
/** How many extra repetitions an open quantifier (`*`, `+`, `{n,}`) may add. */
const OPEN_EXTRA = 8;
/** Tries with different random choices before giving up (a path can still miss, e.g. `^a|b$` anchors). */
const ATTEMPTS = 8;

class Unsupported extends Error {}

/** A string matching `pattern` (and the length bounds), or `undefined` when none could be made. */
export function stringForPattern(pattern: string, random: Random, lengths: LengthBounds = {}): string | undefined {
  const tree = parsePattern(pattern);
  if (!tree) return undefined;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, "u");
  } catch {
    return undefined;
  }
  const min = lengths.minLength ?? 0;
  const max = lengths.maxLength ?? Infinity;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const text = write(tree, random, min, max);
    if (text === undefined) return undefined; // the lengths cannot be met
    const length = [...text].length;
    if (length >= min && length <= max && regex.test(text)) return text;
  }
  return undefined;
}

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

/** Shortest and longest strings a node can write (`Infinity` for open quantifiers). */
function span(node: PatternNode, memo = new Map<PatternNode, [number, number]>()): [number, number] {
  const known = memo.get(node);
  if (known) return known;
  let out: [number, number];
  switch (node.kind) {
    case "anchor":
      out = [0, 0];
      break;
    case "set":
      out = [1, 1];
      break;
    case "seq":
      out = node.items.map((i) => span(i, memo)).reduce<[number, number]>((a, b) => [a[0] + b[0], a[1] + b[1]], [0, 0]);
      break;
    case "alt": {
      const spans = node.options.map((o) => span(o, memo));
      out = [Math.min(...spans.map((s) => s[0])), Math.max(...spans.map((s) => s[1]))];
      break;
    }
    case "repeat": {
      const [lo, hi] = span(node.node, memo);
      out = [lo * node.min, hi === 0 ? 0 : hi * node.max];
      break;
    }
  }
  memo.set(node, out);
  return out;
}

/**
 * A random string the node can write whose length is within [lo, hi], or `undefined` if none
 * fits. Open quantifiers add up to OPEN_EXTRA repetitions unless the lengths need more.
 */
function write(node: PatternNode, random: Random, lo: number, hi: number): string | undefined {
  const [min, max] = span(node);
  if (max < lo || min > hi) return undefined;
  switch (node.kind) {
    case "anchor":
      return "";
    case "set":
      return node.chars[random.int(0, node.chars.length - 1)]!;
    case "alt": {
      const fitting = node.options.filter((o) => {
        const [a, b] = span(o);
        return b >= lo && a <= hi;
      });
      return write(random.pick(fitting), random, lo, hi);
    }
    case "seq":
      return writeSequence(node.items, random, lo, hi);
    case "repeat": {
      const [childMin, childMax] = span(node.node);
      const fewest = Math.max(node.min, childMax === 0 || !Number.isFinite(lo) ? node.min : Math.ceil(lo / childMax));
      const open = Number.isFinite(node.max) ? node.max : Math.max(node.min + OPEN_EXTRA, fewest);
      const most = Math.min(open, childMin === 0 ? open : Math.floor(hi / childMin));
      if (most < fewest) return undefined;
      return writeSequence(Array.from({ length: random.int(fewest, most) }, () => node.node), random, lo, hi);
    }
  }
}

/** Items one after another, each given a length that leaves the rest able to reach [lo, hi]. */
function writeSequence(items: readonly PatternNode[], random: Random, lo: number, hi: number): string | undefined {
  const spans = items.map((i) => span(i));
  const restMin: number[] = [];
  const restMax: number[] = [];
  for (let i = items.length - 1, a = 0, b = 0; i >= 0; i--) {
    restMin[i] = a;
    restMax[i] = b;
    a += spans[i]![0];
    b += spans[i]![1];
  }
  let out = "";
  let used = 0;
  for (let i = 0; i < items.length; i++) {
    const [min, max] = spans[i]!;
    const low = Math.max(min, lo - used - restMax[i]!);
    const high = Math.min(max, hi - used - restMin[i]!);
    if (high < low) return undefined;
    const text = write(items[i]!, random, low, high);
    if (text === undefined) return undefined;
    out += text;
    used += [...text].length;
  }
  return out;
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
    if (this.peek() === "?") {
      if (this.peek(1) === ":") this.at += 2;
      else if (this.peek(1) === "<" && /[A-Za-z_$]/.test(this.peek(2) ?? "")) {
        const end = this.source.indexOf(">", this.at);
        if (end === -1) throw new Unsupported();
        this.at = end + 1;
      } else throw new Unsupported(); // lookahead, lookbehind
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
    const chars: Record<string, string> = { L: LOWER + UPPER, Letter: LOWER + UPPER, Lu: UPPER, Ll: LOWER, N: DIGITS, Nd: DIGITS };
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
