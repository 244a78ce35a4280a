/**
 * Stage 5, format. Who formats what:
 * - The emitters print their files with prettier's own layout engine (generator/print/layout.ts:
 *   `prettier/doc`'s builders and printer; package.ts writes JSON and Markdown in prettier's form)
 *   and say so: those files are in `formatted` and are not touched here, so a default run loads
 *   `prettier/doc` only, never prettier's parsers. Tests (test/generator/print/) check with
 *   `prettier.check` and the package's shipped options that every such file is prettier's form,
 *   for our specs, third-party documents, random and hostile ones.
 * - The runtime copies (`verbatim`) are kept prettier-clean by a test and are never formatted.
 * - Every other .ts/.json/.md file (today: a README.md holding spec text that is arbitrary
 *   Markdown, see plugins/package/package.ts) goes through prettier's formatter with the options
 *   the package ships (PRETTIER_OPTIONS), so output never depends on the machine.
 *
 * Prettier's results are a pure function of (its version, the options, the parser, the text), so
 * a warm caller passes a `FormatCache` that keeps them by those (generator/commands/caches.ts keeps
 * them in memory and in node_modules/.cache/openrpc-ts): a run whose emitted text did not change
 * neither loads nor runs prettier. This module reads and writes nothing itself.
 */
import { PRETTIER_OPTIONS } from "./options.js";

export { PRETTIER_OPTIONS };
const OPTIONS = PRETTIER_OPTIONS;

type Format = (text: string, options: Record<string, unknown>) => Promise<string>;

let prettierFormat: Format | undefined;

/** Prettier's output by (parser, input text), for the PRETTIER_OPTIONS and the installed prettier. */
export interface FormatCache {
  get(parser: string, text: string): string | undefined;
  set(parser: string, text: string, formatted: string): void;
}

export interface FormatOptions {
  /** Files copied as they are (the runtime): never formatted. */
  verbatim?: ReadonlySet<string>;
  /** Files the emitters wrote in prettier's layout: never formatted. */
  formatted?: ReadonlySet<string>;
  /** Prettier's earlier results, kept by the caller (generator/commands/caches.ts). */
  cache?: FormatCache;
}

export async function formatFiles(
  files: Map<string, string>,
  options: FormatOptions = {},
): Promise<Map<string, string>> {
  const skip = (file: string): boolean => options.verbatim?.has(file) === true || options.formatted?.has(file) === true;
  const out = new Map<string, string>();
  const todo: [string, string, string][] = [];
  for (const [file, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const parser = skip(file)
      ? undefined
      : file.endsWith(".ts")
        ? "babel-ts"
        : file.endsWith(".json")
          ? "json"
          : file.endsWith(".md")
            ? "markdown"
            : undefined;
    if (parser) todo.push([file, text, parser]);
    out.set(file, text);
  }
  for (const [file, text, parser] of todo) {
    let formatted = options.cache?.get(parser, text);
    if (formatted === undefined) {
      formatted = await formatOne(text, parser);
      options.cache?.set(parser, text, formatted);
    }
    out.set(file, formatted);
  }
  return out;
}

/**
 * TypeScript goes through prettier's babel-ts parser: the same output as its typescript parser
 * on what the emitters write (the golden test and the benchmark documents say so), without
 * loading prettier's own 3 MB copy of TypeScript (about half a second of a cold run). Anything
 * babel-ts cannot parse falls back to the typescript parser.
 */
async function formatOne(text: string, parser: string): Promise<string> {
  const format = await prettier();
  if (parser !== "babel-ts") return format(text, { ...OPTIONS, parser });
  try {
    return await format(text, { ...OPTIONS, parser });
  } catch {
    return format(text, { ...OPTIONS, parser: "typescript" });
  }
}

async function prettier(): Promise<Format> {
  prettierFormat ??= (await import("prettier")).format as Format;
  return prettierFormat;
}
