/**
 * `prettier --check` on a generated package held in memory: every .ts, .json and .md file is
 * checked with the options the package declares (the `prettier` key of its package.json) and the
 * parser prettier infers from the file's name (`typescript`, `json-stringify` for package.json,
 * `json`, `markdown`), as `prettier --check .` run in the package would.
 */
import * as prettier from "prettier";

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

/** The files prettier would rewrite (empty when the package is prettier-clean). */
export async function uncleanFiles(
  files: ReadonlyMap<string, string>,
  options: { skip?: (file: string) => boolean } = {},
): Promise<Unclean[]> {
  const config = shippedOptions(files);
  const found: Unclean[] = [];
  for (const [file, text] of files) {
    if (!/\.(?:ts|json|md)$/.test(file) || options.skip?.(file)) continue;
    const formatted = await prettier.format(text, { ...config, filepath: file });
    if (formatted === text) continue;
    const a = text.split("\n");
    const b = formatted.split("\n");
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    found.push({ file, line: i + 1, ours: a[i] ?? "(end)", prettier: b[i] ?? "(end)" });
  }
  return found;
}
