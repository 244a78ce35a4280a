/**
 * How the command-line tools report: problems one per line with their place and fix, warnings
 * grouped by kind when there are many (the list with --verbose), and failures as one clear
 * sentence — the stack trace only with --debug. Spec text never drives the terminal.
 */
import { terminalText } from "../print/escape.js";
import type { Problem } from "../model/document.js";
import { RULES, type RuleId } from "../policy/rules.js";
import { formatProblems, GeneratorError } from "../problems.js";
import { writeLine, type Output } from "./context.js";
import { CompileError } from "./typecheck.js";
import { UsageError, type Command } from "./usage.js";

/** The command line program's name, in its help and its messages. */
export const PROGRAM = "openrpc-ts";

/** More warnings of one kind than this are summarized in one line unless --verbose. */
const GROUP_AT = 5;

/** How a summary line names the warnings of a rule; other rules are named by their id. */
const RULE_NAMES: Partial<Record<RuleId, string>> = {
  "method-name": "method names that are not JavaScript identifiers",
  "param-name": "param names that are not usable as argument names",
  rename: "names already taken",
  example: "examples that do not fit their schemas",
  unchecked: "keywords not checked at run time",
  "pattern-u-flag": "patterns valid only without the u flag",
  "code-keyword": "code keywords (tsType, tsEnumNames) ignored",
};

export function formatWarnings(warnings: readonly Problem[], verbose: boolean): string[] {
  const line = (w: Problem): string => `warning: ${w.file}#${w.pointer}: ${w.message}${w.hint ? ` (${w.hint})` : ""}`;
  if (verbose) return warnings.map((w) => terminalText(line(w)));
  const byKind = new Map<string, Problem[]>();
  for (const w of warnings) byKind.set(w.rule ?? "", [...(byKind.get(w.rule ?? "") ?? []), w]);
  const lines: string[] = [];
  for (const [rule, list] of byKind) {
    if (rule === "" || list.length <= GROUP_AT) lines.push(...list.map(line));
    else
      lines.push(
        `warning: ${list.length} warnings like this one (${RULE_NAMES[rule as RuleId] ?? `rule ${rule}`}); run with --verbose for the list:\n  ${line(list[0]!)}`,
      );
  }
  return lines.map(terminalText);
}

/** The message for a failed run: the problems, or one sentence for an unexpected error. */
export function failureMessage(error: unknown, tool: string, debug: boolean): string {
  if (error instanceof CompileError) return error.message;
  if (error instanceof GeneratorError) {
    const text = formatProblems(error.problems, tool);
    const examples = error.problems.some((p) => p.rule === "example");
    const fallbacks = error.problems.filter((p) => p.rule !== undefined && RULES[p.rule].kind === "fallback").length;
    const lines = [text];
    if (examples)
      lines.push(
        "The document's own examples contradict its schemas. For a third-party document you cannot fix, pass --examples warn to report them as warnings and generate anyway.",
      );
    if (fallbacks > 0)
      lines.push(
        `${fallbacks === error.problems.length ? (fallbacks === 1 ? "This problem has" : "Each of these problems has") : `${fallbacks} of these problems have`} a fallback: for a document you do not own, pass --lenient to generate anyway, each reported as a warning (docs/READING.md lists the rules).`,
      );
    return lines.join("\n");
  }
  if (debug) return error instanceof Error ? (error.stack ?? error.message) : String(error);
  const what =
    error instanceof RangeError && /call stack/i.test(error.message)
      ? "the input nests too deeply to process"
      : error instanceof Error
        ? (error.message.split("\n")[0] ?? "")
        : String(error);
  return `${tool} failed: ${terminalText(what)}. Run again with --debug for the details; if the input is valid, please report this.`;
}

/**
 * Prints why a command line failed — a mistake in it as one line and where the help is (the
 * command's own, or the program's), anything else as `failureMessage` words it — and returns the
 * exit code (the command's failure code, else 1).
 */
export function reportFailure(
  error: unknown,
  command: Pick<Command, "npm" | "tool" | "failureCode"> | undefined,
  debug: boolean,
  stderr: Output,
): number {
  if (error instanceof UsageError) {
    const help = command ? `${command.npm} --help` : `${PROGRAM} --help`;
    writeLine(stderr, `${terminalText(error.message)} Run \`${help}\` for the options.`);
  } else writeLine(stderr, failureMessage(error, command?.tool ?? PROGRAM, debug));
  return command?.failureCode ?? 1;
}
