/** The command line of `npm run spec:diff`: what it accepts and the usage errors it names. */
import { describe, expect, it } from "vitest";
import { parseCliArgs, UsageError } from "../../../generator/commands/spec-diff-args.js";

describe("parseCliArgs", () => {
  it.each([
    [["a.json", "b.json"], { mode: "files", old: "a.json", new: "b.json", format: "text", failOn: "ERR" }],
    [
      ["a.json", "b.json", "--format", "markdown", "--fail-on", "WARN"],
      { mode: "files", old: "a.json", new: "b.json", format: "markdown", failOn: "WARN" },
    ],
    [
      ["--format=json", "a.json", "b.json", "--fail-on=info"],
      { mode: "files", old: "a.json", new: "b.json", format: "json", failOn: "INFO" },
    ],
    [["--base", "HEAD"], { mode: "base", ref: "HEAD", specs: [], format: "text", failOn: "ERR" }],
    [
      ["--base", "origin/main", "spec/eth.openrpc.json", "--format", "json"],
      { mode: "base", ref: "origin/main", specs: ["spec/eth.openrpc.json"], format: "json", failOn: "ERR" },
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
    [["a.json", "b.json", "--format", "xml"], '--format must be one of text, markdown, json, not "xml".'],
    [["a.json", "b.json", "--fail-on", "FATAL"], '--fail-on must be one of ERR, WARN, INFO, not "FATAL".'],
    [
      ["a.json", "b.json", "--fail-on", "\u001b[2J\u202e"],
      '--fail-on must be one of ERR, WARN, INFO, not "\\u001b[2J\\u{202e}".',
    ],
    [["--base", ""], "--base needs a git ref (a commit, branch or tag), e.g. --base origin/main."],
    [["a.json", "b.json", "--color"], '"--color" is not an option of npm run spec:diff.'],
    [["a.json", "b.json", "--format"], "--format needs a value: --format <value>."],
    [["a.json", "b.json", "--format", "json", "--format", "text"], "--format is given 2 times; give it once."],
  ])("%j is a usage error", (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
