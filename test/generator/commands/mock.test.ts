/** `npm run mock` as users run it: a child process that prints its URL, answers, and is killed at the end. */
import { spawn, type ChildProcess } from "node:child_process";
import { stopChild } from "../../helpers/child.js";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { cliProcess } from "../../helpers/cli.js";
import { envelope, post } from "../mock/fixtures.js";

const children: ChildProcess[] = [];

/** Starts the CLI; resolves with the URL it prints, or rejects with its output if it exits or is slow. */
function startCli(args: string[]): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(...cliProcess("mock", args), { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The mock CLI printed no URL within 20 s:\n${output}`)), 20_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, output: () => output });
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The mock CLI exited with ${code}:\n${output}`));
    });
  });
}

/** Runs the CLI to its end; resolves with its exit code and output. */
function runCli(args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(...cliProcess("mock", args), { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

const stop = (child: ChildProcess): Promise<void> => stopChild(child, "SIGTERM");

afterAll(async () => {
  await Promise.all(children.map(stop));
});

describe("npm run mock", () => {
  it("prints the URL, answers eth_blockNumber, and stops when killed", async () => {
    const { child, url, output } = await startCli(["--spec", "spec/eth.openrpc.json", "--port", "0"]);
    expect(output()).toMatch(
      /Mock JSON-RPC server for spec\/eth\.openrpc\.json \(7 methods\) listening on http:\/\/127\.0\.0\.1:\d+\//,
    );
    const answer = await post(`${url}/eth/some-key`, envelope("eth_blockNumber", [], 7));
    expect(answer.json).toEqual({ jsonrpc: "2.0", id: 7, result: expect.stringMatching(/^0x[0-9a-fA-F]+$/) });
    await stop(child);
    expect(child.exitCode === 0 || child.signalCode === "SIGTERM").toBe(true);
  });

  it("exits 1 with a readable message for a spec that does not exist", async () => {
    const { code, output } = await runCli(["--spec", "spec/missing.openrpc.json"]);
    expect(code).toBe(1);
    expect(output).toContain("cannot read spec/missing.openrpc.json: ENOENT");
  });

  it("exits 1 when --spec is left out", async () => {
    const { code, output } = await runCli([]);
    expect(code).toBe(1);
    expect(output).toContain("Pass at least one OpenRPC document with --spec <file>.");
  });
});
