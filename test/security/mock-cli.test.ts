/**
 * `npm run mock` under hostile arguments: each is refused before anything is read or bound, with
 * one line on stderr (the reason and the fix), nothing on stdout, exit 1, never a stack trace.
 */
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../generator/root.js";
import { cliProcess } from "../helpers/cli.js";
import { STACK } from "./helpers/hostile-mock.js";

describe("npm run mock arguments", () => {
  function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const child = spawn(...cliProcess("mock", args), { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    const killer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    return new Promise((resolve) =>
      child.once("exit", (code) => {
        clearTimeout(killer);
        resolve({ code, stdout, stderr });
      }),
    );
  }
  const eth = "spec/eth.openrpc.json";
  const HELP = " Run `npm run mock -- --help` for the options.";
  const cases: [string, string[], string][] = [
    [
      "a port over 65535",
      ["--spec", eth, "--port", "70000"],
      `--port must be a whole number from 0 to 65535, not 70000.${HELP}`,
    ],
    ["a negative port", ["--spec", eth, "--port=-1"], `--port must be a whole number from 0 to 65535, not -1.${HELP}`],
    [
      "a port that is not a number",
      ["--spec", eth, "--port", "http"],
      `--port must be a whole number from 0 to 65535.${HELP}`,
    ],
    [
      "a port given twice",
      ["--spec", eth, "--port", "1", "--port", "2"],
      `--port is given 2 times; give it once.${HELP}`,
    ],
    [
      "a non-loopback host",
      ["--spec", eth, "--host", "0.0.0.0"],
      `--host 0.0.0.0 would let other machines call the mock; pass --allow-remote as well to do that on purpose.${HELP}`,
    ],
    [
      "a host name",
      ["--spec", eth, "--host", "evil.example"],
      `--host must be an IP address (127.0.0.1, ::1, 0.0.0.0, …) or localhost, not "evil.example".${HELP}`,
    ],
    [
      "a limit out of range",
      ["--spec", eth, "--max-batch-items", "0"],
      `The limit maxBatchItems (--max-batch-items) must be a whole number from 1 to 2147483647, not 0.${HELP}`,
    ],
    [
      "a limit that is not whole",
      ["--spec", eth, "--max-depth", "1.5"],
      `--max-depth must be a whole number from 0 to 2147483647, not 1.5.${HELP}`,
    ],
    [
      "a notification interval of 0 (--interval)",
      ["--spec", eth, "--interval", "0"],
      `The limit wsNotifyIntervalMs (--ws-notify-interval-ms) must be a whole number from 1 to 2147483647, not 0.${HELP}`,
    ],
    [
      "a subscription cap of 0",
      ["--spec", eth, "--ws-max-subscriptions", "0"],
      `The limit wsMaxSubscriptions (--ws-max-subscriptions) must be a whole number from 1 to 2147483647, not 0.${HELP}`,
    ],
    ["an unknown option", ["--spec", eth, "--bogus"], `"--bogus" is not an option of npm run mock.${HELP}`],
    [
      "a stray word",
      ["--spec", eth, "extra"],
      `"extra" is not an option; options start with --, and values follow their option (--spec file.json).${HELP}`,
    ],
    ["a flag without its value", ["--spec", eth, "--port"], `--port needs a value.${HELP}`],
    [
      "a boolean given a value",
      ["--spec", eth, "--allow-remote=yes"],
      `--allow-remote takes no value; give --allow-remote alone.${HELP}`,
    ],
    ["no --spec", ["--port", "0"], `Pass at least one OpenRPC document with --spec <file>.${HELP}`],
    [
      "a host given twice",
      ["--spec", eth, "--host", "127.0.0.1", "--host", "::1"],
      `--host is given 2 times; give it once.${HELP}`,
    ],
    ["an empty --spec", ["--spec", ""], `--spec must name a file; it is empty.${HELP}`],
    ["a folder as the spec", ["--spec", "spec"], "it is not a regular file"],
    ["a device as the spec", ["--spec", "/dev/zero"], "it is not a regular file"],
  ];
  it.each(cases)("refuses %s with a one-line error and exit 1", async (_name, args, message) => {
    const { code, stdout, stderr } = await run(args);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain(message);
    expect(stderr).not.toMatch(STACK);
    if (message.endsWith(HELP)) expect(stderr.trim().split("\n")).toEqual([message]);
  });
});
