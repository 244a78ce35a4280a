/**
 * The TypeScript program behind `--typecheck` (./typecheck.ts): the package's files in memory
 * under /package, TypeScript's lib files (from ts-morph's in-memory file system, read once), and a
 * builder program that the next check starts from. A check after an edit (`gen --watch
 * --typecheck`, or one file changed) parses only the changed files and checks only the files the
 * change can affect; the rest keep their diagnostics. One program is kept, the last one.
 */
import type { ts as TS } from "ts-morph";

type Ts = typeof TS;

/** Where the package sits in the in-memory file system. */
export const PACKAGE_ROOT = "/package";

interface Kept {
  /** The options the program was made with (as JSON): another set starts afresh. */
  options: string;
  builder: TS.SemanticDiagnosticsBuilderProgram;
  /** Parsed files by path and format: what the next program reuses when the text is the same. */
  sources: Map<string, TS.SourceFile>;
  /** Each file's declaration diagnostics, kept for a file the next change cannot affect. */
  declarations: Map<string, readonly TS.Diagnostic[]>;
}

let kept: Kept | undefined;
/** A parsed file's version for the builder: a new number for every new parse, kept while it is reused. */
let nextVersion = 0;
let libs: { folder: string; files: Map<string, string> } | undefined;

/** TypeScript's lib .d.ts files, as ts-morph serves them to its in-memory projects (read once per process). */
async function libFiles(): Promise<{ folder: string; files: Map<string, string> }> {
  if (libs) return libs;
  const { getLibFiles, libFolderInMemoryPath } = await import("@ts-morph/common");
  libs = { folder: libFolderInMemoryPath, files: new Map(getLibFiles().map((f) => [f.fileName, f.text])) };
  return libs;
}

const sourceKey = (name: string, format: TS.ScriptTarget | TS.CreateSourceFileOptions): string =>
  `${name}\0${typeof format === "object" ? `${format.languageVersion}:${format.impliedNodeFormat ?? ""}` : format}`;

/**
 * What TypeScript reports before emit: the options' problems apart, then the files' (syntax,
 * globals, semantics, declarations when the options ask for them), as `ts.getPreEmitDiagnostics`.
 * `texts`: absolute path in memory → text. `verbatim`: files whose semantic and declaration
 * diagnostics no input can change (./typecheck.ts: exact copies of the runtime); they are parsed and
 * their types used, but their bodies are not checked.
 */
export async function packageDiagnostics(
  ts: Ts,
  texts: ReadonlyMap<string, string>,
  rootNames: readonly string[],
  options: TS.CompilerOptions,
  verbatim: ReadonlySet<string> = new Set(),
): Promise<{ options: readonly TS.Diagnostic[]; files: readonly TS.Diagnostic[] }> {
  const lib = await libFiles();
  const all = new Map(texts);
  for (const [name, text] of lib.files) all.set(`${lib.folder}/${name}`, text);
  const directories = new Set<string>();
  for (const file of all.keys())
    for (let dir = file.slice(0, file.lastIndexOf("/")); dir.length > 0; dir = dir.slice(0, dir.lastIndexOf("/")))
      directories.add(dir);
  const optionsKey = JSON.stringify(options);
  const previous = kept?.options === optionsKey ? kept : undefined;
  const sources = new Map<string, TS.SourceFile>();
  const host: TS.CompilerHost = {
    getSourceFile(name, format) {
      const text = all.get(name);
      if (text === undefined) return undefined;
      const key = sourceKey(name, format);
      const before = previous?.sources.get(key);
      const source =
        before?.text === text
          ? before
          : Object.assign(ts.createSourceFile(name, text, format), { version: String(++nextVersion) });
      sources.set(key, source);
      return source;
    },
    getDefaultLibFileName: (o) => `${lib.folder}/${ts.getDefaultLibFileName(o)}`,
    getDefaultLibLocation: () => lib.folder,
    writeFile: () => undefined,
    getCurrentDirectory: () => PACKAGE_ROOT,
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n",
    fileExists: (name) => all.has(name),
    readFile: (name) => all.get(name),
    directoryExists: (dir) => dir === "/" || directories.has(dir),
    getDirectories: (dir) =>
      [...directories].filter((d) => d.startsWith(`${dir}/`) && !d.slice(dir.length + 1).includes("/")),
    realpath: (name) => name,
  };
  const builder = ts.createSemanticDiagnosticsBuilderProgram([...rootNames], options, host, previous?.builder);
  const program = builder.getProgram();
  // The files the change can affect (all of them the first time): their semantic diagnostics are
  // computed again here, and their declaration diagnostics below; the others keep theirs.
  const affected = new Set<string>();
  let everything = previous === undefined;
  const skipped = (source: TS.SourceFile): boolean => verbatim.has(source.fileName);
  for (let next = builder.getSemanticDiagnosticsOfNextAffectedFile(undefined, skipped); next;) {
    if ("fileName" in next.affected) affected.add(next.affected.fileName);
    else everything = true;
    next = builder.getSemanticDiagnosticsOfNextAffectedFile(undefined, skipped);
  }
  const declarations = new Map<string, readonly TS.Diagnostic[]>();
  if (options.declaration || options.composite)
    for (const source of program.getSourceFiles()) {
      if (source.isDeclarationFile || skipped(source)) continue;
      const before =
        everything || affected.has(source.fileName) ? undefined : previous?.declarations.get(source.fileName);
      declarations.set(source.fileName, before ?? program.getDeclarationDiagnostics(source));
    }
  kept = { options: optionsKey, builder, sources, declarations };
  return {
    options: program.getOptionsDiagnostics(),
    files: ts.sortAndDeduplicateDiagnostics([
      ...program.getSyntacticDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...program
        .getSourceFiles()
        .filter((source) => !skipped(source))
        .flatMap((source) => builder.getSemanticDiagnostics(source)),
      ...[...declarations.values()].flat(),
    ]),
  };
}
