/**
 * The `schemas` plugin: for each document, `src/<subpath>/<file>.ts` (default `schemas.ts`, exported as
 * `./<subpath>/schemas`) with the Standard Schema v1 of every method's params and result (./module.ts),
 * over the document's compiled validators: exactly the client's rules, no schema library. A package
 * step, as the schemas name the package as their vendor.
 */
import type { OutputPlugin } from "../../model/plugin.js";
import { emitSchemasModule } from "./module.js";

export interface SchemasOptions {
  /** The module's name under each client's subpath. */
  file: string;
}

/** Names the client, validators and TanStack Query plugins use in each subpath's folder. */
const TAKEN = new Set([
  "index",
  "client",
  "api",
  "types",
  "validators",
  "result-validators",
  "methods",
  "eip1193",
  "query",
]);

export const schemasPlugin: OutputPlugin<SchemasOptions> = {
  name: "schemas",
  description: "Standard Schema v1 validators of every method's params and result, per client.",
  options: {
    file: {
      type: "string",
      default: "schemas",
      describe: "the module's name under each client's subpath: `schemas` gives `<package>/<subpath>/schemas`.",
      check: (v) =>
        !/^[a-z][a-z0-9-]{0,39}$/.test(v)
          ? "must be a lower-case name of letters, digits and '-' (at most 40), without '/' or '.'"
          : TAKEN.has(v)
            ? `must not be a name another plugin already uses in the client's folder (${[...TAKEN].join(", ")})`
            : undefined,
    },
  },
  package({ model, options }) {
    const files = new Map<string, string>();
    for (const doc of model.documents)
      files.set(
        `src/${doc.subpath}/${options.file}.ts`,
        emitSchemasModule(doc, model.packageName, `${doc.subpath}/${options.file}`),
      );
    return {
      files,
      // Printed by prettier's printer (./module.ts): the format stage passes them through.
      formatted: new Set(files.keys()),
      exports: model.documents.map((d) => ({
        subpath: `./${d.subpath}/${options.file}`,
        entry: `${d.subpath}/${options.file}`,
      })),
    };
  },
};
