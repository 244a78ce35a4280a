/**
 * The generated package.json and tsconfigs: declarations per format in the exports map, node10
 * subpath types, and maps switched on in both builds. (What tools and consumers make of the
 * result is proved on the packed tarball in test/package/ and test/consumers/.)
 */
import { describe, expect, it } from "vitest";
import { emitPackageFiles, packageJson } from "../../../generator/plugins/package/package.js";
import type { DocumentModel, PackageModel } from "../../../generator/model/document.js";
import { runtimePlugin } from "../../../generator/plugins/runtime/plugin.js";

const model = {
  packageName: "@scope/clients",
  version: "1.2.3",
  description: "d",
  documents: ["eth", "solana"].map((subpath) => ({
    subpath,
    title: subpath,
    source: `spec/${subpath}.json`,
    description: "",
    factory: "create",
    names: { clientVar: "c" },
    servers: [],
    methods: [],
  })) as unknown as DocumentModel[],
} as PackageModel;

/** What the runtime and client plugins contribute for these documents (generator/plugins/runtime, client). */
const contributed = {
  exports: [
    ...model.documents.map((d) => ({ subpath: `./${d.subpath}`, entry: `${d.subpath}/index` })),
    { subpath: ".", entry: "index" },
    { subpath: "./ws", entry: "ws/index" },
  ],
  peerDependencies: [{ name: "ws", range: "^8.0.0", optional: true }],
};

describe("package.json", () => {
  const pkg = packageJson(model, "5.9.3", contributed);
  it.each([
    [".", "index"],
    ["./eth", "eth/index"],
    ["./solana", "solana/index"],
    ["./ws", "ws/index"],
  ])("exports[%j]: types under import and under require", (subpath, file) => {
    expect((pkg.exports as Record<string, unknown>)[subpath]).toEqual({
      import: { types: `./dist/esm/${file}.d.ts`, default: `./dist/esm/${file}.js` },
      require: { types: `./dist/cjs/${file}.d.ts`, default: `./dist/cjs/${file}.js` },
    });
  });

  it("top-level fields and typesVersions serve node10 resolution with the CommonJS build", () => {
    expect([pkg.main, pkg.types]).toEqual(["./dist/cjs/index.js", "./dist/cjs/index.d.ts"]);
    expect(pkg.typesVersions).toEqual({
      "*": {
        eth: ["./dist/cjs/eth/index.d.ts"],
        solana: ["./dist/cjs/solana/index.d.ts"],
        ws: ["./dist/cjs/ws/index.d.ts"],
      },
    });
  });

  it("imports: #default-transport is the node:http file under `node`, the fetch one for Bun and by default, src/ under the source condition", () => {
    expect(pkg.imports).toEqual({
      "#default-transport": {
        "openrpc-ts-source": {
          bun: "./src/runtime/default-transport.ts",
          node: "./src/runtime/default-transport-node.ts",
          default: "./src/runtime/default-transport.ts",
        },
        bun: {
          import: "./dist/esm/runtime/default-transport.js",
          require: "./dist/cjs/runtime/default-transport.js",
        },
        node: {
          import: "./dist/esm/runtime/default-transport-node.js",
          require: "./dist/cjs/runtime/default-transport-node.js",
        },
        default: {
          import: "./dist/esm/runtime/default-transport.js",
          require: "./dist/cjs/runtime/default-transport.js",
        },
      },
    });
    // The source condition comes first: a resolver that sets it must not stop at `node` or `default`.
    expect(Object.keys(pkg.imports as Record<string, object>)).toEqual(["#default-transport"]);
    // Bun matches `node` too: its own condition must come before it.
    expect(Object.keys((pkg.imports as Record<string, object>)["#default-transport"]!)).toEqual([
      "openrpc-ts-source",
      "bun",
      "node",
      "default",
    ]);
  });

  it("the build cleans dist/, builds both formats and marks dist/cjs as CommonJS", () => {
    const build = (pkg.scripts as Record<string, string>).build!;
    expect(build.split(" && ")).toEqual([
      "npm run clean",
      "tsc -p tsconfig.json",
      "tsc -p tsconfig.cjs.json",
      `node -e "require('node:fs').writeFileSync('dist/cjs/package.json', JSON.stringify({'type':'commonjs','imports':{'#default-transport':{'bun':'./runtime/default-transport.js','node':'./runtime/default-transport-node.js','default':'./runtime/default-transport.js'}}}))"`,
    ]);
    // The CommonJS build's nearest package.json maps the runtime's `#…` imports too (Node reads the nearest one).
    const step = build.split(" && ")[3]!;
    const written = /JSON\.stringify\((.*)\)\)"$/.exec(step)![1]!.replace(/'/g, '"');
    expect(JSON.parse(written)).toEqual({
      type: "commonjs",
      imports: {
        "#default-transport": {
          bun: "./runtime/default-transport.js",
          node: "./runtime/default-transport-node.js",
          default: "./runtime/default-transport.js",
        },
      },
    });
    expect((pkg.scripts as Record<string, string>).clean).toBe(
      `node -e "require('node:fs').rmSync('dist', { recursive: true, force: true })"`,
    );
  });
});

describe("what the plugins contribute", () => {
  it("exports: the root first, the others in plugin order, package.json last; node10 types for each subpath", () => {
    const pkg = packageJson(model, "5.9.3", {
      exports: [...contributed.exports, { subpath: "./eth/query", entry: "eth/query" }],
      peerDependencies: [
        ...contributed.peerDependencies,
        { name: "@tanstack/query-core", range: "^5.0.0", optional: true },
        { name: "required-peer", range: "^1.0.0", optional: false, build: true },
      ],
    });
    expect(Object.keys(pkg.exports as object)).toEqual([
      ".",
      "./eth",
      "./solana",
      "./ws",
      "./eth/query",
      "./package.json",
    ]);
    expect((pkg.typesVersions as Record<string, Record<string, string[]>>)["*"]!["eth/query"]).toEqual([
      "./dist/cjs/eth/query.d.ts",
    ]);
    expect(pkg.peerDependencies).toEqual({ ws: "^8.0.0", "@tanstack/query-core": "^5.0.0", "required-peer": "^1.0.0" });
    expect(pkg.peerDependenciesMeta).toEqual({ ws: { optional: true }, "@tanstack/query-core": { optional: true } });
    // A peer the package's own build needs (`build: true`) is a devDependency too.
    expect(pkg.devDependencies).toEqual({ "required-peer": "^1.0.0", typescript: "5.9.3" });
  });

  it("a package without peers declares none", () => {
    const pkg = packageJson(model, "5.9.3", { exports: contributed.exports, peerDependencies: [] });
    expect(pkg).not.toHaveProperty("peerDependencies");
    expect(pkg).not.toHaveProperty("peerDependenciesMeta");
  });
});

describe("the ./ws subpath", () => {
  it("is its own file, re-exporting the runtime's WebSocket entry only (an HTTP-only app never loads it)", () => {
    const runtime = { files: new Map([["index.ts", "export {};\n"]]), symbols: new Set<string>() };
    const { files, formatted } = runtimePlugin.package!({
      model,
      options: {},
      runtime,
      typescriptVersion: "5.9.3",
      contributed: { exports: [], bins: [], peerDependencies: [] },
    });
    const text = files.get("src/ws/index.ts")!;
    expect(text.split("\n").filter((l) => l.startsWith("export"))).toEqual(['export * from "../runtime/ws-entry.js";']);
    expect(formatted?.has("src/ws/index.ts")).toBe(true);
  });
});

describe("tsconfigs", () => {
  const files = emitPackageFiles(model, "5.9.3", contributed);
  const esm = JSON.parse(files.files.get("tsconfig.json")!) as { compilerOptions: Record<string, unknown> };
  const cjs = JSON.parse(files.files.get("tsconfig.cjs.json")!) as {
    extends: string;
    compilerOptions: Record<string, unknown>;
  };
  it("both builds emit declarations, source maps and declaration maps relative to src/", () => {
    expect(esm.compilerOptions).toMatchObject({
      declaration: true,
      declarationMap: true,
      sourceMap: true,
      rootDir: "src",
      outDir: "dist/esm",
    });
    expect(cjs.extends).toBe("./tsconfig.json");
    // Node10 knows no `#…` imports: the type checker reads the Node file through `paths`.
    expect(cjs.compilerOptions).toEqual({
      module: "CommonJS",
      moduleResolution: "Node10",
      outDir: "dist/cjs",
      paths: { "#default-transport": ["./src/runtime/default-transport-node.ts"] },
    });
  });
});
