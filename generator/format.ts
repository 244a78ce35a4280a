/**
 * Stage 5, format: prettier with a fixed configuration (the same as the repository's
 * .prettierrc.json), so output never depends on the machine. Files listed in `verbatim` are
 * already formatted (the runtime, kept prettier-clean by a test) and are not formatted again.
 */
import { format } from "prettier";

export const PRETTIER_OPTIONS = { printWidth: 120, trailingComma: "all", singleQuote: false } as const;
const OPTIONS = PRETTIER_OPTIONS;

export async function formatFiles(files: Map<string, string>, verbatim: ReadonlySet<string> = new Set()): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [file, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (verbatim.has(file)) {
      out.set(file, text);
      continue;
    }
    const parser = file.endsWith(".ts") ? "typescript" : file.endsWith(".json") ? "json" : file.endsWith(".md") ? "markdown" : undefined;
    out.set(file, parser ? await format(text, { ...OPTIONS, parser }) : text);
  }
  return out;
}
