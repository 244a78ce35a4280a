/**
 * `npm run spec:diff -- <old> <new>` or `npm run spec:diff -- --base <git-ref> [<spec> ...]`:
 * the breaking-change review of OpenRPC documents (rules in generator/spec-diff/rules.ts), with the
 * version bump it suggests, and the new spec's own problems (as `npm run gen` reports them). Exit
 * codes: 0 nothing at the `--fail-on` level (or contract changes allowed by `--allow-breaking`),
 * 1 changes or problems of the new spec at that level or worse, 2 the review could not be made
 * (usage errors, a spec that cannot be read at all, a base the clone does not hold). Refs and paths are checked here, before anything is read; the review's code
 * is imported only when it runs (./spec-diff-run.ts).
 */
import { FORMATS, pathProblem, refProblem } from "../spec-diff/options.js";
import { LEVELS } from "../spec-diff/rules.js";
import type { Review, SpecDiffArgs } from "./spec-diff-run.js";
import { checkReading, READING_OPTIONS, readingOptions } from "./reading.js";
import { quoted, UsageError, type Command } from "./usage.js";

export const specDiff: Command<SpecDiffArgs> = {
  command: "spec:diff [specs..]",
  npm: "npm run spec:diff --",
  synopsis: "<old-spec> <new-spec> [options]  |  --base <git-ref> [<spec> ...] [options]",
  describe:
    "Reviews the changes between two versions of OpenRPC documents, grades each one and suggests the generated package's version bump.",
  epilog: [
    "Levels: ERR breaks existing callers or the generated client; WARN may break them (the spec alone cannot tell); INFO breaks nothing.",
    "",
    "Version bump: major (ERR or WARN), minor (INFO only), patch (documentation only) or none.",
    "",
    "The new spec's own problems, exactly those `npm run gen` reports for it (lint, examples, the reading policy: docs/READING.md), are listed in every format and marked new when the base does not have them: ERR for a problem gen refuses the spec for (an example that contradicts its schema, under the default --examples error), WARN for a warning (also what --examples warn and --lenient make of them). A spec gen would refuse is still compared, read as --lenient reads it.",
    "",
    "With --base, the old version of each spec (and of every file it references) is read from git at <git-ref> and the new one from the working tree; the default specs are spec/*.openrpc.{json,yaml} (in the working tree or at <git-ref>, relative to the current directory). Both sides are checked as `npm run gen` checks them. In a shallow clone the base must be fetched first (git fetch --deepen, or fetch-depth: 0 in CI).",
    "",
    "Stdout holds the report and nothing else (run it as `npm run -s spec:diff -- …` to keep npm's own lines out of it); with --output, stdout stays empty.",
    "",
    "Exit codes: 0 no change and no problem of the new spec at the --fail-on level (changes allowed by --allow-breaking pass; problems are never allowed), 1 such changes or problems (the review fails), 2 the review could not be made: a usage error, a spec that cannot be read at all (a missing file, not JSON or YAML, not an OpenRPC document), or a base that is not in the clone. Only 2 is the tool failing; CI that treats 1 as a finding for the reviewer stays green on it (.ci/run).",
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
      describe:
        "text, markdown (a pull-request comment or job summary), json, github (GitHub Actions annotations) or junit (JUnit XML)",
    },
    output: { type: "string", requiresArg: true, describe: "Write the report to this file instead of stdout" },
    summary: {
      type: "string",
      requiresArg: true,
      describe: "Also append the Markdown review to this file ($GITHUB_STEP_SUMMARY)",
    },
    "fail-on": {
      type: "string",
      requiresArg: true,
      choices: LEVELS,
      default: "ERR",
      coerce: (level: unknown) => (typeof level === "string" ? level.toUpperCase() : level),
      describe: "Exit 1 when a change at this level or worse exists",
    },
    "allow-breaking": {
      type: "boolean",
      default: false,
      describe: "Exit 0 even then: the break is intended (the findings are still reported)",
    },
    ...READING_OPTIONS,
    debug: { type: "boolean", default: false, describe: "Show stack traces of unexpected failures" },
  },
  examples: [
    ["spec-v1.json spec-v2.json", "review two files"],
    ["--base origin/main --format markdown", "review spec/ against origin/main, as a pull-request comment"],
    [
      "--base origin/main --format github --summary $GITHUB_STEP_SUMMARY",
      "in GitHub Actions: annotations at the changed lines, and the review in the job summary",
    ],
    ["--base origin/main --format junit --output spec-review.xml", "a JUnit report for any CI"],
  ],
  check: (args) => void reviewOf(args),
  run: async (args, context) => {
    const review = reviewOf(args);
    const { runReview } = await import("./spec-diff-run.js");
    return runReview(review, context);
  },
};

/** The review the arguments ask for (two files, or the working tree against a git ref), its refs and paths checked. */
export function reviewOf(args: SpecDiffArgs): Review {
  const positionals = args.specs ?? [];
  for (const [flag, file] of [
    ["--output", args.output],
    ["--summary", args.summary],
  ] as const) {
    const problem = file === undefined ? undefined : pathProblem(file);
    if (problem) throw new UsageError(`${flag} ${quoted(file!)} ${problem}.`);
  }
  checkReading(args);
  if (args.refRoot !== undefined) {
    const problem = pathProblem(args.refRoot);
    if (problem) throw new UsageError(`--ref-root ${quoted(args.refRoot)} ${problem}.`);
  }
  if (args.output !== undefined && args.output === args.summary)
    throw new UsageError("--output and --summary name the same file; give each its own.");
  const output = {
    format: args.format,
    failOn: args.failOn,
    allowBreaking: args.allowBreaking,
    load: readingOptions(args),
    ...(args.output !== undefined ? { output: args.output } : {}),
    ...(args.summary !== undefined ? { summary: args.summary } : {}),
  };
  for (const spec of positionals) {
    const problem = pathProblem(spec);
    if (problem) throw new UsageError(`The spec path ${quoted(spec)} ${problem}.`);
  }
  if (args.base !== undefined) {
    if (args.base.trim() === "")
      throw new UsageError("--base needs a git ref (a commit, branch or tag), e.g. --base origin/main.");
    // A ref is handed to git as an argument: one that looks like an option or a range is refused.
    const problem = refProblem(args.base);
    if (problem) throw new UsageError(`--base ${quoted(args.base)} ${problem}.`);
    return { mode: "base", ref: args.base, specs: positionals, ...output };
  }
  if (positionals.length !== 2) {
    const got = positionals.length === 0 ? "none" : positionals.map((p) => quoted(p)).join(", ");
    throw new UsageError(`Expected two spec files (old, then new) or --base <git-ref>; got ${got}.`);
  }
  return { mode: "files", old: positionals[0]!, new: positionals[1]!, ...output };
}
