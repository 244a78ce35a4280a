/**
 * The output folder's marker: a file listing what the generator wrote there. A folder without
 * it is not the generator's to replace (generator/write.ts); it is part of the generated files,
 * so `--check` sees it like any other.
 */
export const MARKER = ".openrpc-ts.json";

/** The marker's text for a set of files: what was written, so that the next run knows what it owns. */
export function markerText(files: Iterable<string>): string {
  const list = [...files].filter((f) => f !== MARKER).sort();
  return `${JSON.stringify({ generator: "openrpc-ts", note: "Written by the generator, which replaces exactly these files. Do not edit.", files: list }, null, 2)}\n`;
}
