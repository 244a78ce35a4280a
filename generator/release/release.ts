/**
 * A release of the generated package: the spec reviewed against the last release's
 * (baseline.ts, the same review as spec:diff), the version raised by the bump the review
 * suggests, a CHANGELOG.md entry (changelog.ts), then the package regenerated at the new
 * version and written in one step with the changelog. `planRelease` reads and decides;
 * `writeRelease` generates and writes; neither prints.
 */
import { readingOf, type ReadingOptions } from "../load/load-model.js";
import { lstat, readFile } from "node:fs/promises";
import path from "node:path";
import { generatePackage, type PackageResult } from "../commands/pipeline.js";
import { documentOf, reviewSpec, bumpOfReports, type SpecReport } from "../spec-diff/review.js";
import type { Bump } from "../spec-diff/semver.js";
import { nextVersion } from "./next-version.js";
import { sideFromDisk, sideFromGit } from "../spec-diff/sources.js";
import { writeOutput } from "../write/write.js";
import { findBaseline, headCommit, ReleaseError, uncommitted, type Baseline } from "./baseline.js";
import { changelogEntry, withEntry, type SpecChanges } from "./changelog.js";
import { releasedVersion, versionOption } from "./version.js";

export const CHANGELOG = "CHANGELOG.md";

export interface ReleaseOptions extends ReadingOptions {
  /** Spec files, relative to `cwd`: those of the package now (a spec deleted since the last release is not one). */
  specs: string[];
  /** The generated package's folder. */
  out: string;
  packageName: string;
  /** Compare with this ref instead of the last release's tag or recorded commit. */
  since?: string;
  cwd: string;
  /** `YYYY-MM-DD` of the entry. */
  date: string;
  tagPrefix: string;
  /** The version of a package never released. */
  defaultVersion: string;
}

export interface Plan {
  current: string;
  next: string;
  bump: Bump;
  baseline: Baseline;
  reports: SpecReport[];
  /** The new entry, and the whole changelog with it. */
  entry: string;
  changelog: string;
  /** Nothing changed since the last release: nothing to release. */
  nothing: boolean;
  /** Spec files read from the working tree that are not committed: a release must be made from committed specs. */
  uncommitted: string[];
}

export async function planRelease(options: ReleaseOptions): Promise<Plan> {
  const { cwd, out } = options;
  const current = (await releasedVersion(out, cwd)) ?? options.defaultVersion;
  const changelogFile = path.resolve(cwd, out, CHANGELOG);
  const info = await lstat(changelogFile).catch(() => undefined);
  if (info && !info.isFile())
    throw new ReleaseError(
      `${path.join(out, CHANGELOG)} is not a regular file (a link or a folder); replace it with the changelog itself.`,
    );
  const existing = info ? await readFile(changelogFile, "utf8") : undefined;
  const baseline = await findBaseline({
    since: options.since,
    version: current,
    tagPrefix: options.tagPrefix,
    changelog: existing,
    cwd,
  });
  const specs: SpecChanges[] = [];
  const read: string[] = [];
  const load = readingOf(options);
  for (const file of options.specs) {
    const after = await sideFromDisk(file, cwd, load);
    if (!after.spec)
      throw new ReleaseError(`Cannot read the spec ${file}: there is no such file (relative to ${cwd}).`);
    const before = baseline.kind === "first" ? undefined : await sideFromGit(baseline.ref, file, cwd, load);
    read.push(...after.texts.keys());
    specs.push({
      report: reviewSpec(before?.spec ? before : undefined, after),
      before: documentOf(before),
      after: documentOf(after),
    });
  }
  const reports = specs.map((s) => s.report);
  const bump = bumpOfReports(reports);
  const next = baseline.kind === "first" ? current : nextVersion(current, bump);
  const commit = await headCommit(cwd).catch(() => undefined);
  const entry = changelogEntry({
    version: next,
    date: options.date,
    since: baseline.kind === "first" ? undefined : baseline.described,
    bump,
    specs,
    commit,
  });
  return {
    current,
    next,
    bump,
    baseline,
    reports,
    entry,
    changelog: withEntry(existing, entry, options.packageName),
    nothing: baseline.kind !== "first" && bump === "none",
    uncommitted: await uncommitted([...new Set(read)], cwd),
  };
}

/** Regenerates the package at the planned version and writes it with the new changelog, in one step. */
export async function writeRelease(plan: Plan, options: ReleaseOptions): Promise<PackageResult> {
  if (plan.uncommitted.length > 0)
    throw new ReleaseError(
      `The spec has uncommitted changes (${plan.uncommitted.slice(0, 5).join(", ")}); commit them first, so that the release records the commit its spec comes from.`,
    );
  const result = await generatePackage({
    specs: options.specs,
    packageName: options.packageName,
    ...versionOption(plan.next),
    ...readingOf(options),
    cwd: options.cwd,
  });
  const files = new Map(result.files);
  files.set(CHANGELOG, plan.changelog);
  await writeOutput(options.out, files, { cwd: options.cwd });
  return result;
}
