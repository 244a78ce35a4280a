#!/usr/bin/env node
/**
 * The command line: `npm run gen` regenerates generated/ from spec/; `--check` reports a stale
 * generated/; `--watch` regenerates on every save; `--spec … --out … --name …` builds a client
 * package for any OpenRPC document. Arguments are checked before anything is read; failures are
 * one clear message, exit 1.
 *
 * Start-up is kept short: the pipeline (schema compiler, TypeScript, prettier) is imported only
 * when there is work to do; a run whose inputs and outputs match the marker's fingerprint
 * (generator/fingerprint.ts) answers without it.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { DEFAULT_PACKAGE } from "./defaults.js";
import { recordRun, upToDate } from "./fingerprint.js";
import { packageNameProblem, versionProblem } from "./package-name.js";
import { failureMessage, formatWarnings } from "./report.js";
import { ROOT } from "./root.js";

const argv = hideBin(process.argv);
const debug = argv.includes("--debug");

class UsageError extends Error {}

async function main(): Promise<number> {
  const args = await yargs(argv)
    .scriptName("npm run gen --")
    .usage("$0 [--check | --watch] [--spec <file> ...] [--out <dir>] [--name <package>]\n\nGenerates a typed TypeScript client package from OpenRPC documents.")
    .option("spec", { type: "string", array: true, describe: "OpenRPC document (JSON or YAML); repeat for several. Default: every *.openrpc.json|yaml in spec/" })
    .option("out", { type: "string", describe: "Output package folder. Default: generated/" })
    .option("name", { type: "string", describe: `npm package name. Default: ${DEFAULT_PACKAGE}` })
    .option("pkg-version", { type: "string", describe: "Package version. Default: 0.1.0" })
    .option("examples", { choices: ["error", "warn"] as const, default: "error" as const, describe: "Examples that do not validate against their schemas: fail (error) or only warn (for third-party documents)" })
    .option("ref-root", { type: "string", array: true, describe: "Another folder $refs may read from (default: the spec's folder and the working folder)" })
    .option("check", { type: "boolean", default: false, describe: "Write nothing; exit 1 with a diff summary if the output folder is stale" })
    .option("watch", { type: "boolean", default: false, describe: "Stay running and regenerate whenever a spec file (or a file it $refs) is saved; Ctrl-C stops" })
    .option("force", { type: "boolean", default: false, describe: "Replace an output folder the generator did not write, or files in it that it did not write" })
    .option("verbose", { type: "boolean", default: false, describe: "List every warning (by default many warnings of one kind are summarized)" })
    .option("debug", { type: "boolean", default: false, describe: "Show stack traces of unexpected failures" })
    .example("$0", "regenerate generated/ from spec/")
    .example("$0 --check", "fail if generated/ does not match spec/")
    .example("$0 --watch", "regenerate generated/ on every save of a spec file")
    .example("$0 --spec petstore.json --out ./petstore-client --name petstore-client", "a client package for any OpenRPC document")
    .check((a) => {
      const name = a.name === undefined ? undefined : packageNameProblem(String(a.name));
      if (name) throw new Error(`--name ${JSON.stringify(a.name)} ${name}.`);
      const version = a.pkgVersion === undefined ? undefined : versionProblem(String(a.pkgVersion));
      if (version) throw new Error(`--pkg-version ${JSON.stringify(a.pkgVersion)} ${version}.`);
      if (a.out !== undefined && String(a.out).trim() === "") throw new Error("--out must name a folder.");
      if (a.watch && a.check) throw new Error("--watch and --check do not go together: --check runs once and writes nothing.");
      return true;
    })
    .strict()
    .help()
    .version(false)
    .fail((message, error) => {
      throw new UsageError(message ?? error?.message ?? "invalid arguments");
    })
    .parseAsync();

  const specs = args.spec ?? (await defaultSpecs());
  const out = args.out ?? path.join(ROOT, "generated");
  if (specs.length === 0) {
    console.error("No spec given and no *.openrpc.json|yaml in spec/. Pass --spec <file>.");
    return 1;
  }
  const options = { specs, examples: args.examples, refRoots: args.refRoot ?? [], packageName: args.name ?? DEFAULT_PACKAGE, ...(args.pkgVersion ? { version: args.pkgVersion } : {}) };
  const relOut = path.relative(process.cwd(), out) || ".";
  if (args.watch) {
    const { watchSpecs } = await import("./watch.js");
    await watchSpecs({ ...options, out, force: args.force, verbose: args.verbose, debug });
    return 0;
  }
  const fresh = await upToDate(out, options, ROOT);
  if (fresh) {
    console.log(`${relOut} is up to date (${fresh.files} files from ${specs.length} spec${specs.length === 1 ? "" : "s"})${args.check ? "" : "; nothing to write"}.`);
    return 0;
  }
  const { generate } = await import("./generate.js");
  const { readOutput, writeOutput } = await import("./write.js");
  const result = await generate(options);
  for (const line of formatWarnings(result.warnings, args.verbose)) console.warn(line);
  if (args.check) {
    const { compareOutputs, summarize } = await import("./diff.js");
    const differences = compareOutputs(result.files, await readOutput(out));
    if (differences.length === 0) {
      if (result.fingerprint) await recordRun(ROOT, result.fingerprint);
      console.log(`${relOut} is up to date (${result.files.size} files from ${specs.length} spec${specs.length === 1 ? "" : "s"}).`);
      return 0;
    }
    console.error(summarize(differences, relOut));
    return 1;
  }
  await writeOutput(out, result.files, { force: args.force });
  if (result.fingerprint) await recordRun(ROOT, result.fingerprint);
  console.log(`Wrote ${result.files.size} files to ${relOut} from ${specs.join(", ")}.`);
  return 0;
}

async function defaultSpecs(): Promise<string[]> {
  const dir = path.join(ROOT, "spec");
  const names = (await readdir(dir)).filter((n) => /\.openrpc\.(json|ya?ml)$/.test(n)).sort();
  return names.map((n) => path.relative(process.cwd(), path.join(dir, n)));
}

main().then(
  async (code) => {
    const { formatCacheSaved } = await import("./format.js");
    await formatCacheSaved();
    process.exit(code);
  },
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\nRun \`npm run gen -- --help\` for the options.`);
    else console.error(failureMessage(error, "The generator", debug));
    process.exit(1);
  },
);
