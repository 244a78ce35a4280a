/**
 * generator/commands/args.ts, the one argument parser of the gen, mock, docs and playground CLIs: what it
 * reads, and every refusal as one sentence naming the option (hostile text escaped).
 */
import { describe, expect, it } from "vitest";
import {
  camelCase,
  helpText,
  parseArgs,
  quoted,
  UsageError,
  type CommandSpec,
} from "../../../generator/commands/args.js";

const COMMAND: CommandSpec = {
  name: "npm run demo --",
  usage: "--spec <file> [--port <n>]",
  description: "A command for the tests.",
  options: {
    spec: { type: "string", placeholder: "file", multiple: true, describe: "A document" },
    port: { type: "number", default: 0, describe: "A port" },
    mode: { type: "string", choices: ["a", "b"], default: "a", describe: "A choice" },
    "ws-notify-interval-ms": { type: "number", aliases: ["--interval"], describe: "An interval" },
    force: { type: "boolean", default: false, describe: "A switch" },
  },
  examples: [["--spec x.json", "an example"]],
};

const REQUIRED: CommandSpec = {
  ...COMMAND,
  options: { out: { type: "string", required: "Pass the folder with --out <dir>.", describe: "Folder" } },
};

describe("parseArgs reads", () => {
  it.each<[string, string[], Record<string, unknown>]>([
    ["defaults when nothing is given", [], { port: 0, mode: "a", force: false }],
    ["--name value", ["--port", "8545"], { port: 8545 }],
    ["--name=value", ["--port=8545"], { port: 8545 }],
    ["a value starting with a dash", ["--port", "-1"], { port: -1 }],
    ["an = inside the value", ["--spec=a=b.json"], { spec: ["a=b.json"] }],
    ["a repeated multiple option in order", ["--spec", "b", "--spec", "a"], { spec: ["b", "a"] }],
    ["a boolean", ["--force"], { force: true }],
    ["a choice", ["--mode", "b"], { mode: "b" }],
    ["a long alias under the option's name", ["--interval", "50"], { wsNotifyIntervalMs: 50 }],
    ["a number that is not a number as NaN", ["--port", "http"], { port: Number.NaN }],
    ["hex, blanks and empty numbers as NaN", ["--port", ""], { port: Number.NaN }],
  ])("%s", (_name, argv, expected) => {
    const parsed = parseArgs(COMMAND, argv);
    expect(parsed.help).toBe(false);
    expect(parsed.values).toMatchObject(expected);
  });

  it("--help and -h anywhere ask for help, without checking the rest", () => {
    expect(parseArgs(COMMAND, ["--bogus", "--help"])).toEqual({ help: true, values: {}, positionals: [] });
    expect(parseArgs(REQUIRED, ["-h"])).toEqual({ help: true, values: {}, positionals: [] });
  });

  it("collects words that are not options only for a command that takes them", () => {
    expect(parseArgs({ ...COMMAND, positionals: true }, ["a.json", "--port", "1", "b.json"])).toMatchObject({
      values: { port: 1 },
      positionals: ["a.json", "b.json"],
    });
    expect(() => parseArgs(COMMAND, ["a.json"])).toThrow(UsageError);
  });

  it("names come back in camelCase", () => {
    expect(camelCase("pkg-version")).toBe("pkgVersion");
    expect(camelCase("ws-max-payload-bytes")).toBe("wsMaxPayloadBytes");
  });
});

describe("parseArgs refuses, in one sentence naming the option", () => {
  it.each<[string, CommandSpec, string[], string]>([
    ["an unknown option", COMMAND, ["--bogus"], '"--bogus" is not an option of npm run demo.'],
    ["an unknown option with a value", COMMAND, ["--bogus=1"], '"--bogus" is not an option of npm run demo.'],
    ["a short option", COMMAND, ["-x"], '"-x" is not an option; options are long (--name).'],
    [
      "a stray word",
      COMMAND,
      ["file.json"],
      '"file.json" is not an option; options start with --, and values follow their option (--spec file.json).',
    ],
    ["a bare --", COMMAND, ["--"], '"--" is not an option; options are long (--name).'],
    ["a missing value", COMMAND, ["--port"], "--port needs a value: --port <n>."],
    ["a missing value (placeholder)", COMMAND, ["--spec"], "--spec needs a value: --spec <file>."],
    ["a boolean with a value", COMMAND, ["--force=false"], "--force takes no value; give --force alone."],
    ["a single option given twice", COMMAND, ["--port", "1", "--port=2"], "--port is given 2 times; give it once."],
    [
      "an option and its alias together",
      COMMAND,
      ["--interval", "1", "--ws-notify-interval-ms", "2"],
      "--ws-notify-interval-ms is given 2 times; give it once.",
    ],
    ["a value outside the choices", COMMAND, ["--mode", "c"], '--mode must be one of a, b, not "c".'],
    ["a required option missing", REQUIRED, [], "Pass the folder with --out <dir>."],
    ["terminal escapes in an unknown option", COMMAND, ["--\u001b[2Jx"], "is not an option of npm run demo."],
    [
      "a bidi override in an unknown option",
      COMMAND,
      ["--a\u202eb"],
      '"--a\\u{202e}b" is not an option of npm run demo.',
    ],
    ["a C1 control in a choice", COMMAND, ["--mode", "\u009b2J"], '--mode must be one of a, b, not "\\u{9b}2J".'],
  ])("%s", (_name, command, argv, message) => {
    let error: unknown;
    try {
      parseArgs(command, argv);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(message);
    // eslint-disable-next-line no-control-regex -- control characters are what this pattern is for
    expect((error as Error).message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it("never echoes more than 100 characters of a hostile argument", () => {
    expect(() => parseArgs(COMMAND, [`--${"a".repeat(10_000)}`])).toThrow(/^"--a{98}" is not an option/);
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

describe("helpText", () => {
  const text = helpText(COMMAND);
  it("lists every option with its placeholder, aliases, choices and defaults", () => {
    expect(text).toMatch(
      /^Usage: npm run demo -- --spec <file> \[--port <n>\]\n\nA command for the tests\.\n\nOptions:\n/,
    );
    expect(text).toContain("--spec <file> ...");
    expect(text).toContain("--ws-notify-interval-ms, --interval <n>");
    expect(text).toContain("[one of: a, b; default: a]");
    expect(text).toContain("--help");
    expect(text).toContain("  npm run demo -- --spec x.json\n      an example");
  });
  it("keeps every line within the width", () => {
    for (const line of helpText({ ...COMMAND, description: "word ".repeat(100) }).split("\n"))
      expect(line.length).toBeLessThanOrEqual(80);
  });
});
