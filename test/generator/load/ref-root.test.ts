/**
 * `--ref-root` (`refRoot`): relative `$ref`s resolve against one folder, as documents published
 * from a repository write them (starknet's `./api/starknet_api_openrpc.json`, from `api/`), and
 * never read outside it. Containment is decided on real paths: a symbolic link never leads a
 * `$ref` out, and a link loop is one problem, however many `$ref`s name it.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSpec } from "../../../generator/load/load.js";

let dir = "";
let outside = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "ref-root-"));
  outside = await mkdtemp(path.join(os.tmpdir(), "ref-root-outside-"));
  await writeFile(path.join(outside, "secret.json"), JSON.stringify({ S: "TOP-SECRET" }));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

const save = async (rel: string, value: unknown): Promise<void> => {
  await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await writeFile(path.join(dir, rel), JSON.stringify(value));
};
const refs = (...targets: string[]) => ({ items: targets.map((t) => ({ $ref: t })) });
/** What the loader found: a file it would not or could not read is a finding (rule ref-outside or ref-unreadable), never a throw. */
const problemsOf = async (file: string, refRoot?: string): Promise<string[]> => {
  const spec = await loadSpec(file, dir, undefined, refRoot === undefined ? {} : { refRoot });
  for (const f of spec.findings ?? []) expect(["ref-outside", "ref-unreadable"]).toContain(f.rule);
  return (spec.findings ?? []).map((p) => `${p.file}#${p.pointer}: ${p.message} ${p.hint ?? ""}`);
};

describe("--ref-root resolves relative $refs from one folder", () => {
  it("reads a document whose $refs are written from the repository root", async () => {
    await save("repo/api/main.json", { A: { type: "string" } });
    await save("repo/api/trace.json", refs("./api/main.json#/A", "./api/main.json#/A"));
    const without = await problemsOf("repo/api/trace.json");
    // One problem for the file, not one per $ref; the hint names the option.
    expect(without).toHaveLength(1);
    expect(without[0]).toContain("cannot read repo/api/api/main.json: ENOENT");
    expect(without[0]).toContain("--ref-root <that root>");
    const loaded = await loadSpec("repo/api/trace.json", dir, undefined, { refRoot: "repo" });
    expect([...loaded.files.keys()]).toEqual(["repo/api/trace.json", "repo/api/main.json"]);
    // Later stages resolve against the referring file: the loader wrote the $ref that way.
    expect(loaded.files.get("repo/api/trace.json")).toEqual(refs("main.json#/A", "main.json#/A"));
  });

  it("never reads outside the root, by a path that climbs out", async () => {
    await save("secret.json", { S: "TOP-SECRET" });
    await save("repo/api/climb.json", refs("../secret.json#/S"));
    const problems = await problemsOf("repo/api/climb.json", "repo");
    expect(problems).toEqual([
      expect.stringContaining(
        '$ref "../secret.json#/S" points at secret.json, outside the folders the generator reads $refs from (repo).',
      ),
    ]);
    expect(problems.join()).not.toContain("TOP-SECRET");
  });

  it.each([["with --ref-root", "repo"] as const, ["without", undefined] as const])(
    "never follows a symbolic link outside the allowed folders (%s)",
    async (_name, refRoot) => {
      await mkdir(path.join(dir, "repo/api"), { recursive: true });
      // The same links serve both cases; the second run finds them made.
      await symlink(path.join(outside, "secret.json"), path.join(dir, "repo/api/link.json")).catch(() => {});
      await symlink(outside, path.join(dir, "repo/api/linkdir")).catch(() => {});
      const written = refRoot
        ? ["./api/link.json#/S", "./api/linkdir/secret.json#/S"]
        : ["./link.json#/S", "./linkdir/secret.json#/S"];
      await save("repo/api/linked.json", refs(...written));
      const problems = await problemsOf("repo/api/linked.json", refRoot);
      expect(problems).toHaveLength(2);
      for (const problem of problems) expect(problem).toContain("a symbolic link to a file outside the folders");
      expect(problems.join()).not.toContain("TOP-SECRET");
    },
  );

  it("a symbolic link inside the allowed folders is followed", async () => {
    await save("repo/api/real.json", { A: { type: "integer" } });
    await symlink(path.join(dir, "repo/api/real.json"), path.join(dir, "repo/api/alias.json"));
    await save("repo/api/alias-user.json", refs("./alias.json#/A"));
    expect(await problemsOf("repo/api/alias-user.json")).toEqual([]);
  });

  it("a symbolic link loop is one clear problem, however many $refs name it", async () => {
    await mkdir(path.join(dir, "loop"), { recursive: true });
    await symlink("b.json", path.join(dir, "loop/a.json"));
    await symlink("a.json", path.join(dir, "loop/b.json"));
    await save("loop/spec.json", refs(...Array.from({ length: 40 }, (_, i) => `./a.json#/X${i}`)));
    const problems = await problemsOf("loop/spec.json");
    expect(problems).toEqual([expect.stringContaining("a symbolic link that loops")]);
  });
});
