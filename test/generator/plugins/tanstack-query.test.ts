/**
 * The tanstack-query plugin on small documents: which factory each method gets (the documented
 * read/write rule), the whole module of a document with reads, a paginated read, a write and a
 * subscription compared with its golden file, the files it writes type-checked with the client,
 * its option checked, and two factories with one name refused.
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
import { builtinPlugins, tanstackQueryPlugin } from "../../../generator/plugins/index.js";
import { usePlugin } from "../../../generator/plugins/run.js";
import { factoryKind } from "../../../generator/plugins/tanstack-query/kinds.js";
import { PRETTIER_OPTIONS } from "../../../generator/print/options.js";
import { GeneratorError } from "../../../generator/problems.js";
import { doc, loaded } from "../../helpers/spec.js";

const page = {
  type: "object",
  properties: { items: { type: "array", items: { type: "string" } }, nextPageToken: { type: "string" } },
};
const model: DocumentModel = normalizeDocument(
  loaded(
    doc([
      {
        name: "w_getBalance",
        "x-idempotent": true,
        params: [{ name: "address", required: true, schema: { type: "string" } }],
      },
      {
        name: "w_listItems",
        "x-idempotent": true,
        paramStructure: "by-name",
        params: [
          { name: "owner", schema: { type: "string" } },
          { name: "pageToken", schema: { type: "string" } },
        ],
        result: { name: "page", schema: page },
      },
      { name: "w_sendRawTransaction", params: [{ name: "data", required: true, schema: { type: "string" } }] },
      { name: "w_setFlag", "x-idempotent": false, params: [] },
      {
        name: "w_subscribe",
        params: [{ name: "kind", required: true, schema: { type: "string", enum: ["heads"] } }],
        result: { name: "id", schema: { type: "string" } },
        "x-subscription": { notification: "w_subscription", unsubscribe: "w_unsubscribe", item: { type: "string" } },
      },
      {
        name: "w_unsubscribe",
        "x-idempotent": true,
        params: [{ name: "id", required: true, schema: { type: "string" } }],
        result: { name: "ok", schema: { type: "boolean" } },
      },
    ]),
    {},
    "spec/wallet.openrpc.json",
  ),
);

describe("which factory a method gets", () => {
  it.each([
    ["w_getBalance", "query"],
    ["w_listItems", "query"],
    ["w_sendRawTransaction", "mutation"],
    ["w_setFlag", "mutation"],
    ["w_subscribe", "none"],
    ["w_unsubscribe", "none"],
  ])("%s: %s", (rpcName, kind) => {
    expect(
      factoryKind(
        model.methods.find((m) => m.rpcName === rpcName)!,
        model,
      ),
    ).toBe(kind);
  });
});

const temp = await mkdtemp(path.join(os.tmpdir(), "tanstack-plugin-"));
afterAll(() => rm(temp, { recursive: true, force: true }));

describe("the module of a document", async () => {
  const pkg = packageModel([model], { packageName: "@test/wallet" });
  const { files } = await generate(pkg, await loadFixedInputs());
  const text = files.get(`src/${model.subpath}/query.ts`)!;

  it("is the golden file", async () => {
    await expect(text).toMatchFileSnapshot("tanstack-query/wallet.query.ts.snap");
  });

  it("is already what prettier prints (the format stage passes it through)", async () => {
    const prettier = await import("prettier");
    expect(await prettier.format(text, { parser: "typescript", ...PRETTIER_OPTIONS })).toBe(text);
  });

  it("declares the factories the rule gives", () => {
    expect([...text.matchAll(/^export function (\w+)/gm)].map((m) => m[1])).toEqual([
      "w_getBalanceQueryOptions",
      "w_listItemsQueryOptions",
      "w_listItemsInfiniteQueryOptions",
      "w_sendRawTransactionMutationOptions",
      "w_setFlagMutationOptions",
    ]);
  });

  it("never imports @tanstack/query-core, and the package declares it an optional peer", () => {
    expect(text.split("\n").filter((l) => /^import|^} from/.test(l) && l.includes("@tanstack"))).toEqual([]);
    expect(files.get("src/runtime/query-options.ts")).not.toMatch(/from "@tanstack/);
    expect(text).toMatch(
      /^import \{ infiniteQueryOptions, mutationOptions, queryOptions \} from "\.\.\/runtime\/query-options\.js";$/m,
    );
    const manifest = JSON.parse(files.get("package.json")!) as Record<string, Record<string, unknown>>;
    expect(manifest.peerDependencies!["@tanstack/query-core"]).toBe("^5.0.0");
    expect(manifest.peerDependenciesMeta!["@tanstack/query-core"]).toEqual({ optional: true });
    expect(manifest.devDependencies).not.toHaveProperty("@tanstack/query-core");
    expect(Object.keys(manifest.exports!)).toContain(`./${model.subpath}/query`);
  });

  it("type-checks with the client it calls, with no @tanstack/query-core installed (strict, as the package builds it)", async () => {
    const out = path.join(temp, "pkg");
    for (const [file, content] of files) {
      await mkdir(path.dirname(path.join(out, file)), { recursive: true });
      await writeFile(path.join(out, file), content);
    }
    const program = ts.createProgram([path.join(out, "src", model.subpath, "query.ts")], {
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
    const queryFile = program.getSourceFile(path.join(out, "src", model.subpath, "query.ts"));
    const errors = ts
      .getPreEmitDiagnostics(program, queryFile)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(errors.join("\n")).toBe("");
  });
});

describe("options and names", () => {
  it("long names still print as prettier prints them (the format stage passes the file through)", async () => {
    const long = `x_${"veryLong".repeat(14)}`;
    const wide = normalizeDocument(
      loaded(
        doc(
          [
            { name: long, "x-idempotent": true, params: [{ name: "a", required: true, schema: { type: "string" } }] },
            { name: `${long}Write`, params: [] },
          ],
          {},
          { info: { title: `A ${"Wide ".repeat(20)}API`, version: "1.0.0" } },
        ),
      ),
    );
    const { files } = await generate(packageModel([wide], { packageName: "@test/wide" }), await loadFixedInputs());
    const text = files.get(`src/${wide.subpath}/query.ts`)!;
    expect(text).toContain(`export function ${long}QueryOptions(`);
    const prettier = await import("prettier");
    expect(await prettier.format(text, { parser: "typescript", ...PRETTIER_OPTIONS })).toBe(text);
  });

  it("writes under the file name the option gives", async () => {
    const pkg = packageModel([model], { packageName: "@test/wallet" });
    const plugins = builtinPlugins().map((u) =>
      u.plugin.name === "tanstack-query" ? usePlugin(tanstackQueryPlugin, { file: "tanstack" }) : u,
    );
    const { files } = await generate(pkg, await loadFixedInputs(), {}, plugins);
    expect(files.has(`src/${model.subpath}/tanstack.ts`)).toBe(true);
    expect(files.has(`src/${model.subpath}/query.ts`)).toBe(false);
  });

  it.each([["../escape"], ["client"], ["Query"], [""]])(
    "refuses the file name %j with a sentence naming the option",
    (file) => {
      expect(() => usePlugin(tanstackQueryPlugin, { file })).toThrow(
        /The option "file" of plugin "tanstack-query" must/,
      );
    },
  );

  it("refuses two factories with one name, naming both methods", async () => {
    const clash = normalizeDocument(
      loaded(
        doc([
          {
            name: "listItems",
            "x-idempotent": true,
            paramStructure: "by-name",
            params: [{ name: "pageToken", schema: { type: "string" } }],
            result: { name: "page", schema: page },
          },
          { name: "listItemsInfinite", "x-idempotent": true, params: [] },
        ]),
      ),
    );
    const run = generate(packageModel([clash], { packageName: "p" }), await loadFixedInputs());
    await expect(run).rejects.toThrow(GeneratorError);
    await expect(run).rejects.toThrow(
      "The TanStack Query factory listItemsInfiniteQueryOptions of listItemsInfinite has the name of one made for listItems.",
    );
  });
});
