/**
 * The road of `npm run gen` (and of the tests that generate a package): `loadModel` (read,
 * validate, normalize, check examples) → `generate` (emit, format) → the marker with the run's
 * fingerprint, made once. Writes nothing: the command decides whether to check, type-check or
 * write the files. Caches come from this layer (./caches.ts); a test that passes none gets the
 * process's own.
 */
import { generate, packageModel, type FixedInputs } from "../generate.js";
import { loadFixedInputs } from "../load/fixed-inputs.js";
import { loadModel, requireModel, warningsOf } from "../load/load-model.js";
import type { DocumentModel, Problem } from "../model/document.js";
import { MARKER, withMarker } from "../write/marker.js";
import { processCaches, type Caches } from "./caches.js";
import { inputKey, outputsHash, type Fingerprint } from "./fingerprint.js";

export interface PackageOptions {
  /** Spec files (JSON or YAML), relative to `cwd`. */
  specs: string[];
  packageName: string;
  version?: string;
  description?: string;
  cwd?: string;
  /** Examples that do not fit their schemas: `error` (default; nothing is generated) or `warn`. */
  examples?: "error" | "warn";
  /** The folder relative `$ref`s resolve against and may read from (`--ref-root`), relative to `cwd`. */
  refRoot?: string;
  /** Generate methods with two params of one name, the later renamed (`--allow-duplicate-params`). */
  allowDuplicateParams?: boolean;
  /** Every problem that has a fallback is a warning, and the fallback is generated (`--lenient`). */
  lenient?: boolean;
  /**
   * Check the examples beside the generation (a worker thread, in the bundled CLI: see
   * generator/load/examples-beside.ts) instead of before it; the result and the problems are the same.
   */
  examplesBeside?: boolean;
}

export interface PackageResult {
  /** Path inside the output package → file text, the marker included. */
  files: Map<string, string>;
  /** The load's warnings, then the emitters'. */
  warnings: Problem[];
  documents: DocumentModel[];
  /** What went in and came out, as stored in the marker. */
  fingerprint: Fingerprint;
}

/** The package's files of these documents (emit, then lay out), the format cache flushed. */
async function makePackage(
  documents: DocumentModel[],
  options: PackageOptions,
  caches: Caches,
  fixed: Promise<FixedInputs>,
): Promise<Awaited<ReturnType<typeof generate>>> {
  const generated = await generate(packageModel(documents, options), await fixed, caches);
  caches.format.flush();
  return generated;
}

/** Loads, checks and generates; throws a GeneratorError listing every error of every document. */
export async function generatePackage(
  options: PackageOptions,
  caches: Caches = processCaches(),
): Promise<PackageResult> {
  // The runtime's files are read while the documents are loaded and checked (unused if the load fails).
  const fixed = loadFixedInputs();
  fixed.catch(() => undefined);
  const early = await loadModel({
    specs: options.specs,
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.refRoot !== undefined ? { refRoot: options.refRoot } : {}),
    ...(options.allowDuplicateParams ? { allowDuplicateParams: true } : {}),
    ...(options.lenient ? { lenient: true } : {}),
    ...(options.examples ? { examples: options.examples } : {}),
    ...(options.examplesBeside ? { examplesBeside: true } : { cache: caches.load }),
  });
  // With the examples checked beside, the package is made meanwhile from the model as it stands;
  // the verdict (problems, and whether there is a model at all) is the complete load's.
  const generating = early.model ? makePackage(early.model.documents, options, caches, fixed) : undefined;
  generating?.catch(() => undefined);
  const loaded = (await early.complete) ?? early;
  const { documents } = requireModel(loaded, "validate");
  const generated = await (generating ?? makePackage(documents, options, caches, fixed));
  const fingerprint: Fingerprint = {
    inputs: [...loaded.inputs.keys()],
    key: inputKey(options, loaded.inputs),
    outputs: outputsHash([...generated.files].filter(([file]) => file !== MARKER)),
  };
  return {
    files: withMarker(generated.files, fingerprint),
    warnings: [...warningsOf(loaded), ...generated.warnings],
    documents,
    fingerprint,
  };
}
