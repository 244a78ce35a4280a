/**
 * `prettier --check` on a generated package held in memory: every .ts, .json and .md file is
 * checked with the options the package declares (the `prettier` key of its package.json) and the
 * parser prettier infers from the file's name (`typescript`, `json-stringify` for package.json,
 * `json`, `markdown`), as `prettier --check .` run in the package would.
 *
 * Prettier's answer is a pure function of (its version, the options, the file's name, the text),
 * and the test files check the same texts again and again (the runtime copy, three quarters of a
 * package's bytes, is in every package they generate). So each answer is kept for the test run
 * under a sha256 of exactly these inputs (test/helpers/run-cache.ts): in this process, and in the
 * run's folder for the other test files. Every file of every package is still compared with
 * prettier's form of its own text; only a text already formatted this run is not formatted again.
 */
import * as prettier from "prettier";
import { keyOf, oncePerRun } from "./run-cache.js";

export interface Unclean {
  file: string;
  /** The first line that differs: what we wrote, then what prettier writes. */
  line: number;
  ours: string;
  prettier: string;
}

/** The options the package ships; fails when it ships none. */
export function shippedOptions(files: ReadonlyMap<string, string>): prettier.Options {
  const manifest = JSON.parse(files.get("package.json") ?? "{}") as { prettier?: prettier.Options };
  if (!manifest.prettier || typeof manifest.prettier !== "object")
    throw new Error("The generated package.json declares no prettier options (a `prettier` key).");
  return manifest.prettier;
}

/** This process's answers, by key (see prettierForm). */
const answers = new Map<string, Promise<string>>();

/** What prettier makes of `text` as the file `file` with `config`: computed once per test run. */
export function prettierForm(text: string, config: prettier.Options, file: string): Promise<string> {
  const key = keyOf(prettier.version, JSON.stringify(config), file, text);
  let answer = answers.get(key);
  if (answer === undefined) {
    // Stored as "=" when prettier leaves the text as it is (most answers), else "~" and prettier's text.
    answer = oncePerRun("prettier", key, async () => {
      const formatted = await prettier.format(text, { ...config, filepath: file });
      return formatted === text ? "=" : `~${formatted}`;
    }).then((stored) => (stored === "=" ? text : stored.slice(1)));
    answers.set(key, answer);
    answer.catch(() => answers.delete(key));
  }
  return answer;
}

/** The files prettier would rewrite (empty when the package is prettier-clean). */
export async function uncleanFiles(
  files: ReadonlyMap<string, string>,
  options: { skip?: (file: string) => boolean } = {},
): Promise<Unclean[]> {
  const config = shippedOptions(files);
  const found: Unclean[] = [];
  for (const [file, text] of files) {
    if (!/\.(?:ts|json|md)$/.test(file) || options.skip?.(file)) continue;
    const formatted = await prettierForm(text, config, file);
    if (formatted === text) continue;
    const a = text.split("\n");
    const b = formatted.split("\n");
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    found.push({ file, line: i + 1, ours: a[i] ?? "(end)", prettier: b[i] ?? "(end)" });
  }
  return found;
}
