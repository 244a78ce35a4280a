/**
 * The plugin runner (generator/plugins/run.ts): options checked with an error naming the plugin
 * and the option, plugins run in order with what the earlier ones contributed, two plugins
 * claiming one file or one subpath refused, and documents' outputs cached per document object.
 */
import { describe, expect, it } from "vitest";
import type { DocumentModel, PackageModel } from "../../../generator/model/document.js";
import type { OutputPlugin } from "../../../generator/model/plugin.js";
import { runPlugins, usePlugin, type DocumentOutputs } from "../../../generator/plugins/run.js";
import { generate, runtimeSymbols } from "../../../generator/generate.js";
import { GeneratorError } from "../../../generator/problems.js";

interface EchoOptions {
  file: string;
  loud: boolean;
  level: number;
  mode: "a" | "b";
}

let calls = 0;
const echo: OutputPlugin<EchoOptions> = {
  name: "echo",
  description: "Writes one file per document.",
  options: {
    file: {
      type: "string",
      default: "echo.ts",
      describe: "the file name under src/<subpath>/",
      check: (v) => (/^[a-z]+\.ts$/.test(v) ? undefined : "must be a lower-case name ending in .ts"),
    },
    loud: { type: "boolean", default: false, describe: "shout" },
    level: { type: "number", default: 1, describe: "how much" },
    mode: { type: "string", default: "a", values: ["a", "b"], describe: "which mode" },
  },
  document(doc, options) {
    calls++;
    const file = `src/${doc.subpath}/${options.file}`;
    const text = `// ${doc.title}${options.loud ? "!" : ""} ${options.level} ${options.mode}\n`;
    return {
      files: new Map([[file, text]]),
      exports: [{ subpath: `./${doc.subpath}/echo`, entry: `${doc.subpath}/echo` }],
    };
  },
};

const docs = ["one", "two"].map((subpath) => ({ subpath, title: subpath.toUpperCase() })) as unknown as DocumentModel[];
const model = { packageName: "p", version: "1.0.0", description: "", documents: docs } as PackageModel;
const fixed = { runtime: { files: new Map<string, string>(), symbols: new Set<string>() }, typescriptVersion: "5.9.3" };

const problemOf = (run: () => unknown): string => {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(GeneratorError);
    return (e as GeneratorError).problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`).join("\n");
  }
  throw new Error("no error");
};

describe("usePlugin: options", () => {
  it("fills in the defaults", () => {
    expect(usePlugin(echo).options).toEqual({ file: "echo.ts", loud: false, level: 1, mode: "a" });
  });

  it.each([
    [{ file: 3 }, 'plugin "echo"#/file: The option "file" of plugin "echo" must be a string, not number.'],
    [
      { file: "../x.ts" },
      'plugin "echo"#/file: The option "file" of plugin "echo" must be a lower-case name ending in .ts.',
    ],
    [{ loud: "yes" }, 'plugin "echo"#/loud: The option "loud" of plugin "echo" must be a boolean, not "yes".'],
    [{ level: Number.NaN }, 'plugin "echo"#/level: The option "level" of plugin "echo" must be a finite number.'],
    [{ mode: "c" }, 'plugin "echo"#/mode: The option "mode" of plugin "echo" must be one of "a", "b", not "c".'],
    [{ __proto__: null, constructor: 1 }, 'plugin "echo"#/constructor: Plugin "echo" has no option "constructor".'],
  ])("refuses %j with one sentence naming the option", (options, message) => {
    expect(problemOf(() => usePlugin(echo, options as never))).toBe(message);
  });

  it("refuses options that are not an object", () => {
    expect(problemOf(() => usePlugin(echo, [] as never))).toBe(
      'plugin "echo"#: The options of plugin "echo" must be an object.',
    );
  });
});

describe("runPlugins", () => {
  it("runs every document step and gathers files and exports in order", () => {
    const results = runPlugins([usePlugin(echo, { loud: true })], model, fixed);
    expect([...results.files]).toEqual([
      ["src/one/echo.ts", "// ONE! 1 a\n"],
      ["src/two/echo.ts", "// TWO! 1 a\n"],
    ]);
    expect(results.exports.map((e) => e.subpath)).toEqual(["./one/echo", "./two/echo"]);
  });

  it("gives a package step what the plugins before it contributed", () => {
    let seen: unknown;
    const last: OutputPlugin = {
      name: "last",
      description: "Reads the contributions.",
      options: {},
      package({ contributed }) {
        seen = contributed.exports.map((e) => e.subpath);
        return { files: new Map() };
      },
    };
    runPlugins([usePlugin(echo), usePlugin(last)], model, fixed);
    expect(seen).toEqual(["./one/echo", "./two/echo"]);
  });

  it("refuses two plugins writing one file, naming both", () => {
    const again = { ...echo, name: "again" } as OutputPlugin<EchoOptions>;
    expect(problemOf(() => runPlugins([usePlugin(echo), usePlugin(again)], model, fixed))).toBe(
      'plugin "again"#: Plugins "echo" and "again" both write the file "src/one/echo.ts".',
    );
  });

  it("refuses two plugins exporting one subpath", () => {
    const again = { ...echo, name: "again" } as OutputPlugin<EchoOptions>;
    expect(problemOf(() => runPlugins([usePlugin(echo), usePlugin(again, { file: "other.ts" })], model, fixed))).toBe(
      'plugin "again"#: Plugins "echo" and "again" both write the export "./one/echo".',
    );
  });

  it("caches a document's outputs per document object and per options", () => {
    const cache: DocumentOutputs = new WeakMap();
    calls = 0;
    runPlugins([usePlugin(echo)], model, fixed, cache);
    runPlugins([usePlugin(echo)], model, fixed, cache);
    expect(calls).toBe(2);
    const changed = { ...model, documents: [docs[0]!, { ...docs[1]! }] };
    runPlugins([usePlugin(echo)], changed, fixed, cache);
    expect(calls).toBe(3);
    runPlugins([usePlugin(echo, { level: 2 })], model, fixed, cache);
    expect(calls).toBe(5);
  });
});

describe("generate() with a plugin list", () => {
  it("writes what the given plugins write, formatted", async () => {
    const result = await generate(model, { runtime: new Map(), typescriptVersion: "5.9.3" }, {}, [usePlugin(echo)]);
    expect([...result.files.keys()]).toEqual(["src/one/echo.ts", "src/two/echo.ts"]);
  });
});

describe("runtimeSymbols", () => {
  it("reads the names the runtime's entry exports, types included, renames followed", () => {
    const text = 'export { a, type B, c as d } from "./x.js";\nexport type { E } from "./y.js";\nexport const f = 1;\n';
    expect([...runtimeSymbols(text)]).toEqual(["a", "B", "d", "E"]);
  });
});
