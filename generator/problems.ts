import { terminalText } from "./print/escape.js";
import type { Problem } from "./model/document.js";

/** Thrown when a stage finds problems; carries all of them so they are reported at once. */
export class GeneratorError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[], stage: string) {
    super(formatProblems(problems, stage));
    this.name = "GeneratorError";
    this.problems = problems;
  }
}

/** One line per problem: `file#/pointer: message (hint)`, sorted for stable output. */
export function formatProblems(problems: Problem[], stage: string): string {
  const lines = problems
    .map((p) => `  ${p.file}#${p.pointer}: ${p.message}${p.hint ? `\n      hint: ${p.hint}` : ""}`)
    .sort();
  const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
  return terminalText(`${stage} found ${count}:\n${lines.join("\n")}`);
}

/** Escapes one reference token of a JSON pointer (RFC 6901). */
export function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Joins tokens into a JSON pointer: `["methods", 0, "params"]` → `/methods/0/params`. */
export function pointer(...tokens: (string | number)[]): string {
  return tokens.map((t) => `/${pointerToken(t)}`).join("");
}
