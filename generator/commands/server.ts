/**
 * What the commands that start a server share (`npm run mock`, `npm run playground`): number
 * checks that fail with one sentence (the arguments themselves are parsed by yargs, generator/cli.ts),
 * listen errors with their fix, and running until Ctrl-C. A UsageError is printed as its message
 * alone, followed by where the help is.
 */
import { terminalText } from "../print/escape.js";
import { UsageError } from "./usage.js";

export function wholeNumber(flag: string, value: unknown, min: number, max: number): number {
  const n = value;
  if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > max)
    throw new UsageError(
      `${flag} must be a whole number from ${min} to ${max}${Number.isNaN(n) ? "" : `, not ${terminalText(String(n))}`}.`,
    );
  return n;
}

/** Port in use, or not allowed: one sentence with the fix. */
export function listenProblem(host: string, port: number): (error: unknown) => never {
  return (error) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE")
      throw new UsageError(
        `Port ${port} on ${host} is already in use; pick another with --port, or --port 0 for a free one.`,
      );
    if (code === "EACCES")
      throw new UsageError(
        `Listening on port ${port} of ${host} is not allowed for this user; pick a port above 1023 with --port.`,
      );
    if (code === "EADDRNOTAVAIL")
      throw new UsageError(`${host} is not an address of this machine; pass one of its addresses with --host.`);
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  };
}

/**
 * Resolves once the server is closed: on SIGINT or SIGTERM, or when `signal` (a context's,
 * ./context.ts) aborts. With a signal the process's signals are left alone: they are its owner's.
 */
export function untilSignal(server: { close(): Promise<void> }, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal) {
      const stop = (): void => void server.close().finally(resolve);
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop, { once: true });
      return;
    }
    const stop = (): void => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void server.close().finally(resolve);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}
