/**
 * The `tanstack-query` plugin: for each document, `src/<subpath>/<file>.ts` (default
 * `query.ts`, exported as `./<subpath>/query`) with TanStack Query option factories
 * (./factories.ts), and `@tanstack/query-core` 5 as an optional peer dependency: the module
 * never imports it (the options meet its types structurally), so the package builds and runs
 * without it and stays dependency-free for everyone else.
 */
import type { OutputPlugin } from "../../model/plugin.js";
import { emitQueryModule } from "./factories.js";

export interface TanstackQueryOptions {
  /** The module's name under each client's subpath. */
  file: string;
}

/** Names the client plugin uses in each subpath's folder. */
const TAKEN = new Set(["index", "client", "api", "types", "validators", "result-validators", "methods", "eip1193"]);

export const tanstackQueryPlugin: OutputPlugin<TanstackQueryOptions> = {
  name: "tanstack-query",
  description: "TanStack Query option factories (queryOptions, infiniteQueryOptions, mutationOptions) per client.",
  options: {
    file: {
      type: "string",
      default: "query",
      describe: "the module's name under each client's subpath: `query` gives `<package>/<subpath>/query`.",
      check: (v) =>
        !/^[a-z][a-z0-9-]{0,39}$/.test(v)
          ? "must be a lower-case name of letters, digits and '-' (at most 40), without '/' or '.'"
          : TAKEN.has(v)
            ? `must not be a name the client's folder already uses (${[...TAKEN].join(", ")})`
            : undefined,
    },
  },
  // A package step, not a document step: the keys' scope holds the package's name, which a document's model does not.
  package({ model, options }) {
    const files = new Map<string, string>();
    for (const doc of model.documents)
      files.set(`src/${doc.subpath}/${options.file}.ts`, emitQueryModule(doc, model.packageName));
    return {
      files,
      // Printed by prettier's printer (./factories.ts): the format stage passes them through.
      formatted: new Set(files.keys()),
      exports: model.documents.map((d) => ({
        subpath: `./${d.subpath}/${options.file}`,
        entry: `${d.subpath}/${options.file}`,
      })),
      // For the apps that use these modules (with their TanStack adapter); nothing here imports it.
      peerDependencies: [{ name: "@tanstack/query-core", range: "^5.0.0", optional: true }],
    };
  },
};
