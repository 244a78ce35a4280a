/**
 * The version bump a review suggests for the generated package, by semantic versioning: a change
 * that breaks or may break callers or the generated code (ERR, WARN) is major, anything else in
 * the contract (INFO: additions, relaxed rules) is minor, and documentation alone is a patch.
 * WARN counts as major because the package is what callers compile against: a removed error
 * code or exported type, or a changed pattern, changes its declarations.
 */
import { inc } from "semver";
import { versionProblem } from "../package-name.js";
import type { Level } from "./rules.js";

export type Bump = "major" | "minor" | "patch" | "none";

/** Largest first. */
export const BUMPS: readonly Bump[] = ["major", "minor", "patch", "none"];

export function bumpOfLevel(level: Level): Bump {
  return level === "INFO" ? "minor" : "major";
}

/** The larger of the bumps; `none` for none. */
export function largestBump(bumps: Iterable<Bump>): Bump {
  let best: Bump = "none";
  for (const bump of bumps) if (BUMPS.indexOf(bump) < BUMPS.indexOf(best)) best = bump;
  return best;
}

/**
 * `version` raised by `bump`, as semver's own `inc` does: `1.4.2` → major `2.0.0`, minor `1.5.0`,
 * patch `1.4.3`; a pre-release becomes its release when the bump fits inside it (`2.0.0-rc.1` →
 * `2.0.0`). Versions below 1.0.0 follow the same rule (a breaking change of `0.3.1` gives `1.0.0`).
 */
export function nextVersion(version: string, bump: Bump): string {
  if (versionProblem(version)) throw new Error(`${JSON.stringify(version)} is not a semantic version.`);
  if (bump === "none") return version;
  const next = inc(version, bump);
  if (next === null) throw new Error(`${JSON.stringify(version)} is not a semantic version.`);
  return next;
}
