/**
 * The one guard for spec `pattern`s (and `patternProperties` keys) against catastrophic
 * backtracking. Every place that runs a spec pattern — the example checks (ajv), the generated
 * validators (a hostile server's response under strict validation), the mock's params and values,
 * the playground's form — gets its patterns from a document that passed the lint rules
 * (validate/keywords.ts calls this guard), so a pattern refused here runs nowhere.
 *
 * The analysis is redos-detector's (docs/DECISIONS.md): it reports whether a backtracking engine
 * can try more than one way through the pattern for one input. That alone also flags patterns
 * that are only polynomial on long inputs (`^0x([1-9a-f]+[0-9a-f]*|0)$`, quadratic, in a public
 * spec), so a flagged pattern is refused only when the ambiguity sits inside a repetition (a
 * repeated group that can match the same text in more than one way: `(a+)+`, `(a|a)*`,
 * `(.*a){12}`), where the time grows exponentially — ~50 characters already hang a process. The
 * rest is a warning. The limits are steps, never wall time, so the verdict is the same on every machine.
 */
import { isSafePattern, type RedosDetectorResult } from "redos-detector";
import regjsparser from "regjsparser";

// regjsparser is CommonJS: Node's ESM loader gives it as one default export.
const { parse } = regjsparser;

export type PatternRisk =
  | { kind: "safe" }
  /** Backtracking grows polynomially with the input (adjacent repetitions that overlap). */
  | { kind: "polynomial" }
  /** Backtracking grows exponentially: `loop` is the repeated part that can match one text in several ways. */
  | { kind: "exponential"; loop: string }
  /** The analysis does not support a feature of the pattern (it is then not judged). */
  | { kind: "unchecked"; reason: string };

/** Steps of the analysis per pattern: deterministic, and about a second at worst. */
const MAX_STEPS = 1_000;
/** A repetition whose count can reach this is treated as a loop (`(a?){30}` is as bad as `(a?)*`). */
const LOOP_COUNT = 3;
/** A repetition of at most this many parts of bounded width is not a loop: (ways per part)^4 stays small. */
const SMALL_COUNT = 4;

const cache = new Map<string, PatternRisk>();

/** How much a backtracking engine can backtrack on `pattern` (read with `flags`, "u" or ""). */
export function patternRisk(pattern: string, flags: string): PatternRisk {
  const key = `${flags}/${pattern}`;
  let risk = cache.get(key);
  if (!risk) {
    risk = judge(pattern, flags);
    cache.set(key, risk);
  }
  return risk;
}

function judge(pattern: string, flags: string): PatternRisk {
  if (withoutChoice(pattern, flags)) return { kind: "safe" };
  const whole = analyse(pattern, flags);
  if (typeof whole === "string") return { kind: "unchecked", reason: whole };
  if (whole.safe) return { kind: "safe" };
  for (const loop of loops(pattern, flags)) {
    const inner = analyse(`^(?:${loop.body})${loop.count}$`, flags);
    if (typeof inner !== "string" && !inner.safe) return { kind: "exponential", loop: loop.source };
  }
  return { kind: "polynomial" };
}

/** redos-detector's verdict, or why it could not give one. */
function analyse(pattern: string, flags: string): RedosDetectorResult | string {
  try {
    return isSafePattern(pattern, { unicode: flags.includes("u"), maxSteps: MAX_STEPS, timeout: Infinity });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Nodes of regjsparser's tree that match in one way only, whatever their content (one character, an anchor, a backreference). */
const ONE_WAY = new Set(["value", "dot", "anchor", "characterClassEscape", "unicodePropertyEscape", "reference"]);
/** What a character class may hold and still match one character in one way. */
const CLASS_MEMBERS = new Set(["value", "characterClassRange", "characterClassEscape", "unicodePropertyEscape"]);

/**
 * Whether `pattern` has no choice point at all: no `|` and no repetition of a varying count (only
 * exact counts such as `{64}`), so a backtracking engine has exactly one way to try it and nothing to
 * backtrack into — safe without analysis. redos-detector walks an exact count one repetition at a
 * time: `^0x[0-9a-f]{512}$`, a hash in MetaMask's document, takes it ~0.35 s to find safe
 * (docs/DECISIONS.md). Anything else, or a pattern regjsparser does not read, goes to the analysis.
 */
function withoutChoice(pattern: string, flags: string): boolean {
  let tree: unknown;
  try {
    tree = parse(pattern, flags, { namedGroups: true, lookbehind: true, unicodePropertyEscape: true });
  } catch {
    return false;
  }
  type Node = { type?: string; min?: number; max?: number; body?: unknown };
  const oneWay = (node: unknown): boolean => {
    const n = node as Node;
    if (ONE_WAY.has(n.type ?? "")) return true;
    if (n.type === "characterClass")
      return Array.isArray(n.body) && n.body.every((m) => CLASS_MEMBERS.has((m as Node).type ?? ""));
    if (n.type === "quantifier" && n.min !== n.max) return false;
    if (n.type === "alternative" || n.type === "group" || n.type === "quantifier")
      return Array.isArray(n.body) && n.body.every(oneWay);
    // A disjunction (`a|b`), or a node this list does not know.
    return false;
  };
  return oneWay(tree);
}

interface Loop {
  /** The whole repetition as written (`(a+)+`). */
  source: string;
  /** The repeated part as written (`(a+)`). */
  body: string;
  /** The count as a quantifier (`+`, `{2,5}`). */
  count: string;
}

/** Every repetition in `pattern` that can repeat its part LOOP_COUNT times or more, outermost first. */
function loops(pattern: string, flags: string): Loop[] {
  let tree: unknown;
  try {
    tree = parse(pattern, flags, { namedGroups: true, lookbehind: true, unicodePropertyEscape: true });
  } catch {
    return [];
  }
  const found: Loop[] = [];
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    const record = node as { type?: string; min?: number; max?: number; body?: unknown; range?: [number, number] };
    if (record.type === "quantifier" && Array.isArray(record.body) && record.range) {
      const max = record.max ?? Infinity;
      const first = record.body[0] as { range?: [number, number] } | undefined;
      const last = record.body[record.body.length - 1] as { range?: [number, number] } | undefined;
      // A few repetitions (at most SMALL_COUNT) of a part that matches a bounded text (`(…\.){3}`, an IPv4
      // address) is a small, fixed amount of work at each place, however the part can match: it cannot blow up.
      const bounded = max <= SMALL_COUNT && record.body.every((child) => maxWidth(child) !== Infinity);
      if (max >= LOOP_COUNT && !bounded && first?.range && last?.range) {
        // An unbounded loop never repeats an empty iteration past its minimum (ECMA-262's
        // RepeatMatcher), so `(x?)+` backtracks as `(x)+`: judge the part without its `?`.
        const optional = max === Infinity && (record.min ?? 0) <= 1 ? optionalPart(record.body) : undefined;
        const body = optional ? pattern.slice(optional[0], optional[1]) : pattern.slice(first.range[0], last.range[1]);
        const count = max === Infinity ? `{${Math.max(record.min ?? 0, 1)},}` : `{${record.min ?? 0},${max}}`;
        found.push({ source: pattern.slice(record.range[0], record.range[1]), body, count });
      }
    }
    if (Array.isArray(record.body)) visit(record.body);
  };
  visit(tree);
  return found;
}

/** The range of `x` when a loop's part is `x?` or a group of only `x?`, else undefined. */
function optionalPart(body: unknown[]): [number, number] | undefined {
  type Node = { type?: string; min?: number; max?: number; body?: unknown[]; range?: [number, number] };
  let node = body.length === 1 ? (body[0] as Node) : undefined;
  if (node?.type === "group" && node.body?.length === 1) node = node.body[0] as Node;
  if (node?.type !== "quantifier" || node.min !== 0 || node.max !== 1 || node.body?.length !== 1) return undefined;
  return (node.body[0] as Node).range;
}

/** The most characters `node` (of regjsparser's tree) can match: Infinity when unbounded or not known. */
function maxWidth(node: unknown): number {
  const n = node as { type?: string; max?: number; body?: unknown; kind?: string };
  switch (n.type) {
    case "value":
    case "dot":
    case "characterClass":
    case "characterClassEscape":
    case "unicodePropertyEscape":
      return 1;
    case "anchor":
      return 0;
    case "group":
      // Lookarounds match no text of their own.
      if (
        n.kind === "lookahead" ||
        n.kind === "negativeLookahead" ||
        n.kind === "lookbehind" ||
        n.kind === "negativeLookbehind"
      )
        return 0;
      return sum(n.body);
    case "alternative":
      return sum(n.body);
    case "disjunction":
      return Array.isArray(n.body) ? Math.max(0, ...n.body.map(maxWidth)) : Infinity;
    case "quantifier":
      return n.max === undefined ? Infinity : n.max * sum(n.body);
    default:
      return Infinity;
  }
}

function sum(body: unknown): number {
  return Array.isArray(body) ? body.reduce((total: number, child) => total + maxWidth(child), 0) : Infinity;
}
