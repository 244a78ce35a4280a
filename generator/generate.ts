/**
 * Emit → format, as one pure function: the package model (documents normalized by the load stage,
 * generator/load/load-model.ts) and the fixed inputs (runtime sources, versions, read
 * by generator/load/fixed-inputs.ts) in; the package's files (path → text) and warnings out. It
 * reads nothing and writes nothing: loading is generator/load/'s job, writing generator/write/'s,
 * and the caches a warm process keeps (generator/commands/caches.ts) are passed in.
 * The output marker (.openrpc-ts.json) is not among the files: the command that writes them makes
 * it, once, with the run's fingerprint (generator/commands/pipeline.ts).
 */
import { DEFAULT_VERSION } from "./defaults.js";
import type { DocumentModel, PackageModel, Problem } from "./model/document.js";
import type { PluginUse, RuntimeModel } from "./model/plugin.js";
import { builtinPlugins } from "./plugins/index.js";
import { runPlugins, type DocumentOutputs } from "./plugins/run.js";
import { formatFiles, type FormatCache } from "./print/format.js";

export interface FixedInputs {
  /** Runtime source files by name (runtime/*.ts), as written. */
  runtime: ReadonlyMap<string, string>;
  /** The TypeScript version the package's build uses (its devDependency). */
  typescriptVersion: string;
}

export interface GenerateCaches {
  /**
   * The plugins' outputs by document: a warm process whose load cache hands back the same
   * `DocumentModel` object for an unchanged document re-emits only the documents that changed.
   */
  emitted?: DocumentOutputs;
  /** Prettier's results by text (only for files the emitters do not write in prettier's layout). */
  format?: FormatCache;
}

export interface GenerateResult {
  /** Path inside the output package → file text (the marker excluded). */
  files: Map<string, string>;
  /** What the emitters could not honour (keywords not checked at run time). */
  warnings: Problem[];
}

/** The package model of some documents: the package's name, version and description around them. */
export function packageModel(
  documents: DocumentModel[],
  options: { packageName: string; version?: string; description?: string },
): PackageModel {
  return {
    packageName: options.packageName,
    version: options.version ?? DEFAULT_VERSION,
    description: options.description ?? `Typed JSON-RPC clients for ${documents.map((d) => d.title).join(", ")}.`,
    documents,
  };
}

/**
 * Runs `plugins` (by default the built-in ones, generator/plugins/index.ts) over the model and
 * formats what they wrote (generator/print/format.ts).
 */
export async function generate(
  model: PackageModel,
  inputs: FixedInputs,
  caches: GenerateCaches = {},
  plugins: readonly PluginUse[] = builtinPlugins(),
): Promise<GenerateResult> {
  const runtime: RuntimeModel = {
    files: inputs.runtime,
    symbols: runtimeSymbols(inputs.runtime.get("index.ts") ?? ""),
  };
  const results = runPlugins(plugins, model, { runtime, typescriptVersion: inputs.typescriptVersion }, caches.emitted);
  const files = await formatFiles(results.files, {
    verbatim: results.verbatim,
    formatted: results.formatted,
    ...(caches.format ? { cache: caches.format } : {}),
  });
  return { files, warnings: results.warnings };
}

/** The names runtime/index.ts exports (`export { a, type B } from "…"`): the runtime's contract with generated code. */
export function runtimeSymbols(indexText: string): Set<string> {
  const names = new Set<string>();
  for (const block of indexText.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g))
    for (const part of block[1]!.split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .pop()!
        .trim();
      if (name) names.add(name);
    }
  return names;
}
