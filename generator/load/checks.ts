/** Checks of parsed documents that must not recurse themselves: nesting depth, and where JSON text breaks. */
import { pointerToken } from "../problems.js";

/** The pointer of the first value nested deeper than `max`, or `undefined`. Iterative: any depth is safe. */
export function firstTooDeep(value: unknown, max: number): string | undefined {
  const stack: { node: unknown; depth: number; at: string }[] = [{ node: value, depth: 0, at: "" }];
  while (stack.length > 0) {
    const { node, depth, at } = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth >= max) return at;
    const entries: [string, unknown][] = Array.isArray(node)
      ? node.map((v, i) => [String(i), v])
      : Object.entries(node);
    for (const [key, child] of entries)
      if (child !== null && typeof child === "object")
        stack.push({ node: child, depth: depth + 1, at: `${at}/${pointerToken(key)}` });
  }
  return undefined;
}

/**
 * Replaces every object or array nested deeper than `max` with `{}`, in place (the value was just
 * parsed; nothing else holds it), and returns the pointers of the places cut, sorted.
 * Iterative: any depth is safe.
 */
export function cutTooDeep(value: unknown, max: number): string[] {
  const cut: string[] = [];
  const stack: { node: unknown; depth: number; at: string }[] = [{ node: value, depth: 0, at: "" }];
  while (stack.length > 0) {
    const { node, depth, at } = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    const keys = Array.isArray(node) ? node.map((_, i) => String(i)) : Object.keys(node);
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k]!;
      const child = (node as Record<string, unknown>)[key];
      if (child === null || typeof child !== "object") continue;
      const place = `${at}/${pointerToken(key)}`;
      if (depth + 1 >= max) {
        Object.defineProperty(node, key, { value: {}, enumerable: true, writable: true, configurable: true });
        cut.push(place);
      } else stack.push({ node: child, depth: depth + 1, at: place });
    }
  }
  return cut.sort();
}

/**
 * `line L, column C` of the first syntax error in JSON text, found by scanning the text (the
 * engine's own message quotes the text, which must not be echoed). `undefined` if it parses.
 */
export function jsonErrorPlace(text: string): string | undefined {
  const offset = jsonErrorOffset(text);
  if (offset === undefined) return undefined;
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return offset >= text.length ? `unexpected end at line ${line}, column ${column}` : `line ${line}, column ${column}`;
}

const WS = new Set([" ", "\t", "\n", "\r"]);

/** The offset where `text` stops being JSON, or `undefined` when it is valid JSON. */
export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const skip = (): void => {
    while (i < text.length && WS.has(text[i]!)) i++;
  };
  // Containers still open: what closes each.
  const open: ("]" | "}")[] = [];
  let expectValue = true;
  const readKey = (): boolean => {
    const end = text[i] === '"' ? scalarEnd(text, i) : undefined;
    if (end === undefined) return false;
    i = end;
    skip();
    if (text[i] !== ":") return false;
    i++;
    expectValue = true;
    return true;
  };
  for (;;) {
    skip();
    if (expectValue) {
      const c = text[i];
      if (c === "{" || c === "[") {
        open.push(c === "{" ? "}" : "]");
        i++;
        skip();
        if (text[i] === open[open.length - 1]) {
          open.pop();
          i++;
          expectValue = false;
          continue;
        }
        if (c === "{" && !readKey()) return i;
        continue;
      }
      const end = scalarEnd(text, i);
      if (end === undefined) return i;
      i = end;
      expectValue = false;
      continue;
    }
    if (open.length === 0) return i === text.length ? undefined : i;
    const closer = open[open.length - 1]!;
    if (text[i] === closer) {
      open.pop();
      i++;
      continue;
    }
    if (text[i] !== ",") return i;
    i++;
    skip();
    if (closer === "}" && !readKey()) return i;
    expectValue = true;
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// eslint-disable-next-line no-control-regex -- JSON strings may not hold raw control characters
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/** End offset of the string, number or literal at `i`, or `undefined`. */
function scalarEnd(text: string, i: number): number | undefined {
  for (const literal of ["true", "false", "null"]) if (text.startsWith(literal, i)) return i + literal.length;
  for (const re of [STRING, NUMBER]) {
    re.lastIndex = i;
    if (re.test(text)) return re.lastIndex;
  }
  return undefined;
}
