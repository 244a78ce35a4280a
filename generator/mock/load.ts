/**
 * The mock server's load stage: the specs go through the generator's own `loadModel` (read,
 * meta-schema, lint rules, normalize, examples: the same problems as `npm run gen`), and nothing
 * is served past an error. Example results are re-read from the raw JSON text the loader read, so
 * that integers beyond 2^53 (u64 values such as `rentEpoch`) are served digit for digit.
 */
import {
  loadModel,
  readingOf,
  requireModel,
  warningsOf,
  type LoadCache,
  type ReadingOptions,
} from "../load/load-model.js";
import type { DocumentModel, Problem } from "../model/document.js";
import { deref, getPointer } from "../load/refs.js";
import { jsonEqual, parseExact } from "./json.js";

/** A normalized document and the exact result of each example (by example pointer). */
export interface MockDocument {
  model: DocumentModel;
  exactResults: ReadonlyMap<string, unknown>;
}

export interface LoadedMock {
  documents: MockDocument[];
  /** Problems that do not stop the server (with `examples: "warn"`, examples that do not fit their schemas). */
  warnings: Problem[];
}

/** Where the specs are, and how they are read (as `npm run gen` reads them: `--lenient`, `--examples`, `--ref-root`, …). */
export interface MockLoadOptions extends ReadingOptions {
  cwd?: string;
  /** A warm process's documents, read and checked before (see `MockServerOptions.cache`). */
  cache?: LoadCache;
}

/** Loads and checks every spec; throws a GeneratorError listing every problem found. */
export async function loadMockDocuments(files: readonly string[], options: MockLoadOptions = {}): Promise<LoadedMock> {
  const loaded = await loadModel({
    specs: files,
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.cache ? { cache: options.cache } : {}),
    ...readingOf(options),
  });
  const model = requireModel(loaded, "The mock server");
  const documents = model.documents.map((doc, i): MockDocument => {
    const entry = model.specs[i]!.entry;
    const text = loaded.inputs.get(entry);
    // YAML is served as the model has it; JSON text is re-read with exact integers.
    const exact = text === undefined || /\.ya?ml$/i.test(entry) ? undefined : parseExact(text);
    return { model: doc, exactResults: exact === undefined ? new Map() : exactResults(doc, entry, exact) };
  });
  return { documents, warnings: warningsOf(loaded) };
}

/**
 * Each example result as written in the file, kept only where it is the same value as the
 * model's (so an example from another file, or one read differently, keeps the model's value).
 */
function exactResults(model: DocumentModel, entry: string, exact: unknown): Map<string, unknown> {
  const files = new Map<string, unknown>([[entry, exact]]);
  const out = new Map<string, unknown>();
  for (const method of model.methods) {
    for (const example of method.examples) {
      // Only the entry's text is re-read: an example written in another file keeps the model's value.
      if (!example.hasResult || example.file !== undefined) continue;
      const pairing = deref<{ result?: unknown }>(files, entry, example.pointer, getPointer(exact, example.pointer));
      const result =
        pairing?.value?.result === undefined
          ? undefined
          : deref<{ value?: unknown }>(files, pairing.file, `${pairing.pointer}/result`, pairing.value.result);
      if (result && jsonEqual(result.value.value, example.result)) out.set(example.pointer, result.value.value);
    }
  }
  return out;
}
