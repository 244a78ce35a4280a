/**
 * The schemas plugin on a small document: the whole module compared with its golden file (positional
 * and by-name methods, a subscription, method names that are no identifiers or that Object.prototype
 * has), the files it writes type-checked with the client (strict, as the package builds it), the
 * subpath exported, and its option checked.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { generate, packageModel } from "../../../generator/generate.js";
import { loadFixedInputs } from "../../../generator/load/fixed-inputs.js";
import type { DocumentModel } from "../../../generator/model/document.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { builtinPlugins, schemasPlugin } from "../../../generator/plugins/index.js";
import { usePlugin } from "../../../generator/plugins/run.js";
import { doc, loaded } from "../../helpers/spec.js";

const model: DocumentModel = normalizeDocument(
  loaded(
    doc([
      {
        name: "w_getBalance",
        summary: "Balance of an address */ (a comment end in a summary).",
        params: [
          { name: "address", required: true, schema: { type: "string", pattern: "^0x[0-9a-f]{40}$" } },
          { name: "block", schema: { type: "integer", minimum: 0 } },
        ],
        result: { name: "balance", schema: { type: "string" } },
      },
      {
        name: "w.listItems",
        paramStructure: "by-name",
        params: [{ name: "owner", required: true, schema: { type: "string" } }],
        result: { name: "items", schema: { type: "array", items: { type: "string" } } },
      },
      { name: "constructor", params: [], result: { name: "ok", schema: { type: "boolean" } } },
      {
        name: "w_subscribe",
        params: [{ name: "kind", required: true, schema: { type: "string", enum: ["heads"] } }],
        result: { name: "id", schema: { type: "string" } },
        "x-subscription": { notification: "w_subscription", unsubscribe: "w_unsubscribe", item: { type: "string" } },
      },
      {
        name: "w_unsubscribe",
        params: [{ name: "id", required: true, schema: { type: "string" } }],
        result: { name: "ok", schema: { type: "boolean" } },
      },
    ]),
    {},
    "spec/wallet.openrpc.json",
  ),
);

const temp = await mkdtemp(path.join(os.tmpdir(), "schemas-plugin-"));
afterAll(() => rm(temp, { recursive: true, force: true }));

describe("the module of a document", async () => {
  const pkg = packageModel([model], { packageName: "@test/wallet" });
  const { files } = await generate(pkg, await loadFixedInputs());
  const text = files.get(`src/${model.subpath}/schemas.ts`)!;

  it("is the golden file", async () => {
    await expect(text).toMatchFileSnapshot("schemas/wallet.schemas.ts.snap");
  });

  it("has a member per method, subscribe methods included, quoted where a name is no identifier", () => {
    expect([...text.matchAll(/^ {2}readonly ("[^"]+"|\w+): MethodSchemas/gm)].map((m) => m[1])).toEqual([
      "w_getBalance",
      '"w.listItems"',
      "constructor",
      "w_subscribe",
      "w_unsubscribe",
    ]);
    expect(text).not.toContain("*/ (a comment end");
  });

  it("is exported as ./<subpath>/schemas, with no dependency", () => {
    const manifest = JSON.parse(files.get("package.json")!) as Record<string, Record<string, unknown>>;
    expect(Object.keys(manifest.exports!)).toContain(`./${model.subpath}/schemas`);
    expect(manifest.dependencies).toBeUndefined();
    expect(JSON.stringify(manifest.peerDependencies ?? {})).not.toContain("standard-schema");
  });

  it("type-checks with the client and the validators it reads (strict, as the package builds it)", async () => {
    const out = path.join(temp, "pkg");
    for (const [file, content] of files) {
      await mkdir(path.dirname(path.join(out, file)), { recursive: true });
      await writeFile(path.join(out, file), content);
    }
    const entry = path.join(out, "src", model.subpath, "schemas.ts");
    const program = ts.createProgram([entry], {
      strict: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: true,
      noEmit: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
      typeRoots: [],
    });
    const errors = ts
      .getPreEmitDiagnostics(program, program.getSourceFile(entry))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(errors.join("\n")).toBe("");
  });
});

describe("options", () => {
  it("writes under the file name the option gives", async () => {
    const plugins = builtinPlugins().map((u) =>
      u.plugin.name === "schemas" ? usePlugin(schemasPlugin, { file: "standard" }) : u,
    );
    const { files } = await generate(
      packageModel([model], { packageName: "@test/wallet" }),
      await loadFixedInputs(),
      {},
      plugins,
    );
    expect(files.has(`src/${model.subpath}/standard.ts`)).toBe(true);
    expect(files.has(`src/${model.subpath}/schemas.ts`)).toBe(false);
  });

  it.each([["../escape"], ["client"], ["query"], ["Schemas"], [""]])(
    "refuses the file name %j with a sentence naming the option",
    (file) => {
      expect(() => usePlugin(schemasPlugin, { file })).toThrow(/The option "file" of plugin "schemas" must/);
    },
  );
});
