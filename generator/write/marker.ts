/**
 * The output folder's marker: a file listing what the generator wrote there. A folder without
 * it is not the generator's to replace (generator/write/write.ts); it is part of the generated files,
 * so `--check` sees it like any other. It also holds the run's fingerprint (generator/commands/fingerprint.ts),
 * which lets a run with unchanged inputs and untouched outputs skip the work. Made once per run,
 * by `withMarker`, just before the files are compared or written.
 */
import { jsonText } from "../print/json.js";

export const MARKER = ".openrpc-ts.json";

/**
 * What went into a run and what came out, as the marker stores it (generator/commands/fingerprint.ts
 * computes it and reads it back to skip a run that has nothing to do).
 */
export interface Fingerprint {
  /** Spec files read, relative to the working folder, in the order they were read. */
  inputs: string[];
  /** Hash of the options and the content of every input. */
  key: string;
  /** Hash of every generated file but the marker, by path. */
  outputs: string;
}

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

/** `files` with the marker added: the one place a marker is made. */
export function withMarker(files: ReadonlyMap<string, string>, fingerprint?: Fingerprint): Map<string, string> {
  const out = new Map(files);
  out.delete(MARKER);
  out.set(MARKER, markerText(out.keys(), fingerprint));
  return out;
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
