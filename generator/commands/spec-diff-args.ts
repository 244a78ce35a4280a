/** The command line of `npm run spec:diff`, parsed into typed options (pure: no I/O). */
import { parseArgs, quoted, UsageError, type CommandSpec } from "./args.js";
import type { Format } from "../spec-diff/report.js";
import { LEVELS, type Level } from "../spec-diff/rules.js";

export type CliOptions =
  | { mode: "help" }
  | { mode: "files"; old: string; new: string; format: Format; failOn: Level }
  | { mode: "base"; ref: string; specs: string[]; format: Format; failOn: Level };

/** A mistake in the command line; the CLI prints it with a pointer to `--help` and exits 2. */
export { UsageError };

export const USAGE = `Usage:
  npm run spec:diff -- <old-spec> <new-spec> [options]
  npm run spec:diff -- --base <git-ref> [<spec> ...] [options]

Reviews the changes between two versions of OpenRPC documents and grades each one:
  ERR   breaks existing callers or the generated client
  WARN  may break them; the spec alone cannot tell
  INFO  breaks nothing

With --base, the old version of each spec (and of every file it references) is read from git at
<git-ref> and the new one from the working tree; the default specs are spec/*.openrpc.{json,yaml}
(in the working tree or at <git-ref>, relative to the current directory).

Options:
  --base <git-ref>      compare the working tree with this commit, branch or tag
  --format <format>     text (default), markdown (a pull-request comment) or json
  --fail-on <level>     exit 1 when a change at this level or worse exists: ERR (default), WARN or INFO
  --debug               show stack traces of unexpected failures
  --help                show this text

Exit codes: 0 no change at the --fail-on level, 1 such changes, 2 usage error or unreadable spec.
`;

const FORMATS: readonly Format[] = ["text", "markdown", "json"];

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
    format: { type: "string", choices: FORMATS, default: "text", describe: "text, markdown or json" },
    "fail-on": {
      type: "string",
      placeholder: "level",
      default: "ERR",
      describe: "exit 1 when a change at this level or worse exists",
    },
    debug: { type: "boolean", default: false, describe: "show stack traces of unexpected failures" },
  },
};

export function parseCliArgs(argv: string[]): CliOptions {
  const parsed = parseArgs(COMMAND, argv);
  if (parsed.help) return { mode: "help" };
  const values = parsed.values as { base?: string; format: Format; failOn: string };
  const positionals = parsed.positionals;
  const format = values.format;
  const failOn = values.failOn.toUpperCase() as Level;
  if (!LEVELS.includes(failOn))
    throw new UsageError(`--fail-on must be one of ${LEVELS.join(", ")}, not ${quoted(values.failOn)}.`);
  if (values.base !== undefined) {
    if (values.base.trim() === "")
      throw new UsageError("--base needs a git ref (a commit, branch or tag), e.g. --base origin/main.");
    // A ref is handed to git as an argument: one that starts with "-" would be read as an option.
    // eslint-disable-next-line no-control-regex -- control characters are what this pattern is for
    if (values.base.startsWith("-") || /[\u0000-\u001f\s:]/.test(values.base))
      throw new UsageError(
        "--base must be a git ref (a commit, branch or tag) without a leading '-', spaces, ':' or control characters.",
      );
    return { mode: "base", ref: values.base, specs: positionals, format, failOn };
  }
  if (positionals.length !== 2) {
    const got = positionals.length === 0 ? "none" : positionals.map((p) => quoted(p)).join(", ");
    throw new UsageError(`Expected two spec files (old, then new) or --base <git-ref>; got ${got}.`);
  }
  return { mode: "files", old: positionals[0]!, new: positionals[1]!, format, failOn };
}
