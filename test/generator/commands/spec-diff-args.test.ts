/** The command line of `npm run spec:diff`: what it accepts and the usage errors it names. */
import { describe, expect, it } from "vitest";
import { parseCliArgs, UsageError } from "../../../generator/commands/spec-diff-args.js";

const defaults = { format: "text", failOn: "ERR", allowBreaking: false };

describe("parseCliArgs", () => {
  it.each([
    [["a.json", "b.json"], { mode: "files", old: "a.json", new: "b.json", ...defaults }],
    [
      ["a.json", "b.json", "--format", "markdown", "--fail-on", "WARN"],
      { mode: "files", old: "a.json", new: "b.json", ...defaults, format: "markdown", failOn: "WARN" },
    ],
    [
      ["--format=json", "a.json", "b.json", "--fail-on=info"],
      { mode: "files", old: "a.json", new: "b.json", ...defaults, format: "json", failOn: "INFO" },
    ],
    [["--base", "HEAD"], { mode: "base", ref: "HEAD", specs: [], ...defaults }],
    [["--base", "HEAD~1"], { mode: "base", ref: "HEAD~1", specs: [], ...defaults }],
    [
      ["--base", "origin/main", "spec/eth.openrpc.json", "--format", "json"],
      { mode: "base", ref: "origin/main", specs: ["spec/eth.openrpc.json"], ...defaults, format: "json" },
    ],
    [
      ["--base", "origin/main", "--format", "github", "--summary", "/tmp/step summary", "--allow-breaking"],
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
      ["a.json", "b.json", "--format", "junit", "--output", "reports/spec.xml"],
      { mode: "files", old: "a.json", new: "b.json", ...defaults, format: "junit", output: "reports/spec.xml" },
    ],
    [["--help"], { mode: "help" }],
    [["-h", "a.json"], { mode: "help" }],
  ])("%j", (argv, want) => {
    expect(parseCliArgs(argv)).toEqual(want);
  });

  it.each([
    [[], "Expected two spec files (old, then new) or --base <git-ref>; got none."],
    [["a.json"], 'Expected two spec files (old, then new) or --base <git-ref>; got "a.json".'],
    [
      ["a.json", "b.json", "c.json"],
      'Expected two spec files (old, then new) or --base <git-ref>; got "a.json", "b.json", "c.json".',
    ],
    [
      ["a.json", "b.json", "--format", "xml"],
      '--format must be one of text, markdown, json, github, junit, not "xml".',
    ],
    [["a.json", "b.json", "--fail-on", "FATAL"], '--fail-on must be one of ERR, WARN, INFO, not "FATAL".'],
    [
      ["a.json", "b.json", "--fail-on", "\u001b[2J\u202e"],
      '--fail-on must be one of ERR, WARN, INFO, not "\\u001b[2J\\u{202e}".',
    ],
    [["--base", ""], "--base needs a git ref (a commit, branch or tag), e.g. --base origin/main."],
    [["a.json", "b.json", "--color"], '"--color" is not an option of npm run spec:diff.'],
    [["a.json", "b.json", "--format"], "--format needs a value: --format <value>."],
    [["a.json", "b.json", "--format", "json", "--format", "text"], "--format is given 2 times; give it once."],
    [["a.json", "b.json", "--output", "x.md", "--summary", "x.md"], "--output and --summary name the same file"],
  ])("%j is a usage error", (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});

/** What a hostile caller (or a pull request's branch name) may try through --base and paths. */
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
  ])("--base %j", (ref, message) => {
    expect(() => parseCliArgs(["--base", ref])).toThrow(UsageError);
    expect(() => parseCliArgs(["--base", ref])).toThrow(message);
  });

  it.each([
    [["--base", "HEAD", "../outside.openrpc.json"], "contains '..'"],
    [["--base", "HEAD", "spec/../../etc/passwd"], "contains '..'"],
    [["a.json", "b;touch x.json"], "holds a shell or control character"],
    [["a.json", "$(id).json"], "holds a shell or control character"],
    [["a.json", "b\u0000.json"], "holds a shell or control character"],
    [["a.json", "b.json", "--output", "../report.xml"], "contains '..'"],
    [["a.json", "b.json", "--output", "-"], "starts with '-'"],
    [["a.json", "b.json", "--summary", "`x`.md"], "holds a shell or control character"],
  ])("%j", (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
