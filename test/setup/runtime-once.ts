/**
 * A Vite plugin for the tests: a generated package written to a temp folder and imported by a test
 * (the corpus, the fuzz suite, third-party documents: dozens of packages a run) uses the
 * project's runtime/ modules in place of its own copies, when each copy is exactly what the
 * generator copies (runtime/<file> under its one-line header: generator/print/generated-header.ts).
 * The code that runs is the same text; Vite transforms the runtime once per run instead of once
 * per package (vitest's summed transform time of the whole run: 61 s before, 39 s after), and a
 * worker keeps one copy of it in memory.
 * A copy that differs in any byte is imported as it is. Packages under the repository
 * (generated/) are imported as they are.
 */
import { readFileSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Plugin } from "vitest/config";
import { runtimeCopy } from "../../generator/print/generated-header.js";
import { ROOT } from "../../generator/root.js";

const COPY = /[\\/]src[\\/]runtime[\\/]([A-Za-z0-9._-]+\.ts)$/;

export function runtimeOnce(): Plugin {
  // Read when a module resolves, not when the config loads: the run's global setup points TMPDIR at
  // the run's own folder (test/setup/pack-dir.ts) after this plugin is made.
  let temp: { dir: string; prefixes: string[] } | undefined;
  const inTemp = (id: string): boolean => {
    const dir = os.tmpdir();
    if (temp?.dir !== dir) temp = { dir, prefixes: [dir, realpathSync(dir)].map((d) => d + path.sep) };
    return temp.prefixes.some((d) => id.startsWith(d));
  };
  const verdicts = new Map<string, string | null>();
  /** The runtime file `copy` is an exact copy of, or null. */
  const originalOf = (copy: string): string | null => {
    let verdict = verdicts.get(copy);
    if (verdict === undefined) {
      const name = COPY.exec(copy)?.[1];
      const original = name && path.join(ROOT, "runtime", name);
      verdict = null;
      try {
        if (original && readFileSync(copy, "utf8") === runtimeCopy(name, readFileSync(original, "utf8")))
          verdict = original;
      } catch {
        // Not a file we can read both sides of: imported as it is.
      }
      verdicts.set(copy, verdict);
    }
    return verdict;
  };
  return {
    name: "openrpc-ts:runtime-once",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (!importer || !inTemp(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !inTemp(resolved.id) || !COPY.test(resolved.id)) return resolved;
      return originalOf(resolved.id) ?? resolved;
    },
  };
}
