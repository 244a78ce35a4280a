/**
 * The mock server's load stage, the only part of it that reads the disk: each spec file is
 * loaded, checked (OpenRPC meta-schema and lint rules, as `npm run gen` does) and normalized
 * into the generator's model. Example results are re-read from the raw JSON text so that
 * integers beyond 2^53 (u64 values such as `rentEpoch`) are served digit for digit.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadSpec } from "../load/load.js";
import type { DocumentModel, Problem } from "../model/document.js";
import { normalizeDocument } from "../normalize/document.js";
import { GeneratorError } from "../problems.js";
import { deref, getPointer } from "../load/refs.js";
import { validateExamples } from "../validate/examples.js";
import { lintSpec } from "../validate/lint.js";
import { validateMetaSchema } from "../validate/meta-schema.js";
import { jsonEqual, parseExact } from "./json.js";

/** A normalized document and the exact result of each example (by example pointer). */
export interface MockDocument {
  model: DocumentModel;
  exactResults: ReadonlyMap<string, unknown>;
}

export interface LoadedMock {
  documents: MockDocument[];
  /** Problems that do not stop the server: examples that do not fit their schemas. */
  warnings: Problem[];
}

/** Loads and checks every spec; throws a GeneratorError listing every problem found. */
export async function loadMockDocuments(files: readonly string[], cwd = process.cwd()): Promise<LoadedMock> {
  const documents: MockDocument[] = [];
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  for (const file of files) {
    try {
      const spec = await loadSpec(file, cwd);
      const meta = validateMetaSchema(spec.files.get(spec.entry), spec.entry);
      const found = [...meta, ...(meta.length === 0 ? lintSpec(spec) : [])];
      if (found.length > 0) {
        problems.push(...found);
        continue;
      }
      const model = normalizeDocument(spec);
      warnings.push(...(await validateExamples(model)));
      const exact = await readExact(spec.entry, cwd);
      documents.push({ model, exactResults: exact === undefined ? new Map() : exactResults(model, spec.entry, exact) });
    } catch (error) {
      if (error instanceof GeneratorError) problems.push(...error.problems);
      else throw error;
    }
  }
  if (problems.length > 0) throw new GeneratorError(problems, "The mock server");
  return { documents, warnings };
}

/** The entry file parsed with exact integers; `undefined` for YAML (read as the model has it). */
async function readExact(entry: string, cwd: string): Promise<unknown> {
  if (/\.ya?ml$/i.test(entry)) return undefined;
  return parseExact(await readFile(path.resolve(cwd, entry), "utf8"));
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
      if (!example.hasResult) continue;
      const pairing = deref<{ result?: unknown }>(files, entry, example.pointer, getPointer(exact, example.pointer));
      const result =
        pairing?.value.result === undefined
          ? undefined
          : deref<{ value?: unknown }>(files, pairing.file, `${pairing.pointer}/result`, pairing.value.result);
      if (result && jsonEqual(result.value.value, example.result)) out.set(example.pointer, result.value.value);
    }
  }
  return out;
}
