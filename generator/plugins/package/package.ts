/**
 * Emits the package files, in prettier's form so that no formatter runs after them:
 * package.json (which declares the prettier options of the package) and the tsconfigs are built as
 * objects and serialized by generator/print/json.ts (nothing from a spec is ever spliced into JSON
 * text); README.md is rendered from
 * templates/README.md.hbs (precompiled: ./readme.compiled.ts, see print/templates-build.ts) with a view whose every spec-derived string is already escaped for
 * Markdown (generator/print/escape.ts) and laid out (aligned tables, code printed by generator/print/ts-code.ts);
 * the template only uses escaped output. README.md is marked formatted only when every spec
 * text in it is one prettier leaves unchanged (generator/print/markdown.ts); otherwise prettier formats it.
 */
import {
  markdownCode,
  markdownCodeSpan,
  markdownInline,
  markdownText,
  propertyAccess,
  stringLiteral,
} from "../../print/escape.js";
import type { DocumentModel, PackageModel } from "../../model/document.js";
import type { PackageBin, PackageExport, PeerDependency } from "../../model/plugin.js";
import { setOwn } from "../../own.js";
import { printDoc } from "../../print/layout.js";
import { PRETTIER_OPTIONS } from "../../print/options.js";
import { callExpr, constStatement, objectExpr, raw, stringExpr, type Expr } from "../../print/js-code.js";
import { jsonText } from "../../print/json.js";
import { isPlainInline, markdownTable } from "../../print/markdown.js";
import { importDeclaration } from "../../print/ts-code.js";
import { firstSentence } from "../../print/first-sentence.js";
import { exampleCall } from "../../print/example-call.js";
import { precompiled, safe } from "../../print/handlebars.js";
import readmeTemplate from "./readme.compiled.js";
import { SOURCE_CONDITION } from "../../defaults.js";

/** templates/README.md.hbs, made into a render function on first use. */
let renderReadme: ((view: object) => string) | undefined;

export interface PackageFiles {
  files: Map<string, string>;
  /** The files written in prettier's layout already (generator/print/format.ts skips them). */
  formatted: Set<string>;
}

/** What the other plugins add to package.json: subpath exports, bins and peer dependencies, in plugin order. */
export interface Contributed {
  exports: readonly PackageExport[];
  bins?: readonly PackageBin[];
  peerDependencies: readonly PeerDependency[];
}

export function emitPackageFiles(
  model: PackageModel,
  typescriptVersion: string,
  contributed: Contributed,
): PackageFiles {
  const readmeFile = readme(model);
  const files = new Map([
    ["package.json", jsonText(packageJson(model, typescriptVersion, contributed), "package.json")],
    ["tsconfig.json", jsonText(TSCONFIG)],
    ["tsconfig.cjs.json", jsonText(TSCONFIG_CJS)],
    ["README.md", readmeFile.text],
  ]);
  // README.md is in prettier's form when every spec text in it is plain (generator/print/markdown.ts); else prettier formats it.
  return { files, formatted: new Set([...files.keys()].filter((file) => file !== "README.md" || readmeFile.plain)) };
}

export function packageJson(
  model: PackageModel,
  typescriptVersion: string,
  contributed: Contributed,
): Record<string, unknown> {
  // The root entry first, then every other subpath in plugin order, then package.json itself.
  const ordered = [
    ...contributed.exports.filter((e) => e.subpath === "."),
    ...contributed.exports.filter((e) => e.subpath !== "."),
  ];
  const exports: Record<string, unknown> = {};
  for (const e of ordered) setOwn(exports, e.subpath, entry(e.entry));
  exports["./package.json"] = "./package.json";
  const peers = contributed.peerDependencies;
  const bins = contributed.bins ?? [];
  const optional = peers.filter((p) => p.optional);
  return {
    name: model.packageName,
    version: model.version,
    description: model.description,
    license: "MIT",
    type: "module",
    sideEffects: false,
    engines: { node: "^20.0.0 || ^22.0.0 || ^24.0.0" },
    // CHANGELOG.md is written by `npm run release` beside the generated files; npm packs a listed
    // file when it exists and skips it silently when it does not, so it is listed always.
    files: ["dist", "src", "README.md", "CHANGELOG.md"],
    main: "./dist/cjs/index.js",
    module: "./dist/esm/index.js",
    types: "./dist/cjs/index.d.ts",
    typesVersions: typesVersions(ordered),
    exports,
    imports: IMPORTS,
    // Commands run the ESM build (the package is `"type": "module"`); npm makes the file executable.
    ...(bins.length > 0 ? { bin: Object.fromEntries(bins.map((b) => [b.name, `./dist/esm/${b.entry}.js`])) } : {}),
    scripts: {
      clean: `node -e "require('node:fs').rmSync('dist', { recursive: true, force: true })"`,
      build: `npm run clean && tsc -p tsconfig.json && tsc -p tsconfig.cjs.json && node -e "require('node:fs').writeFileSync('dist/cjs/package.json', JSON.stringify(${jsLiteral(CJS_PACKAGE)}))"`,
      prepack: "npm run build",
    },
    ...(peers.length > 0 ? { peerDependencies: Object.fromEntries(peers.map((p) => [p.name, p.range])) } : {}),
    ...(optional.length > 0
      ? { peerDependenciesMeta: Object.fromEntries(optional.map((p) => [p.name, { optional: true }])) }
      : {}),
    devDependencies: {
      ...Object.fromEntries(peers.filter((p) => p.build).map((p) => [p.name, p.range])),
      typescript: typescriptVersion,
    },
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

/**
 * The runtime's own imports (`#…`): per name, the file each condition takes, in the order a
 * resolver tries them (runtime/default-transport*.ts). Bun takes the fetch file: its `fetch` is
 * native and did several times the calls per second of its node:http (docs/DECISIONS.md).
 */
const CHOICES: Record<string, readonly (readonly [condition: string, file: string])[]> = {
  "#default-transport": [
    ["bun", "runtime/default-transport"],
    ["node", "runtime/default-transport-node"],
    ["default", "runtime/default-transport"],
  ],
};

/** `{ condition: target(file) }` for one import, in order. */
const mapped = <T>(choices: readonly (readonly [string, string])[], target: (file: string) => T): Record<string, T> =>
  Object.fromEntries(choices.map(([condition, file]) => [condition, target(file)]));

/**
 * The package's subpath imports: the `node` condition (Node, Deno) takes the node:http file, every
 * other resolver (Bun, and the browser and edge bundlers: esbuild, Rollup, Vite, webpack, workerd,
 * edge-light) the fetch one, so node:http never reaches their bundles. SOURCE_CONDITION maps to
 * the TypeScript sources, for tools that run or bundle src/ itself before any build (the
 * generator's site bundle, tests); no other resolver sets it. The `.d.ts` files never name a `#…` import.
 */
const IMPORTS = Object.fromEntries(
  Object.entries(CHOICES).map(([name, choices]) => [
    name,
    {
      [SOURCE_CONDITION]: mapped(choices, (file) => `./src/${file}.ts`),
      ...mapped(choices, (file) => ({ import: `./dist/esm/${file}.js`, require: `./dist/cjs/${file}.js` })),
    },
  ]),
);

/**
 * dist/cjs/package.json: CommonJS, and the imports again, relative to dist/cjs (Node and the
 * bundlers resolve `#…` by the nearest package.json, which for dist/cjs/ is this one).
 */
const CJS_PACKAGE = {
  type: "commonjs",
  imports: Object.fromEntries(
    Object.entries(CHOICES).map(([name, choices]) => [name, mapped(choices, (file) => `./${file}.js`)]),
  ),
};

/** A JSON value as a JavaScript literal in single quotes, for `node -e "…"` in a script (its strings hold no quote). */
const jsLiteral = (value: unknown): string => JSON.stringify(value).replace(/"/g, "'");

/** Subpath types for TypeScript's old `moduleResolution: node10`, which ignores the exports map. */
function typesVersions(exports: readonly PackageExport[]): Record<string, Record<string, string[]>> {
  const paths: Record<string, string[]> = {};
  for (const e of exports) if (e.subpath !== ".") setOwn(paths, e.subpath.slice(2), [`./dist/cjs/${e.entry}.d.ts`]);
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
  compilerOptions: {
    module: "CommonJS",
    moduleResolution: "Node10",
    outDir: "dist/cjs",
    // Node10 resolution knows no `#…` imports: the type checker reads the Node file (both export the
    // same types). Here, not in tsconfig.json, which bundlers of src/ read (esbuild follows `paths`).
    paths: Object.fromEntries(
      Object.entries(CHOICES).map(([name, choices]) => [
        name,
        [`./src/${choices.find(([condition]) => condition === "node")![1]}.ts`],
      ]),
    ),
  },
};

/**
 * README.md: every value in the view is escaped for where the template puts it, and laid out as
 * prettier lays it out (aligned tables, code printed by generator/print/ts-code.ts). `plain` says whether every
 * spec text in it is one prettier leaves unchanged.
 */
function readme(model: PackageModel): { text: string; plain: boolean } {
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
  renderReadme ??= precompiled(readmeTemplate);
  return { text: renderReadme(view), plain };
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
