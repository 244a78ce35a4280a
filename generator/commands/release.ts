/**
 * `npm run release [-- --dry-run] [--since <ref>]`: releases the generated package. The spec is
 * reviewed against the last release's (its git tag, or the commit CHANGELOG.md recorded), the
 * version is raised by the bump the review suggests, generated/ is regenerated at that version
 * and a CHANGELOG.md entry is written with it (generator/release/). `--dry-run` prints the plan
 * and the entry and writes nothing. Exit 0 released (or nothing to release), 1 anything else.
 * Refs and paths are checked here, before anything is read; the release's code is imported only
 * when it runs (./release-run.ts).
 */
import { DEFAULT_PACKAGE, RELEASE_TAG_PREFIX } from "../defaults.js";
import { packageNameProblem } from "../package-name.js";
import { ROOT } from "../root.js";
import { pathProblem, refProblem } from "../spec-diff/options.js";
import type { ReleaseArgs } from "./release-run.js";
import { checkReading, READING_OPTIONS } from "./reading.js";
import { quoted, UsageError, type Command } from "./usage.js";

export const release: Command<ReleaseArgs> = {
  command: "release",
  npm: "npm run release --",
  synopsis: "[--dry-run] [--since <ref>] [--spec <file> ...] [--out <dir>] [--name <package>]",
  describe:
    "Releases the generated package: raises its version by the bump the spec review suggests, regenerates it and writes a CHANGELOG.md entry.",
  epilog: [
    `The spec is reviewed against the last release's (its git tag, ${RELEASE_TAG_PREFIX}<version>, <package>@<version> or v<version>, the plan says which it found; or the commit CHANGELOG.md recorded); the version is raised by the bump the review suggests (major for ERR or WARN changes, minor for INFO only, patch for documentation); the package is regenerated at that version, and a CHANGELOG.md entry names the methods and types added, changed and removed. Commit the spec first; commit and tag the result afterwards (the tag in the form found). A version that is already tagged or recorded with another spec is refused: pass --since <its tag>, or raise the version.`,
    "",
    "Exit codes: 0 released (or nothing to release), 1 anything else.",
  ].join("\n"),
  tool: "The release",
  options: {
    "dry-run": { type: "boolean", default: false, describe: "Print the plan and the changelog entry; write nothing" },
    since: {
      type: "string",
      requiresArg: true,
      describe: "Compare with the spec at this commit, branch or tag instead of the last release's",
    },
    spec: {
      type: "string",
      array: true,
      nargs: 1,
      describe: "OpenRPC document; repeat for several. Default: every *.openrpc.json|yaml in spec/ (as npm run gen)",
    },
    out: { type: "string", requiresArg: true, describe: "The generated package. Default: generated/" },
    name: { type: "string", requiresArg: true, describe: `npm package name. Default: ${DEFAULT_PACKAGE}` },
    ...READING_OPTIONS,
    debug: { type: "boolean", default: false, describe: "Show stack traces of unexpected failures" },
  },
  examples: [
    ["--dry-run", "what the next release would be, and its changelog entry"],
    ["", "release: regenerate generated/ at the new version and write generated/CHANGELOG.md"],
    ["--since v0.3.0", "compare with another ref (a tag made before this command existed)"],
  ],
  check: checkValues,
  run: async (args, context) => {
    const { runRelease } = await import("./release-run.js");
    return runRelease(args, ROOT, context);
  },
};

/** The checks yargs cannot make: refs and paths that could reach git or a shell, npm's rules for the name. */
function checkValues(a: ReleaseArgs): void {
  if (a.since !== undefined) {
    const problem = refProblem(a.since);
    if (problem) throw new UsageError(`--since ${quoted(a.since)} ${problem}.`);
  }
  checkReading(a);
  for (const file of [
    ...(a.spec ?? []),
    ...(a.out !== undefined ? [a.out] : []),
    ...(a.refRoot !== undefined ? [a.refRoot] : []),
  ]) {
    const problem = pathProblem(file);
    if (problem) throw new UsageError(`The path ${quoted(file)} ${problem}.`);
  }
  const name = a.name === undefined ? undefined : packageNameProblem(a.name);
  if (name) throw new UsageError(`--name ${quoted(a.name ?? "")} ${name}.`);
}
