/**
 * The whole pipeline, load → validate → normalize → emit → format, as one function that the
 * CLI and the tests share. Returns the files to write (path → text); writes nothing itself.
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import { ROOT } from "./root.js";
import { DEFAULT_VERSION } from "./defaults.js";
import { createHash } from "node:crypto";
import { emitDocument, type EmittedDocument } from "./plugins/document.js";
import { commentText } from "./print/escape.js";
import { jsDocLines } from "./print/ts-code.js";
import { emitPackageFiles } from "./plugins/package/package.js";
import { formatFiles } from "./print/format.js";
import { inputKey, outputsHash, type Fingerprint } from "./write/fingerprint.js";
import { MARKER, markerText } from "./write/marker.js";
import { diskSource, loadSpec, type LoadedSpec, type SpecSource } from "./load/load.js";
import type { DocumentModel, PackageModel, Problem } from "./model/document.js";
import { normalizeDocument } from "./normalize/document.js";
import { GeneratorError } from "./problems.js";
import { validateExamples } from "./validate/examples.js";
import { validateSpec } from "./validate/spec.js";

export { ROOT };

export interface GenerateOptions {
  /** Spec files (JSON or YAML), relative to `cwd`. */
  specs: string[];
  packageName: string;
  version?: string;
  description?: string;
  cwd?: string;
  /**
   * How examples that do not validate against their schemas are treated: `error` (default;
   * nothing is generated) or `warn` (for third-party documents whose examples are known wrong).
   */
  examples?: "error" | "warn";
  /** Extra folders `$ref`s may read from (`--ref-root`), relative to `cwd`. */
  refRoots?: readonly string[];
}

export interface GenerateResult {
  /** Path inside the output package → file text. */
  files: Map<string, string>;
  warnings: Problem[];
  documents: DocumentModel[];
  /** What went in and came out, as stored in the marker; set by `generate`. */
  fingerprint?: Fingerprint;
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const cwd = options.cwd ?? process.cwd();
  const loaded: LoadedSpec[] = [];
  const problems: Problem[] = [];
  const { source, read } = recording(diskSource(cwd));
  for (const spec of options.specs) {
    try {
      loaded.push(await loadSpec(spec, cwd, source, { refRoots: options.refRoots ?? [] }));
    } catch (error) {
      if (error instanceof GeneratorError) problems.push(...error.problems);
      else throw error;
    }
  }
  const inputs = { runtime: await readRuntime() };
  const result = await generateFromLoaded(loaded, options, inputs, problems);
  const fingerprint = {
    inputs: [...read.keys()],
    key: inputKey(options, read),
    outputs: outputsHash([...result.files].filter(([file]) => file !== MARKER)),
  };
  result.files.set(MARKER, markerText(result.files.keys(), fingerprint));
  return { ...result, fingerprint };
}

/** A source that keeps the text of every file it reads: the inputs of the fingerprint. */
function recording(inner: SpecSource): { source: SpecSource; read: Map<string, string> } {
  const read = new Map<string, string>();
  const source: SpecSource = {
    ...inner,
    read: async (file) => {
      const text = await inner.read(file);
      if (!read.has(file)) read.set(file, text);
      return text;
    },
  };
  return { source, read };
}

export interface FixedInputs {
  /** Runtime source files by name (runtime/*.ts). */
  runtime: Map<string, string>;
}

/** The pure part of the pipeline: loaded specs in, files out. */
export async function generateFromLoaded(
  loaded: LoadedSpec[],
  options: GenerateOptions,
  inputs: FixedInputs,
  earlier: Problem[] = [],
): Promise<GenerateResult> {
  const problems = [...earlier];
  const keys = loaded.map((spec) => specKey(spec, options.examples));
  const specWarnings = new Map<string, Problem[]>();
  loaded.forEach((spec, i) => {
    const found = remember(keys[i]!, "validated", () => validateSpec(spec));
    problems.push(...found.problems);
    specWarnings.set(spec.entry, found.warnings);
  });
  if (problems.length > 0) throw new GeneratorError(problems, "validate");

  const normalized = await Promise.all(
    loaded.map((spec, i) =>
      remember(keys[i]!, "normalized", async () => {
        const doc = normalizeDocument(spec);
        doc.warnings.unshift(...(specWarnings.get(doc.source) ?? []));
        const exampleProblems = await validateExamples(doc);
        if (options.examples === "warn") doc.warnings.push(...exampleProblems.filter((p) => p.file === doc.source));
        return { doc, exampleProblems: options.examples === "warn" ? [] : exampleProblems };
      }),
    ),
  );
  const documents = normalized.map((n) => n.doc);
  for (const n of normalized) problems.push(...n.exampleProblems);
  const subpaths = new Map<string, string>();
  for (const doc of documents) {
    const other = subpaths.get(doc.subpath);
    if (other)
      problems.push({
        file: doc.source,
        pointer: "/x-client/subpath",
        message: `subpath "${doc.subpath}" is already used by ${other}.`,
        hint: 'Give each document its own "x-client": { "subpath": … }.',
      });
    subpaths.set(doc.subpath, doc.source);
  }
  if (problems.length > 0) throw new GeneratorError(problems, "validate");

  const model: PackageModel = {
    packageName: options.packageName,
    version: options.version ?? DEFAULT_VERSION,
    description: options.description ?? `Typed JSON-RPC clients for ${documents.map((d) => d.title).join(", ")}.`,
    documents,
  };
  const files = new Map<string, string>();
  // Files the emitters wrote in prettier's layout already (generator/print/format.ts).
  const formatted = new Set<string>(["src/index.ts"]);
  const warnings = documents.flatMap((d) => d.warnings);
  for (const [i, doc] of documents.entries()) {
    const emitted = await remember(keys[i]!, "emitted", () => emitDocument(doc));
    for (const [file, text] of emitted.files) files.set(file, text);
    for (const file of emitted.formatted) formatted.add(file);
    for (const u of emitted.unchecked)
      warnings.push({
        file: doc.source,
        pointer: "",
        message: `keyword not checked at run time: ${u}.`,
        hint: "The server still enforces it; the client does not check it before sending.",
        kind: "unchecked",
      });
  }
  for (const [name, text] of inputs.runtime) files.set(`src/runtime/${name}`, text);
  files.set("src/index.ts", rootIndex(documents));
  const packageFiles = emitPackageFiles(model, typescriptVersion());
  for (const [file, text] of packageFiles.files) files.set(file, text);
  for (const file of packageFiles.formatted) formatted.add(file);
  const verbatim = new Set([...inputs.runtime.keys()].map((name) => `src/runtime/${name}`));
  const out = await formatFiles(files, { verbatim, formatted });
  out.set(MARKER, markerText(out.keys()));
  return { files: out, warnings, documents };
}

/**
 * Results of the per-document stages (validate, normalize with its example checks, emit) by a
 * hash of the loaded document and the options they read: a warm process (`--watch`, the tests)
 * redoes only the documents whose files changed. The stages are pure functions of these inputs,
 * and their results are not changed after they are made.
 */
interface Stages {
  validated?: ReturnType<typeof validateSpec>;
  normalized?: Promise<{ doc: DocumentModel; exampleProblems: Problem[] }>;
  emitted?: Promise<EmittedDocument>;
}
const stages = new Map<string, Stages>();
const STAGES_KEPT = 32;

function specKey(spec: LoadedSpec, examples: GenerateOptions["examples"]): string {
  return createHash("sha256")
    .update(`${spec.entry}\0${examples ?? "error"}\0`)
    .update(JSON.stringify([...spec.files]))
    .digest("base64url");
}

function remember<K extends keyof Stages>(
  key: string,
  stage: K,
  make: () => NonNullable<Stages[K]>,
): NonNullable<Stages[K]> {
  let entry = stages.get(key);
  if (!entry) {
    entry = {};
    stages.set(key, entry);
    if (stages.size > STAGES_KEPT) stages.delete(stages.keys().next().value!);
  }
  entry[stage] ??= make();
  return entry[stage]!;
}

function rootIndex(documents: DocumentModel[]): string {
  return [
    `// @generated by openrpc-ts. DO NOT EDIT; change the spec and run \`npm run gen\`.`,
    ...jsDocLines(
      [
        "The shared runtime: error classes and types. The clients live in the subpaths:",
        ...documents.map((d) => `\`./${d.subpath}\` (${commentText(d.title)}),`),
        "@module",
      ].join("\n"),
    ),
    `export * from "./runtime/index.js";`,
    "",
  ].join("\n");
}

async function readRuntime(): Promise<Map<string, string>> {
  const dir = path.join(ROOT, "runtime");
  const names = (await readdir(dir)).filter((n) => n.endsWith(".ts")).sort();
  const texts = await Promise.all(names.map((name) => readFile(path.join(dir, name), "utf8")));
  return new Map(
    names.map((name, i) => [
      name,
      `// @generated by openrpc-ts: copied from runtime/${name}. DO NOT EDIT here.\n${texts[i]}`,
    ]),
  );
}

function typescriptVersion(): string {
  const require = createRequire(import.meta.url);
  return (require("typescript/package.json") as { version: string }).version;
}
