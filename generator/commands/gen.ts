#!/usr/bin/env node
/**
 * The command line: `npm run gen` regenerates generated/ from spec/; `--check` reports a stale
 * generated/; `--watch` regenerates on every save; `--spec … --out … --name …` builds a client
 * package for any OpenRPC document. Arguments are checked before anything is read; failures are
 * one clear message, exit 1.
 *
 * Start-up is kept short: arguments are read by generator/commands/args.ts (no parser library to load); the
 * pipeline (emitters, and prettier only with --prettier or for text the emitters cannot vouch for) is imported only
 * when there is work to do; a run whose inputs and outputs match the marker's fingerprint
 * (generator/commands/fingerprint.ts) answers without it.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { helpText, parseArgs, quoted, runCli, UsageError, type CommandSpec } from "./args.js";
import { DEFAULT_PACKAGE } from "../defaults.js";
import { recordRun, upToDate } from "./fingerprint.js";
import { packageNameProblem, versionProblem } from "../package-name.js";
import { failureMessage, formatWarnings } from "./report.js";
import { ROOT } from "../root.js";

const argv = process.argv.slice(2);
const debug = argv.includes("--debug");

const COMMAND: CommandSpec = {
  name: "npm run gen --",
  usage: "[--check | --watch] [--spec <file> ...] [--out <dir>] [--name <package>]",
  description: "Generates a typed TypeScript client package from OpenRPC documents.",
  options: {
    spec: {
      type: "string",
      placeholder: "file",
      multiple: true,
      describe: "OpenRPC document (JSON or YAML); repeat for several. Default: every *.openrpc.json|yaml in spec/",
    },
    out: { type: "string", placeholder: "dir", describe: "Output package folder. Default: generated/" },
    name: { type: "string", placeholder: "package", describe: `npm package name. Default: ${DEFAULT_PACKAGE}` },
    "pkg-version": { type: "string", placeholder: "version", describe: "Package version. Default: 0.1.0" },
    examples: {
      type: "string",
      choices: ["error", "warn"],
      default: "error",
      describe:
        "Examples that do not validate against their schemas: fail (error) or only warn (for third-party documents)",
    },
    "ref-root": {
      type: "string",
      placeholder: "dir",
      multiple: true,
      describe: "Another folder $refs may read from (default: the spec's folder and the working folder)",
    },
    check: {
      type: "boolean",
      default: false,
      describe: "Write nothing; exit 1 with a diff summary if the output folder is stale",
    },
    watch: {
      type: "boolean",
      default: false,
      describe: "Stay running and regenerate whenever a spec file (or a file it $refs) is saved; Ctrl-C stops",
    },
    prettier: {
      type: "boolean",
      default: false,
      describe:
        "Run prettier over every emitted file (the emitters already write prettier's layout; this is for documents whose shapes they lay out differently)",
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
    ["--check", "fail if generated/ does not match spec/"],
    ["--watch", "regenerate generated/ on every save of a spec file"],
    [
      "--spec petstore.json --out ./petstore-client --name petstore-client",
      "a client package for any OpenRPC document",
    ],
  ],
};

interface GenArgs {
  spec?: string[];
  out?: string;
  name?: string;
  pkgVersion?: string;
  examples: "error" | "warn";
  refRoot?: string[];
  check: boolean;
  watch: boolean;
  prettier: boolean;
  force: boolean;
  verbose: boolean;
}

/** The arguments, checked before anything is read. */
function readArgs(): GenArgs | undefined {
  const parsed = parseArgs(COMMAND, argv);
  if (parsed.help) return undefined;
  const a = parsed.values as unknown as GenArgs;
  const name = a.name === undefined ? undefined : packageNameProblem(a.name);
  if (name) throw new UsageError(`--name ${quoted(a.name ?? "")} ${name}.`);
  const version = a.pkgVersion === undefined ? undefined : versionProblem(a.pkgVersion);
  if (version) throw new UsageError(`--pkg-version ${quoted(a.pkgVersion ?? "")} ${version}.`);
  if (a.out !== undefined && a.out.trim() === "") throw new UsageError("--out must name a folder.");
  if (a.watch && a.check)
    throw new UsageError("--watch and --check do not go together: --check runs once and writes nothing.");
  return a;
}

async function main(): Promise<number> {
  const args = readArgs();
  if (!args) {
    console.log(helpText(COMMAND));
    return 0;
  }

  const specs = args.spec ?? (await defaultSpecs());
  const out = args.out ?? path.join(ROOT, "generated");
  if (specs.length === 0) {
    console.error("No spec given and no *.openrpc.json|yaml in spec/. Pass --spec <file>.");
    return 1;
  }
  const options = {
    specs,
    examples: args.examples,
    refRoots: args.refRoot ?? [],
    packageName: args.name ?? DEFAULT_PACKAGE,
    ...(args.pkgVersion ? { version: args.pkgVersion } : {}),
    ...(args.prettier ? { prettier: true } : {}),
  };
  const relOut = path.relative(process.cwd(), out) || ".";
  if (args.watch) {
    const { watchSpecs } = await import("./watch.js");
    await watchSpecs({ ...options, out, force: args.force, verbose: args.verbose, debug });
    return 0;
  }
  const fresh = await upToDate(out, options, ROOT);
  if (fresh) {
    console.log(
      `${relOut} is up to date (${fresh.files} files from ${specs.length} spec${specs.length === 1 ? "" : "s"})${args.check ? "" : "; nothing to write"}.`,
    );
    return 0;
  }
  const { generatePackage } = await import("./pipeline.js");
  const { readOutput, writeOutput } = await import("../write/write.js");
  const result = await generatePackage(options);
  for (const line of formatWarnings(result.warnings, args.verbose)) console.warn(line);
  if (args.check) {
    const { compareOutputs, summarize } = await import("../write/diff.js");
    const differences = compareOutputs(result.files, await readOutput(out));
    if (differences.length === 0) {
      await recordRun(ROOT, result.fingerprint);
      console.log(
        `${relOut} is up to date (${result.files.size} files from ${specs.length} spec${specs.length === 1 ? "" : "s"}).`,
      );
      return 0;
    }
    console.error(summarize(differences, relOut));
    return 1;
  }
  await writeOutput(out, result.files, { force: args.force });
  await recordRun(ROOT, result.fingerprint);
  console.log(`Wrote ${result.files.size} files to ${relOut} from ${specs.join(", ")}.`);
  return 0;
}

async function defaultSpecs(): Promise<string[]> {
  const dir = path.join(ROOT, "spec");
  const names = (await readdir(dir)).filter((n) => /\.openrpc\.(json|ya?ml)$/.test(n)).sort();
  return names.map((n) => path.relative(process.cwd(), path.join(dir, n)));
}

runCli(
  COMMAND,
  main,
  (error) => failureMessage(error, "The generator", debug),
  async () => {
    const { processCaches } = await import("./caches.js");
    await processCaches().format.saved();
  },
);
