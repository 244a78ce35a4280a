/** The version a release takes: the current one raised by the bump the review suggests. */
import { inc } from "semver";
import { versionProblem } from "../package-name.js";
import type { Bump } from "../spec-diff/semver.js";

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
