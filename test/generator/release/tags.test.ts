/**
 * `npm run release` in repositories that tag releases as most projects do (`v0.1.0`, and
 * `<package>@0.1.0` as changesets does): the release found by its tag, the bump taken from the
 * spec diff, the plan saying which form it found, the next tag in the same form; and the refusal
 * to take a version that is already released with another spec (naming `--since`, or a bump).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { git, npmRun, shell, writeProjectPackage } from "../../helpers/project-scripts.js";

const F = path.join(ROOT, "test", "fixtures", "spec-diff");
const ARGS = "--spec spec/pets.openrpc.json --out generated --name pets-client";
const scratch = await mkdtemp(path.join(os.tmpdir(), "release-tags-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));
const env = { SOURCE_DATE_EPOCH: "1735689600" };

/** A repository with the v1 spec generated at 0.1.0 (by `npm run gen`, never by `release`) and committed. */
async function repository(name: string): Promise<{ repo: string; npm: (c: string) => ReturnType<typeof shell> }> {
  const repo = path.join(scratch, name);
  await git(scratch, "init", "-q", "-b", "main", repo);
  await cp(path.join(F, "v1"), path.join(repo, "spec"), { recursive: true });
  await writeProjectPackage(repo);
  // The command lines run in this process (release.test.ts runs them as npm does, through bash and a child process).
  const npm = (command: string) => npmRun(command, repo, env, "in-process");
  expect((await npm(`gen -- ${ARGS}`)).code).toBe(0);
  await commitAll(repo, "v1, generated at 0.1.0");
  return { repo, npm };
}

async function commitAll(repo: string, message: string): Promise<void> {
  await git(repo, "add", "-A");
  await git(repo, "commit", "-qm", message);
}

/** Adds a method to the spec (a compatible change: a minor release) and commits it. */
async function addMethod(repo: string, name: string): Promise<void> {
  const file = path.join(repo, "spec", "pets.openrpc.json");
  const spec = JSON.parse(await readFile(file, "utf8")) as { methods: { name: string }[] };
  spec.methods.push({ ...spec.methods[0]!, name });
  await writeFile(file, JSON.stringify(spec, null, 2));
  await commitAll(repo, `add ${name}`);
}

const version = async (repo: string) =>
  (JSON.parse(await readFile(path.join(repo, "generated", "package.json"), "utf8")) as { version: string }).version;

describe("release tags in the common forms", () => {
  let v: Awaited<ReturnType<typeof repository>>;
  beforeAll(async () => {
    v = await repository("v-tags");
  });

  it("a v<version> tag is the last release: a new method raises 0.1.0 to 0.2.0, and the next tag is v0.2.0", async () => {
    await git(v.repo, "tag", "v0.1.0");
    await addMethod(v.repo, "pets_count");
    const { code, stdout, stderr } = await v.npm(`release -- ${ARGS}`);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Released pets-client 0\.2\.0\./);
    expect(stdout).toContain("0.1.0 → 0.2.0 (minor: compatible changes to the contract)");
    expect(stdout).toContain("with the tag v0.1.0 (the v<version> form of npm version)");
    expect(stdout).toContain("git tag v0.2.0");
    expect(await version(v.repo)).toBe("0.2.0");
    await commitAll(v.repo, "release 0.2.0");
  });

  it("refuses a version already tagged with another spec, naming --since and the bump; --since that tag releases past it", async () => {
    // 0.3.0 was tagged elsewhere (the package's own version left at 0.2.0) with a different spec.
    await addMethod(v.repo, "pets_other");
    await git(v.repo, "tag", "v0.3.0");
    await git(v.repo, "reset", "-q", "--hard", "HEAD~1");
    await addMethod(v.repo, "pets_more");
    const refused = await v.npm(`release -- ${ARGS}`);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toBe(
      "Cannot release 0.3.0: it is already released (the tag v0.3.0) with a different spec, and npm never publishes one version twice. Compare with that release instead (npm run release -- --since v0.3.0), so that the version is raised from 0.3.0; or raise the package's version past it first (npm run gen -- --pkg-version <version>).\n",
    );
    expect(await version(v.repo)).toBe("0.2.0");
    expect(await git(v.repo, "status", "--porcelain")).toBe("");

    const past = await v.npm(`release -- ${ARGS} --since v0.3.0 --dry-run`);
    expect(past.code).toBe(0);
    // pets_other went (a breaking change against 0.3.0), pets_more came.
    expect(past.stdout).toContain("package   pets-client 0.3.0 → 1.0.0 (major");
    expect(past.stdout).toContain("git tag v1.0.0");
  });

  it("a version already tagged with this very spec: nothing to release", async () => {
    await git(v.repo, "tag", "-f", "v0.3.0", "HEAD");
    const { code, stdout } = await v.npm(`release -- ${ARGS}`);
    expect(code).toBe(0);
    expect(stdout).toBe(
      "Nothing to release: pets-client 0.3.0 is already released with this spec (the tag v0.3.0); set the package's version to it (npm run gen -- --pkg-version 0.3.0).\n",
    );
    expect(await git(v.repo, "status", "--porcelain")).toBe("");
  });

  it("a <package>@<version> tag (changesets) is found too, and the next tag keeps that form", async () => {
    const at = await repository("name-tags");
    await git(at.repo, "tag", "pets-client@0.1.0");
    await addMethod(at.repo, "pets_count");
    const { code, stdout } = await at.npm(`release -- ${ARGS} --dry-run`);
    expect(code).toBe(0);
    expect(stdout).toContain("0.1.0 → 0.2.0 (minor");
    expect(stdout).toContain("with the tag pets-client@0.1.0 (the <package>@<version> form of changesets and lerna)");
    expect(stdout).toContain("git tag pets-client@0.2.0");
    // Without any tag the plan names the forms it looked for.
    await git(at.repo, "tag", "-d", "pets-client@0.1.0");
    const first = await at.npm(`release -- ${ARGS} --dry-run`);
    expect(first.stdout).toContain("no earlier release (no tag clients-v0.1.0, pets-client@0.1.0, v0.1.0;");
  });
});
