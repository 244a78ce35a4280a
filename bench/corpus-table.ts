/**
 * `npm run corpus:table`: generates every document of the shared corpus (./corpus.ts) and writes
 * docs/CORPUS.md, the table of what each gives (methods, warnings, status). `--check` writes
 * nothing and exits 1 when the table is not current.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { CORPUS_DIR, CORPUS_TABLE, corpusDocuments, corpusRow, corpusTable, generateCorpusDocument } from "./corpus.js";

const documents = corpusDocuments();
if (documents.length === 0) {
  console.error(`No OpenRPC documents in ${CORPUS_DIR}; set OPENRPC_CORPUS_DIR to the corpus folder.`);
  process.exit(1);
}
const rows = [];
for (const doc of documents) rows.push(corpusRow(doc, await generateCorpusDocument(doc).catch((e: unknown) => e)));
const table = corpusTable(rows);
const shown = path.relative(process.cwd(), CORPUS_TABLE);
if (process.argv.includes("--check")) {
  const current = await readFile(CORPUS_TABLE, "utf8").catch(() => "");
  if (current !== table) {
    console.error(`${shown} is not current; run npm run corpus:table.`);
    process.exit(1);
  }
  console.log(`${shown} is current (${rows.length} documents).`);
} else {
  await writeFile(CORPUS_TABLE, table);
  console.log(`Wrote ${shown} (${rows.length} documents).`);
}
