/**
 * The `validators` plugin: `src/<subpath>/validators.ts` (params, checked before sending) and
 * `result-validators.ts` (loaded only when response validation is on), from ./validators.ts. The
 * keywords they cannot check at run time become warnings.
 */
import type { OutputPlugin } from "../../model/plugin.js";
import { header } from "../../print/generated-header.js";
import { emitValidators } from "./validators.js";

export const validatorsPlugin: OutputPlugin = {
  name: "validators",
  description: "Run-time validators of each method's params and results.",
  options: {},
  document(doc) {
    const dir = `src/${doc.subpath}`;
    const params = emitValidators(doc, "params", header(doc.source, "params validators"));
    const results = emitValidators(
      doc,
      "result",
      header(doc.source, "result validators, loaded only when response validation is on"),
    );
    const files = new Map([
      [`${dir}/validators.ts`, params.code],
      [`${dir}/result-validators.ts`, results.code],
    ]);
    const unchecked = [...new Set([...params.unchecked, ...results.unchecked])];
    return {
      files,
      formatted: new Set(files.keys()),
      warnings: unchecked.map((u) => ({
        file: doc.source,
        pointer: "",
        message: `keyword not checked at run time: ${u}.`,
        hint: "The server still enforces it; the client does not check it before sending.",
        rule: "unchecked",
      })),
    };
  },
};
