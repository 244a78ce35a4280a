/**
 * Emits the package files, in prettier's form so that no formatter runs after them:
 * package.json (which declares the prettier options of the package) and the tsconfigs are built as
 * objects and serialized by generator/print/json.ts (nothing from a spec is ever spliced into JSON
 * text); README.md is rendered from
 * templates/README.md.hbs with a view whose every spec-derived string is already escaped for
 * Markdown (generator/print/escape.ts) and laid out (aligned tables, code printed by generator/print/ts-code.ts);
 * the template only uses escaped output. README.md is marked formatted only when every spec
 * text in it is one prettier leaves unchanged (generator/print/markdown.ts); otherwise prettier formats it.
 */
import Handlebars from "handlebars";
import {
  markdownCode,
  markdownCodeSpan,
  markdownInline,
  markdownText,
  propertyAccess,
  stringLiteral,
} from "../../print/escape.js";
import type { DocumentModel, PackageModel } from "../../model/document.js";
import { printDoc } from "../../print/doc.js";
import { PRETTIER_OPTIONS } from "../../print/options.js";
import { callExpr, constStatement, objectExpr, raw, stringExpr, type Expr } from "../../print/js-code.js";
import { jsonText } from "../../print/json.js";
import { isPlainInline, markdownTable } from "../../print/markdown.js";
import { importDeclaration } from "../../print/ts-code.js";
import { firstSentence } from "../types/schema-walk.js";
import { exampleCall } from "../client/example-call.js";

export interface Templates {
  [name: string]: string;
}

export interface PackageFiles {
  files: Map<string, string>;
  /** The files written in prettier's layout already (generator/print/format.ts skips them). */
  formatted: Set<string>;
}

export function emitPackageFiles(model: PackageModel, templates: Templates, typescriptVersion: string): PackageFiles {
  const readmeFile = readme(model, templates["README.md.hbs"] ?? "");
  const files = new Map([
    ["package.json", jsonText(packageJson(model, typescriptVersion), "package.json")],
    ["tsconfig.json", jsonText(TSCONFIG)],
    ["tsconfig.cjs.json", jsonText(TSCONFIG_CJS)],
    ["README.md", readmeFile.text],
  ]);
  // README.md is in prettier's form when every spec text in it is plain (generator/print/markdown.ts); else prettier formats it.
  return { files, formatted: new Set([...files.keys()].filter((file) => file !== "README.md" || readmeFile.plain)) };
}

export function packageJson(model: PackageModel, typescriptVersion: string): Record<string, unknown> {
  const exports: Record<string, unknown> = { ".": entry("index") };
  for (const d of model.documents) exports[`./${d.subpath}`] = entry(`${d.subpath}/index`);
  exports["./package.json"] = "./package.json";
  return {
    name: model.packageName,
    version: model.version,
    description: model.description,
    license: "MIT",
    type: "module",
    sideEffects: false,
    engines: { node: ">=18" },
    files: ["dist", "src", "README.md"],
    main: "./dist/cjs/index.js",
    module: "./dist/esm/index.js",
    types: "./dist/cjs/index.d.ts",
    typesVersions: typesVersions(model),
    exports,
    scripts: {
      clean: `node -e "require('node:fs').rmSync('dist', { recursive: true, force: true })"`,
      build: `npm run clean && tsc -p tsconfig.json && tsc -p tsconfig.cjs.json && node -e "require('node:fs').writeFileSync('dist/cjs/package.json', JSON.stringify({ type: 'commonjs' }))"`,
      prepack: "npm run build",
    },
    peerDependencies: { ws: "^8.0.0" },
    peerDependenciesMeta: { ws: { optional: true } },
    devDependencies: { typescript: typescriptVersion },
    // The options every generated file is printed with: `prettier --check .` in the package accepts it as it is.
    prettier: { ...PRETTIER_OPTIONS },
  };
}

/**
 * One entry of the exports map: each format brings its own declarations. dist/cjs/ holds a
 * package.json with `"type": "commonjs"`, so its `.d.ts` files describe CommonJS modules and a
 * `module: node16` CommonJS project resolves `require` to types of the right format.
 */
function entry(path: string): Record<string, Record<string, string>> {
  return {
    import: { types: `./dist/esm/${path}.d.ts`, default: `./dist/esm/${path}.js` },
    require: { types: `./dist/cjs/${path}.d.ts`, default: `./dist/cjs/${path}.js` },
  };
}

/** Subpath types for TypeScript's old `moduleResolution: node10`, which ignores the exports map. */
function typesVersions(model: PackageModel): Record<string, Record<string, string[]>> {
  const paths: Record<string, string[]> = {};
  for (const d of model.documents) paths[d.subpath] = [`./dist/cjs/${d.subpath}/index.d.ts`];
  return { "*": paths };
}

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2022", "DOM"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    exactOptionalPropertyTypes: false,
    noUncheckedIndexedAccess: true,
    declaration: true,
    declarationMap: true,
    sourceMap: true,
    skipLibCheck: true,
    types: [],
    rootDir: "src",
    outDir: "dist/esm",
  },
  include: ["src"],
};

const TSCONFIG_CJS = {
  extends: "./tsconfig.json",
  compilerOptions: { module: "CommonJS", moduleResolution: "Node10", outDir: "dist/cjs" },
};

/**
 * README.md: every value in the view is escaped for where the template puts it, and laid out as
 * prettier lays it out (aligned tables, code printed by generator/print/ts-code.ts). `plain` says whether every
 * spec text in it is one prettier leaves unchanged.
 */
function readme(model: PackageModel, template: string): { text: string; plain: boolean } {
  const safe = (text: string): Handlebars.SafeString => new Handlebars.SafeString(text);
  let plain = true;
  const seen = (text: string): string => ((plain &&= isPlainInline(text)), text);
  const view = {
    packageName: safe(seen(markdownText(model.packageName))),
    titles: safe(listing(model.documents.map((d) => seen(markdownText(d.title))))),
    sources: safe(model.documents.map((d) => seen(markdownCodeSpan(d.source))).join(", ")),
    imports: safe(
      markdownCode(
        model.documents
          .map((d) => printDoc(importDeclaration([d.factory], stringLiteral(`${model.packageName}/${d.subpath}`))))
          .join("\n"),
        "ts",
      ),
    ),
    documents: model.documents.map((d) => ({
      heading: safe(`${seen(markdownCodeSpan(`${model.packageName}/${d.subpath}`))} — ${seen(markdownText(d.title))}`),
      // The description's first sentence and a blank line, or nothing (an empty paragraph would be two blank lines).
      intro: safe(introLine(seen(markdownInline(firstSentence(d.description))))),
      example: safe(markdownCode(readmeExample(d, model.packageName), "ts")),
      methods: safe(
        markdownTable(
          ["method", "JSON-RPC", "summary"],
          d.methods.map((m) =>
            [markdownCodeSpan(m.clientName), markdownCodeSpan(m.rpcName), markdownInline(m.summary)].map(seen),
          ),
        ),
      ),
    })),
  };
  // An empty title would leave a heading ending in a space, which prettier trims.
  if (model.documents.some((d) => markdownText(d.title) === "")) plain = false;
  return { text: Handlebars.compile(template, { strict: true })(view), plain };
}

function introLine(text: string): string {
  return text ? `${text}\n\n` : "";
}

/** `a`, `a and b`, `a, b and c`. */
function listing(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The example of one subpath: import, client, and a call (from the first method with an example), as prettier prints it. */
function readmeExample(d: DocumentModel, packageName: string): string {
  const variable = d.names.clientVar;
  const keyed = d.servers.find((s) => s.kind === "keyed");
  const proxy = d.servers.find((s) => s.kind === "proxy");
  const urlOf = (s: typeof keyed): Expr =>
    stringExpr(
      Object.values(s?.variables ?? {}).find((v) => /^[a-z]+:\/\//.test(v.default))?.default ?? "https://host/path",
    );
  const create = (name: string, options: { key: string; value: Expr }[]): string =>
    printDoc(constStatement(`const ${name}`, callExpr(d.factory, [objectExpr(options)])));
  const lines = [printDoc(importDeclaration([d.factory], stringLiteral(`${packageName}/${d.subpath}`))), ""];
  if (keyed)
    lines.push(
      create(variable, [
        { key: "url", value: urlOf(keyed) },
        { key: "apiKey", value: raw("process.env.API_KEY", "member") },
      ]),
    );
  else lines.push(create(variable, [{ key: "url", value: urlOf(d.servers[0]) }]));
  if (proxy)
    lines.push(`${create("playground", [{ key: "proxyUrl", value: urlOf(proxy) }])} // keyless, params by position`);
  const m = d.methods.find((x) => x.examples.length > 0) ?? d.methods[0];
  if (m) {
    const ex = m.examples[0];
    const call = ex ? exampleCall(m, ex, variable) : callExpr(`${variable}${propertyAccess(m.clientName)}`, []);
    lines.push(printDoc(constStatement("const result", { ...call, doc: ["await ", call.doc] })));
  }
  return lines.join("\n");
}
