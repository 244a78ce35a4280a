/** npm's rules for a package name and a version, checked before they reach package.json. */

const NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const BLOCKED = new Set(["node_modules", "favicon.ico"]);
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** Why `name` is not a valid npm package name, or `undefined` when it is. */
export function packageNameProblem(name: string): string | undefined {
  if (name.length === 0) return "must not be empty";
  if (name.length > 214) return "must be at most 214 characters long";
  if (name !== name.trim()) return "must not start or end with spaces";
  if (name !== name.toLowerCase()) return "must be lower case";
  if (/^[._]/.test(name)) return "must not start with '.' or '_'";
  if (BLOCKED.has(name)) return "is a name npm does not allow";
  if (!NAME.test(name)) return "may hold only lower-case letters, digits and - . _ ~ (with an optional @scope/ prefix)";
  return undefined;
}

/** Why `version` is not a semantic version, or `undefined` when it is. */
export function versionProblem(version: string): string | undefined {
  return SEMVER.test(version) && version.length <= 256
    ? undefined
    : "must be a semantic version such as 1.2.3 or 1.0.0-beta.1";
}
