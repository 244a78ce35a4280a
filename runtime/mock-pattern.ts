/**
 * A string matching a regular expression, for `pattern` keywords: the pattern is parsed into a
 * tree (mock-pattern-parse.ts) and a random path through it is written out, each part given a length
 * that lets the whole meet `minLength`/`maxLength`. Patterns the parser does not handle give
 * `undefined`, and so does any result that does not match the real RegExp in the end (a path can
 * miss, e.g. through an anchor in the middle), so the caller falls back to a plain string.
 */
import { parsePattern, type PatternNode } from "./mock-pattern-parse.js";
import type { Random } from "./mock-random.js";

export { parsePattern, type PatternNode } from "./mock-pattern-parse.js";

export interface LengthBounds {
  minLength?: number;
  maxLength?: number;
}

/** How many extra repetitions an open quantifier (`*`, `+`, `{n,}`) may add. */
const OPEN_EXTRA = 8;
/** Tries with different random choices before giving up. */
const ATTEMPTS = 8;

/** A string matching `pattern` (and the length bounds), or `undefined` when none could be made. */
export function stringForPattern(pattern: string, random: Random, lengths: LengthBounds = {}): string | undefined {
  const tree = parsePattern(pattern);
  if (!tree) return undefined;
  let regex: RegExp;
  try {
    regex = specRegExp(pattern);
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

/** Shortest and longest strings a node can write (`Infinity` for open quantifiers). */
const spans = new WeakMap<PatternNode, [number, number]>();

function span(node: PatternNode, memo = spans): [number, number] {
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
      return writeSequence(
        Array.from({ length: random.int(fewest, most) }, () => node.node),
        random,
        lo,
        hi,
      );
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

/**
 * A spec pattern as a RegExp, with the flags the generated validators give it: `u` as JSON Schema
 * implies, or none for a pattern only valid so (`\-` outside a class). Throws for an invalid one.
 */
export function specRegExp(pattern: string): RegExp {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return new RegExp(pattern);
  }
}
