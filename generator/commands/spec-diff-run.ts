/**
 * The review `npm run spec:diff` asked for (./spec-diff.ts): both sides through `loadModel` (the
 * working tree, or git at a ref, as a SpecSource; generator/spec-diff/sources.ts), reviewed and
 * grouped into findings with their lines, rendered in the asked format to stdout or `--output`
 * (and as Markdown to `--summary`), and the exit code. Stdout holds the report and nothing else;
 * everything else goes to stderr.
 */
import { appendFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { terminalText } from "../print/escape.js";
import { writeLine, type CommandContext, type Output } from "./context.js";
import { formatProblems, GeneratorError } from "../problems.js";
import { missingBase } from "../spec-diff/git-help.js";
import type { Format } from "../spec-diff/options.js";
import { counts, failing, failingProblems, render, type ReportInput } from "../spec-diff/report.js";
import { reviewSpec, withLines, type SideInput, type SpecReport } from "../spec-diff/review.js";
import { LEVELS, type Level } from "../spec-diff/rules.js";
import {
  defaultSpecs,
  inGitRepository,
  isCommit,
  isShallow,
  loadFromDisk,
  loadFromGit,
  repositoryPrefix,
  reviewedSide,
  type LoadSettings,
} from "../spec-diff/sources.js";

/** spec:diff's arguments, as yargs parses them (./spec-diff.ts). */
export interface SpecDiffArgs {
  specs?: string[];
  base?: string;
  format: Format;
  failOn: Level;
  output?: string;
  summary?: string;
  allowBreaking: boolean;
  lenient?: boolean;
  examples?: "error" | "warn";
  refRoot?: string;
  allowDuplicateParams?: boolean;
}

/** What every review shares: how it is shown, where it goes, and what fails it. */
export interface OutputOptions {
  format: Format;
  failOn: Level;
  /** Write the report to this file instead of stdout. */
  output?: string;
  /** Append the Markdown review to this file as well (a CI job summary, `$GITHUB_STEP_SUMMARY`). */
  summary?: string;
  /** Exit 0 even when findings reach `failOn` (the break is intended); they are still reported. */
  allowBreaking: boolean;
  /** How both sides are read (`--lenient`, `--examples`, `--ref-root`, …), as `npm run gen` reads them. */
  load: LoadSettings;
}

/** The review the arguments ask for: two files, or the working tree against a git ref. */
export type Review =
  | ({ mode: "files"; old: string; new: string } & OutputOptions)
  | ({ mode: "base"; ref: string; specs: string[] } & OutputOptions);

/**
 * A review that cannot be made as asked (a missing file, a base the clone does not hold, a report
 * that cannot be written): its message alone (it may span lines: how to fetch a base), exit 2.
 */
class ReviewError extends Error {}

interface Reviewed {
  input: ReportInput;
  /** Files read from the working tree: never an output. */
  read: string[];
}

export async function runReview(review: Review, context: CommandContext): Promise<number> {
  const { cwd, stdout, stderr } = context;
  const targets = (["--output", "--summary"] as const)
    .map((flag) => ({ flag, file: flag === "--output" ? review.output : review.summary }))
    .filter((t): t is { flag: "--output" | "--summary"; file: string } => t.file !== undefined);
  let reviewed: Reviewed;
  try {
    for (const { flag, file } of targets) {
      const problem = await unwritable(path.resolve(cwd, file));
      if (problem) throw new ReviewError(`${flag} ${file} ${problem}.`);
    }
    reviewed =
      review.mode === "files"
        ? await reviewFiles(review.old, review.new, cwd, review.load)
        : await reviewBase(review.ref, review.specs, cwd, review.load);
    const input = targets.find((t) => reviewed.read.includes(path.resolve(cwd, t.file)));
    if (input)
      throw new ReviewError(`${input.flag} ${input.file} is a spec file being reviewed; write the report elsewhere.`);
  } catch (error) {
    if (error instanceof ReviewError) writeLine(stderr, terminalText(error.message));
    // The problems `npm run gen` would report for that side, named as the review's.
    else if (error instanceof GeneratorError) writeLine(stderr, formatProblems(error.problems, "Reading the specs"));
    else throw error;
    return 2;
  }
  const input: ReportInput = { ...reviewed.input, failOn: review.failOn, allowBreaking: review.allowBreaking };
  const text = render(review.format, input);
  if (review.summary !== undefined) await appendFile(path.resolve(cwd, review.summary), render("markdown", input));
  if (review.output !== undefined) await writeFile(path.resolve(cwd, review.output), text);
  else await print(text, stdout);
  const failed = failing(input);
  const problems = failingProblems(input);
  if (failed.length === 0 && problems.length === 0) return 0;
  const n = counts(failed);
  const levels = LEVELS.filter((l) => n[l] > 0)
    .map((l) => `${n[l]} ${l}`)
    .join(", ");
  if (problems.length > 0) {
    const p = counts(problems);
    const theirs = LEVELS.filter((l) => p[l] > 0)
      .map((l) => `${p[l]} ${l}`)
      .join(", ");
    stderr.write(
      `The review fails: the new spec has ${problems.length === 1 ? "a problem" : "problems"} at --fail-on ${review.failOn} or worse (${theirs}; an ERR is one npm run gen refuses the spec for)${levels ? `, and ${levels} changes` : ""}.\n`,
    );
    return 1;
  }
  if (review.allowBreaking) {
    stderr.write(`The review passes: ${levels} at --fail-on ${review.failOn} or worse, allowed by --allow-breaking.\n`);
    return 0;
  }
  writeLine(stderr, `The review fails: ${levels} at --fail-on ${review.failOn} or worse.`);
  return 1;
}

async function reviewFiles(oldFile: string, newFile: string, cwd: string, load: LoadSettings): Promise<Reviewed> {
  const before = await reviewedSide((s) => loadFromDisk(oldFile, cwd, s), load);
  const after = await reviewedSide((s) => loadFromDisk(newFile, cwd, s), load);
  for (const [file, side] of [
    [oldFile, before],
    [newFile, after],
  ] as const) {
    if (!side.spec) throw new ReviewError(`Cannot read ${file}: there is no such file (paths are relative to ${cwd}).`);
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

async function reviewBase(ref: string, given: string[], cwd: string, load: LoadSettings): Promise<Reviewed> {
  if (!(await inGitRepository(cwd)))
    throw new ReviewError(`--base needs a git repository, and ${cwd} is not in one; compare two files instead.`);
  if (!(await isCommit(ref, cwd))) throw new ReviewError(missingBase(ref, cwd, await isShallow(cwd)));
  const specs = given.length > 0 ? given : await defaultSpecs("spec", cwd, ref);
  if (specs.length === 0)
    throw new ReviewError(`No spec given and no *.openrpc.json|yaml in spec/ or at ${ref}; name the specs to review.`);
  const reports: SpecReport[] = [];
  const sides: SideInput[] = [];
  for (const spec of specs) {
    const before = await reviewedSide((s) => loadFromGit(ref, spec, cwd, s), load);
    const after = await reviewedSide((s) => loadFromDisk(spec, cwd, s), load);
    if (!before.spec && !after.spec)
      throw new ReviewError(`Cannot read ${spec}: it exists neither in the working tree nor at ${ref}.`);
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

/**
 * Writes the report to stdout. A reader that stops early (`| head`) closes the process's pipe: that
 * ends the output, not with a stack trace.
 */
async function print(text: string, out: Output): Promise<void> {
  if (out === process.stdout)
    process.stdout.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw error;
    });
  await new Promise<void>((resolve) => out.write(text, () => resolve()));
}
