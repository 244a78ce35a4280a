/**
 * Golden test: generating every spec into a temp folder must reproduce generated/ byte for byte.
 * On a mismatch it prints a unified diff per file; `npm run gen` is the one-command update.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compareOutputs } from "../generator/write/diff.js";
import { generatePackage } from "../generator/commands/pipeline.js";
import { ROOT } from "../generator/root.js";
import { readOutput, writeOutput } from "../generator/write/write.js";
import { DEFAULT_PACKAGE } from "../generator/defaults.js";
import { releasedVersion, versionOption } from "../generator/release/version.js";

const specs = ["spec/advanced.openrpc.json", "spec/eth.openrpc.json", "spec/solana.openrpc.json"];
/** The released version, kept as `npm run gen` keeps it (generator/release/version.ts). */
const released = versionOption(await releasedVersion(path.join(ROOT, "generated")));
const temp = await mkdtemp(path.join(os.tmpdir(), "golden-"));
afterAll(() => rm(temp, { recursive: true, force: true }));

describe("generated/ is what the spec generates", () => {
  it("matches file by file", async () => {
    const result = await generatePackage({ specs, packageName: DEFAULT_PACKAGE, cwd: ROOT, ...released });
    const out = path.join(temp, "out");
    await writeOutput(out, result.files);
    const differences = compareOutputs(await readOutput(out), await readOutput(path.join(ROOT, "generated")));
    const report = differences.map((d) => `${d.kind} ${d.file}\n${d.patch}`).join("\n");
    expect(report, "generated/ is stale: run `npm run gen`").toBe("");
    expect(result.files.size).toBeGreaterThan(20);
  });

  it("is deterministic: two runs give identical files", async () => {
    const a = await generatePackage({ specs, packageName: DEFAULT_PACKAGE, cwd: ROOT });
    const b = await generatePackage({ specs, packageName: DEFAULT_PACKAGE, cwd: ROOT });
    expect(compareOutputs(a.files, b.files)).toEqual([]);
  });

  it("holds no absolute paths or timestamps, and every type is named from the spec", async () => {
    const { files, documents } = await generatePackage({ specs, packageName: DEFAULT_PACKAGE, cwd: ROOT });
    for (const [file, text] of files) {
      expect(text, file).not.toContain(ROOT);
      expect(text, file).not.toMatch(/\b20\d\d-\d\d-\d\dT\d\d:/);
    }
    for (const doc of documents) {
      const declared = [
        ...files.get(`src/${doc.subpath}/types.ts`)!.matchAll(/^export (?:type|interface) (\w+)/gm),
      ].map((m) => m[1]);
      // Component keys of the document and of the files it references, and names made from method names.
      const fromSpec = new Set(doc.schemas.map((s) => s.name));
      expect(declared.sort()).toEqual([...fromSpec].sort());
      for (const s of doc.schemas.filter((x) => x.role === "component"))
        expect(s.pointer).toMatch(new RegExp(`/${s.name}$`));
    }
  });
});
