/**
 * generator/cli.ts, the one yargs program of every command (gen, mock, docs, playground, spec:diff,
 * release, completion), run in this process with a runner that records what a command would receive: what
 * it reads, and every mistake refused as one escaped line naming the option and where the help is.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { main, type Runner } from "../../generator/cli.js";
import { quickGenArgs } from "../../generator/commands/gen.js";
import { reviewOf } from "../../generator/commands/spec-diff.js";
import type { SpecDiffArgs } from "../../generator/commands/spec-diff-run.js";
import { quoted } from "../../generator/commands/usage.js";
import { cliProcess } from "../helpers/cli.js";

/** The lines the program printed to stdout and stderr (its context's streams), in order. */
let out: string[] = [];
let err: string[] = [];
const lines = (into: () => string[]) => ({
  write: (text: string, done?: () => void) => {
    into().push(...text.replace(/\n$/, "").split("\n"));
    done?.();
    return true;
  },
});
const context = { cwd: process.cwd(), env: {}, stdout: lines(() => out), stderr: lines(() => err) };
/** What reached the console instead of the context's streams: a leak, which fails the test. */
let leaked: string[] = [];
beforeEach(() => {
  out = [];
  err = [];
  leaked = [];
  for (const method of ["log", "error", "warn"] as const)
    vi.spyOn(console, method).mockImplementation(
      (...a: unknown[]) => void leaked.push(`console.${method}: ${a.join(" ")}`),
    );
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(leaked).toEqual([]);
});

/** Runs the program; resolves with the exit code, what the command got (if it ran), and the output. */
async function cli(argv: string[]): Promise<{ code: number; ran?: string; args?: Record<string, unknown> }> {
  let ran: string | undefined;
  let args: Record<string, unknown> | undefined;
  const record: Runner = (command, parsed) => {
    ran = command.command.split(" ")[0];
    args = parsed;
    return Promise.resolve(0);
  };
  const code = await main(argv, { context, run: record }).catch(() => -1);
  return { code, ...(ran ? { ran, args } : {}) };
}

describe("the program reads", () => {
  it.each<[string, string[], string, Record<string, unknown>]>([
    ["gen as the default command, with its defaults", [], "gen", { examples: "error", check: false, force: false }],
    ["options without a command as gen's", ["--check"], "gen", { check: true }],
    ["--name value", ["mock", "--spec", "a.json", "--port", "8545"], "mock", { port: 8545 }],
    ["--name=value", ["mock", "--spec=a.json", "--port=8545"], "mock", { spec: ["a.json"], port: 8545 }],
    ["a value starting with a dash", ["gen", "--out", "-x"], "gen", { out: "-x" }],
    ["an = inside the value", ["gen", "--spec=a=b.json"], "gen", { spec: ["a=b.json"] }],
    ["a repeated option, in order", ["gen", "--spec", "b", "--spec", "a"], "gen", { spec: ["b", "a"] }],
    ["a boolean", ["gen", "--force"], "gen", { force: true }],
    ["a choice", ["gen", "--examples", "warn"], "gen", { examples: "warn" }],
    ["camelCase names", ["gen", "--pkg-version", "1.2.3"], "gen", { pkgVersion: "1.2.3" }],
    [
      "an alias under the option's name",
      ["mock", "--spec", "a", "--interval", "50"],
      "mock",
      { "ws-notify-interval-ms": 50 },
    ],
    ["the docs' defaults", ["docs", "--out", "site"], "docs", { out: "site", mockUrl: "mock/" }],
    [
      "spec:diff's two files",
      ["spec:diff", "a.json", "b.json"],
      "spec:diff",
      { specs: ["a.json", "b.json"], format: "text", failOn: "ERR", allowBreaking: false },
    ],
    [
      "spec:diff's CI options",
      [
        "spec:diff",
        "--base",
        "origin/main",
        "--format",
        "github",
        "--summary",
        "/tmp/step summary",
        "--allow-breaking",
      ],
      "spec:diff",
      { base: "origin/main", format: "github", summary: "/tmp/step summary", allowBreaking: true },
    ],
    [
      "spec:diff's --output",
      ["spec:diff", "a.json", "b.json", "--format", "junit", "--output", "reports/spec.xml"],
      "spec:diff",
      { specs: ["a.json", "b.json"], format: "junit", output: "reports/spec.xml" },
    ],
    ["release's defaults", ["release"], "release", { dryRun: false }],
    [
      "release's options",
      ["release", "--dry-run", "--since", "v0.3.0", "--spec", "a.json", "--spec", "b.json", "--out", "pkg"],
      "release",
      { dryRun: true, since: "v0.3.0", spec: ["a.json", "b.json"], out: "pkg" },
    ],
    [
      "release's generation options, as gen's",
      ["release", "--examples", "warn", "--ref-root", "shared"],
      "release",
      { examples: "warn", refRoot: "shared" },
    ],
    [
      "spec:diff's load options, as gen's",
      ["spec:diff", "a.json", "b.json", "--examples", "warn", "--ref-root", "shared"],
      "spec:diff",
      { examples: "warn", refRoot: "shared" },
    ],
    [
      "--fail-on in any case",
      ["spec:diff", "--format=json", "a", "b", "--fail-on=info"],
      "spec:diff",
      { format: "json", failOn: "INFO" },
    ],
  ])("%s", async (_name, argv, command, expected) => {
    const { code, ran, args } = await cli(argv);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(ran).toBe(command);
    expect(args).toMatchObject(expected);
  });

  it.each([
    ["--help"],
    ["gen", "--help"],
    ["mock", "--bogus", "--help"],
    ["docs", "-h"],
    ["spec:diff", "-h", "a.json"],
    ["release", "--help"],
  ])("%j prints the help, checks nothing else and runs nothing", async (...argv) => {
    const { code, ran } = await cli(argv);
    expect(code).toBe(0);
    expect(ran).toBeUndefined();
    expect(err).toEqual([]);
    expect(out.join("\n")).toMatch(/^Usage: /);
  });

  it.each([
    [[]],
    [["gen"]],
    [["--check"]],
    [["gen", "--check"]],
    [["--out", "/tmp/x"]],
    [["gen", "--out=dir", "--check", "--typecheck"]],
    [["--spec", "b.json", "--spec", "a.json", "--name", "pkg", "--pkg-version", "1.2.3"]],
    [["--spec=a=b.json", "--examples", "warn", "--ref-root", "shared", "--allow-duplicate-params"]],
    [["--force", "--verbose", "--debug", "--examples=error"]],
  ])("%j: the fast path of a plain gen line (generator/main.ts) reads exactly what yargs parses", async (argv) => {
    const { ran, args } = await cli(argv);
    expect(ran).toBe("gen");
    // yargs' own fields and the kebab-case spellings aside, every parsed value is the fast path's.
    const parsed = Object.fromEntries(
      Object.entries(args!).filter(([key, value]) => !/^(_|\$0)$|-/.test(key) && value !== undefined),
    );
    expect(quickGenArgs(argv)).toEqual(parsed);
  });

  it.each([
    [["--check", "--check"]],
    [["--out", "a", "--out", "b"]],
    [["--out", "-x"]],
    [["--force=no"]],
    [["--no-force"]],
    [["--examples", "maybe"]],
    [["--refRoot", "shared"]],
    [["--out.x=1"]],
    [["--", "x"]],
    [["stray"]],
    [["gen", "stray"]],
    [["--help"]],
    [["-h"]],
    [["--version"]],
    [["--bogus"]],
    [["mock"]],
    [["completion"]],
  ])("%j is left to the full program (yargs), which reads it or refuses it", (argv) =>
    expect(quickGenArgs(argv)).toBeUndefined(),
  );

  it("--version prints the version", async () => {
    expect((await cli(["--version"])).code).toBe(0);
    expect(out).toEqual([expect.stringMatching(/^\d+\.\d+\.\d+/)]);
  });
});

describe("a plain gen line, run without yargs (generator/main.ts), fails as the full program words it", () => {
  const dir = mkdtemp(path.join(os.tmpdir(), "cli-fast-path-"));
  afterAll(async () => rm(await dir, { recursive: true, force: true }));

  it.each<[string, string | undefined]>([
    ["a spec that does not exist", undefined],
    ["a spec that is not JSON", "{ not json"],
    ["a spec that breaks the meta-schema", JSON.stringify({ openrpc: "1.2.6", info: { title: "t" }, methods: 3 })],
  ])("%s: the same lines and exit code", async (_name, text) => {
    const folder = await dir;
    const spec = path.join(folder, `${_name.replace(/\W+/g, "-")}.json`);
    if (text !== undefined) await writeFile(spec, text);
    const argv = ["--spec", spec, "--out", path.join(folder, "out")];
    expect(quickGenArgs(argv)).toBeDefined();
    const [file, args] = cliProcess("gen", argv);
    // Without "gen" in front, as `node generator/bin.mjs --spec …` is started.
    const child = spawnSync(
      file,
      args.filter((a) => a !== "gen"),
      { encoding: "utf8", timeout: 60_000 },
    );
    const code = await main(argv, { context });
    expect(child.status).toBe(code);
    expect(code).toBe(1);
    expect(err.join("\n")).toMatch(/\S/);
    expect(child.stderr.trimEnd().split("\n")).toEqual(err.join("\n").split("\n"));
  });
});

describe("the program refuses, in one line naming the option and where the help is", () => {
  const MOCK = ["mock", "--spec", "a.json"];
  it.each<[string, string[], string, number?]>([
    [
      "an unknown option",
      [...MOCK, "--bogus"],
      '"--bogus" is not an option of npm run mock. Run `npm run mock -- --help` for the options.',
    ],
    ["an unknown option with a value", ["gen", "--bogus=1"], '"--bogus" is not an option of npm run gen.'],
    ["a short option", ["gen", "-x"], '"-x" is not an option; options are long (--name).'],
    [
      "a stray word",
      [...MOCK, "file.json"],
      '"file.json" is not an option; options start with --, and values follow their option (--spec file.json).',
    ],
    ["a word after --", ["gen", "--", "x"], '"x" is not an option'],
    ["a missing value", [...MOCK, "--port"], "--port needs a value. Run `npm run mock -- --help` for the options."],
    ["a missing value of a repeatable option", ["gen", "--spec"], "--spec needs a value."],
    ["a boolean with a value", ["gen", "--force=false"], "--force takes no value; give --force alone."],
    ["a number that is not one", [...MOCK, "--port", "http"], "--port must be a whole number from 0 to 65535. Run"],
    ["a port out of range", [...MOCK, "--port=-1"], "--port must be a whole number from 0 to 65535, not -1."],
    [
      "a limit below its minimum",
      [...MOCK, "--max-batch-items", "0"],
      "The limit maxBatchItems (--max-batch-items) must be a whole number from 1 to 2147483647, not 0.",
    ],
    ["a single option given twice", [...MOCK, "--port", "1", "--port=2"], "--port is given 2 times; give it once."],
    [
      "an option and its alias together",
      [...MOCK, "--interval", "1", "--ws-notify-interval-ms", "2"],
      "--ws-notify-interval-ms is given 2 times; give it once.",
    ],
    ["a value outside the choices", ["gen", "--examples", "c"], '--examples must be one of error, warn, not "c".'],
    [
      "a required option missing",
      ["docs"],
      "Pass the folder to write the site to with --out <dir>. Run `npm run docs -- --help` for the options.",
    ],
    [
      "a command that does not exist",
      ["mok"],
      '"mok" is not a command of openrpc-ts; the commands are gen, mock, docs, playground, spec:diff, release, completion. Run `openrpc-ts --help` for the options.',
    ],
    [
      "terminal escapes in an unknown option",
      ["gen", "--\u001b[2Jx"],
      '"--\\u001b[2Jx" is not an option of npm run gen.',
    ],
    ["a bidi override in an unknown option", ["gen", "--a\u202eb"], '"--a\\u{202e}b" is not an option of npm run gen.'],
    [
      "a C1 control in a choice",
      ["gen", "--examples", "\u009b2J"],
      '--examples must be one of error, warn, not "\\u{9b}2J".',
    ],
    [
      "spec:diff: no specs (exit 2)",
      ["spec:diff"],
      "Expected two spec files (old, then new) or --base <git-ref>; got none. Run `npm run spec:diff -- --help` for the options.",
      2,
    ],
    [
      "spec:diff: one spec",
      ["spec:diff", "a.json"],
      'Expected two spec files (old, then new) or --base <git-ref>; got "a.json".',
      2,
    ],
    [
      "spec:diff: three specs",
      ["spec:diff", "a.json", "b.json", "c.json"],
      'Expected two spec files (old, then new) or --base <git-ref>; got "a.json", "b.json", "c.json".',
      2,
    ],
    [
      "spec:diff: an unknown format",
      ["spec:diff", "a", "b", "--format", "xml"],
      '--format must be one of text, markdown, json, github, junit, not "xml".',
      2,
    ],
    [
      "spec:diff: an unknown level",
      ["spec:diff", "a", "b", "--fail-on", "fatal"],
      '--fail-on must be one of ERR, WARN, INFO, not "FATAL".',
      2,
    ],
    [
      "spec:diff: escapes in a level",
      ["spec:diff", "a", "b", "--fail-on", "\u001b[2J\u202e"],
      '--fail-on must be one of ERR, WARN, INFO, not "\\u001b[2J\\u{202e}".',
      2,
    ],
    [
      "spec:diff: an empty --base",
      ["spec:diff", "--base", ""],
      "--base needs a git ref (a commit, branch or tag), e.g. --base origin/main.",
      2,
    ],
    [
      "spec:diff: a --base that git would read as an option",
      ["spec:diff", "--base=--output=x"],
      `--base "--output=x" starts with '-', so git would read it as an option.`,
      2,
    ],
    // An option of spec:diff after --base is that option, not --base's value.
    ["spec:diff: --base followed by an option", ["spec:diff", "--base", "--output=x"], "--base needs a value.", 2],
    [
      "spec:diff: --output and --summary the same file",
      ["spec:diff", "a.json", "b.json", "--output", "x.md", "--summary", "x.md"],
      "--output and --summary name the same file; give each its own.",
      2,
    ],
    [
      "spec:diff: a boolean with a value",
      ["spec:diff", "a", "b", "--allow-breaking=no"],
      "--allow-breaking takes no value",
      2,
    ],
    ["release: a stray word", ["release", "spec.json"], '"spec.json" is not an option', 1],
    ["release: an unknown option", ["release", "--base", "HEAD"], '"--base" is not an option of npm run release.', 1],
    ["release: a package name npm refuses", ["release", "--name", "Bad Name"], '--name "Bad Name"', 1],
    [
      "spec:diff: an unknown option between the files",
      ["spec:diff", "a", "--color", "b"],
      '"--color" is not an option of npm run spec:diff.',
      2,
    ],
    ["spec:diff: a missing value", ["spec:diff", "a", "b", "--format"], "--format needs a value.", 2],
    [
      "spec:diff: an option given twice",
      ["spec:diff", "a", "b", "--format", "json", "--format", "text"],
      "--format is given 2 times; give it once.",
      2,
    ],
  ])("%s", async (_name, argv, message, exit = 1) => {
    const { code, ran } = await cli(argv);
    expect(code).toBe(exit);
    expect(ran).toBeUndefined();
    expect(out).toEqual([]);
    expect(err).toHaveLength(1);
    expect(err[0]).toContain(message);
    expect(err[0]).toMatch(/ Run `[^`]+ --help` for the options\.$/);
    // eslint-disable-next-line no-control-regex -- control characters are what this pattern is for
    expect(err[0]).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it("never echoes more than 100 characters of a hostile argument", async () => {
    await cli(["gen", `--${"a".repeat(10_000)}`]);
    expect(err[0]).toMatch(/^"--a{98}" is not an option/);
  });
});

describe("the review spec:diff is asked for", () => {
  const args = (more: Partial<SpecDiffArgs>): SpecDiffArgs => ({
    format: "text",
    failOn: "ERR",
    allowBreaking: false,
    ...more,
  });
  const defaults = { format: "text", failOn: "ERR", allowBreaking: false, load: {} };
  it.each<[Partial<SpecDiffArgs>, unknown]>([
    [{ specs: ["a.json", "b.json"] }, { mode: "files", old: "a.json", new: "b.json", ...defaults }],
    [
      { specs: ["a.json", "b.json"], format: "markdown", failOn: "WARN" },
      { mode: "files", old: "a.json", new: "b.json", ...defaults, format: "markdown", failOn: "WARN" },
    ],
    [{ base: "HEAD" }, { mode: "base", ref: "HEAD", specs: [], ...defaults }],
    [{ base: "HEAD~1" }, { mode: "base", ref: "HEAD~1", specs: [], ...defaults }],
    [
      { base: "origin/main", specs: ["spec/eth.openrpc.json"], format: "json" },
      { mode: "base", ref: "origin/main", specs: ["spec/eth.openrpc.json"], ...defaults, format: "json" },
    ],
    [
      { base: "origin/main", format: "github", summary: "/tmp/step summary", allowBreaking: true },
      {
        mode: "base",
        ref: "origin/main",
        specs: [],
        ...defaults,
        format: "github",
        summary: "/tmp/step summary",
        allowBreaking: true,
      },
    ],
    [
      { specs: ["a.json", "b.json"], examples: "warn", refRoot: "shared" },
      { mode: "files", old: "a.json", new: "b.json", ...defaults, load: { examples: "warn", refRoot: "shared" } },
    ],
    [
      { specs: ["a.json", "b.json"], format: "junit", output: "reports/spec.xml" },
      { mode: "files", old: "a.json", new: "b.json", ...defaults, format: "junit", output: "reports/spec.xml" },
    ],
  ])("%j", (given, want) => expect(reviewOf(args(given))).toEqual(want));
});

/** What a hostile caller (or a pull request's branch name) may try through --base, --since and paths. */
describe("refs and paths that could reach git or a shell are refused before anything runs", () => {
  it.each([
    ["--output=/tmp/x", "starts with '-', so git would read it as an option"],
    ["-p", "starts with '-'"],
    ["main..HEAD", "contains '..'"],
    ["HEAD...origin/main", "contains '..'"],
    ["main;rm -rf ~", "may hold only letters"],
    ["$(touch pwned)", "may hold only letters"],
    ["`id`", "may hold only letters"],
    ["main|cat", "may hold only letters"],
    ["HEAD:spec/a.json", "may hold only letters"],
    ["main\nHEAD", "may hold only letters"],
    ["x".repeat(201), "is longer than 200 characters"],
  ])("--base=%j, and release --since", async (ref, message) => {
    for (const argv of [
      ["spec:diff", `--base=${ref}`],
      ["release", `--since=${ref}`],
    ]) {
      err = [];
      const { code, ran } = await cli(argv);
      expect(ran).toBeUndefined();
      expect(code).toBe(argv[0] === "spec:diff" ? 2 : 1);
      expect(err).toHaveLength(1);
      expect(err[0]).toContain(message);
      // eslint-disable-next-line no-control-regex -- control characters are what this pattern is for
      expect(err[0]).not.toMatch(/[\u0000-\u001f]/);
    }
  });

  it.each([
    [["spec:diff", "--base", "HEAD", "../outside.openrpc.json"], "contains '..'"],
    [["spec:diff", "--base", "HEAD", "spec/../../etc/passwd"], "contains '..'"],
    [["spec:diff", "a.json", "b;touch x.json"], "holds a shell or control character"],
    [["spec:diff", "a.json", "$(id).json"], "holds a shell or control character"],
    [["spec:diff", "a.json", "b\u0000.json"], "holds a shell or control character"],
    [["spec:diff", "a.json", "b.json", "--output", "../report.xml"], "contains '..'"],
    [["spec:diff", "a.json", "b.json", "--output", "-"], "starts with '-'"],
    [["spec:diff", "a.json", "b.json", "--summary", "`x`.md"], "holds a shell or control character"],
    [["release", "--spec", "../outside.openrpc.json"], "contains '..'"],
    [["release", "--out", "gen;rm -rf ~"], "holds a shell or control character"],
  ])("%j", async (argv, message) => {
    const { code, ran } = await cli(argv);
    expect(ran).toBeUndefined();
    expect(code).toBe(argv[0] === "spec:diff" ? 2 : 1);
    expect(err).toHaveLength(1);
    expect(err[0]).toContain(message);
  });
});

describe("help", () => {
  it("each command's help: the npm form, every option with its type, choices and default, the examples", async () => {
    await cli(["mock", "--help"]);
    const text = out.join("\n");
    expect(text).toMatch(/^Usage: npm run mock -- --spec <file>/);
    for (const option of [
      "--spec",
      "--port",
      "--host",
      "--allow-remote",
      "--examples",
      "--ws-notify-interval-ms",
      "--interval",
    ])
      expect(text).toContain(option);
    expect(text).toContain('[choices: "error", "warn"] [default: "error"]');
    expect(text).toMatch(/Examples:\n\s+npm run mock -- --spec spec\/eth\.openrpc\.json/);
    for (const line of text.split("\n")) expect(line.length).toBeLessThanOrEqual(110);
  });

  it("the program's help lists every command", async () => {
    await cli(["--help"]);
    for (const command of ["gen", "mock", "docs", "playground", "spec:diff", "release", "completion"])
      expect(out.join("\n")).toContain(`openrpc-ts ${command}`);
  });
});

describe("completion", () => {
  it("prints a shell script that asks the program for completions", async () => {
    expect((await cli(["completion"])).code).toBe(0);
    expect(out.join("\n")).toContain("openrpc-ts --get-yargs-completions");
  });

  it("completes command names, and a command's options (yargs prints them itself, to the process's stdout)", async () => {
    vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
    await cli(["--get-yargs-completions", "mo"]);
    expect(out).toEqual(expect.arrayContaining(["gen", "mock", "spec:diff"]));
    out = [];
    await cli(["--get-yargs-completions", "spec:diff", "--f"]);
    expect(out).toEqual(expect.arrayContaining(["--format", "--fail-on"]));
  });
});

describe("quoted (a command-line value inside a message)", () => {
  it.each<[string, string]>([
    ["plain", '"plain"'],
    ["esc \u001b[2J", '"esc \\u001b[2J"'],
    ["csi \u009b2J", '"csi \\u{9b}2J"'],
    ["rlo \u202e lri \u2066", '"rlo \\u{202e} lri \\u{2066}"'],
    ['a "quote"', '"a \\"quote\\""'],
  ])("%j → %s", (given, want) => expect(quoted(given)).toBe(want));
});
