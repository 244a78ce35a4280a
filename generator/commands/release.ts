#!/usr/bin/env node
/**
 * `npm run release [-- --dry-run] [--since <ref>]`: releases the generated package. The spec is
 * reviewed against the last release's (its git tag, or the commit CHANGELOG.md recorded), the
 * version is raised by the bump the review suggests, generated/ is regenerated at that version
 * and a CHANGELOG.md entry is written with it (generator/release/). `--dry-run` prints the plan
 * and the entry and writes nothing. Exit 0 released (or nothing to release), 1 anything else.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { helpText, parseArgs, quoted, runCli, UsageError, type CommandSpec } from "./args.js";
import { failureMessage } from "./report.js";
import { DEFAULT_PACKAGE, DEFAULT_VERSION, RELEASE_TAG_PREFIX } from "../defaults.js";
import { packageNameProblem } from "../package-name.js";
import { terminalText } from "../print/escape.js";
import { ReleaseError } from "../release/baseline.js";
import { CHANGELOG, planRelease, writeRelease, type Plan, type ReleaseOptions } from "../release/release.js";
import { ROOT } from "../root.js";
import { counts } from "../spec-diff/report.js";
import { pathProblem, refProblem } from "../spec-diff/sources.js";
import { recordRun } from "../write/fingerprint.js";

const argv = process.argv.slice(2);

const COMMAND: CommandSpec = {
  name: "npm run release --",
  usage: "[--dry-run] [--since <ref>] [--spec <file> ...] [--out <dir>] [--name <package>]",
  description:
    "Releases the generated package: reviews the spec against the last release's (the git tag clients-v<version>, or the commit CHANGELOG.md recorded), raises the version by the bump the review suggests (major for ERR or WARN changes, minor for INFO only, patch for documentation), regenerates the package at that version and writes a CHANGELOG.md entry naming the methods and types added, changed and removed. Commit the spec first; commit and tag the result afterwards.",
  options: {
    "dry-run": { type: "boolean", default: false, describe: "Print the plan and the changelog entry; write nothing" },
    since: {
      type: "string",
      placeholder: "ref",
      describe: "Compare with the spec at this commit, branch or tag instead of the last release's",
    },
    spec: {
      type: "string",
      placeholder: "file",
      multiple: true,
      describe: "OpenRPC document; repeat for several. Default: every *.openrpc.json|yaml in spec/ (as npm run gen)",
    },
    out: { type: "string", placeholder: "dir", describe: "The generated package. Default: generated/" },
    name: { type: "string", placeholder: "package", describe: `npm package name. Default: ${DEFAULT_PACKAGE}` },
    debug: { type: "boolean", default: false, describe: "Show stack traces of unexpected failures" },
  },
  examples: [
    ["--dry-run", "what the next release would be, and its changelog entry"],
    ["", "release: regenerate generated/ at the new version and write generated/CHANGELOG.md"],
    ["--since v0.3.0", "compare with another ref (a tag made before this command existed)"],
  ],
};

interface ReleaseArgs {
  dryRun: boolean;
  since?: string;
  spec?: string[];
  out?: string;
  name?: string;
}

function readArgs(): ReleaseArgs | undefined {
  const parsed = parseArgs(COMMAND, argv);
  if (parsed.help) return undefined;
  const a = parsed.values as unknown as ReleaseArgs;
  if (a.since !== undefined) {
    const problem = refProblem(a.since);
    if (problem) throw new UsageError(`--since ${quoted(a.since)} ${problem}.`);
  }
  for (const file of [...(a.spec ?? []), ...(a.out !== undefined ? [a.out] : [])]) {
    const problem = pathProblem(file);
    if (problem) throw new UsageError(`The path ${quoted(file)} ${problem}.`);
  }
  const name = a.name === undefined ? undefined : packageNameProblem(a.name);
  if (name) throw new UsageError(`--name ${quoted(a.name ?? "")} ${name}.`);
  return a;
}

/** Today, or the day of `SOURCE_DATE_EPOCH` (reproducible builds), as `YYYY-MM-DD`. */
function releaseDate(): string {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return new Date(Number.isFinite(epoch) && epoch >= 0 ? epoch * 1000 : Date.now()).toISOString().slice(0, 10);
}

async function defaultSpecs(): Promise<string[]> {
  const dir = path.join(ROOT, "spec");
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => /\.openrpc\.(json|ya?ml)$/.test(n))
    .sort();
  return names.map((n) => path.relative(process.cwd(), path.join(dir, n)));
}

const BUMP_WHY = {
  major: "changes that break or may break callers",
  minor: "compatible changes to the contract",
  patch: "documentation only",
  none: "no changes",
} as const;

function describePlan(plan: Plan, options: ReleaseOptions): string[] {
  const findings = plan.reports.flatMap((r) => r.findings);
  const n = counts(findings);
  const notes = plan.reports.reduce((sum, r) => sum + r.notes.length, 0);
  const compared =
    plan.baseline.kind === "first"
      ? "nothing: no earlier release (no tag, no CHANGELOG.md record)"
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

async function main(): Promise<number> {
  const args = readArgs();
  if (!args) {
    console.log(helpText(COMMAND));
    return 0;
  }
  const cwd = process.cwd();
  const specs = args.spec ?? (await defaultSpecs());
  if (specs.length === 0)
    throw new UsageError("No spec given and no *.openrpc.json|yaml in spec/. Pass --spec <file>.");
  const options: ReleaseOptions = {
    specs,
    out: args.out ?? path.relative(cwd, path.join(ROOT, "generated")),
    packageName: args.name ?? DEFAULT_PACKAGE,
    ...(args.since !== undefined ? { since: args.since } : {}),
    cwd,
    date: releaseDate(),
    tagPrefix: RELEASE_TAG_PREFIX,
    defaultVersion: DEFAULT_VERSION,
  };
  const plan = await planRelease(options);
  const out = options.out || ".";
  if (plan.nothing) {
    console.log(
      `Nothing to release: the spec is the same as ${plan.baseline.kind === "first" ? "before" : plan.baseline.described} (${options.packageName} stays ${plan.current}).`,
    );
    return 0;
  }
  if (args.dryRun) {
    const lines = [`Release plan (dry run: nothing is written)`, ...describePlan(plan, options)];
    lines.push(`  writes    ${out}/ regenerated at ${plan.next}, and this entry on top of ${out}/${CHANGELOG}:`);
    if (plan.uncommitted.length > 0)
      lines.push(`  note      commit ${plan.uncommitted.join(", ")} first: a release is made from committed specs`);
    console.log(terminalText([...lines, "", plan.entry].join("\n")));
    return 0;
  }
  const result = await writeRelease(plan, options);
  if (result.fingerprint) await recordRun(ROOT, result.fingerprint);
  const tag = `${options.tagPrefix}${plan.next}`;
  console.log(
    terminalText(
      [
        `Released ${options.packageName} ${plan.next}.`,
        ...describePlan(plan, options),
        `  wrote     ${result.files.size} files to ${out}/, and ${out}/${CHANGELOG}`,
        "",
        `Next: review ${out}/${CHANGELOG}, commit, and tag the release: git tag ${tag}`,
      ].join("\n"),
    ),
  );
  return 0;
}

runCli(COMMAND, main, (error) =>
  error instanceof ReleaseError
    ? terminalText(error.message)
    : failureMessage(error, "The release", argv.includes("--debug")),
);
