#!/usr/bin/env node
/**
 * `npm run spec:diff -- <old> <new>` or `npm run spec:diff -- --base <git-ref> [<spec> ...]`:
 * the breaking-change review of OpenRPC documents (rules in rules.ts). Exit codes: 0 nothing at
 * the `--fail-on` level, 1 changes at that level or worse, 2 usage errors and unreadable specs.
 */
import { terminalText } from "../print/escape.js";
import { formatProblems, GeneratorError } from "../problems.js";
import { failureMessage } from "./report.js";
import { parseCliArgs, UsageError, USAGE, type CliOptions } from "./spec-diff-args.js";
import { requireModel, type LoadResult } from "../load/load-model.js";
import type { DocumentModel } from "../model/document.js";
import { diffDocuments, emptyModel } from "../spec-diff/compare.js";
import { counts, render, type SpecReport } from "../spec-diff/report.js";
import { atLeast, LEVELS } from "../spec-diff/rules.js";
import { defaultSpecs, isCommit, loadFromDisk, loadFromGit } from "../spec-diff/sources.js";

interface Review {
  reports: SpecReport[];
  compared: string;
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
  let review: Review;
  try {
    review =
      options.mode === "files"
        ? await reviewFiles(options.old, options.new, cwd)
        : await reviewBase(options.ref, options.specs, cwd);
  } catch (error) {
    if (error instanceof UsageError) process.stderr.write(`${terminalText(error.message)}\n`);
    else if (error instanceof GeneratorError)
      process.stderr.write(`${formatProblems(error.problems, "Reading the specs")}\n`);
    else throw error;
    return 2;
  }
  process.stdout.write(render(options.format, review));
  const all = review.reports.flatMap((r) => r.changes);
  const failing = all.filter((c) => atLeast(c.level, options.failOn));
  if (failing.length === 0) return 0;
  const n = counts(failing);
  const levels = LEVELS.filter((l) => n[l] > 0)
    .map((l) => `${n[l]} ${l}`)
    .join(", ");
  process.stderr.write(`The review fails: ${levels} at --fail-on ${options.failOn} or worse.\n`);
  return 1;
}

async function reviewFiles(oldFile: string, newFile: string, cwd: string): Promise<Review> {
  const before = await loadFromDisk(oldFile, cwd);
  const after = await loadFromDisk(newFile, cwd);
  for (const [file, loaded] of [
    [oldFile, before],
    [newFile, after],
  ] as const) {
    if (!loaded) throw new UsageError(`Cannot read ${file}: there is no such file (paths are relative to ${cwd}).`);
  }
  const [old, now] = [documentOf(before!), documentOf(after!)];
  return {
    reports: [{ spec: now.source, changes: diffDocuments(old, now) }],
    compared: `${old.source} → ${now.source}`,
  };
}

async function reviewBase(ref: string, given: string[], cwd: string): Promise<Review> {
  if (!(await isCommit(ref, cwd)))
    throw new UsageError(
      `--base ${ref} is not a commit of the git repository at ${cwd}; pass a commit, branch or tag (e.g. HEAD, origin/main).`,
    );
  const specs = given.length > 0 ? given : await defaultSpecs("spec", cwd, ref);
  if (specs.length === 0)
    throw new UsageError(`No spec given and no *.openrpc.json|yaml in spec/ or at ${ref}; name the specs to review.`);
  const reports: SpecReport[] = [];
  for (const spec of specs) {
    const before = await loadFromGit(ref, spec, cwd);
    const after = await loadFromDisk(spec, cwd);
    if (!before && !after)
      throw new UsageError(`Cannot read ${spec}: it exists neither in the working tree nor at ${ref}.`);
    const [old, now] = [before && documentOf(before), after && documentOf(after)];
    const source = now?.source ?? old!.source;
    reports.push({ spec: source, changes: diffDocuments(old ?? emptyModel(source), now ?? emptyModel(source)) });
  }
  return { reports, compared: `${ref} → working tree` };
}

/** The one document of a side, or a GeneratorError with its problems (the same as `npm run gen` reports). */
function documentOf(loaded: LoadResult): DocumentModel {
  return requireModel(loaded, "Reading the specs").documents[0]!;
}

main(process.argv.slice(2), process.cwd()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${failureMessage(error, "spec:diff", process.argv.includes("--debug"))}\n`);
    process.exitCode = 2;
  },
);
