#!/usr/bin/env node
/**
 * `npm run spec:diff -- <old> <new>` or `npm run spec:diff -- --base <git-ref> [<spec> ...]`:
 * the breaking-change review of OpenRPC documents (rules in rules.ts). Exit codes: 0 nothing at
 * the `--fail-on` level (or `--allow-breaking`), 1 changes at that level or worse, 2 usage
 * errors, unreadable specs and a base the clone does not hold. Stdout holds the report and
 * nothing else (or nothing, with `--output`); everything else goes to stderr.
 */
import { appendFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { terminalText } from "../print/escape.js";
import { formatProblems, GeneratorError } from "../problems.js";
import { failureMessage } from "./report.js";
import { parseCliArgs, UsageError, USAGE, type CliOptions } from "./spec-diff-args.js";
import { counts, failing, render, type ReportInput } from "../spec-diff/report.js";
import { reviewSpec, withLines, type SideInput, type SpecReport } from "../spec-diff/review.js";
import { LEVELS } from "../spec-diff/rules.js";
import {
  defaultSpecs,
  inGitRepository,
  isCommit,
  isShallow,
  repositoryPrefix,
  sideFromDisk,
  sideFromGit,
} from "../spec-diff/sources.js";
import { missingBase } from "../spec-diff/git-help.js";

interface Review {
  input: ReportInput;
  /** Files read from the working tree: never an output. */
  read: string[];
}

async function main(argv: string[], cwd: string): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${terminalText(error.message)}\nRun \`npm run spec:diff -- --help\` for the usage.\n`);
    return 2;
  }
  if (options.mode === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  const targets = (["--output", "--summary"] as const)
    .map((flag) => ({ flag, file: flag === "--output" ? options.output : options.summary }))
    .filter((t): t is { flag: "--output" | "--summary"; file: string } => t.file !== undefined);
  let review: Review;
  try {
    for (const { flag, file } of targets) {
      const problem = await unwritable(path.resolve(cwd, file));
      if (problem) throw new UsageError(`${flag} ${file} ${problem}.`);
    }
    review =
      options.mode === "files"
        ? await reviewFiles(options.old, options.new, cwd)
        : await reviewBase(options.ref, options.specs, cwd);
    const input = targets.find((t) => review.read.includes(path.resolve(cwd, t.file)));
    if (input)
      throw new UsageError(`${input.flag} ${input.file} is a spec file being reviewed; write the report elsewhere.`);
  } catch (error) {
    if (error instanceof UsageError) process.stderr.write(`${terminalText(error.message)}\n`);
    else if (error instanceof GeneratorError)
      process.stderr.write(`${formatProblems(error.problems, "Reading the specs")}\n`);
    else throw error;
    return 2;
  }
  const input: ReportInput = { ...review.input, failOn: options.failOn };
  const text = render(options.format, input);
  if (options.summary !== undefined) await appendFile(path.resolve(cwd, options.summary), render("markdown", input));
  if (options.output !== undefined) await writeFile(path.resolve(cwd, options.output), text);
  else process.stdout.write(text);
  const failed = failing(input);
  if (failed.length === 0) return 0;
  const n = counts(failed);
  const levels = LEVELS.filter((l) => n[l] > 0)
    .map((l) => `${n[l]} ${l}`)
    .join(", ");
  if (options.allowBreaking) {
    process.stderr.write(
      `The review passes: ${levels} at --fail-on ${options.failOn} or worse, allowed by --allow-breaking.\n`,
    );
    return 0;
  }
  process.stderr.write(`The review fails: ${levels} at --fail-on ${options.failOn} or worse.\n`);
  return 1;
}

async function reviewFiles(oldFile: string, newFile: string, cwd: string): Promise<Review> {
  const before = await sideFromDisk(oldFile, cwd);
  const after = await sideFromDisk(newFile, cwd);
  for (const [file, side] of [
    [oldFile, before],
    [newFile, after],
  ] as const) {
    if (!side.spec) throw new UsageError(`Cannot read ${file}: there is no such file (paths are relative to ${cwd}).`);
  }
  return {
    input: {
      reports: [await withLines(reviewSpec(before, after), before, after)],
      compared: `${before.spec!.entry} → ${after.spec!.entry}`,
      pathPrefix: await repositoryPrefix(cwd),
    },
    read: readFiles(cwd, before, after),
  };
}

async function reviewBase(ref: string, given: string[], cwd: string): Promise<Review> {
  if (!(await inGitRepository(cwd)))
    throw new UsageError(`--base needs a git repository, and ${cwd} is not in one; compare two files instead.`);
  if (!(await isCommit(ref, cwd))) throw new UsageError(missingBase(ref, cwd, await isShallow(cwd)));
  const specs = given.length > 0 ? given : await defaultSpecs("spec", cwd, ref);
  if (specs.length === 0)
    throw new UsageError(`No spec given and no *.openrpc.json|yaml in spec/ or at ${ref}; name the specs to review.`);
  const reports: SpecReport[] = [];
  const sides: SideInput[] = [];
  for (const spec of specs) {
    const before = await sideFromGit(ref, spec, cwd);
    const after = await sideFromDisk(spec, cwd);
    if (!before.spec && !after.spec)
      throw new UsageError(`Cannot read ${spec}: it exists neither in the working tree nor at ${ref}.`);
    const [old, now] = [before.spec ? before : undefined, after.spec ? after : undefined];
    reports.push(await withLines(reviewSpec(old, now), old, now));
    sides.push(after);
  }
  return {
    input: { reports, compared: `${ref} → working tree`, pathPrefix: await repositoryPrefix(cwd) },
    read: readFiles(cwd, ...sides),
  };
}

/** Why the report cannot be written to `file`, checked before the review so that a mistake costs nothing. */
async function unwritable(file: string): Promise<string | undefined> {
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) return "is a folder; name a file";
  const folder = await stat(path.dirname(file)).catch(() => undefined);
  if (!folder?.isDirectory()) return `cannot be written: its folder ${path.dirname(file)} does not exist`;
  return undefined;
}

function readFiles(cwd: string, ...sides: SideInput[]): string[] {
  return sides.flatMap((side) => [...side.texts.keys()].map((file) => path.resolve(cwd, file)));
}

// A reader that stops early (`| head`) closes stdout: that ends the output, not with a stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw error;
});

main(process.argv.slice(2), process.cwd()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${failureMessage(error, "spec:diff", process.argv.includes("--debug"))}\n`);
    process.exitCode = 2;
  },
);
