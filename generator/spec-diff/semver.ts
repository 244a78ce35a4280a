/**
 * The version bump a review suggests for the generated package, by semantic versioning: a change
 * that breaks or may break callers or the generated code (ERR, WARN) is major, anything else in
 * the contract (INFO: additions, relaxed rules) is minor, and documentation alone is a patch.
 * WARN counts as major because the package is what callers compile against: a removed error
 * code or exported type, or a changed pattern, changes its declarations.
 */
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
