/**
 * Lint rule over every schema keyword of every loaded file: `pattern` and `patternProperties`
 * must be regular expressions (the generated validators compile them; JSON Schema implies the
 * `u` flag, and a pattern only valid without it is used without it, with a warning) that cannot
 * backtrack catastrophically (./pattern-guard.ts: refused when exponential, a warning when
 * polynomial), and the
 * keywords some generators copy into their output as code (`tsType`, `tsEnumNames`) are
 * reported as ignored: the types here come from JSON Schema keywords only.
 */
import { patternFlags } from "../print/escape.js";
import { patternRisk, type PatternRisk } from "./pattern-guard.js";
import type { LoadedSpec } from "../load/load.js";
import type { Finding } from "../policy/policy.js";
import { pointerToken } from "../problems.js";

/** Keys whose values are data, not schemas. */
const DATA_KEYS = new Set(["enum", "const", "default", "examples", "example", "value", "x-response-deviations"]);
/** Keywords that carry TypeScript code (a convention of other generators); this one never writes them out. */
const CODE_KEYWORDS = ["tsType", "tsEnumNames"];

/**
 * How a pattern's backtracking is judged: pattern-guard.ts by default; a caller may give the
 * verdicts it has (judged in a worker thread, load/examples-beside.ts), and `undefined` for a
 * pattern not judged yet, which is then passed over (a first look; the verdicts come later).
 */
export type RiskOf = (pattern: string, flags: string) => PatternRisk | undefined;

export function lintKeywords(spec: LoadedSpec, riskOf: RiskOf = patternRisk): Finding[] {
  const check = (pattern: string, file: string, at: string): void => checkPattern(pattern, file, at, found, riskOf);
  const found: Finding[] = [];
  for (const [file, root] of spec.files) {
    const stack: [unknown, string][] = [[root, ""]];
    while (stack.length > 0) {
      const [node, at] = stack.pop()!;
      if (node === null || typeof node !== "object") continue;
      if (!Array.isArray(node)) {
        const record = node as Record<string, unknown>;
        if (typeof record.pattern === "string") check(record.pattern, file, `${at}/pattern`);
        const pp = record.patternProperties;
        if (pp && typeof pp === "object" && !Array.isArray(pp))
          for (const key of Object.keys(pp)) check(key, file, `${at}/patternProperties/${pointerToken(key)}`);
        for (const keyword of CODE_KEYWORDS) {
          if (Object.prototype.hasOwnProperty.call(record, keyword)) {
            found.push({
              file,
              pointer: `${at}/${keyword}`,
              message: `keyword "${keyword}" is ignored: the generated types are made from JSON Schema keywords only, never from code in the spec.`,
              hint: "Describe the type with JSON Schema keywords instead.",
              rule: "code-keyword",
            });
          }
        }
      }
      for (const [key, child] of Object.entries(node))
        if (!DATA_KEYS.has(key)) stack.push([child, `${at}/${pointerToken(key)}`]);
    }
  }
  return found;
}

function checkPattern(pattern: string, file: string, at: string, found: Finding[], riskOf: RiskOf): void {
  // The fallback of a pattern that cannot be used: it is left out, so nothing checks it.
  const leftOut = [{ op: "remove" as const, file, pointer: at }];
  const flags = patternFlags(pattern);
  if (flags === undefined) {
    found.push({
      file,
      pointer: at,
      message: "is not a valid regular expression (ECMA-262).",
      hint: "Fix the pattern; the generated validators compile it.",
      rule: "pattern-syntax",
      repair: leftOut,
    });
    return;
  }
  if (flags === "") {
    found.push({
      file,
      pointer: at,
      message: "is a valid regular expression only without the u flag that JSON Schema implies; it is used without it.",
      hint: "Escape only what needs escaping (e.g. write - instead of \\- outside a class).",
      rule: "pattern-u-flag",
    });
  }
  const risk = riskOf(pattern, flags);
  if (risk?.kind === "exponential")
    found.push({
      file,
      pointer: at,
      message: `can take exponential time on a short non-matching text (catastrophic backtracking): the repeated part ${risk.loop} can match the same text in more than one way, so ~50 characters can stop the generator, a client validating a response, the mock and the playground.`,
      hint: "Rewrite the pattern so that each repetition can match a given text only one way (for example ^a+$ instead of ^(a+)+$, or ^(a|b)*$ instead of ^(a|ab|b)*$).",
      rule: "pattern-exponential",
      repair: leftOut,
    });
  else if (risk?.kind === "polynomial")
    found.push({
      file,
      pointer: at,
      message:
        "can take time that grows polynomially with the text's length (overlapping repetitions next to each other); a very long string checked against it is slow.",
      hint: "Make neighbouring repetitions match different characters (for example ^0x(0|[1-9a-f][0-9a-f]*)$ instead of ^0x([1-9a-f]+[0-9a-f]*|0)$).",
      rule: "pattern-polynomial",
    });
}
