/**
 * The testing plugin on a small document: the two modules it writes per document compared with their
 * golden files and already in prettier's form, the package's exports and optional msw peer, the module
 * type-checked (strict) with the rest of the package, and the kit run from a package generated into a
 * temp folder: a notification handler, a result variant's fallback, examples whose integers the model
 * cannot read exactly left out, and a hostile method name. The option is checked like tanstack-query's.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { SOURCE_CONDITION } from "../../../generator/defaults.js";
import { generate, packageModel } from "../../../generator/generate.js";
import { loadFixedInputs } from "../../../generator/load/fixed-inputs.js";
import type { DocumentModel } from "../../../generator/model/document.js";
import { normalizeDocument } from "../../../generator/normalize/document.js";
import { builtinPlugins, testingPlugin } from "../../../generator/plugins/index.js";
import { usePlugin } from "../../../generator/plugins/run.js";
import { PRETTIER_OPTIONS } from "../../../generator/print/options.js";
import { doc, loaded } from "../../helpers/spec.js";

const block = { type: "object", required: ["full"], properties: { full: { type: "boolean" }, n: { type: "integer" } } };
const model: DocumentModel = normalizeDocument(
  loaded(
    doc(
      [
        {
          name: "w_getBalance",
          params: [{ name: "address", required: true, schema: { type: "string", pattern: "^0x[0-9a-f]{4}$" } }],
          result: { name: "balance", schema: { type: "string", pattern: "^0x[0-9a-f]+$" } },
          examples: [
            { name: "one", params: [{ name: "address", value: "0xabcd" }], result: { name: "r", value: "0x10" } },
          ],
        },
        {
          name: "w_block",
          params: [{ name: "full", required: true, schema: { type: "boolean" } }],
          result: { name: "block", schema: block },
          "x-result-variants": [
            {
              name: "Full",
              when: { param: "full", equals: true },
              schema: { allOf: [{ $ref: "#/components/schemas/Block" }, { properties: { full: { const: true } } }] },
            },
          ],
        },
        {
          name: "w_big",
          params: [],
          result: { name: "big", schema: { type: "integer", minimum: 0 } },
          examples: [{ name: "huge", params: [], result: { name: "r", value: 2 ** 64 } }],
        },
        { name: "w_notify", params: [{ name: "text", required: true, schema: { type: "string" } }], result: undefined },
        {
          name: "w_subscribe",
          params: [{ name: "kind", required: true, schema: { type: "string", enum: ["heads"] } }],
          result: { name: "id", schema: { type: "string" } },
          "x-subscription": { notification: "w_subscription", unsubscribe: "w_unsubscribe", item: { type: "integer" } },
        },
        {
          name: "w_unsubscribe",
          params: [{ name: "id", required: true, schema: { type: "string" } }],
          result: { name: "ok", schema: { type: "boolean" } },
        },
        { name: "w.odd name", params: [], result: { name: "r", schema: { type: "null" } } },
        { name: "toString", params: [], result: { name: "r", schema: { type: "string", enum: ["spec"] } } },
      ],
      { Block: block },
    ),
    {},
    "spec/wallet.openrpc.json",
  ),
);

const temp = await mkdtemp(path.join(os.tmpdir(), "testing-plugin-"));
afterAll(() => rm(temp, { recursive: true, force: true }));

const pkg = packageModel([model], { packageName: "@test/wallet" });
const { files } = await generate(pkg, await loadFixedInputs());
const moduleText = files.get(`src/${model.subpath}/testing.ts`)!;
const dataText = files.get(`src/${model.subpath}/testing-data.ts`)!;

describe("the modules of a document", () => {
  it("are the golden files", async () => {
    await expect(moduleText).toMatchFileSnapshot("testing/wallet.testing.ts.snap");
    await expect(dataText).toMatchFileSnapshot("testing/wallet.testing-data.ts.snap");
  });

  it("are already what prettier prints (the format stage passes them through)", async () => {
    const prettier = await import("prettier");
    for (const text of [moduleText, dataText])
      expect(await prettier.format(text, { parser: "typescript", ...PRETTIER_OPTIONS })).toBe(text);
  });

  it("export ./<subpath>/testing, declare msw an optional peer (the build needs none), and never import msw at the top", () => {
    const manifest = JSON.parse(files.get("package.json")!) as Record<string, Record<string, unknown>>;
    expect(Object.keys(manifest.exports!)).toContain(`./${model.subpath}/testing`);
    expect(manifest.peerDependencies!.msw).toBe("^2.0.0");
    expect(manifest.peerDependenciesMeta!.msw).toEqual({ optional: true });
    expect(manifest.devDependencies).not.toHaveProperty("msw");
    for (const [file, text] of files)
      if (file.startsWith("src/")) expect(text, file).not.toMatch(/^import[^;]*from "msw/m);
  });

  it("leave out an example whose integers the model read inexactly", () => {
    expect(dataText).not.toContain("18446744073709552000");
    expect(dataText).not.toContain('w_big: { result: { kind: "ref", name: "WBigResult" }, examples');
    expect(dataText).toContain('"0x10"');
  });
});

describe("the package with its test kit", async () => {
  const out = path.join(temp, "pkg");
  for (const [file, content] of files) {
    await mkdir(path.dirname(path.join(out, file)), { recursive: true });
    await writeFile(path.join(out, file), content);
  }
  const entry = path.join(out, "src", model.subpath, "testing.ts");

  it("type-checks (strict, as the package builds it) without msw installed", () => {
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
      customConditions: [SOURCE_CONDITION],
    });
    const checked = ["testing.ts", "testing-data.ts"].map((f) => path.join(out, "src", model.subpath, f));
    const kit = [...files.keys()].filter((f) => f.startsWith("src/runtime/testing")).map((f) => path.join(out, f));
    const errors = [...checked, ...kit].flatMap((file) =>
      ts
        .getPreEmitDiagnostics(program, program.getSourceFile(file))
        .map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`),
    );
    expect(errors.join("\n")).toBe("");
  });

  it("runs: handlers, a notification, a variant's fallback, the odd method name, examples first", async () => {
    interface Kit {
      mockTransport(handlers?: object): object & { calls: readonly { method: string }[] };
    }
    const kit = (await import(pathToFileURL(entry).href)) as Kit;
    const client = (await import(pathToFileURL(path.join(out, "src", model.subpath, "index.ts")).href)) as Record<
      string,
      (options: object) => Record<string, (...args: unknown[]) => Promise<unknown>>
    >;
    const factory = client[model.factory]!;
    const notes: unknown[] = [];
    const transport = kit.mockTransport({ w_notify: (params: unknown) => void notes.push(params) });
    const c = factory({ transport });
    expect(await c.w_getBalance!("0xabcd")).toBe("0x10");
    expect(await c.w_getBalance!("0x1234")).toBe("0x10");
    expect(await c.w_block!(true)).toMatchObject({ full: true });
    expect(((await c.w_block!(false)) as { full: boolean }).full).toEqual(expect.any(Boolean));
    expect(typeof (await c.w_big!())).toBe("number");
    expect(await c.w_big!()).not.toBe(2 ** 64);
    expect(await c.w_notify!("hi")).toBeUndefined();
    expect(notes).toEqual([{ text: "hi" }]);
    expect(await c.request!("w.odd name", [])).toBeNull();
    // A method named like an Object.prototype member: answered from the spec (never Object.prototype.toString), then by its handler.
    expect(await c.request!("toString", [])).toBe("spec");
    (transport as unknown as { use(h: object): void }).use({ toString: () => "spec" });
    expect(await c.request!("toString", [])).toBe("spec");
    (transport as unknown as { use(h: object): void }).use({ toString: () => "other" });
    await expect(c.request!("toString", [])).rejects.toThrow(/result of toString from its mockTransport handler/);
    expect(transport.calls.map((call) => call.method)).toEqual([
      "w_getBalance",
      "w_getBalance",
      "w_block",
      "w_block",
      "w_big",
      "w_big",
      "w_notify",
      "w.odd name",
      "toString",
      "toString",
      "toString",
    ]);
  });
});

describe("the option", () => {
  it("writes under the file name it gives", async () => {
    const plugins = builtinPlugins().map((u) =>
      u.plugin.name === "testing" ? usePlugin(testingPlugin, { file: "fakes" }) : u,
    );
    const { files: renamed } = await generate(pkg, await loadFixedInputs(), {}, plugins);
    expect(renamed.has(`src/${model.subpath}/fakes.ts`)).toBe(true);
    expect(renamed.has(`src/${model.subpath}/fakes-data.ts`)).toBe(true);
    expect(renamed.has(`src/${model.subpath}/testing.ts`)).toBe(false);
  });

  it.each([["../escape"], ["client"], ["methods"], ["Testing"], [""]])(
    "refuses the file name %j with a sentence naming the option",
    (file) => {
      expect(() => usePlugin(testingPlugin, { file })).toThrow(/The option "file" of plugin "testing" must/);
    },
  );
});
