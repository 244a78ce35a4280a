#!/usr/bin/env node
/**
 * The command line: one yargs program with a command per job — `gen` (the default), `mock`,
 * `docs`, `playground`, `spec:diff`, `release` and `completion`. The npm scripts run it with the command's
 * name (`npm run mock -- --spec …` is `node generator/bin.mjs mock --spec …`); generator/bin.mjs
 * runs a bundle of it so a start does not compile TypeScript.
 *
 * Each command is a module of generator/commands/ holding its options and a `run` that imports
 * the command's code only when it runs. Mistakes in the command line are found before anything is
 * read: yargs parses (typed options, choices, `--help`, `--version`, unknown options refused) and
 * ./commands/usage.ts adds the rules yargs lacks. A mistake prints ONE line — escaped for the
 * terminal, values quoted — and where the help is; any other failure prints as report.ts words
 * it (no stack trace without --debug).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import yargs, { type Argv } from "yargs";
import { docs } from "./commands/docs.js";
import { gen } from "./commands/gen.js";
import { mock } from "./commands/mock.js";
import { playground } from "./commands/playground.js";
import { release } from "./commands/release.js";
import { processContext, writeLine, type CommandContext } from "./commands/context.js";
import { PROGRAM as NAME, reportFailure as report } from "./commands/report.js";
import { specDiff } from "./commands/spec-diff.js";
import {
  commandName,
  describeCommand,
  oneLine,
  quoted,
  UsageError,
  type Command,
  type Parsed,
} from "./commands/usage.js";
import { ROOT } from "./root.js";

export const COMMANDS: readonly Command[] = [gen, mock, docs, playground, specDiff, release] as readonly Command[];

/** How a command runs once its arguments are parsed (tests pass one that records them). */
export type Runner = (command: Command, args: Parsed) => Promise<number>;

/** yargs' own messages, as sentences (ours come first: ./commands/usage.ts checks before yargs validates). */
const STRINGS: Record<string, string> = {
  "Not enough arguments following: %s": "--%s needs a value.",
  "Argument: %s, Given: %s, Choices: %s": "--%s may not be %s; it takes %s.",
};

/** How `main` runs: the context the command works in (the process's by default), and the runner (tests record with one). */
export interface MainOptions {
  context?: CommandContext;
  run?: Runner;
}

/**
 * Parses `argv` (without node and the script), runs the command, and resolves with the exit code.
 * Every line it prints, the help and the version included, goes to the context's streams.
 */
export async function main(argv: readonly string[], options: MainOptions = {}): Promise<number> {
  const context = options.context ?? processContext();
  const run: Runner = options.run ?? ((command, args) => command.run(args, context));
  let words: readonly string[];
  let chosen: string | undefined;
  try {
    ({ words, chosen } = withDefaultCommand(argv));
  } catch (error) {
    return report(error, undefined, false, context.stderr);
  }
  let current: Command | undefined;
  let code = 0;
  let parser: Argv = yargs([...words])
    .scriptName(NAME)
    .usage(
      `Usage: ${NAME} <command> [options]\n\nGenerates typed TypeScript clients from OpenRPC documents, and serves, documents, reviews and releases them. The npm scripts run each command: npm run gen, npm run mock, npm run docs, npm run playground, npm run spec:diff, npm run release.`,
    )
    // Unknown options kept as written (so a message can quote them), except when the shell asks for completions.
    .parserConfiguration({ "unknown-options-as-args": words[0] !== "--get-yargs-completions" })
    .updateStrings(STRINGS)
    .help()
    .alias("help", "h")
    .version(version())
    .wrap(Math.min(110, context.stdout.columns || 100))
    .exitProcess(false)
    .fail((message: string | undefined, error: Error | undefined) => {
      if (error instanceof UsageError) throw error;
      if (error && error.name !== "YError") throw error;
      throw new UsageError(oneLine(message ?? error?.message ?? "the command line is not valid"));
    });
  // A command chosen by its name is the program's only command, and its default.
  if (chosen === undefined)
    parser = parser.completion(
      "completion",
      "Print the shell completion script (bash, zsh): openrpc-ts completion >> ~/.bashrc",
    );
  for (const command of COMMANDS.filter((c) => chosen === undefined || commandName(c) === chosen))
    parser = parser.command({
      command: chosen === undefined ? command.command : [command.command, "$0"],
      describe: command.describe,
      builder: (y: Argv) => {
        current = command;
        return describeCommand(y, command, words);
      },
      handler: async (args: Parsed) => {
        command.check?.(args);
        code = await run(command, args);
      },
    });
  // yargs hands its own output (the help, the version, the completion script) to the callback instead of printing it.
  let output = "";
  try {
    // Completions (what the shell's completion script asks for) are the one output yargs prints itself,
    // to the process's stdout: those of a command's options come from a parse of its own, after any callback.
    if (words[0] === "--get-yargs-completions") await parser.parseAsync();
    else
      await parser.parseAsync(words, {}, (_error: unknown, _args: unknown, text: string | undefined) => {
        output = text ?? "";
      });
  } catch (error) {
    return report(error, current, argv.includes("--debug"), context.stderr);
  }
  if (output !== "") writeLine(context.stdout, output);
  return code;
}

/**
 * The words yargs parses, and the command they choose. A command chosen by name (`spec:diff …`, or
 * `gen` when the line starts with `gen`, with an option, or is empty) runs as yargs' default command,
 * its name left out, with no other command beside it: run by its name, yargs renders the command's
 * whole help text before running it (to have it at hand), which cost every start about 100 ms (a
 * fifth of a `spec:diff`). Help, the version and completions go through the whole program.
 */
function withDefaultCommand(argv: readonly string[]): { words: readonly string[]; chosen?: string } {
  const first = argv[0];
  if (first === undefined) return { words: [], chosen: "gen" };
  if (["--help", "-h", "--version", "--get-yargs-completions"].includes(first)) return { words: argv };
  // Asking for a command's help: by name, so that the help is the command's own.
  const help = argv.includes("--help") || argv.includes("-h");
  if (first.startsWith("-")) return help ? { words: ["gen", ...argv] } : { words: argv, chosen: "gen" };
  const names = [...COMMANDS.map(commandName), "completion"];
  if (!names.includes(first))
    throw new UsageError(`${quoted(first)} is not a command of ${NAME}; the commands are ${names.join(", ")}.`);
  return help || first === "completion" ? { words: argv } : { words: argv.slice(1), chosen: first };
}

function version(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * Run as a program (not imported by a test): exit with the command's code once it is done, even if
 * something it started still holds the event loop (a server that failed half-way, a bundler service).
 */
export async function start(argv: readonly string[]): Promise<void> {
  let code: number;
  try {
    code = await main(argv);
  } catch (error) {
    code = report(error, undefined, argv.includes("--debug"), process.stderr);
  }
  process.exit(code);
}
