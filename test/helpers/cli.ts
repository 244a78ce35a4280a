/**
 * How tests run the command line: as users start it, `node generator/bin.mjs <command> …` (what
 * `npm run <command>` runs) in a child process; or, for the tests about what a command does rather
 * than how a process starts, generator/cli.ts `main` inside the test's own process with a context of
 * its own (generator/commands/context.ts: the working folder, the environment, the output collected).
 * Both give the same exit code and the same stdout and stderr; each command's test file keeps a few
 * runs in a child process, which cover the bundle generator/bin.mjs runs, its fast path for a plain
 * gen line and the process's exit code. A child process costs about half a second of CPU before the
 * command does anything (docs/TEST-TIMES.md, fifth round); in process, the second run of a file
 * finds the modules and caches warm.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { main } from "../../generator/cli.js";
import type { Output } from "../../generator/commands/context.js";
import { ROOT } from "../../generator/root.js";

export const BIN = path.join(ROOT, "generator", "bin.mjs");

/** The file and arguments of a child process running `command` with `args`. */
export function cliProcess(command: string, args: readonly string[]): [string, string[]] {
  return [process.execPath, [BIN, command, ...args]];
}

/** What a run of the command line printed, and its exit code. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** The working folder (default: the project's root). */
  cwd?: string;
  /** Added to the environment (the process's, as a child process inherits it). */
  env?: Record<string, string>;
  /** "child": a child process, as users run it; "in-process" (the default): `main` in this process. */
  via?: "child" | "in-process";
  timeout?: number;
  /** In process: stops a server command (mock, playground) as Ctrl-C would. */
  signal?: AbortSignal;
}

const run = promisify(execFile);

/** Runs `command` with `args` and resolves with its exit code and output (a failing run resolves too). */
export async function runCli(command: string, args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const cwd = options.cwd ?? ROOT;
  const env = { ...process.env, ...options.env };
  if (options.via === "child") {
    try {
      const { stdout, stderr } = await run(...cliProcess(command, args), {
        cwd,
        env,
        timeout: options.timeout ?? 110_000,
        maxBuffer: 64 * 1024 * 1024,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      // A process killed (the timeout) has no exit code: a failure all the same.
      const e = error as { code?: unknown; stdout?: string; stderr?: string };
      return { code: typeof e.code === "number" ? e.code : 1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
    }
  }
  const stdout = collector();
  const stderr = collector();
  const signal = options.signal ? { signal: options.signal } : {};
  const code = await main([command, ...args], { context: { cwd, env, stdout, stderr, ...signal } });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** An output that keeps what is written to it. */
function collector(): Output & { readonly text: string } {
  let text = "";
  return {
    write(chunk: string, done?: (error?: Error | null) => void): boolean {
      text += chunk;
      done?.();
      return true;
    },
    get text() {
      return text;
    },
  };
}
