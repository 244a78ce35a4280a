/**
 * The `client` plugin: the client of each document, `src/<subpath>/client.ts` (./client.ts), its
 * method table `api.ts` (./api.ts) and the subpath's entry `index.ts`, exported as `./<subpath>`;
 * and the same methods as tree-shakable functions over a small core, `src/<subpath>/methods.ts`
 * (./methods.ts), exported as `./<subpath>/methods`; for an Ethereum API, `toEip1193Provider` in
 * `src/<subpath>/eip1193.ts` (./eip1193.ts), exported by the subpath's entry.
 */
import type { DocumentModel } from "../../model/document.js";
import type { OutputPlugin } from "../../model/plugin.js";
import { commentText } from "../../print/escape.js";
import { header } from "../../print/generated-header.js";
import { jsDocLines } from "../../print/ts-code.js";
import { emitApi } from "./api.js";
import { emitClient } from "./client.js";
import { emitEip1193, speaksEip1193 } from "./eip1193.js";
import { emitMethods } from "./methods.js";

export const clientPlugin: OutputPlugin = {
  name: "client",
  description:
    "The typed client of each document, its method table and its subpath's entry; the methods as tree-shakable functions in <subpath>/methods.",
  options: {},
  document(doc) {
    const dir = `src/${doc.subpath}`;
    const files = new Map([
      [`${dir}/api.ts`, emitApi(doc, header(doc.source, "method table"))],
      [`${dir}/client.ts`, emitClient(doc, header(doc.source, "client"))],
      [`${dir}/index.ts`, indexFile(doc)],
    ]);
    files.set(`${dir}/methods.ts`, emitMethods(doc, header(doc.source, "per-method functions")));
    if (speaksEip1193(doc)) files.set(`${dir}/eip1193.ts`, emitEip1193(doc, header(doc.source, "EIP-1193 provider")));
    // Printed by prettier's printer (generator/print/ts-code.ts, js-code.ts): already in prettier's form.
    const formatted = new Set(files.keys());
    return {
      files,
      formatted,
      exports: [
        { subpath: `./${doc.subpath}`, entry: `${doc.subpath}/index` },
        { subpath: `./${doc.subpath}/methods`, entry: `${doc.subpath}/methods` },
      ],
    };
  },
};

function indexFile(doc: DocumentModel): string {
  return [
    header(doc.source, "entry point"),
    ...jsDocLines(`${commentText(`${doc.title} ${doc.version}`)}.\n@module`),
    `export * from "./types.js";`,
    `export * from "./client.js";`,
    `export { api } from "./api.js";`,
    ...(speaksEip1193(doc) ? [`export { toEip1193Provider } from "./eip1193.js";`] : []),
    "",
  ].join("\n");
}
