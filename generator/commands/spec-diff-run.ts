/**
 * The review `npm run spec:diff` asked for (./spec-diff.ts): both sides through `loadModel` (the
 * working tree, or git at a ref, as a SpecSource), compared, rendered, and the exit code.
 */
import { requireModel, type LoadResult } from "../load/load-model.js";
import type { DocumentModel } from "../model/document.js";
import { diffDocuments, emptyModel } from "../spec-diff/compare.js";
import { counts, render, type SpecReport } from "../spec-diff/report.js";
import { atLeast, LEVELS } from "../spec-diff/rules.js";
import { defaultSpecs, isCommit, loadFromDisk, loadFromGit } from "../spec-diff/sources.js";
import type { Format } from "../spec-diff/report.js";
import type { Level } from "../spec-diff/rules.js";
import { UsageError } from "./usage.js";

/** The review the arguments ask for: two files, or the working tree against a git ref. */
export type Review =
  | { mode: "files"; old: string; new: string; format: Format; failOn: Level }
  | { mode: "base"; ref: string; specs: string[]; format: Format; failOn: Level };

interface Reviewed {
  reports: SpecReport[];
  compared: string;
}

export async function runReview(review: Review, cwd: string): Promise<number> {
  const reviewed =
    review.mode === "files"
      ? await reviewFiles(review.old, review.new, cwd)
      : await reviewBase(review.ref, review.specs, cwd);
  process.stdout.write(render(review.format, reviewed));
  const failing = reviewed.reports.flatMap((r) => r.changes).filter((c) => atLeast(c.level, review.failOn));
  if (failing.length === 0) return 0;
  const n = counts(failing);
  const levels = LEVELS.filter((l) => n[l] > 0)
    .map((l) => `${n[l]} ${l}`)
    .join(", ");
  process.stderr.write(`The review fails: ${levels} at --fail-on ${review.failOn} or worse.\n`);
  return 1;
}

async function reviewFiles(oldFile: string, newFile: string, cwd: string): Promise<Reviewed> {
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

async function reviewBase(ref: string, given: string[], cwd: string): Promise<Reviewed> {
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
