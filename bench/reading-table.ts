/**
 * `npm run reading:table`: writes docs/READING.md, the reading policy's table of rules and
 * fallbacks (generator/policy/table.ts). `--check` writes nothing and exits 1 when it is not current.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { readingTable } from "../generator/policy/table.js";
import { ROOT } from "../generator/root.js";

const file = path.join(ROOT, "docs", "READING.md");
const table = readingTable();
if (process.argv.includes("--check")) {
  if ((await readFile(file, "utf8").catch(() => "")) !== table) {
    console.error("docs/READING.md is not current; run npm run reading:table.");
    process.exit(1);
  }
  console.log("docs/READING.md is current.");
} else {
  await writeFile(file, table);
  console.log("Wrote docs/READING.md.");
}
