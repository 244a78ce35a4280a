/**
 * Golden cases: documents of our own under test/fixtures/openrpc/, each generated whole and
 * compared file by file with its expected output in test/fixtures/golden/<case>/ (a folder per
 * case, as prettier-clean as the generated package: the test also runs prettier on it).
 * The runtime copies (src/runtime/, the same for every document, guarded by test/golden.test.ts)
 * and the marker (hashes of the generator itself) are left out.
 *
 * Update after an intended change of the output, then review the diff:
 *   npx vitest run test/generator/print/golden-cases.test.ts -u
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatePackage } from "../../../generator/commands/pipeline.js";
import { ROOT } from "../../../generator/root.js";
import { MARKER } from "../../../generator/write/marker.js";
import { uncleanFiles } from "../../helpers/prettier-clean.js";

const GOLDEN = path.join(ROOT, "test", "fixtures", "golden");
const CASES = [
  {
    name: "unicode",
    about:
      "emoji, ZWJ sequences, CJK, combining marks, right-to-left text, very long words in every kind of name and text",
    specs: ["test/fixtures/openrpc/unicode.openrpc.json"],
  },
  {
    name: "param-names",
    about:
      "positional params called number, string, type (kept), class and default (renamed), options (the per-call argument is renamed instead) and callOptions",
    specs: ["test/fixtures/openrpc/param-names.openrpc.json"],
  },
];

const compared = (file: string): boolean => file !== MARKER && !file.startsWith("src/runtime/");

function listFiles(dir: string, prefix = ""): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

describe.each(CASES)("golden case $name: $about", ({ name, specs }) => {
  const result = generatePackage({ specs, packageName: `@golden/${name}`, cwd: ROOT, examples: "warn" });

  it("generates every file as expected", async () => {
    const { files } = await result;
    for (const [file, text] of [...files].filter(([file]) => compared(file)).sort(([a], [b]) => a.localeCompare(b)))
      await expect(text, file).toMatchFileSnapshot(path.join(GOLDEN, name, file));
  });

  it("has no expected file it no longer generates", async () => {
    const { files } = await result;
    const stale = listFiles(path.join(GOLDEN, name)).filter((file) => !files.has(file));
    expect(stale, `delete these from test/fixtures/golden/${name}/`).toEqual([]);
  });

  it("is what prettier --check accepts with the options the package ships", async () => {
    const { files } = await result;
    expect(await uncleanFiles(files)).toEqual([]);
  });
});
