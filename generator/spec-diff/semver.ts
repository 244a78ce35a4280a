/**
 * The version bump a review suggests for the generated package, by semantic versioning: a change
 * that breaks or may break callers or the generated code (ERR, WARN) is major, anything else in
 * the contract (INFO: additions, relaxed rules) is minor, and documentation alone is a patch.
 * WARN counts as major because the package is what callers compile against: a removed error
 * code or exported type, or a changed pattern, changes its declarations.
 */
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
 * `version` raised by `bump`, as semver says: `1.4.2` → major `2.0.0`, minor `1.5.0`, patch
 * `1.4.3`. A pre-release (`2.0.0-rc.1`) becomes its release (`2.0.0`) when the bump fits inside
 * it. Versions below 1.0.0 follow the same rule (a breaking change of `0.3.1` gives `1.0.0`).
 */
export function nextVersion(version: string, bump: Bump): string {
  if (versionProblem(version)) throw new Error(`${JSON.stringify(version)} is not a semantic version.`);
  const core = version.replace(/\+.*$/, "");
  const [major, minor, patch] = core.replace(/-.*$/, "").split(".").map(Number) as [number, number, number];
  const pre = core.includes("-");
  if (bump === "none") return version;
  if (pre) {
    // 2.0.0-rc.1 → 2.0.0 covers any bump; 1.5.0-rc.1 → 1.5.0 covers minor and patch; 1.4.3-rc.1 → 1.4.3 a patch.
    const fits = bump === "patch" || (bump === "minor" && patch === 0) || (minor === 0 && patch === 0);
    if (fits) return `${major}.${minor}.${patch}`;
  }
  if (bump === "major") return `${major + 1}.0.0`;
  if (bump === "minor") return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}
