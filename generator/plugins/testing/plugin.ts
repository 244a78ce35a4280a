/**
 * The `testing` plugin: for each document, `src/<subpath>/<file>.ts` (default `testing.ts`, exported
 * as `./<subpath>/testing`), the test kit of its client typed from the spec (./module.ts), and
 * `src/<subpath>/<file>-data.ts`, the result schemas and examples it answers from (./data.ts). The kit
 * itself is the runtime's (runtime/testing*.ts, with the mock server's value maker, runtime/mock-*.ts).
 * msw 2 is an optional peer dependency (only `mswHandlers` loads it, on first use; the package builds
 * without it): apps that import no testing module carry none of it, and need nothing installed.
 */
import type { OutputPlugin } from "../../model/plugin.js";
import { header } from "../../print/generated-header.js";
import { emitTestingData } from "./data.js";
import { emitTestingModule } from "./module.js";

export interface TestingOptions {
  /** The module's name under each client's subpath. */
  file: string;
}

/** Names the client plugin uses in each subpath's folder. */
const TAKEN = new Set(["index", "client", "api", "types", "validators", "result-validators", "methods"]);

export const testingPlugin: OutputPlugin<TestingOptions> = {
  name: "testing",
  description: "A test kit per client (mockTransport, mswHandlers, rpcError) typed and answered from the spec.",
  options: {
    file: {
      type: "string",
      default: "testing",
      describe: "the module's name under each client's subpath: `testing` gives `<package>/<subpath>/testing`.",
      check: (v) =>
        !/^[a-z][a-z0-9-]{0,39}$/.test(v)
          ? "must be a lower-case name of letters, digits and '-' (at most 40), without '/' or '.'"
          : TAKEN.has(v)
            ? `must not be a name the client's folder already uses (${[...TAKEN].join(", ")})`
            : undefined,
    },
  },
  // A package step: the module's examples import the package by its name, which a document's model does not hold.
  package({ model, options }) {
    const files = new Map<string, string>();
    const data = `${options.file}-data`;
    for (const doc of model.documents) {
      files.set(`src/${doc.subpath}/${options.file}.ts`, emitTestingModule(doc, model.packageName, options.file, data));
      files.set(`src/${doc.subpath}/${data}.ts`, emitTestingData(doc, header(doc.source, "test kit data")));
    }
    return {
      files,
      // Printed by prettier's printer (./module.ts, ./data.ts): the format stage passes them through.
      formatted: new Set(files.keys()),
      exports: model.documents.map((d) => ({
        subpath: `./${d.subpath}/${options.file}`,
        entry: `${d.subpath}/${options.file}`,
      })),
      // mswHandlers loads msw on first use; the package builds without it (its handler type is msw's where msw is).
      peerDependencies: [{ name: "msw", range: "^2.0.0", optional: true }],
    };
  },
};
