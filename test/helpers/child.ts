/**
 * Stopping a CLI child process started by a test: the given signal first (as Ctrl-C or a service
 * manager would), SIGKILL if it has not exited after 5 s. Resolves at once when it already exited.
 */
import type { ChildProcess } from "node:child_process";

export function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGINT"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}
