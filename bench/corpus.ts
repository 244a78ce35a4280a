/**
 * The shared corpora of published OpenRPC documents (`../shared/openrpc-corpus` and
 * `../shared/openrpc-corpus-2`, beside the project; OPENRPC_CORPUS_DIR, a list separated by
 * `path.delimiter`, overrides them): which documents they hold, how each is generated (as a user of a
 * document they do not own would: `--lenient`), and the table of docs/CORPUS.md. Read by `npm run corpus:table` (./corpus-table.ts, which writes the
 * table) and by test/generator/corpus-shared.test.ts (which calls every method and checks that the
 * table is current). Never copied into the project: the documents are read where they are.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { generatePackage, type PackageResult } from "../generator/commands/pipeline.js";
import { GeneratorError } from "../generator/problems.js";
import { ROOT } from "../generator/root.js";

export const CORPUS_DIRS = (
  process.env.OPENRPC_CORPUS_DIR?.split(path.delimiter) ?? ["../shared/openrpc-corpus", "../shared/openrpc-corpus-2"]
).map((dir) => path.resolve(ROOT, dir));
/** The folders, as a message names them. */
export const CORPUS_DIR = CORPUS_DIRS.join(", ");
export const CORPUS_TABLE = path.join(ROOT, "docs", "CORPUS.md");

export interface CorpusDocument {
  /** The corpus folder's name and the path inside it: `openrpc-corpus/starknet/api/starknet_ws_api.json`. */
  name: string;
  /** Absolute path of the document. */
  file: string;
  /**
   * Where its relative `$ref`s resolve from (`--ref-root`), for a document in a sub-folder: that
   * sub-folder is a repository's root, from which its documents name each other (starknet).
   */
  refRoot?: string;
}

/**
 * Every OpenRPC document (JSON or YAML, with an `openrpc` member) of the corpus folders, sorted by
 * name; none for a folder that is absent. A file without one (a schema file a document refers to) is
 * not a document.
 */
export function corpusDocuments(dirs: readonly string[] = CORPUS_DIRS): CorpusDocument[] {
  const found: CorpusDocument[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    const walk = (folder: string, top: string | undefined): void => {
      for (const entry of readdirSync(folder).sort()) {
        const full = path.join(folder, entry);
        if (statSync(full).isDirectory()) walk(full, top ?? full);
        else if (/\.(json|ya?ml)$/i.test(entry) && /["']?openrpc["']?\s*:/.test(readFileSync(full, "utf8")))
          found.push({
            name: `${path.basename(dir)}/${path.relative(dir, full).split(path.sep).join("/")}`,
            file: full,
            ...(top ? { refRoot: top } : {}),
          });
      }
    };
    walk(dir, undefined);
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** A document's package name: `corpus-starknet-api-starknet-ws-api`. */
export function corpusPackageName(doc: CorpusDocument): string {
  return `corpus-${doc.name
    .replace(/\.(json|ya?ml)$/i, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;
}

/** Generates one document as a user of a document they do not own would: `--lenient` (docs/READING.md). */
export function generateCorpusDocument(doc: CorpusDocument): Promise<PackageResult> {
  return generatePackage({
    specs: [path.relative(ROOT, doc.file)],
    packageName: corpusPackageName(doc),
    cwd: ROOT,
    lenient: true,
    ...(doc.refRoot ? { refRoot: path.relative(ROOT, doc.refRoot) } : {}),
  });
}

export interface CorpusRow {
  name: string;
  methods: number | undefined;
  warnings: number;
  /** The rules of the warnings, most frequent first: `240 × method-name`. */
  kinds: string[];
  status: string;
}

/** The row of one document from its generation's outcome. */
export function corpusRow(doc: CorpusDocument, outcome: PackageResult | unknown): CorpusRow {
  if (outcome instanceof GeneratorError) {
    const first = outcome.problems[0];
    return {
      name: doc.name,
      methods: undefined,
      warnings: 0,
      kinds: [],
      status: `fails: ${outcome.problems.length} problem(s), first ${first?.pointer ?? ""}: ${kindOf(first?.message ?? "")}`,
    };
  }
  if (!isResult(outcome)) return { name: doc.name, methods: undefined, warnings: 0, kinds: [], status: "crashes" };
  const counts = new Map<string, number>();
  for (const w of outcome.warnings)
    counts.set(w.rule ?? kindOf(w.message), (counts.get(w.rule ?? kindOf(w.message)) ?? 0) + 1);
  const kinds = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([kind, n]) => `${n} × ${kind}`);
  return {
    name: doc.name,
    methods: outcome.documents[0]?.methods.length,
    warnings: outcome.warnings.length,
    kinds,
    status: "generates",
  };
}

function isResult(value: unknown): value is PackageResult {
  return value !== null && typeof value === "object" && "files" in value && "warnings" in value;
}

/** A warning with its particulars (quoted names, numbers, paths) left out, so that warnings of one kind count together. */
function kindOf(message: string): string {
  const kind = message
    .replace(/"(?:[^"\\]|\\.)*"/g, "…")
    .replace(/: .*$/, "")
    .replace(/\bschema [A-Za-z_$][\w.$]*/g, "schema …")
    .replace(/\bof (?!schema\b)[A-Za-z_$][\w.$]*/g, "of …")
    .replace(/\S*\/\S*/g, "…")
    .replace(/\d+/g, "N")
    .replace(/[.\s]+$/, "")
    .trim();
  return kind.length > 90 ? `${kind.slice(0, 89)}…` : kind;
}

/** docs/CORPUS.md: one row per document, as `npm run corpus:table` writes it. */
export function corpusTable(rows: readonly CorpusRow[]): string {
  const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\s+/g, " ");
  const lines = [
    "# Published OpenRPC documents tried",
    "",
    "Every document of the shared corpora (`../shared/openrpc-corpus` and `../shared/openrpc-corpus-2`, see",
    "their READMEs for sources and licences), generated as for a document you do not own: `--lenient`",
    "(docs/READING.md: each problem with a fallback is a warning of its rule), and `--ref-root` for the",
    "documents of a repository that name each other from its root. Each is also type-checked, called",
    "method by method through the project's mock and checked with ajv by `test/generator/corpus-shared.test.ts`.",
    "",
    "Written by `npm run corpus:table`; that test fails when this file is not current. Do not edit it by hand.",
    "",
    "| document | methods | warnings | status | warnings by rule (up to 3) |",
    "| --- | ---: | ---: | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${cell(r.name)} | ${r.methods ?? "–"} | ${r.warnings} | ${cell(r.status)} | ${cell(r.kinds.slice(0, 3).join("; ") || "–")} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
