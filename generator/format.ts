/** Stage 5, format: prettier with a fixed configuration, so output never depends on the machine. */
import { format } from "prettier";

const OPTIONS = { printWidth: 120, trailingComma: "all", singleQuote: false } as const;

export async function formatFiles(files: Map<string, string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [file, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const parser = file.endsWith(".ts") ? "typescript" : file.endsWith(".json") ? "json" : file.endsWith(".md") ? "markdown" : undefined;
    out.set(file, parser ? await format(text, { ...OPTIONS, parser }) : text);
  }
  return out;
}
