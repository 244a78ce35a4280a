/**
 * The emitters print with prettier's layout engine (generator/print/format.ts): for every document of
 * our specs, the third-party corpus, @open-rpc/examples and the feature fixtures, every .ts, .json
 * and .md file of a run is what `prettier --check` accepts with the options the package ships,
 * and prettier's formatter is asked only for README.md files holding arbitrary Markdown.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { ROOT } from "../../../generator/root.js";
import { uncleanFiles } from "../../helpers/prettier-clean.js";

/** What prettier's formatter was asked to format in this process, by parser (the module is wrapped, not replaced). */
const formattedByPrettier: { text: string; parser: string }[] = [];
vi.mock("prettier", async (importOriginal) => {
  const original = await importOriginal<typeof import("prettier")>();
  return {
    ...original,
    format: (text: string, options: Record<string, unknown>) => {
      // Calls with a `filepath` are the checks of this test (test/helpers/prettier-clean.ts), not the generator's.
      if (!("filepath" in options)) formattedByPrettier.push({ text, parser: String(options.parser) });
      return original.format(text, options);
    },
  };
});

// Test files share a worker's modules (vitest.config.ts, isolate off): another file may have loaded
// the generator, and prettier through it, before this one. The generator is loaded again here, after
// the mock above is in place, so that its prettier is the wrapped one (the positive check below shows it).
vi.resetModules();
const { formatFiles } = await import("../../../generator/print/format.js");
const { generatePackage } = await import("../../../generator/commands/pipeline.js");

interface Case {
  name: string;
  specs: string[];
  examples?: "warn";
  refRoot?: string;
}

const manifest = JSON.parse(readFileSync(path.join(ROOT, "test/fixtures/third-party/manifest.json"), "utf8")) as {
  documents: { name: string; file: string; examples?: "warn"; refRoot?: string }[];
};
const examplesDir = "node_modules/@open-rpc/examples/build/service-descriptions";
const fixturesDir = "test/fixtures/openrpc";
const ours = readdirSync(path.join(ROOT, "spec"))
  .filter((f) => f.endsWith(".openrpc.json"))
  .map((f) => `spec/${f}`);
const cases: Case[] = [
  { name: "spec/ (all three, as npm run gen)", specs: ours },
  ...manifest.documents.map((d) => ({
    name: `third-party ${d.name}`,
    specs: [d.file],
    ...(d.examples ? { examples: d.examples } : {}),
    ...(d.refRoot !== undefined ? { refRoot: d.refRoot } : {}),
  })),
  ...readdirSync(path.join(ROOT, examplesDir))
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({ name: `@open-rpc/examples ${f}`, specs: [`${examplesDir}/${f}`] })),
  ...readdirSync(path.join(ROOT, fixturesDir))
    .filter((f) => f.endsWith(".openrpc.json"))
    .map((f) => ({ name: `fixture ${f}`, specs: [`${fixturesDir}/${f}`] })),
];

describe("emitted files are already in prettier's form", () => {
  it.each(cases)(
    "$name",
    async ({ specs, examples, refRoot }) => {
      const options = {
        specs,
        packageName: "fixed-point",
        cwd: ROOT,
        examples: examples ?? ("error" as const),
        ...(refRoot !== undefined ? { refRoot } : {}),
      };
      vi.stubEnv("OPENRPC_TS_CACHE", "off");
      formattedByPrettier.length = 0;
      const { files } = await generatePackage(options);
      vi.unstubAllEnvs();
      // Only a README.md holding arbitrary Markdown goes to prettier's formatter; every other file is printed as it is.
      expect(formattedByPrettier.map((f) => f.parser).filter((parser) => parser !== "markdown")).toEqual([]);
      expect(await uncleanFiles(files)).toEqual([]);
    },
    60_000,
  );
});

describe("prettier's formatter is loaded only for files no emitter marks formatted", () => {
  it("formatFiles does not call prettier for formatted and verbatim files", async () => {
    formattedByPrettier.length = 0;
    const files = new Map([
      ["src/a.ts", "const a   =  1\n"],
      ["README.md", "#  x\n"],
      ["src/runtime/b.ts", "let  b\n"],
    ]);
    const out = await formatFiles(files, {
      formatted: new Set(["src/a.ts", "README.md"]),
      verbatim: new Set(["src/runtime/b.ts"]),
    });
    expect(out).toEqual(files);
    expect(formattedByPrettier).toEqual([]);
    const rest = await formatFiles(files, { verbatim: new Set(["src/runtime/b.ts"]) });
    // The wrapper sees prettier's calls, so the empty lists above and below mean what they say.
    expect(formattedByPrettier.map((f) => f.parser).sort()).toEqual(["babel-ts", "markdown"]);
    expect(rest.get("src/a.ts")).toBe("const a = 1;\n");
    expect(rest.get("README.md")).toBe("# x\n");
    expect(rest.get("src/runtime/b.ts")).toBe("let  b\n");
  });

  it("a default run of npm run gen's specs sends prettier's formatter nothing", async () => {
    vi.stubEnv("OPENRPC_TS_CACHE", "off");
    formattedByPrettier.length = 0;
    await generatePackage({ specs: ours, packageName: "no-prettier", cwd: ROOT });
    vi.unstubAllEnvs();
    expect(formattedByPrettier).toEqual([]);
  });
});
