/**
 * `npm run spec:diff`: its output in each format, its files and its exit code. The runs marked
 * "child" start it as users do, a child process; the others run the same command line in this
 * process (test/helpers/cli.ts).
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { XMLValidator } from "fast-xml-parser";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { runCli, type CliOptions, type CliRun } from "../../helpers/cli.js";
import { findGitHistory } from "../../helpers/git-history.js";
import type { Level, RuleId } from "../../../generator/spec-diff/rules.js";

const run = promisify(execFile);
const F = "test/fixtures/spec-diff";
const [V1, V2, WARN] = [`${F}/v1/pets.openrpc.json`, `${F}/v2/pets.openrpc.json`, `${F}/warn/pets.openrpc.json`];
const scratch = await mkdtemp(path.join(os.tmpdir(), "spec-diff-cli-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

function specDiff(args: string[], cwd = ROOT, via: CliOptions["via"] = "in-process"): Promise<CliRun> {
  return runCli("spec:diff", args, { cwd, via, timeout: 60_000 });
}

/** A git repository in its own scratch folder. */
async function repository(name: string): Promise<{ dir: string; git: (...args: string[]) => Promise<string> }> {
  const dir = path.join(scratch, name);
  const git = async (...args: string[]) =>
    (
      await run(
        "git",
        ["-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false", ...args],
        { cwd: dir },
      )
    ).stdout;
  await run("git", ["init", "-q", "-b", "main", dir]);
  return { dir, git };
}

/** One finding as the tests compare it: level, rule, the methods it affects, pointer. */
type Seen = [Level, RuleId, string[], string];

/** v1 → v2 of the fixture: every level, a removed method and one change inside the external types.json that three effects see. */
const expected = (types: string): Seen[] => [
  ["ERR", "method-removed", ["pets_legacy"], "#/methods/2"],
  ["ERR", "page-size-max-lowered", ["pets_list"], "#/methods/0/params/1/schema/maximum"],
  ["ERR", "response-enum-value-added", ["pets_list", "pets_get", "pets_list"], `${types}#/Kind/enum/2`],
  ["WARN", "error-removed", ["pets_get"], "#/methods/1/errors/0"],
  ["INFO", "param-added-optional", ["pets_list"], "#/methods/0/params/3"],
];

interface JsonFinding {
  level: Level;
  rule: RuleId;
  pointer: string;
  file: string;
  line: number | null;
  methods: { method: string; level: Level; rule: RuleId; via: string | null }[];
}
interface JsonReview {
  bump: string;
  findings: JsonFinding[];
  notes: { kind: string; pointer: string }[];
}

const fromJson = (stdout: string): Seen[] =>
  (JSON.parse(stdout) as JsonReview).findings.map((f) => [f.level, f.rule, f.methods.map((m) => m.method), f.pointer]);

describe("npm run spec:diff -- <old> <new>", () => {
  it("text: one line per finding, most severe first, the methods of a shared one, then the counts and the bump; exit 1 on ERR", async () => {
    const { code, stdout, stderr } = await specDiff([V1, V2], ROOT, "child");
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.filter((l) => /^(ERR|WARN|INFO) /.test(l)).map((l) => l.split(/ {2,}/).slice(0, 4))).toEqual(
      expected(`${F}/v2/types.json`).map(([level, rule, methods, pointer]) => [
        level,
        rule,
        new Set(methods).size === 1 ? methods[0] : `${new Set(methods).size} methods`,
        pointer,
      ]),
    );
    expect(lines[0]).toMatch(/— Method pets_legacy was removed; .*\("pets_legacy" → none\)$/);
    expect(lines[2]).toContain('— The value "bird" was added to the allowed values of type Kind;');
    expect(lines.slice(3, 5)).toEqual([
      "      ERR   pets_list (the result at pets[].kind), pets_get (the result at kind)",
      "      INFO  pets_list (param kind)",
    ]);
    expect(lines.at(-1)).toBe(
      `3 ERR, 1 WARN, 1 INFO: 5 changes and 1 note in 1 spec (${V1} → ${V2}). Suggested version bump: major (changes that break or may break callers).`,
    );
    expect(stderr).toBe("The review fails: 3 ERR at --fail-on ERR or worse.\n");
  });

  it("markdown: a heading, the counts, the bump and a table row per finding", async () => {
    const { code, stdout } = await specDiff([V1, V2, "--format", "markdown"]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^### OpenRPC breaking-change review\n\n\*\*3 ERR\*\* · \*\*1 WARN\*\* · 1 INFO — /);
    expect(stdout).toContain("Suggested version bump for the generated package: **major**");
    expect(stdout).toContain("| Level | Rule | Where | Change | Methods |");
    expect(stdout.split("\n").filter((l) => /^\| (\*\*)?(ERR|WARN|INFO)/.test(l))).toHaveLength(5);
  });

  it("json: the bump and the findings with their methods, files and lines", async () => {
    const { code, stdout } = await specDiff([V1, V2, "--format", "json"]);
    expect(code).toBe(1);
    expect(fromJson(stdout)).toEqual(expected(`${F}/v2/types.json`));
    const review = JSON.parse(stdout) as JsonReview;
    expect(review.bump).toBe("major");
    expect(review.findings[2]!.methods.map((m) => [m.level, m.via])).toEqual([
      ["ERR", "the result at pets[].kind"],
      ["ERR", "the result at kind"],
      ["INFO", "param kind"],
    ]);
    expect(review.notes).toEqual([expect.objectContaining({ kind: "documentation", pointer: "#/info" })]);
  });

  it("github: annotations at the changed line of the head file, or of the base file for removals", async () => {
    const { code, stdout } = await specDiff([V1, V2, "--format", "github"]);
    expect(code).toBe(1);
    const commands = stdout.split("\n").filter((l) => l.startsWith("::"));
    expect(commands.map((l) => l.slice(0, l.indexOf(",title=")))).toEqual([
      `::error file=${V1},line=33`,
      `::error file=${V2},line=45`,
      `::error file=${F}/v2/types.json,line=9`,
      `::warning file=${V1},line=31`,
    ]);
    const line = async (file: string, n: number) => (await readFile(path.join(ROOT, file), "utf8")).split("\n")[n - 1];
    expect(await line(V1, 34)).toContain('"name": "pets_legacy"');
    expect(await line(V2, 45)).toContain('"maximum": 50');
    // An enum change points at the value's own line, not the `enum` keyword's.
    expect(await line(`${F}/v2/types.json`, 9)).toContain('"bird"');
    expect(await line(V1, 31)).toContain('"code": -32005');
    expect(stdout.trimEnd().split("\n").at(-1)).toMatch(/^OpenRPC review .*Suggested version bump: major/);
  });

  it("--output writes the report there (stdout stays empty); --summary appends the Markdown review", async () => {
    const dir = await mkdtemp(path.join(scratch, "out-"));
    const summary = path.join(dir, "summary.md");
    await writeFile(summary, "earlier step\n");
    const { code, stdout } = await specDiff([
      V1,
      V2,
      "--format",
      "junit",
      "--output",
      path.join(dir, "review.xml"),
      "--summary",
      summary,
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    const xml = await readFile(path.join(dir, "review.xml"), "utf8");
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml.match(/<failure /g)).toHaveLength(3);
    expect(await readFile(summary, "utf8")).toMatch(/^earlier step\n### OpenRPC breaking-change review\n/);
  });

  it.each([
    ["ERR changes, default --fail-on", [V1, V2], 1],
    ["ERR changes, --allow-breaking", [V1, V2, "--allow-breaking"], 0],
    ["only WARN and INFO, default --fail-on ERR", [V1, WARN], 0],
    ["only WARN and INFO, --fail-on WARN", [V1, WARN, "--fail-on", "WARN"], 1],
    ["only WARN and INFO, --fail-on ERR", [V1, WARN, "--fail-on", "ERR"], 0],
    ["no changes, --fail-on INFO", [V1, V1, "--fail-on", "INFO"], 0],
  ])("exit code: %s", async (_, args, want) => {
    const { code, stdout } = await specDiff(args as string[]);
    expect(code).toBe(want);
    expect(stdout).not.toBe("");
  });

  it("--allow-breaking says the break was allowed", async () => {
    const { stderr } = await specDiff([V1, V2, "--allow-breaking"]);
    expect(stderr).toBe("The review passes: 3 ERR at --fail-on ERR or worse, allowed by --allow-breaking.\n");
  });

  it("a documentation-only change is reported as such and suggests a patch", async () => {
    const dir = await mkdtemp(path.join(scratch, "docs-"));
    await cp(path.join(ROOT, F, "v1"), dir, { recursive: true });
    const doc = JSON.parse(await readFile(path.join(dir, "pets.openrpc.json"), "utf8"));
    doc.methods[0].description = "Lists pets, newest first.";
    await writeFile(path.join(dir, "new.openrpc.json"), JSON.stringify(doc, null, 2));
    const { code, stdout } = await specDiff(["pets.openrpc.json", "new.openrpc.json"], dir);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^NOTE {2}documentation {2}- {2}#\/methods\/0\/description {2}— Documentation added;/);
    expect(stdout.trimEnd().split("\n").at(-1)).toBe(
      "0 ERR, 0 WARN, 0 INFO: no contract changes and 1 note in 1 spec (pets.openrpc.json → new.openrpc.json). Suggested version bump: patch (documentation only).",
    );
  });

  describe("the new spec's own problems, as npm run gen reports them, in every format", () => {
    /** v1 with a wrong example (an error for gen by default) and `nullable: true` (a warning); `old` has the warning already when `shared`. */
    async function head(shared: boolean): Promise<string> {
      const dir = await mkdtemp(path.join(scratch, "problems-"));
      await cp(path.join(ROOT, F, "v1"), dir, { recursive: true });
      const doc = JSON.parse(await readFile(path.join(dir, "pets.openrpc.json"), "utf8"));
      doc.methods[0].params[0].schema.nullable = true;
      if (shared) await writeFile(path.join(dir, "pets.openrpc.json"), JSON.stringify(doc, null, 2));
      // The param `id` is a string; the example passes a number.
      doc.methods[1].examples = [
        { name: "wrong", params: [{ name: "id", value: 7 }], result: { name: "pet", value: null } },
      ];
      doc.methods[0].description = "Lists pets, newest first.";
      await writeFile(path.join(dir, "new.openrpc.json"), JSON.stringify(doc, null, 2));
      return dir;
    }
    const PAIR = ["pets.openrpc.json", "new.openrpc.json"];

    it("by default the wrong example is an ERR of the review (exit 1, not the tool failing), the warning a WARN, both new", async () => {
      const dir = await head(false);
      const { code, stdout, stderr } = await specDiff(PAIR, dir);
      expect(code).toBe(1);
      expect(stderr).toMatch(/^The review fails: the new spec has problems at --fail-on ERR or worse \(2 ERR;/);
      const lines = stdout.trimEnd().split("\n");
      const at = lines.indexOf("Problems of the new spec (as npm run gen reports them):");
      expect(at).toBeGreaterThan(-1);
      expect(lines[at + 1]).toMatch(
        /^ERR {3}example +new {2}new\.openrpc\.json#\/methods\/1\/examples\/0\/params\S* \(line \d+\) +— /,
      );
      expect(lines[at + 2]).toMatch(/^ERR {3}example +new {2}new\.openrpc\.json#\/methods\/1\/examples\/0\/result/);
      expect(lines[at + 3]).toMatch(
        /^WARN {2}nullable +new {2}new\.openrpc\.json#\/methods\/0\/params\/0\/schema\S* \(line \d+\) +— /,
      );
      expect(lines.at(-1)).toMatch(
        /Suggested version bump: minor \(compatible changes to the contract\)\. 3 problems of the new spec, as npm run gen reports them \(2 ERR, 1 WARN; 3 new\)\.$/,
      );
      // --allow-breaking allows intended contract changes, never a spec gen refuses.
      expect((await specDiff([...PAIR, "--allow-breaking"], dir)).code).toBe(1);
    });

    it("with --examples warn (or --lenient) the problems are still shown, as warnings, and the review passes", async () => {
      const dir = await head(false);
      for (const option of [["--examples", "warn"], ["--lenient"]]) {
        const { code, stdout } = await specDiff([...PAIR, ...option], dir);
        expect(code, option.join(" ")).toBe(0);
        expect(stdout).toMatch(/^WARN {2}example +new {2}new\.openrpc\.json#\/methods\/1\/examples\/0/m);
        expect(stdout).toMatch(/^WARN {2}nullable +new {2}/m);
        expect(stdout.trimEnd().split("\n").at(-1)).toMatch(/\(0 ERR, 3 WARN; 3 new\)\.$/);
        // --fail-on WARN makes them fail the review.
        expect((await specDiff([...PAIR, ...option, "--fail-on", "WARN"], dir)).code).toBe(1);
      }
    });

    it("a problem the base has too is not new", async () => {
      const dir = await head(true);
      const { stdout } = await specDiff([...PAIR, "--examples", "warn", "--format", "json"], dir);
      const report = JSON.parse(stdout) as { problems: { level: string; rule: string; new: boolean; line: number }[] };
      expect(report.problems.map((p) => [p.level, p.rule, p.new])).toEqual([
        ["WARN", "nullable", false],
        ["WARN", "example", true],
        ["WARN", "example", true],
      ]);
      expect(report.problems.every((p) => p.line > 0)).toBe(true);
    });

    it("markdown, github annotations, junit and json carry them, graded and marked new", async () => {
      const dir = await head(false);
      const markdown = (await specDiff([...PAIR, "--format", "markdown"], dir)).stdout;
      expect(markdown).toContain("#### 3 problems of the new spec, as npm run gen reports them (2 ERR, 1 WARN; 3 new)");
      expect(markdown).toMatch(
        /^\| \*\*ERR\*\* \| `example` \| `new\.openrpc\.json#\/methods\/1\/examples\/0\S*` \(line \d+\) \| .+ \| \*\*new\*\* \|$/m,
      );
      expect(markdown).toMatch(/^\| \*\*WARN\*\* \| `nullable` \|/m);
      const github = (await specDiff([...PAIR, "--format", "github"], dir)).stdout;
      expect(github).toMatch(
        /^::error file=new\.openrpc\.json,line=\d+,title=Problem in the spec%3A example \(new\)::/m,
      );
      expect(github).toMatch(
        /^::warning file=new\.openrpc\.json,line=\d+,title=Problem in the spec%3A nullable \(new\)::/m,
      );
      const junit = (await specDiff([...PAIR, "--format", "junit"], dir)).stdout;
      expect(XMLValidator.validate(junit)).toBe(true);
      expect(junit).toContain(
        '<testsuite name="problems of new.openrpc.json" tests="3" failures="2" errors="0" skipped="0">',
      );
      expect(junit).toMatch(
        /<testcase classname="problems of new\.openrpc\.json" name="ERR example \/methods\/1\/examples\/0\S* \(new\)"[^>]*>\s*<failure type="example"/,
      );
      const json = JSON.parse((await specDiff([...PAIR, "--format", "json"], dir)).stdout) as {
        review: string;
        problems: { level: string; rule: string; new: boolean }[];
      };
      expect(json.review).toBe("fails");
      expect(json.problems.map((p) => [p.level, p.rule, p.new])).toEqual([
        ["ERR", "example", true],
        ["ERR", "example", true],
        ["WARN", "nullable", true],
      ]);
    });
  });

  it("--ref-root resolves both sides' $refs from one folder (a repository root), as gen does", async () => {
    const dir = await mkdtemp(path.join(scratch, "ref-root-"));
    const [work, types] = [path.join(dir, "work"), path.join(dir, "types")];
    await cp(path.join(ROOT, F, "v1", "types.json"), path.join(types, "types.json"), { recursive: true });
    const text = (await readFile(path.join(ROOT, V1), "utf8")).replaceAll("./types.json#", "./types/types.json#");
    await cp(path.join(ROOT, F, "v1"), work, { recursive: true });
    await writeFile(path.join(work, "old.openrpc.json"), text);
    await writeFile(path.join(work, "new.openrpc.json"), text.replace('"Old listing."', '"The old listing."'));
    // Without it the $refs dangle: the review is made (each read as --lenient reads it) and fails on the head's problems.
    const refused = await specDiff(["old.openrpc.json", "new.openrpc.json"], work);
    expect(refused.code).toBe(1);
    // The base has the same problem: it is not new.
    expect(refused.stdout).toMatch(
      /^ERR {3}ref-unreadable {2}- {4}new\.openrpc\.json#\/methods\/0\/params\/2\/schema \(line 20\) +— cannot read types\/types\.json/m,
    );
    const { code, stdout } = await specDiff(["old.openrpc.json", "new.openrpc.json", "--ref-root", dir], work);
    expect(code).toBe(0);
    expect(stdout.trimEnd().split("\n").at(-1)).toMatch(/^0 ERR, 0 WARN, 0 INFO: no contract changes and 1 note/);
  });

  it.each([
    [
      "no specs",
      [],
      /^Expected two spec files \(old, then new\) or --base <git-ref>; got none\. Run `npm run spec:diff -- --help` for the options\.\n$/,
    ],
    [
      "an unknown format",
      [V1, V2, "--format", "xml"],
      /--format must be one of text, markdown, json, github, junit, not "xml"\./,
    ],
    [
      "a missing file",
      [V1, `${F}/missing.openrpc.json`],
      /^Cannot read test\/fixtures\/spec-diff\/missing\.openrpc\.json: there is no such file/,
    ],
    [
      "invalid JSON",
      [`${F}/broken.openrpc.json`, V1],
      /test\/fixtures\/spec-diff\/broken\.openrpc\.json#: is not valid JSON/,
    ],
    [
      "not an OpenRPC document",
      [V1, `${F}/not-openrpc.json`],
      /not-openrpc\.json#: is not an OpenRPC document: it is not an object with a `methods` list or an `openrpc` version\./,
    ],
    [
      "an unknown git ref",
      ["--base", "no-such-ref-anywhere"],
      /^--base no-such-ref-anywhere is not a commit of the git repository/,
    ],
    ["an --output that is a spec under review", [V1, V2, "--output", V2], /^--output .* is a spec file being reviewed/],
    ["an --output that is a folder", [V1, V2, "--output", "test"], /^--output test is a folder; name a file\.\n$/],
    [
      "a --ref-root that looks like an option",
      [V1, V2, "--ref-root=--upload-pack=x"],
      /^--ref-root "--upload-pack=x" starts with '-'/,
    ],
    [
      "a --summary in a folder that does not exist",
      [V1, V2, "--summary", "no/such/folder/summary.md"],
      /^--summary no\/such\/folder\/summary\.md cannot be written: its folder .*no\/such\/folder does not exist\.\n$/,
    ],
  ])("exit 2 with a clear message: %s", async (_, args, message) => {
    const before = await readFile(path.join(ROOT, V2), "utf8");
    const { code, stdout, stderr } = await specDiff(args as string[]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(await readFile(path.join(ROOT, V2), "utf8")).toBe(before);
  });

  it("--help shows the usage", async () => {
    const { code, stdout } = await specDiff(["--help"], ROOT, "child");
    expect(code).toBe(0);
    for (const option of [
      "--base",
      "--format",
      "--output",
      "--summary",
      "--fail-on",
      "--allow-breaking",
      "--examples",
      "--ref-root",
      "github",
    ])
      expect(stdout).toContain(option);
  });
});

describe("npm run spec:diff -- --base <ref>", () => {
  it.skipIf(findGitHistory(ROOT).skip)("reports nothing on this repository's committed specs", async () => {
    // HEAD's spec/ exported into a fresh repository, so uncommitted local edits cannot affect the check.
    const { dir, git } = await repository("head");
    const archive = path.join(scratch, "spec.tar");
    await run("git", ["archive", "--format=tar", "-o", archive, "HEAD", "spec"], { cwd: ROOT });
    await run("tar", ["-xf", archive, "-C", dir]);
    await git("add", "-A");
    await git("commit", "-qm", "head");
    const { code, stdout } = await specDiff(["--base", "HEAD"], dir);
    expect(code).toBe(0);
    expect(stdout).toBe(
      "0 ERR, 0 WARN, 0 INFO: no changes in 3 specs (HEAD → working tree). Suggested version bump: none (no changes).\n",
    );
  });

  it("reads the old spec and the files it references from git, the new ones from the working tree", async () => {
    const { dir, git } = await repository("v1v2");
    await cp(path.join(ROOT, F, "v1"), path.join(dir, "spec"), { recursive: true });
    await git("add", "-A");
    await git("commit", "-qm", "v1");
    await cp(path.join(ROOT, F, "v2"), path.join(dir, "spec"), { recursive: true });

    const { code, stdout } = await specDiff(["--base", "HEAD", "--format", "json"], dir);
    expect(code).toBe(1);
    expect(fromJson(stdout)).toEqual(expected("spec/types.json"));

    await rm(path.join(dir, "spec", "pets.openrpc.json"));
    const deleted = await specDiff(["--base", "HEAD", "--format", "json", "spec/pets.openrpc.json"], dir);
    expect(deleted.code).toBe(1);
    expect(fromJson(deleted.stdout).map(([level, rule, methods]) => [level, rule, methods])).toEqual([
      ["ERR", "method-removed", ["pets_list"]],
      ["ERR", "method-removed", ["pets_get"]],
      ["ERR", "method-removed", ["pets_legacy"]],
      ["ERR", "server-removed", []],
      ["WARN", "type-removed", []],
      ["WARN", "type-removed", []],
      ["WARN", "type-removed", []],
    ]);
  });

  it("in a shallow clone without the base: says how to fetch it, exits 2, and works once it is fetched", async () => {
    const { dir: origin, git } = await repository("origin");
    await cp(path.join(ROOT, F, "v1"), path.join(origin, "spec"), { recursive: true });
    await git("add", "-A");
    await git("commit", "-qm", "v1");
    await cp(path.join(ROOT, F, "v2"), path.join(origin, "spec"), { recursive: true });
    await git("commit", "-qam", "v2");
    const clone = path.join(scratch, "shallow");
    await run("git", ["clone", "-q", "--depth", "1", `file://${origin}`, clone]);

    const missing = await specDiff(["--base", "HEAD~1"], clone);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe("");
    expect(missing.stderr).toContain("--base HEAD~1 is not in this clone:");
    expect(missing.stderr).toContain("is a shallow clone (the CI default)");
    expect(missing.stderr).toContain("`git fetch --deepen=1`");
    expect(missing.stderr).toContain("`git fetch --unshallow`");
    expect(missing.stderr).toContain("`fetch-depth: 0`");
    const branch = await specDiff(["--base", "origin/release"], clone);
    expect(branch.stderr).toContain(
      "`git fetch --no-tags --depth=1 origin +refs/heads/release:refs/remotes/origin/release`",
    );

    await run("git", ["fetch", "-q", "--deepen=1"], { cwd: clone });
    const fetched = await specDiff(["--base", "HEAD~1", "--format", "json"], clone);
    expect(fetched.code).toBe(1);
    expect(fromJson(fetched.stdout)).toEqual(expected("spec/types.json"));
  });

  it("a hostile --base reaches neither git's options nor a shell, and nothing is written", async () => {
    const { dir, git } = await repository("hostile");
    await cp(path.join(ROOT, F, "v1"), path.join(dir, "spec"), { recursive: true });
    await git("add", "-A");
    await git("commit", "-qm", "v1");
    for (const ref of ["--output=pwned", "HEAD;touch pwned", "$(touch pwned)", "HEAD..main", "HEAD:spec"]) {
      const { code, stdout, stderr } = await specDiff([`--base=${ref}`, "--output", "report.txt"], dir);
      expect(code, ref).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toMatch(/^--base ".*" (starts with|contains|may hold)/);
    }
    // Written as two words, an option after --base is that option: --base has no value.
    const split = await specDiff(["--base", "--output=pwned"], dir);
    expect([split.code, split.stderr]).toEqual([2, expect.stringMatching(/^--base needs a value\./)]);
    const path2 = await specDiff(["--base", "HEAD", "../spec/pets.openrpc.json"], dir);
    expect(path2.stderr).toMatch(/^The spec path "\.\.\/spec\/pets\.openrpc\.json" contains '\.\.'/);
    expect((await readdir(dir)).sort()).toEqual([".git", "spec"]);
  });
});
