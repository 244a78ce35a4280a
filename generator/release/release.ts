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
import {
  findBaseline,
  headCommit,
  releaseOf,
  releaseTags,
  ReleaseError,
  tagOf,
  uncommitted,
  type Baseline,
  type TagConvention,
} from "./baseline.js";
import { gt } from "semver";
import { versionProblem } from "../package-name.js";
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
  /** The tag the new release takes, in the form of the tag found (this tool's own when none was). */
  tag: string;
  /** `next` is already released (tagged or recorded) with this very spec: nothing to release. */
  releasedAlready?: boolean;
}

export async function planRelease(options: ReleaseOptions): Promise<Plan> {
  const { cwd, out } = options;
  const existing = await readChangelog(options);
  const released = (await releasedVersion(out, cwd)) ?? options.defaultVersion;
  const baseline = await findBaseline({
    since: options.since,
    version: released,
    tagPrefix: options.tagPrefix,
    packageName: options.packageName,
    changelog: existing,
    cwd,
  });
  // `--since v0.3.0` names a release: the version starts from it when the package's is older.
  const sinceTag = options.since === undefined ? undefined : tagVersion(options.since, options);
  const current = sinceTag && gt(sinceTag.version, released) ? sinceTag.version : released;
  const convention = baseline.kind === "first" ? undefined : (baseline.convention ?? sinceTag?.convention);
  const load = readingOf(options);
  const review = await reviewAgainst(baseline.kind === "first" ? undefined : baseline.ref, options, load);
  const bump = bumpOfReports(review.reports);
  const next = baseline.kind === "first" ? current : nextVersion(current, bump);
  const nothing = baseline.kind !== "first" && bump === "none";
  const tag = tagOf(next, options.tagPrefix, options.packageName, convention);
  if (!nothing && next !== current) {
    const same = await alreadyReleased(next, existing, options, load);
    if (same)
      return {
        current,
        next,
        bump: "none",
        baseline: same,
        reports: [],
        entry: "",
        changelog: existing ?? "",
        nothing: true,
        uncommitted: [],
        tag,
        releasedAlready: true,
      };
  }
  const commit = await headCommit(cwd).catch(() => undefined);
  const entry = changelogEntry({
    version: next,
    date: options.date,
    since: baseline.kind === "first" ? undefined : baseline.described,
    bump,
    specs: review.specs,
    commit,
  });
  return {
    current,
    next,
    bump,
    baseline,
    reports: review.reports,
    entry,
    changelog: withEntry(existing, entry, options.packageName),
    nothing,
    uncommitted: await uncommitted(review.read, cwd),
    tag,
  };
}

async function readChangelog(options: ReleaseOptions): Promise<string | undefined> {
  const changelogFile = path.resolve(options.cwd, options.out, CHANGELOG);
  const info = await lstat(changelogFile).catch(() => undefined);
  if (info && !info.isFile())
    throw new ReleaseError(
      `${path.join(options.out, CHANGELOG)} is not a regular file (a link or a folder); replace it with the changelog itself.`,
    );
  return info ? await readFile(changelogFile, "utf8") : undefined;
}

type Reading = ReturnType<typeof readingOf>;

/** The spec now reviewed against the spec at `ref` (nothing: the first release). */
async function reviewAgainst(
  ref: string | undefined,
  options: ReleaseOptions,
  load: Reading,
): Promise<{ specs: SpecChanges[]; reports: SpecReport[]; read: string[] }> {
  const specs: SpecChanges[] = [];
  const read = new Set<string>();
  for (const file of options.specs) {
    const after = await sideFromDisk(file, options.cwd, load);
    if (!after.spec)
      throw new ReleaseError(`Cannot read the spec ${file}: there is no such file (relative to ${options.cwd}).`);
    const before = ref === undefined ? undefined : await sideFromGit(ref, file, options.cwd, load);
    for (const name of after.texts.keys()) read.add(name);
    specs.push({
      report: reviewSpec(before?.spec ? before : undefined, after),
      before: documentOf(before),
      after: documentOf(after),
    });
  }
  return { specs, reports: specs.map((s) => s.report), read: [...read] };
}

/** The version and tag form `ref` names when it is a release tag of this package (`v1.2.0`, `clients-v1.2.0`, `<name>@1.2.0`). */
function tagVersion(ref: string, options: ReleaseOptions): { version: string; convention: TagConvention } | undefined {
  const tag = ref.replace(/^refs\/tags\//, "");
  for (const { tag: form, convention } of releaseTags("", options.tagPrefix, options.packageName)) {
    const version = tag.startsWith(form) ? tag.slice(form.length) : undefined;
    if (version !== undefined && !versionProblem(version)) return { version, convention };
  }
  return undefined;
}

/**
 * When `version` is already released (a tag in any form, or a changelog record): `undefined` if
 * not; where, when its spec is the spec now (nothing to release); a ReleaseError naming the fix
 * when the spec differs, since npm never takes one version twice.
 */
async function alreadyReleased(
  version: string,
  changelog: string | undefined,
  options: ReleaseOptions,
  load: Reading,
): Promise<Baseline | undefined> {
  const found = await releaseOf({ ...options, version, changelog });
  if (!found) return undefined;
  const where =
    found.kind === "tag" ? `the tag ${found.tag}` : `CHANGELOG.md records it (commit ${found.commit.slice(0, 12)})`;
  const ref = found.kind === "tag" ? found.ref : found.commit;
  if (found.kind === "tag" || found.present) {
    const { reports } = await reviewAgainst(ref, options, load);
    if (bumpOfReports(reports) === "none")
      return found.kind === "tag"
        ? { kind: "tag", ref, described: where, convention: found.convention }
        : {
            kind: "recorded",
            ref,
            described: `the spec of ${version} (commit ${found.commit.slice(0, 12)}, recorded in CHANGELOG.md)`,
          };
  }
  const since = found.kind === "tag" ? found.tag : found.commit.slice(0, 12);
  throw new ReleaseError(
    `Cannot release ${version}: it is already released (${where}) with a different spec, and npm never publishes one version twice. Compare with that release instead (npm run release -- --since ${since}), so that the version is raised from ${version}; or raise the package's version past it first (npm run gen -- --pkg-version <version>).`,
  );
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
