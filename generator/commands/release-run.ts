/**
 * What `npm run release` does once its arguments are checked (./release.ts): plan the release
 * (generator/release/release.ts), print it, and with no `--dry-run` write it and remember the run
 * (so the next `npm run gen` answers from the fingerprint).
 */
import { readingOptions, type ReadingArgs } from "./reading.js";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_PACKAGE, DEFAULT_VERSION, RELEASE_TAG_PREFIX } from "../defaults.js";
import { terminalText } from "../print/escape.js";
import { CONVENTION_WORDS, releaseTags, ReleaseError } from "../release/baseline.js";
import { CHANGELOG, planRelease, writeRelease, type Plan, type ReleaseOptions } from "../release/release.js";
import { counts } from "../spec-diff/report.js";
import { writeLine, type CommandContext } from "./context.js";
import { recordRun } from "./fingerprint.js";
import { UsageError } from "./usage.js";

/** release's arguments, as yargs parses them (./release.ts). */
export interface ReleaseArgs extends ReadingArgs {
  dryRun: boolean;
  since?: string;
  spec?: string[];
  out?: string;
  name?: string;
}

const BUMP_WHY = {
  major: "changes that break or may break callers",
  minor: "compatible changes to the contract",
  patch: "documentation only",
  none: "no changes",
} as const;

export async function runRelease(args: ReleaseArgs, root: string, context: CommandContext): Promise<number> {
  try {
    return await release(args, root, context);
  } catch (error) {
    // A failure that is the user's to fix (a ref, a missing tag, a dirty spec): its message alone.
    if (!(error instanceof ReleaseError)) throw error;
    writeLine(context.stderr, terminalText(error.message));
    return 1;
  }
}

async function release(args: ReleaseArgs, root: string, context: CommandContext): Promise<number> {
  const { cwd, stdout } = context;
  const specs = args.spec ?? (await defaultSpecs(root, cwd));
  if (specs.length === 0)
    throw new UsageError("No spec given and no *.openrpc.json|yaml in spec/. Pass --spec <file>.");
  const options: ReleaseOptions = {
    specs,
    out: args.out ?? path.relative(cwd, path.join(root, "generated")),
    packageName: args.name ?? DEFAULT_PACKAGE,
    ...readingOptions(args),
    ...(args.since !== undefined ? { since: args.since } : {}),
    cwd,
    date: releaseDate(context.env),
    tagPrefix: RELEASE_TAG_PREFIX,
    defaultVersion: DEFAULT_VERSION,
  };
  const plan = await planRelease(options);
  const out = options.out || ".";
  if (plan.nothing) {
    const same = plan.baseline.kind === "first" ? "before" : plan.baseline.described;
    writeLine(
      stdout,
      plan.releasedAlready
        ? `Nothing to release: ${options.packageName} ${plan.next} is already released with this spec (${same}); set the package's version to it (npm run gen -- --pkg-version ${plan.next}).`
        : `Nothing to release: the spec is the same as ${same} (${options.packageName} stays ${plan.current}).`,
    );
    return 0;
  }
  if (args.dryRun) {
    const lines = [`Release plan (dry run: nothing is written)`, ...describePlan(plan, options)];
    lines.push(`  tag       git tag ${plan.tag}, once the release is committed`);
    lines.push(`  writes    ${out}/ regenerated at ${plan.next}, and this entry on top of ${out}/${CHANGELOG}:`);
    if (plan.uncommitted.length > 0)
      lines.push(`  note      commit ${plan.uncommitted.join(", ")} first: a release is made from committed specs`);
    writeLine(stdout, terminalText([...lines, "", plan.entry].join("\n")));
    return 0;
  }
  const result = await writeRelease(plan, options);
  await recordRun(root, result.fingerprint, false, context.env);
  writeLine(
    stdout,
    terminalText(
      [
        `Released ${options.packageName} ${plan.next}.`,
        ...describePlan(plan, options),
        `  wrote     ${result.files.size} files to ${out}/, and ${out}/${CHANGELOG}`,
        "",
        `Next: review ${out}/${CHANGELOG}, commit, and tag the release: git tag ${plan.tag}`,
      ].join("\n"),
    ),
  );
  return 0;
}

function describePlan(plan: Plan, options: ReleaseOptions): string[] {
  const findings = plan.reports.flatMap((r) => r.findings);
  const n = counts(findings);
  const notes = plan.reports.reduce((sum, r) => sum + r.notes.length, 0);
  const compared =
    plan.baseline.kind === "first"
      ? `nothing: no earlier release (no tag ${releaseTags(plan.current, options.tagPrefix, options.packageName)
          .map((t) => t.tag)
          .join(", ")}; no CHANGELOG.md record)`
      : plan.baseline.convention
        ? `${plan.baseline.described} (${CONVENTION_WORDS[plan.baseline.convention]})`
        : plan.baseline.described;
  const version =
    plan.baseline.kind === "first"
      ? `${plan.next} (the first release)`
      : `${plan.current} → ${plan.next} (${plan.bump}: ${BUMP_WHY[plan.bump]})`;
  return [
    `  package   ${options.packageName} ${version}`,
    `  compared  ${options.specs.join(", ")} with ${compared}`,
    `  review    ${n.ERR} ERR, ${n.WARN} WARN, ${n.INFO} INFO, ${notes} ${notes === 1 ? "note" : "notes"} (npm run -s spec:diff -- --base <ref> lists them)`,
  ];
}

/** Today, or the day of `SOURCE_DATE_EPOCH` (reproducible builds), as `YYYY-MM-DD`. */
function releaseDate(env: CommandContext["env"]): string {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  return new Date(Number.isFinite(epoch) && epoch >= 0 ? epoch * 1000 : Date.now()).toISOString().slice(0, 10);
}

async function defaultSpecs(root: string, cwd: string): Promise<string[]> {
  const dir = path.join(root, "spec");
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => /\.openrpc\.(json|ya?ml)$/.test(n))
    .sort();
  return names.map((n) => path.relative(cwd, path.join(dir, n)));
}
