/**
 * `npm run spec:diff -- <old> <new>` or `npm run spec:diff -- --base <git-ref> [<spec> ...]`:
 * the breaking-change review of OpenRPC documents (rules in generator/spec-diff/rules.ts). Exit
 * codes: 0 nothing at the `--fail-on` level, 1 changes at that level or worse, 2 usage errors and
 * unreadable or invalid specs. The review's code is imported only when it runs.
 */
import type { Format } from "../spec-diff/report.js";
import { LEVELS, type Level } from "../spec-diff/rules.js";
import type { Review } from "./spec-diff-run.js";
import { quoted, UsageError, type Command } from "./usage.js";

const FORMATS: readonly Format[] = ["text", "markdown", "json"];

export interface SpecDiffArgs {
  specs?: string[];
  base?: string;
  format: Format;
  failOn: Level;
}

export const specDiff: Command<SpecDiffArgs> = {
  command: "spec:diff [specs..]",
  npm: "npm run spec:diff --",
  synopsis: "<old-spec> <new-spec> [options]  |  --base <git-ref> [<spec> ...] [options]",
  describe: "Reviews the changes between two versions of OpenRPC documents and grades each one.",
  epilog: [
    "Levels: ERR breaks existing callers or the generated client; WARN may break them (the spec alone cannot tell); INFO breaks nothing.",
    "",
    "With --base, the old version of each spec (and of every file it references) is read from git at <git-ref> and the new one from the working tree; the default specs are spec/*.openrpc.{json,yaml} (in the working tree or at <git-ref>, relative to the current directory). Both sides are checked as `npm run gen` checks them.",
    "",
    "Exit codes: 0 no change at the --fail-on level, 1 such changes, 2 usage error or unreadable or invalid spec.",
  ].join("\n"),
  tool: "spec:diff",
  failureCode: 2,
  positional: "specs",
  options: {
    base: {
      type: "string",
      requiresArg: true,
      describe: "Compare the working tree with this commit, branch or tag",
    },
    format: {
      type: "string",
      requiresArg: true,
      choices: FORMATS,
      default: "text",
      describe: "text, markdown (a pull-request comment) or json",
    },
    "fail-on": {
      type: "string",
      requiresArg: true,
      choices: LEVELS,
      default: "ERR",
      coerce: (level: unknown) => (typeof level === "string" ? level.toUpperCase() : level),
      describe: "Exit 1 when a change at this level or worse exists",
    },
    debug: { type: "boolean", default: false, describe: "Show stack traces of unexpected failures" },
  },
  examples: [
    ["spec-v1.json spec-v2.json", "review two files"],
    ["--base origin/main --format markdown", "review spec/ against origin/main, as a pull-request comment"],
  ],
  check: (args) => void reviewOf(args),
  run: async (args) => {
    const review = reviewOf(args);
    const { runReview } = await import("./spec-diff-run.js");
    return runReview(review, process.cwd());
  },
};

/** The review the arguments ask for: two files, or the working tree against a git ref. */
export function reviewOf(args: SpecDiffArgs): Review {
  const positionals = args.specs ?? [];
  const { format, failOn } = args;
  if (args.base !== undefined) {
    if (args.base.trim() === "")
      throw new UsageError("--base needs a git ref (a commit, branch or tag), e.g. --base origin/main.");
    // A ref is handed to git as an argument: one that starts with "-" would be read as an option.
    // eslint-disable-next-line no-control-regex -- control characters are what this pattern is for
    if (args.base.startsWith("-") || /[\u0000-\u001f\s:]/.test(args.base))
      throw new UsageError(
        "--base must be a git ref (a commit, branch or tag) without a leading '-', spaces, ':' or control characters.",
      );
    return { mode: "base", ref: args.base, specs: positionals, format, failOn };
  }
  if (positionals.length !== 2) {
    const got = positionals.length === 0 ? "none" : positionals.map((p) => quoted(p)).join(", ");
    throw new UsageError(`Expected two spec files (old, then new) or --base <git-ref>; got ${got}.`);
  }
  return { mode: "files", old: positionals[0]!, new: positionals[1]!, format, failOn };
}
