/**
 * What a command works with besides its arguments: the working folder every relative path is
 * resolved against, the environment it reads (SOURCE_DATE_EPOCH), where its lines go, and a signal
 * that stops a server as Ctrl-C does. Run from the shell (generator/cli.ts `start`), it is the
 * process's own (`processContext`). A program that runs the command line inside its own process
 * (`main(argv, { context })`: a build script, the tests) passes its own, and the command then takes
 * nothing of the process's: no `process.cwd()`, no `process.stdout`, no signal handler.
 *
 * The caches' switch OPENRPC_TS_CACHE (`cachesOff`) is read from the context for what a run
 * remembers on disk (./fingerprint.ts), and from the process's environment for the process's own
 * caches (./caches.ts).
 */

/** Where a command's lines go: a stream of the process, or anything with a `write` (a test's collector). */
export interface Output {
  /** Writes `text`; `done` is called once it is handed on (a pipe: written, or closed by its reader). */
  write(text: string, done?: (error?: Error | null) => void): unknown;
  /** The terminal's width, when the output is one (the help is wrapped to it). */
  readonly columns?: number;
}

export interface CommandContext {
  /** The working folder: relative paths of the command line are relative to it. */
  readonly cwd: string;
  /** The environment the command reads its settings from (SOURCE_DATE_EPOCH, OPENRPC_TS_CACHE). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: Output;
  readonly stderr: Output;
  /** Stops a server (`mock`, `playground`) as SIGINT or SIGTERM does; a one-shot command ignores it. */
  readonly signal?: AbortSignal;
}

/** The process's own: its folder, environment and streams (a server also stops on SIGINT and SIGTERM). */
export function processContext(): CommandContext {
  return { cwd: process.cwd(), env: process.env, stdout: process.stdout, stderr: process.stderr };
}

/** Whether `env` turns the caches off (OPENRPC_TS_CACHE=off): every run is made in full and nothing is remembered. */
export function cachesOff(env: CommandContext["env"]): boolean {
  return env.OPENRPC_TS_CACHE === "off";
}

/** Writes `text` and a line end to `out`, as `console.log` does for the process's streams. */
export function writeLine(out: Output, text: string): void {
  out.write(`${text}\n`);
}
