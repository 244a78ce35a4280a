/** The released version the generator keeps, read back from the output package. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GeneratorError } from "../../../generator/problems.js";
import { releasedVersion, versionOption } from "../../../generator/release/version.js";
import { MARKER } from "../../../generator/write/marker.js";
import { runCli } from "../../helpers/cli.js";

const dir = await mkdtemp(path.join(os.tmpdir(), "released-version-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function folder(name: string, files: Record<string, string>): Promise<string> {
  const out = path.join(dir, name);
  await mkdir(out, { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(out, file), text);
  return out;
}

describe("releasedVersion", () => {
  it("reads the version of a package the generator wrote", async () => {
    const out = await folder("ours", { [MARKER]: "{}", "package.json": '{"version":"2.3.4"}' });
    expect(await releasedVersion(out)).toBe("2.3.4");
  });

  it.each([
    ["a folder without the marker (not the generator's)", { "package.json": '{"version":"2.3.4"}' }],
    ["no package.json", { [MARKER]: "{}" }],
    ["no version", { [MARKER]: "{}", "package.json": "{}" }],
  ])("undefined for %s", async (name, files) => {
    expect(await releasedVersion(await folder(name.replace(/\W+/g, "-"), files))).toBeUndefined();
  });

  it.each([
    ['{"version":"1.0.0; rm -rf /"}', /has the version "1\.0\.0; rm -rf \/", which is not a semantic version\./],
    ['{"version":7}', /has the version 7, which is not a semantic version\./],
    ["{not json", /is not valid JSON/],
  ])("an error naming the file and the fix for %s", async (text, message) => {
    const out = await folder(`bad-${text.length}`, { [MARKER]: "{}", "package.json": text });
    const error = await releasedVersion(out, dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).problems[0]).toMatchObject({
      file: `bad-${text.length}/package.json`,
      pointer: "/version",
      message: expect.stringMatching(message),
      hint: expect.stringContaining("--pkg-version"),
    });
  });

  it("the default version is left implicit (the fingerprint of an unreleased package stays)", () => {
    expect(versionOption(undefined)).toEqual({});
    expect(versionOption("0.1.0")).toEqual({});
    expect(versionOption("0.2.0")).toEqual({ version: "0.2.0" });
  });
});

describe("npm run gen keeps it", () => {
  // In this process (test/helpers/cli.ts): gen.test.ts starts the command line as users do.
  const gen = (args: string[]) => runCli("gen", args, { cwd: dir });
  const spec = {
    openrpc: "1.3.2",
    info: { title: "Pets", version: "1.0.0" },
    methods: [{ name: "pets_count", params: [], result: { name: "n", schema: { type: "integer" } } }],
  };

  it("a hand-raised version and a changelog survive npm run gen and pass --check; --pkg-version still wins", async () => {
    await writeFile(path.join(dir, "pets.json"), JSON.stringify(spec));
    const args = ["--spec", "pets.json", "--out", "pkg", "--name", "pets"];
    expect((await gen(args)).code).toBe(0);
    const pkgFile = path.join(dir, "pkg", "package.json");
    const pkg = JSON.parse(await readFile(pkgFile, "utf8"));
    expect(pkg.version).toBe("0.1.0");
    await writeFile(pkgFile, JSON.stringify({ ...pkg, version: "3.1.0" }, null, 2) + "\n");
    await writeFile(path.join(dir, "pkg", "CHANGELOG.md"), "# Changelog\n");
    const check = await gen([...args, "--check"]);
    // The version is kept, so package.json itself matches; the MCP server says the package's version (now 3.1.0), and
    // the hand edit changed the outputs' hash in the marker: stale until regenerated.
    expect(check.code).toBe(1);
    expect(check.stderr).toMatch(
      /^pkg is stale: 2 files differ[\s\S]*version: "3\.1\.0"[\s\S]*changed src\/mcp\/index\.ts\n {2}changed \.openrpc-ts\.json\n/,
    );
    expect((await gen(args)).code).toBe(0);
    expect((await gen([...args, "--check"])).code).toBe(0);
    expect(JSON.parse(await readFile(pkgFile, "utf8")).version).toBe("3.1.0");
    expect(await readFile(path.join(dir, "pkg", "CHANGELOG.md"), "utf8")).toBe("# Changelog\n");
    expect((await gen([...args, "--pkg-version", "4.0.0"])).code).toBe(0);
    expect(JSON.parse(await readFile(pkgFile, "utf8")).version).toBe("4.0.0");
  });

  it("a version that is not semver in the output's package.json: one clear error, nothing written", async () => {
    const pkgFile = path.join(dir, "pkg", "package.json");
    const pkg = JSON.parse(await readFile(pkgFile, "utf8"));
    await writeFile(pkgFile, JSON.stringify({ ...pkg, version: "next" }));
    const { code, stderr } = await gen(["--spec", "pets.json", "--out", "pkg", "--name", "pets"]);
    expect(code).toBe(1);
    expect(stderr).toContain('pkg/package.json#/version: has the version "next", which is not a semantic version.');
    expect(JSON.parse(await readFile(pkgFile, "utf8")).version).toBe("next");
  });
});
