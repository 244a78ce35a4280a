/**
 * `npm run gen`: regenerates generated/ from spec/; `--check` reports a stale generated/;
 * `--watch` regenerates on every save; `--spec … --out … --name …` builds a client package for
 * any OpenRPC document; `--typecheck` compiles the package in memory before writing it. Arguments
 * are checked before anything is read; failures are one clear message, exit 1.
 *
 * Start-up is kept short: this module holds the options; the pipeline is imported only when there
 * is work to do, and a run whose inputs and outputs match the marker's fingerprint
 * (./fingerprint.ts) answers without it.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_PACKAGE, DEFAULT_VERSION } from "../defaults.js";
import { packageNameProblem, versionProblem } from "../package-name.js";
import { ROOT } from "../root.js";
import type { CommandContext } from "./context.js";
import type { GenArgs } from "./gen-run.js";
import { checkReading, READING_OPTIONS } from "./reading.js";
import { optionDefaults, quoted, UsageError, type Command } from "./usage.js";

export const gen: Command<GenArgs> = {
  command: "gen",
  npm: "npm run gen --",
  synopsis: "[--check | --watch] [--spec <file> ...] [--out <dir>] [--name <package>] [--typecheck] [--lenient]",
  describe: "Generates a typed TypeScript client package from OpenRPC documents.",
  tool: "The generator",
  options: {
    spec: {
      type: "string",
      array: true,
      nargs: 1,
      describe: "OpenRPC document (JSON or YAML); repeat for several. Default: every *.openrpc.json|yaml in spec/",
    },
    out: { type: "string", requiresArg: true, describe: "Output package folder. Default: generated/" },
    name: { type: "string", requiresArg: true, describe: `npm package name. Default: ${DEFAULT_PACKAGE}` },
    "pkg-version": {
      type: "string",
      requiresArg: true,
      describe: `Package version. Default: the version already in the output's package.json (kept from the last release), else ${DEFAULT_VERSION}`,
    },
    ...READING_OPTIONS,
    check: {
      type: "boolean",
      default: false,
      describe:
        "Write nothing; exit 1 with a diff summary if the output folder is stale, or with TypeScript's errors if it does not compile",
    },
    watch: {
      type: "boolean",
      default: false,
      describe: "Stay running and regenerate whenever a spec file (or a file it $refs) is saved; Ctrl-C stops",
    },
    typecheck: {
      type: "boolean",
      default: false,
      describe:
        "Compile the package in memory (TypeScript, through ts-morph) before writing it, and write nothing if it does not compile",
    },
    force: {
      type: "boolean",
      default: false,
      describe: "Replace an output folder the generator did not write, or files in it that it did not write",
    },
    verbose: {
      type: "boolean",
      default: false,
      describe: "List every warning (by default many warnings of one kind are summarized)",
    },
    debug: { type: "boolean", default: false, describe: "Show stack traces of unexpected failures" },
  },
  examples: [
    ["", "regenerate generated/ from spec/"],
    ["--check", "fail if generated/ does not match spec/ or does not compile"],
    ["--watch", "regenerate generated/ on every save of a spec file"],
    [
      "--spec petstore.json --out ./petstore-client --name petstore-client --typecheck",
      "a client package for any OpenRPC document, compiled before it is written",
    ],
    [
      "--spec their-api.json --out ./their-client --name their-client --lenient",
      "a document you do not own: every problem with a fallback is a warning (docs/READING.md)",
    ],
  ],
  check: checkValues,
  run: async (args, context) => {
    const { runGen } = await import("./gen-run.js");
    return runGen(args, ROOT, path.join(ROOT, "generated"), context);
  },
};

/**
 * The arguments of a gen command line that Node's own strict parser (`util.parseArgs`) reads as
 * yargs does: only gen's long options, each at most once (`--spec` repeatable), a value only for a
 * string option and within its choices, no positional, no `--`, no help — the runs most often made
 * with nothing to do (`npm run gen`, `--check`, `--out dir`, `--spec a.json`). Undefined for any other
 * command line, which the full program (yargs) parses. test/generator/cli.test.ts compares the two.
 */
export function quickGenArgs(argv: readonly string[]): GenArgs | undefined {
  const first = argv[0];
  if (first !== undefined && first !== "gen" && !first.startsWith("--")) return undefined;
  const words = first === "gen" ? argv.slice(1) : argv;
  const options: Record<string, { type: "string" | "boolean"; multiple: true }> = {};
  for (const [flag, option] of Object.entries(gen.options)) {
    if (option.type !== "string" && option.type !== "boolean") return undefined;
    options[flag] = { type: option.type, multiple: true };
  }
  let values: Record<string, (string | boolean)[] | undefined>;
  try {
    ({ values } = parseArgs({ args: [...words], options, strict: true, allowPositionals: false }));
  } catch {
    return undefined;
  }
  const args = optionDefaults(gen.options);
  for (const [flag, given] of Object.entries(values)) {
    const option = gen.options[flag]!;
    if (!given || (!option.array && given.length !== 1)) return undefined;
    const value = option.array ? given : given[0];
    if (option.choices && !(option.choices as unknown[]).includes(value)) return undefined;
    args[flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return args as unknown as GenArgs;
}

/**
 * The arguments of a gen command line read by `quickGenArgs` whose values pass gen's own checks:
 * a run the fast path of generator/main.ts makes without the command line program (yargs).
 * Undefined for any other line, which yargs parses, checks and words the mistakes of.
 */
export function checkedQuickGenArgs(argv: readonly string[]): GenArgs | undefined {
  const args = quickGenArgs(argv);
  if (!args) return undefined;
  try {
    checkValues(args);
  } catch {
    return undefined;
  }
  return args;
}

/**
 * A run whose output folder already holds what it would make, answered before the pipeline is
 * loaded: resolves with the exit code once the "up to date" line is printed, or undefined when
 * there is work to do or any doubt (then the run is made as usual).
 */
export async function answerUnchangedGen(args: GenArgs, context: CommandContext): Promise<number | undefined> {
  const { unchangedAnswer } = await import("./gen-run.js");
  return unchangedAnswer(args, ROOT, path.join(ROOT, "generated"), context);
}

/** The checks yargs cannot make: npm's rules for the name and version, a folder for --out, one mode. */
function checkValues(a: GenArgs): void {
  const name = a.name === undefined ? undefined : packageNameProblem(a.name);
  if (name) throw new UsageError(`--name ${quoted(a.name ?? "")} ${name}.`);
  const version = a.pkgVersion === undefined ? undefined : versionProblem(a.pkgVersion);
  if (version) throw new UsageError(`--pkg-version ${quoted(a.pkgVersion ?? "")} ${version}.`);
  if (a.out !== undefined && a.out.trim() === "") throw new UsageError("--out must name a folder.");
  checkReading(a);
  for (const file of a.spec ?? [])
    if (file.trim() === "") throw new UsageError("--spec must name a file; it is empty.");
  if (a.watch && a.check)
    throw new UsageError("--watch and --check do not go together: --check runs once and writes nothing.");
  if (a.watch && a.typecheck)
    throw new UsageError("--watch and --typecheck do not go together: run `npm run gen -- --typecheck` once instead.");
}
