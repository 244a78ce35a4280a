/**
 * The output folder's marker: a file listing what the generator wrote there. A folder without
 * it is not the generator's to replace (generator/write/write.ts); it is part of the generated files,
 * so `--check` sees it like any other. It also holds the run's fingerprint (generator/write/fingerprint.ts),
 * which lets a run with unchanged inputs and untouched outputs skip the work.
 */
import type { Fingerprint } from "./fingerprint.js";
import { jsonText } from "../print/json.js";

export const MARKER = ".openrpc-ts.json";

export interface Marker {
  files: string[];
  fingerprint?: Fingerprint;
}

/** The marker's text for a set of files: what was written, so that the next run knows what it owns. */
export function markerText(files: Iterable<string>, fingerprint?: Fingerprint): string {
  const list = [...files].filter((f) => f !== MARKER).sort();
  const value = {
    generator: "openrpc-ts",
    note: "Written by the generator, which replaces exactly these files. Do not edit.",
    files: list,
    ...(fingerprint ? { fingerprint } : {}),
  };
  // In prettier's form, like every generated file (`prettier --check .` in the package passes).
  return jsonText(value, MARKER);
}

/** The marker's content, or undefined when the text is not a marker the generator wrote. */
export function parseMarker(text: string): Marker | undefined {
  let value: { generator?: unknown; files?: unknown; fingerprint?: unknown };
  try {
    value = JSON.parse(text) as typeof value;
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== "object" || value.generator !== "openrpc-ts" || !Array.isArray(value.files))
    return undefined;
  const files = value.files.filter((f): f is string => typeof f === "string");
  const fp = value.fingerprint as Partial<Fingerprint> | undefined;
  const valid =
    fp !== null &&
    typeof fp === "object" &&
    Array.isArray(fp.inputs) &&
    fp.inputs.every((f) => typeof f === "string") &&
    typeof fp.key === "string" &&
    typeof fp.outputs === "string";
  return valid ? { files, fingerprint: { inputs: fp.inputs!, key: fp.key!, outputs: fp.outputs! } } : { files };
}
