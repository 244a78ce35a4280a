/**
 * What every command of the CLI shares about its arguments (parsed by yargs in generator/cli.ts):
 * the shape of a command module, and the usage rules yargs does not have, checked on the parsed
 * arguments before anything is read: a word that is not an option, an option yargs does not know
 * (kept as it was written, so the message can quote it), a boolean given a value (`--force=no`
 * would silently be false), an option given twice (yargs would make it an array), and a missing
 * required option, each with its own sentence. Every mistake is a UsageError: one line, values
 * quoted and escaped for the terminal, followed by where the help is.
 */
import type { Argv, Options } from "yargs";
import { terminalText } from "../print/escape.js";
import type { CommandContext } from "./context.js";

/** A mistake in the command line: printed as one line with where the help is. */
export class UsageError extends Error {}

/** A value from the command line inside a message: quoted, at most 100 characters, safe for a terminal. */
export function quoted(text: string): string {
  return terminalText(JSON.stringify(text.slice(0, 100)));
}

/** The parsed arguments every command receives (yargs' own fields aside). */
export type Parsed = Record<string, unknown>;

export interface Command<A = Parsed> {
  /** The yargs command: its name, and its positionals (`spec:diff [specs..]`). */
  command: string;
  /** How a user starts it: `npm run gen --`. */
  npm: string;
  /** The synopsis after `npm`. */
  synopsis: string;
  /** One sentence: what the command does (the help's first paragraph, and the command list). */
  describe: string;
  /** More help text after the options (exit codes, levels). */
  epilog?: string;
  options: Record<string, Options>;
  /** Options that must be given: flag (without dashes) → the sentence that says so. */
  required?: Record<string, string>;
  /** The name of the positional array (`specs` for `spec:diff [specs..]`); others take no word. */
  positional?: string;
  examples?: readonly (readonly [string, string])[];
  /** Exit code for a usage error or a failure (spec:diff: 2, because 1 means "changes found"). */
  failureCode?: number;
  /** The tool's name in failure messages ("The generator failed: …"). */
  tool: string;
  /** The checks of values yargs cannot make (a package name, a port range); throws a UsageError. Reads nothing. */
  check?(args: A): void;
  /** Runs the command with the context it works in (./context.ts); loads its code only now. Resolves with the exit code. */
  run(args: A, context: CommandContext): Promise<number>;
}

/** The command's name, as typed: the first word of its yargs command string (`spec:diff`). */
export function commandName(command: Pick<Command, "command">): string {
  return command.command.split(" ")[0]!;
}

/** The command's options, help text and argument checks on a yargs instance. */
export function describeCommand(y: Argv, spec: Command, raw: readonly string[]): Argv {
  let out = y
    .usage(`Usage: ${spec.npm} ${spec.synopsis}\n\n${spec.describe}`)
    .options(spec.options)
    .strict()
    .middleware((args) => checkArgs(spec, args, raw), true);
  for (const [cmd, what] of spec.examples ?? []) out = out.example(`${spec.npm} ${cmd}`.trimEnd(), what);
  if (spec.epilog) out = out.epilog(spec.epilog);
  return out;
}

/** The rules above, on yargs' result; `raw` is the command line as given. */
export function checkArgs(spec: Command, args: Parsed, raw: readonly string[]): void {
  if (args.help === true) return;
  const name = spec.npm.replace(/ --$/, "");
  // `_` starts with the command's name, unless it ran as the default command (without it).
  const words = ((args._ as unknown[] | undefined) ?? []).map(String);
  const strays = [
    ...(words[0] === commandName(spec) ? words.slice(1) : words),
    ...((args["--"] as unknown[] | undefined) ?? []).map(String),
  ];
  const positionals = spec.positional ? ((args[spec.positional] as unknown[] | undefined) ?? []).map(String) : [];
  for (const word of [...strays, ...positionals].filter((w) => w.startsWith("-"))) {
    if (word.startsWith("--") && word !== "--")
      throw new UsageError(`${quoted(word.split("=")[0]!)} is not an option of ${name}.`);
    throw new UsageError(`${quoted(word)} is not an option; options are long (--name).`);
  }
  if (strays.length > 0)
    throw new UsageError(
      `${quoted(strays[0]!)} is not an option; options start with --, and values follow their option (--spec file.json).`,
    );
  for (const [flag, option] of Object.entries(spec.options)) {
    const written = [flag, ...aliases(option)].map((a) => `--${a}`);
    if (option.type === "boolean") {
      const withValue = raw.find((word) => written.some((w) => word.startsWith(`${w}=`)));
      if (withValue) throw new UsageError(`--${flag} takes no value; give --${flag} alone.`);
    }
    const value = args[flag];
    if (!option.array && Array.isArray(value))
      throw new UsageError(`--${flag} is given ${value.length} times; give it once.`);
    const choices = option.choices as readonly unknown[] | undefined;
    if (choices && value !== undefined && !choices.includes(value))
      throw new UsageError(`--${flag} must be one of ${choices.join(", ")}, not ${quoted(String(value))}.`);
  }
  for (const [flag, sentence] of Object.entries(spec.required ?? {})) {
    const value = args[flag];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) throw new UsageError(sentence);
  }
}

/**
 * The arguments yargs gives a command run with no option at all: each option's default, under its
 * camel-case name (test/generator/cli.test.ts compares them with what yargs parses).
 */
export function optionDefaults(options: Record<string, Options>): Parsed {
  const args: Parsed = {};
  for (const [flag, option] of Object.entries(options))
    if (option.default !== undefined)
      args[flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = option.default;
  return args;
}

function aliases(option: Options): readonly string[] {
  const alias = option.alias;
  return alias === undefined ? [] : typeof alias === "string" ? [alias] : alias;
}

/**
 * A yargs validation message as one sentence: "Invalid values: Argument: x, Given: …" and the
 * like, joined on one line (the strings themselves are reworded in generator/cli.ts).
 */
export function oneLine(message: string): string {
  const text = message
    .replace(/^Invalid values:\s*/, "")
    .replace(/\s*\n\s*/g, " ")
    .trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** `--ref-root` names one folder (it is where `$ref`s resolve from, so two cannot both be it). */
export function refRootProblem(value: unknown): void {
  if (value === undefined) return;
  if (Array.isArray(value))
    throw new UsageError("--ref-root names the one folder $refs resolve from: pass it once, not several times.");
  if (typeof value !== "string" || value.trim() === "") throw new UsageError("--ref-root must name a folder.");
}
