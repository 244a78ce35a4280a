/** The command line of `npm run spec:diff`, parsed into typed options (pure: no I/O). */
import { parseArgs, quoted, UsageError, type CommandSpec } from "./args.js";
import { FORMATS, type Format } from "../spec-diff/report.js";
import { LEVELS, type Level } from "../spec-diff/rules.js";
import { pathProblem, refProblem } from "../spec-diff/sources.js";

/** What every mode shares: how the review is shown, where it goes, and what fails it. */
export interface OutputOptions {
  format: Format;
  failOn: Level;
  /** Write the report to this file instead of stdout. */
  output?: string;
  /** Append the Markdown review to this file as well (a CI job summary, `$GITHUB_STEP_SUMMARY`). */
  summary?: string;
  /** Exit 0 even when findings reach `failOn` (the break is intended); they are still reported. */
  allowBreaking: boolean;
}

export type CliOptions =
  | { mode: "help" }
  | ({ mode: "files"; old: string; new: string } & OutputOptions)
  | ({ mode: "base"; ref: string; specs: string[] } & OutputOptions);

/** A mistake in the command line; the CLI prints it with a pointer to `--help` and exits 2. */
export { UsageError };

export const USAGE = `Usage:
  npm run -s spec:diff -- <old-spec> <new-spec> [options]
  npm run -s spec:diff -- --base <git-ref> [<spec> ...] [options]

Reviews the changes between two versions of OpenRPC documents and grades each one:
  ERR   breaks existing callers or the generated client
  WARN  may break them; the spec alone cannot tell
  INFO  breaks nothing
and suggests the generated package's version bump: major (ERR or WARN), minor (INFO only),
patch (documentation only) or none.

With --base, the old version of each spec (and of every file it references) is read from git at
<git-ref> and the new one from the working tree; the default specs are spec/*.openrpc.{json,yaml}
(in the working tree or at <git-ref>, relative to the current directory). In a shallow clone
the base must be fetched first (git fetch --deepen, or fetch-depth: 0 in CI).

Options:
  --base <git-ref>      compare the working tree with this commit, branch or tag
  --format <format>     text (default), markdown (a pull-request comment or job summary), json,
                        github (GitHub Actions annotations) or junit (JUnit XML)
  --output <file>       write the report to this file instead of stdout
  --summary <file>      also append the Markdown review to this file ($GITHUB_STEP_SUMMARY)
  --fail-on <level>     exit 1 when a change at this level or worse exists: ERR (default), WARN or INFO
  --allow-breaking      exit 0 even then: the break is intended (the findings are still reported)
  --debug               show stack traces of unexpected failures
  --help                show this text

Exit codes: 0 no change at the --fail-on level (or --allow-breaking), 1 such changes,
2 usage error, unreadable spec or a base that is not in the clone.
`;

/** The options, read by generator/commands/args.ts like every CLI here; USAGE above is the help text. */
const COMMAND: CommandSpec = {
  name: "npm run spec:diff --",
  usage: "<old-spec> <new-spec> [options]",
  description: "Reviews the changes between two versions of OpenRPC documents.",
  positionals: true,
  options: {
    base: {
      type: "string",
      placeholder: "git-ref",
      describe: "compare the working tree with this commit, branch or tag",
    },
    format: { type: "string", choices: FORMATS, default: "text", describe: "how the report is written" },
    output: { type: "string", placeholder: "file", describe: "write the report to this file" },
    summary: { type: "string", placeholder: "file", describe: "also append the Markdown review to this file" },
    "fail-on": {
      type: "string",
      placeholder: "level",
      default: "ERR",
      describe: "exit 1 when a change at this level or worse exists",
    },
    "allow-breaking": { type: "boolean", default: false, describe: "exit 0 even then" },
    debug: { type: "boolean", default: false, describe: "show stack traces of unexpected failures" },
  },
};

interface Values {
  base?: string;
  format: Format;
  failOn: string;
  output?: string;
  summary?: string;
  allowBreaking: boolean;
}

export function parseCliArgs(argv: string[]): CliOptions {
  const parsed = parseArgs(COMMAND, argv);
  if (parsed.help) return { mode: "help" };
  const values = parsed.values as unknown as Values;
  const positionals = parsed.positionals;
  const failOn = values.failOn.toUpperCase() as Level;
  if (!LEVELS.includes(failOn))
    throw new UsageError(`--fail-on must be one of ${LEVELS.join(", ")}, not ${quoted(values.failOn)}.`);
  for (const [flag, file] of [
    ["--output", values.output],
    ["--summary", values.summary],
  ] as const) {
    const problem = file === undefined ? undefined : pathProblem(file);
    if (problem) throw new UsageError(`${flag} ${quoted(file!)} ${problem}.`);
  }
  if (values.output !== undefined && values.output === values.summary)
    throw new UsageError("--output and --summary name the same file; give each its own.");
  const output: OutputOptions = {
    format: values.format,
    failOn,
    allowBreaking: values.allowBreaking,
    ...(values.output !== undefined ? { output: values.output } : {}),
    ...(values.summary !== undefined ? { summary: values.summary } : {}),
  };
  for (const spec of positionals) {
    const problem = pathProblem(spec);
    if (problem) throw new UsageError(`The spec path ${quoted(spec)} ${problem}.`);
  }
  if (values.base !== undefined) {
    if (values.base.trim() === "")
      throw new UsageError("--base needs a git ref (a commit, branch or tag), e.g. --base origin/main.");
    // A ref is handed to git as an argument: one that looks like an option or a range is refused.
    const problem = refProblem(values.base);
    if (problem) throw new UsageError(`--base ${quoted(values.base)} ${problem}.`);
    return { mode: "base", ref: values.base, specs: positionals, ...output };
  }
  if (positionals.length !== 2) {
    const got = positionals.length === 0 ? "none" : positionals.map((p) => quoted(p)).join(", ");
    throw new UsageError(`Expected two spec files (old, then new) or --base <git-ref>; got ${got}.`);
  }
  return { mode: "files", old: positionals[0]!, new: positionals[1]!, ...output };
}
