/**
 * `npm run release` on a temporary git repository, as a maintainer runs it: the first release,
 * a breaking one found through the commit the changelog recorded, a documentation-only one found
 * through the tag, nothing to release, and the refusals. After each release `npm run gen` keeps the
 * version and the changelog, and `npm run gen -- --check` passes. The first release runs the script
 * through bash and a child process, as npm does; the other runs take the same command lines in this
 * process (test/helpers/project-scripts.ts `npmRun`, "in-process").
 */
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { releaseRecords } from "../../../generator/release/changelog.js";
import { readOutput } from "../../../generator/write/write.js";
import { git, npmRun, shell, writeProjectPackage } from "../../helpers/project-scripts.js";

const F = path.join(ROOT, "test", "fixtures", "spec-diff");
const ARGS = "--spec spec/pets.openrpc.json --out generated --name pets-client";
const scratch = await mkdtemp(path.join(os.tmpdir(), "release-"));
const repo = path.join(scratch, "repo");
const projectPackage = await readFile(path.join(ROOT, "generated", "package.json"), "utf8");
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  // The releases above wrote only inside the scratch repository.
  expect(await readFile(path.join(ROOT, "generated", "package.json"), "utf8")).toBe(projectPackage);
});

const env = { SOURCE_DATE_EPOCH: "1735689600" }; // 2025-01-01
const npm = (command: string) => npmRun(command, repo, env, "in-process");
const version = async () =>
  (JSON.parse(await readFile(path.join(repo, "generated", "package.json"), "utf8")) as { version: string }).version;
const changelog = () => readFile(path.join(repo, "generated", "CHANGELOG.md"), "utf8");
const commitAll = async (message: string) => {
  await git(repo, "add", "-A");
  await git(repo, "commit", "-qm", message);
};

/** After a release: `npm run gen -- --check` passes, and `npm run gen` changes nothing (version and changelog kept). */
async function genKeepsTheRelease(): Promise<void> {
  const generated = path.join(repo, "generated");
  const before = { files: await readOutput(generated), changelog: await changelog() };
  const check = await npm(`gen -- ${ARGS} --check`);
  expect(check.stderr).toBe("");
  expect(check.code).toBe(0);
  const gen = await npmRun(`gen -- ${ARGS}`, repo, { OPENRPC_TS_CACHE: "off" }, "in-process");
  expect(gen.code).toBe(0);
  expect({ files: await readOutput(generated), changelog: await changelog() }).toEqual(before);
}

beforeAll(async () => {
  await git(scratch, "init", "-q", "-b", "main", repo);
  await cp(path.join(F, "v1"), path.join(repo, "spec"), { recursive: true });
  await writeProjectPackage(repo);
  await commitAll("v1");
});

describe("npm run release", () => {
  it("--dry-run before any release: the first release at 0.1.0, every method added, nothing written", async () => {
    const { code, stdout } = await npm(`release -- ${ARGS} --dry-run`);
    expect(code).toBe(0);
    expect(stdout).toContain("Release plan (dry run: nothing is written)");
    expect(stdout).toContain("package   pets-client 0.1.0 (the first release)");
    expect(stdout).toContain(
      "## 0.1.0 — 2025-01-01\n\nThe first release.\n\n### Added\n\n- Methods: `pets_list`, `pets_get`, `pets_legacy`",
    );
    expect((await readdir(repo)).sort()).toEqual([".git", "package.json", "spec"]);
  });

  it("the first release writes the package at 0.1.0 with a changelog recording the spec's commit", async () => {
    const { code, stdout } = await npmRun(`release -- ${ARGS}`, repo, env);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Released pets-client 0\.1\.0\./);
    expect(stdout).toContain("git tag clients-v0.1.0");
    expect(await version()).toBe("0.1.0");
    const head = (await git(repo, "rev-parse", "HEAD")).trim();
    expect(releaseRecords(await changelog())).toEqual([{ version: "0.1.0", commit: head }]);
    // The changelog ships in the package (its `files` list names it).
    const packed = await shell("npm pack --dry-run --json --ignore-scripts", path.join(repo, "generated"));
    expect(packed.code).toBe(0);
    const [listing] = JSON.parse(packed.stdout) as [{ files: { path: string }[] }];
    expect(listing.files.map((f) => f.path)).toContain("CHANGELOG.md");
    await genKeepsTheRelease();
    await commitAll("release 0.1.0");
  });

  it("a breaking spec change: 1.0.0, compared with the recorded commit, with breaking changes and removed methods", async () => {
    await cp(path.join(F, "v2"), path.join(repo, "spec"), { recursive: true });
    await commitAll("v2");
    const dry = await npm(`release -- ${ARGS} --dry-run`);
    expect(dry.stdout).toContain(
      "package   pets-client 0.1.0 → 1.0.0 (major: changes that break or may break callers)",
    );
    expect(dry.stdout).toContain("recorded in CHANGELOG.md");
    expect(await version()).toBe("0.1.0");

    const { code } = await npm(`release -- ${ARGS}`);
    expect(code).toBe(0);
    expect(await version()).toBe("1.0.0");
    const text = await changelog();
    expect(text.indexOf("## 1.0.0 — 2025-01-01")).toBeLessThan(text.indexOf("## 0.1.0 — 2025-01-01"));
    const entry = text.slice(text.indexOf("## 1.0.0"), text.indexOf("## 0.1.0"));
    expect(entry).toContain("### Breaking changes\n\n- **ERR** Method pets\\_legacy was removed;");
    expect(entry).toContain("### Changed\n\n- Methods: `pets_list`, `pets_get`\n- Types: `Kind`\n");
    expect(entry).toContain("### Removed\n\n- Methods: `pets_legacy`\n");
    const client = await readFile(path.join(repo, "generated", "src", "pets", "client.ts"), "utf8");
    expect(client).not.toContain("pets_legacy");
    await genKeepsTheRelease();
    await commitAll("release 1.0.0");
  });

  it("with a tag for the release, a documentation-only change is a patch, compared with the tag", async () => {
    await git(repo, "tag", "clients-v1.0.0");
    const spec = JSON.parse(await readFile(path.join(repo, "spec", "pets.openrpc.json"), "utf8"));
    spec.methods[0].summary = "Lists the pets of an owner, newest first.";
    await writeFile(path.join(repo, "spec", "pets.openrpc.json"), JSON.stringify(spec, null, 2));
    await commitAll("docs");
    const { code, stdout } = await npm(`release -- ${ARGS}`);
    expect(code).toBe(0);
    expect(stdout).toContain("1.0.0 → 1.0.1 (patch: documentation only)");
    expect(stdout).toContain("with the tag clients-v1.0.0");
    expect(await version()).toBe("1.0.1");
    expect(await changelog()).toContain(
      "## 1.0.1 — 2025-01-01\n\nCompared with the tag clients-v1.0.0: a patch release: documentation only.\n\n### Documentation\n\n- 1 place: `pets_list`\n",
    );
    await genKeepsTheRelease();
    await commitAll("release 1.0.1");
  });

  it("nothing changed since the release: nothing to release, nothing written", async () => {
    const { code, stdout } = await npm(`release -- ${ARGS}`);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Nothing to release: the spec is the same as the spec of 1\.0\.1 /);
    expect(await git(repo, "status", "--porcelain")).toBe("");
  });

  it("refuses a spec that is not committed (the dry run says so), and writes nothing", async () => {
    const file = path.join(repo, "spec", "pets.openrpc.json");
    const committed = await readFile(file, "utf8");
    const spec = JSON.parse(committed);
    spec.methods[0].params.pop();
    await writeFile(file, JSON.stringify(spec, null, 2));
    try {
      const dry = await npm(`release -- ${ARGS} --dry-run`);
      expect(dry.code).toBe(0);
      expect(dry.stdout).toContain("note      commit spec/pets.openrpc.json first");
      const real = await npm(`release -- ${ARGS}`);
      expect(real.code).toBe(1);
      expect(real.stderr).toMatch(/^The spec has uncommitted changes \(spec\/pets\.openrpc\.json\); commit them first/);
      expect(await git(repo, "status", "--porcelain", "--", "generated")).toBe("");
    } finally {
      await writeFile(file, committed);
    }
  });

  it.each([
    ["--out generated --since --output=pwned", /^--since "--output=pwned" starts with '-'/],
    ["--out generated --since 'HEAD;touch pwned'", /^--since "HEAD;touch pwned" may hold only letters/],
    ["--out generated --since no-such-ref", /^--since no-such-ref is not a commit of the git repository/],
    ["--out ../elsewhere", /^The path "\.\.\/elsewhere" contains '\.\.'/],
  ])("refuses %s with one clear line, writing nothing", async (extra, message) => {
    // Through bash and a child process, as npm runs it: the shell's quoting is part of the probe.
    const line = `release -- --spec spec/pets.openrpc.json --name pets-client ${extra}`;
    const { code, stdout, stderr } = await npmRun(line, repo, env);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(await git(repo, "status", "--porcelain")).toBe("");
    expect(await readdir(repo)).not.toContain("pwned");
  });

  it("refuses a changelog that is a link (it would copy what it points at into the release) and a spec outside the repository", async () => {
    const changelogFile = path.join(repo, "generated", "CHANGELOG.md");
    const text = await readFile(changelogFile, "utf8");
    const secret = path.join(scratch, "secret.txt");
    await writeFile(secret, "not for the changelog\n");
    await rm(changelogFile);
    await symlink(secret, changelogFile);
    try {
      const linked = await npm(`release -- ${ARGS} --dry-run`);
      expect(linked.code).toBe(1);
      expect(linked.stderr).toBe(
        "generated/CHANGELOG.md is not a regular file (a link or a folder); replace it with the changelog itself.\n",
      );
      expect(linked.stdout).not.toContain("not for the changelog");
    } finally {
      await rm(changelogFile);
      await writeFile(changelogFile, text);
    }
    const outside = path.join(scratch, "outside.openrpc.json");
    await cp(path.join(repo, "spec", "pets.openrpc.json"), outside);
    await cp(path.join(repo, "spec", "types.json"), path.join(scratch, "types.json"));
    const far = await npm(`release -- --spec ${outside} --out generated --name pets-client --dry-run`);
    expect(far.code).toBe(1);
    expect(far.stderr).toMatch(/^The spec file .*outside\.openrpc\.json is outside the git repository at /);
  });

  it("in a shallow clone that lacks the release's commit and tag: says what to fetch", async () => {
    // The docs-only release above was compared with a tag; drop it so the recorded commit is what is looked for.
    await git(repo, "tag", "-d", "clients-v1.0.0");
    const spec = JSON.parse(await readFile(path.join(repo, "spec", "pets.openrpc.json"), "utf8"));
    spec.info.description = "Pets, again.";
    await writeFile(path.join(repo, "spec", "pets.openrpc.json"), JSON.stringify(spec, null, 2));
    await commitAll("docs again");
    const clone = path.join(scratch, "shallow");
    await git(scratch, "clone", "-q", "--depth", "1", `file://${repo}`, clone);
    await writeProjectPackage(clone);
    const { code, stderr } = await npmRun(`release -- ${ARGS} --dry-run`, clone);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^The commit [0-9a-f]{12} that CHANGELOG\.md records for release 1\.0\.1 is not in this clone \(a shallow clone\)\. Fetch the history \(git fetch --unshallow; in CI, fetch-depth: 0\)/,
    );
    await git(clone, "fetch", "-q", "--unshallow");
    const fetched = await npmRun(`release -- ${ARGS} --dry-run`, clone, {}, "in-process");
    expect(fetched.code).toBe(0);
    expect(fetched.stdout).toContain("1.0.1 → 1.0.2 (patch: documentation only)");
  });

  it("--examples warn reaches the review and the generation: a spec with a wrong example is released, as gen takes it", async () => {
    const spec = JSON.parse(await readFile(path.join(repo, "spec", "pets.openrpc.json"), "utf8"));
    // The param `id` is a string; the example passes a number.
    spec.methods[1].examples = [
      { name: "wrong", params: [{ name: "id", value: 7 }], result: { name: "pet", value: null } },
    ];
    await writeFile(path.join(repo, "spec", "pets.openrpc.json"), JSON.stringify(spec, null, 2));
    await commitAll("a wrong example");
    const refused = await npm(`release -- ${ARGS}`);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/spec\/pets\.openrpc\.json#\/methods\/1\/examples\/0/);
    expect(await git(repo, "status", "--porcelain")).toBe("");
    const { code, stdout } = await npm(`release -- ${ARGS} --examples warn`);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Released pets-client 1\.0\.2\./);
    const check = await npm(`gen -- ${ARGS} --examples warn --check`);
    expect(check.code).toBe(0);
  });
});
