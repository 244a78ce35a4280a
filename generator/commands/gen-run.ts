/**
 * What `npm run gen` does once its arguments are checked (./gen.ts): answer from the fingerprint
 * when nothing changed, else load, generate, then check against the output folder or write it.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_PACKAGE } from "../defaults.js";
import { releasedVersion, versionOption } from "../release/version.js";
import { processCaches } from "./caches.js";
import { writeLine, type CommandContext } from "./context.js";
import { recordRun, upToDate } from "./fingerprint.js";
import type { PackageOptions } from "./pipeline.js";
import { readingOptions, type ReadingArgs } from "./reading.js";
import { formatWarnings } from "./report.js";

/** gen's arguments, as yargs parses them (./gen.ts). */
export interface GenArgs extends ReadingArgs {
  spec?: string[];
  out?: string;
  name?: string;
  pkgVersion?: string;
  check: boolean;
  watch: boolean;
  typecheck: boolean;
  force: boolean;
  verbose: boolean;
  debug: boolean;
}

/** What a run is asked to do, once the defaults are filled in: the specs, the output folder and the options that shape it. */
interface GenPlan {
  specs: string[];
  out: string;
  options: PackageOptions;
  /** The output folder as the messages name it, relative to the working folder. */
  relOut: string;
  /** "3 specs", for the messages. */
  from: string;
}

export async function runGen(
  args: GenArgs,
  root: string,
  defaultOut: string,
  context: CommandContext,
): Promise<number> {
  const { cwd, stdout, stderr } = context;
  const plan = await planGen(args, root, defaultOut, cwd);
  if (!plan) {
    writeLine(stderr, "No spec given and no *.openrpc.json|yaml in spec/. Pass --spec <file>.");
    return 1;
  }
  const { specs, out, options, relOut, from } = plan;
  if (args.watch) {
    const { watchSpecs } = await import("./watch.js");
    const log = (line: string) => writeLine(stdout, line);
    const signal = context.signal ? { signal: context.signal } : {};
    const env = context.env;
    await watchSpecs({
      ...options,
      out,
      force: args.force,
      verbose: args.verbose,
      debug: args.debug,
      log,
      env,
      ...signal,
    });
    return 0;
  }
  // --check compiles the package too; so does --typecheck, before it writes.
  const typecheck = args.check || args.typecheck;
  if (await answeredUnchanged(plan, args, root, context)) return 0;
  const caches = processCaches();
  try {
    const { generatePackage } = await import("./pipeline.js");
    const { readOutput } = await import("../write/write.js");
    // One run: the examples are checked in a worker thread while the package is made.
    const result = await generatePackage({ ...options, examplesBeside: true }, caches);
    for (const line of formatWarnings(result.warnings, args.verbose)) writeLine(stderr, line);
    if (args.check) {
      const { compareOutputs, summarize } = await import("../write/diff.js");
      const differences = compareOutputs(result.files, await readOutput(path.resolve(cwd, out)));
      if (differences.length > 0) {
        writeLine(stderr, summarize(differences, relOut));
        return 1;
      }
      await compiles(result.files, relOut);
      await recordRun(root, result.fingerprint, true, context.env);
      writeLine(stdout, `${relOut} is up to date (${result.files.size} files from ${from}).`);
      return 0;
    }
    await writePackage(out, result.files, { typecheck, force: args.force, cwd });
    await recordRun(root, result.fingerprint, typecheck, context.env);
    writeLine(stdout, `Wrote ${result.files.size} files to ${relOut} from ${specs.join(", ")}.`);
    return 0;
  } finally {
    await caches.format.saved();
  }
}

/** The specs (spec/'s by default), output folder and options of a run; undefined when there is no spec. */
async function planGen(args: GenArgs, root: string, defaultOut: string, cwd: string): Promise<GenPlan | undefined> {
  const specs = args.spec ?? (await defaultSpecs(root, cwd));
  const out = args.out ?? defaultOut;
  if (specs.length === 0) return undefined;
  // The released version stays: `npm run release` raised it, and regenerating must not undo that.
  const kept = args.pkgVersion === undefined ? versionOption(await releasedVersion(out, cwd)) : {};
  const options = {
    specs,
    cwd,
    ...readingOptions(args),
    packageName: args.name ?? DEFAULT_PACKAGE,
    ...(args.pkgVersion ? { version: args.pkgVersion } : kept),
  };
  const relOut = path.relative(cwd, path.resolve(cwd, out)) || ".";
  const from = `${specs.length} spec${specs.length === 1 ? "" : "s"}`;
  return { specs, out, options, relOut, from };
}

/** When the output folder already holds what this run would make (./fingerprint.ts), says so and resolves true. */
async function answeredUnchanged(
  plan: GenPlan,
  args: GenArgs,
  root: string,
  context: CommandContext,
): Promise<boolean> {
  const typechecked = args.check || args.typecheck;
  const fresh = await upToDate(plan.out, plan.options, root, context.cwd, typechecked, context.env);
  if (!fresh) return false;
  writeLine(
    context.stdout,
    `${plan.relOut} is up to date (${fresh.files} files from ${plan.from})${args.check ? "" : "; nothing to write"}.`,
  );
  return true;
}

/**
 * The answer of a run with nothing to do, found without the rest of the command line (yargs) or the
 * pipeline: exit code 0 once the "up to date" line is printed, undefined when there is work to do
 * (or any doubt), and the full run follows.
 */
export async function unchangedAnswer(
  args: GenArgs,
  root: string,
  defaultOut: string,
  context: CommandContext,
): Promise<number | undefined> {
  if (args.watch) return undefined;
  const plan = await planGen(args, root, defaultOut, context.cwd);
  if (!plan) return undefined;
  return (await answeredUnchanged(plan, args, root, context)) ? 0 : undefined;
}

/** Writes the package into `out`, after compiling it in memory when `typecheck` is set: nothing is written if it does not compile. */
export async function writePackage(
  out: string,
  files: Map<string, string>,
  options: { typecheck: boolean; force: boolean; cwd?: string },
): Promise<void> {
  const cwd = options.cwd ?? process.cwd();
  if (options.typecheck) await compiles(files, path.relative(cwd, path.resolve(cwd, out)) || ".");
  const { writeOutput } = await import("../write/write.js");
  await writeOutput(out, files, { force: options.force, cwd });
}

/** Throws a CompileError listing TypeScript's errors when the package does not compile. */
async function compiles(files: ReadonlyMap<string, string>, relOut: string): Promise<void> {
  const { CompileError, typecheckPackage } = await import("./typecheck.js");
  const problems = await typecheckPackage(files);
  if (problems.length > 0) throw new CompileError(problems, relOut);
}

async function defaultSpecs(root: string, cwd: string): Promise<string[]> {
  const dir = path.join(root, "spec");
  const names = (await readdir(dir)).filter((n) => /\.openrpc\.(json|ya?ml)$/.test(n)).sort();
  return names.map((n) => path.relative(cwd, path.join(dir, n)));
}
