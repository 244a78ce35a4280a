/**
 * Command-line arguments of every CLI here (`npm run gen`, `mock`, `docs`, `playground`): one table
 * of options per command, read by one parser and printed by one help writer. Built on nothing but
 * string handling, so a run pays no module loading for it (yargs cost a cold `npm run gen` about
 * 65 ms of its start-up).
 *
 * Rules, the same for every command: `--name value` and `--name=value`; a boolean takes no value;
 * an option that is not `multiple` may be given once; a value may start with `-` (`--port -1`);
 * anything that is not an option is refused, as is an unknown option. Every refusal is a
 * UsageError whose message is one sentence naming the option (spec text is never echoed raw:
 * values go through `terminalText`).
 */
import { terminalText } from "../print/escape.js";

export class UsageError extends Error {}

export interface OptionSpec {
  type: "string" | "number" | "boolean";
  describe: string;
  /** Given several times, the values are kept in order (a `string[]` / `number[]`). */
  multiple?: boolean;
  /** The only values a string option takes. */
  choices?: readonly string[];
  default?: string | number | boolean;
  /** When the option is missing: this sentence is the error. */
  required?: string;
  /** What the value is, in the help text: `--out <dir>` (default `value`, or `n` for numbers). */
  placeholder?: string;
  /** Other long names for the same option, with their dashes (`--interval`). */
  aliases?: readonly string[];
}

export interface CommandSpec {
  /** How the user starts it, e.g. `npm run gen --`. */
  name: string;
  /** The synopsis after the name, then a blank line and what the command does. */
  usage: string;
  description: string;
  /** By flag name without dashes (`pkg-version`); values come back under camelCase (`pkgVersion`). */
  options: Record<string, OptionSpec>;
  examples?: readonly (readonly [string, string])[];
  /** Words that are not options are refused, unless the command takes them (e.g. two spec files). */
  positionals?: boolean;
}

export type ArgValue = string | number | boolean | string[] | number[] | undefined;
export type Parsed = { help: boolean; values: Record<string, ArgValue>; positionals: string[] };

export function camelCase(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Reads argv (without node and the script) against the command's table; throws UsageError. */
export function parseArgs(command: CommandSpec, argv: readonly string[]): Parsed {
  const byFlag = new Map<string, string>();
  for (const [flag, spec] of Object.entries(command.options)) {
    byFlag.set(`--${flag}`, flag);
    for (const alias of spec.aliases ?? []) byFlag.set(alias, flag);
  }
  // Asking for help wins over everything else on the line, mistakes included.
  if (argv.includes("--help") || argv.includes("-h")) return { help: true, values: {}, positionals: [] };
  const given = new Map<string, string[]>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (command.positionals && !arg.startsWith("-")) {
      positionals.push(arg);
      continue;
    }
    if (!arg.startsWith("--") || arg === "--") {
      throw new UsageError(
        arg.startsWith("-")
          ? `${quoted(arg)} is not an option; options are long (--name).`
          : `${quoted(arg)} is not an option; options start with --, and values follow their option (--spec file.json).`,
      );
    }
    const eq = arg.indexOf("=");
    const written = eq === -1 ? arg : arg.slice(0, eq);
    const flag = byFlag.get(written);
    if (flag === undefined)
      throw new UsageError(`${quoted(written)} is not an option of ${command.name.replace(/ --$/, "")}.`);
    const spec = command.options[flag]!;
    let value: string;
    if (spec.type === "boolean") {
      if (eq !== -1) throw new UsageError(`--${flag} takes no value; give --${flag} alone.`);
      value = "true";
    } else if (eq !== -1) value = arg.slice(eq + 1);
    else if (i + 1 < argv.length) value = argv[++i]!;
    else
      throw new UsageError(
        `--${flag} needs a value: --${flag} <${spec.placeholder ?? (spec.type === "number" ? "n" : "value")}>.`,
      );
    given.set(flag, [...(given.get(flag) ?? []), value]);
  }
  return { help: false, values: valuesOf(command, given), positionals };
}

function valuesOf(command: CommandSpec, given: Map<string, string[]>): Record<string, ArgValue> {
  const values: Record<string, ArgValue> = {};
  for (const [flag, spec] of Object.entries(command.options)) {
    const texts = given.get(flag);
    if (texts === undefined) {
      if (spec.required !== undefined) throw new UsageError(spec.required);
      if (spec.default !== undefined) values[camelCase(flag)] = spec.default;
      continue;
    }
    if (!spec.multiple && texts.length > 1)
      throw new UsageError(`--${flag} is given ${texts.length} times; give it once.`);
    for (const text of texts) {
      if (spec.choices && !spec.choices.includes(text))
        throw new UsageError(`--${flag} must be one of ${spec.choices.join(", ")}, not ${quoted(text)}.`);
    }
    const typed = texts.map((text) =>
      spec.type === "number" ? numberOf(text) : spec.type === "boolean" ? true : text,
    );
    values[camelCase(flag)] = (spec.multiple ? typed : typed[0]) as ArgValue;
  }
  return values;
}

/** A number option's text as a number; NaN for anything that is not a plain decimal number. */
function numberOf(text: string): number {
  return /^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(text.trim()) ? Number(text) : Number.NaN;
}

/** A value from the command line inside a message: quoted, at most 100 characters, safe for a terminal. */
export function quoted(text: string): string {
  return terminalText(JSON.stringify(text.slice(0, 100)));
}

/** The `--help` text: usage, description, options in a column, examples. */
export function helpText(command: CommandSpec, width = 80): string {
  const rows = Object.entries(command.options).map(([flag, spec]) => {
    const names = [`--${flag}`, ...(spec.aliases ?? [])].join(", ");
    const placeholder = ` <${spec.placeholder ?? (spec.type === "number" ? "n" : "value")}>`;
    const value = spec.type === "boolean" ? "" : spec.multiple ? `${placeholder} ...` : placeholder;
    const extra = [
      spec.choices ? `one of: ${spec.choices.join(", ")}` : "",
      spec.default !== undefined && spec.type !== "boolean" ? `default: ${String(spec.default)}` : "",
    ].filter(Boolean);
    return [names + value, spec.describe + (extra.length > 0 ? ` [${extra.join("; ")}]` : "")] as const;
  });
  rows.push(["--help", "Show this help"]);
  const left = Math.min(32, Math.max(...rows.map(([l]) => l.length)) + 2);
  const lines = [`Usage: ${command.name} ${command.usage}`, "", ...wrap(command.description, width), "", "Options:"];
  for (const [l, r] of rows) {
    const body = wrap(r, width - left - 2);
    lines.push(l.length + 2 > left ? `  ${l}` : `  ${l.padEnd(left)}${body.shift() ?? ""}`);
    for (const line of body) lines.push(`  ${" ".repeat(left)}${line}`);
  }
  if (command.examples && command.examples.length > 0) {
    lines.push("", "Examples:");
    for (const [cmd, what] of command.examples)
      lines.push(`  ${command.name} ${cmd}`.trimEnd(), ...wrap(what, width - 6).map((l) => `      ${l}`));
  }
  return lines.join("\n");
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Runs a command's `main` and exits with its code. A UsageError prints as one line, escaped for the
 * terminal, followed by where the help is; any other failure prints as `failure(error)` words it
 * (report.ts: no stack trace without --debug). `beforeExit` runs before a normal exit.
 */
export function runCli(
  command: CommandSpec,
  main: () => Promise<number>,
  failure: (error: unknown) => string,
  beforeExit?: () => Promise<void>,
): void {
  main().then(
    async (code) => {
      await beforeExit?.();
      process.exit(code);
    },
    (error: unknown) => {
      console.error(
        error instanceof UsageError
          ? `${terminalText(error.message)} Run \`${command.name} --help\` for the options.`
          : failure(error),
      );
      process.exit(1);
    },
  );
}
