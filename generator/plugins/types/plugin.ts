/** The `types` plugin: `src/<subpath>/types.ts`, one named type per schema of the document (./types.ts). */
import type { OutputPlugin } from "../../model/plugin.js";
import { header } from "../../print/generated-header.js";
import { emitTypes } from "./types.js";

export const typesPlugin: OutputPlugin = {
  name: "types",
  description: "The TypeScript types of every named schema of each document.",
  options: {},
  document(doc) {
    const types = emitTypes(doc);
    const file = `src/${doc.subpath}/types.ts`;
    // Printed by prettier's printer (./type-print.ts): already in prettier's form.
    const text = types ? `${header(doc.source, "types")}\n${types}` : header(doc.source, "types");
    return { files: new Map([[file, text]]), formatted: new Set([file]) };
  },
};
