/**
 * `src/<subpath>/schemas.ts`: the Standard Schema v1 of every method of one document, params and
 * result, by JSON-RPC name (runtime/standard-schema.ts over the document's compiled validators), typed
 * by the client's `…Methods` map, each member documented from the spec. Formatted by the format stage.
 */
import type { DocumentModel, MethodModel } from "../../model/document.js";
import { commentText, propertyAccess, stringLiteral, typeMemberKey } from "../../print/escape.js";
import { header } from "../../print/generated-header.js";

/** A doc comment of `text`, indented by `indent`. */
function docLines(text: string, indent: string): string[] {
  const lines = commentText(text).split("\n");
  return [`${indent}/**`, ...lines.map((l) => `${indent} *${l ? ` ${l}` : ""}`), `${indent} */`];
}

/** One member of the `schemas` type. */
function member(m: MethodModel, methods: string): string[] {
  const key = stringLiteral(m.rpcName);
  const what = m.summary ? `: ${m.summary}` : "";
  const deprecated = m.deprecated ? "\n@deprecated The spec marks this method deprecated." : "";
  return [
    ...docLines(`\`${m.rpcName}\`${what}${deprecated}`, "  "),
    `  readonly ${typeMemberKey(m.rpcName)}: MethodSchemas<${methods}[${key}]["params"], ${methods}[${key}]["result"]>;`,
  ];
}

/** The module's text; `vendor` (the package's name) is what each schema says made it. */
export function emitSchemasModule(doc: DocumentModel, vendor: string, subpath: string): string {
  const methods = doc.names.methodsType;
  const first = doc.methods.find((m) => !m.subscription && m.params.length > 0) ?? doc.methods[0];
  const example = first
    ? [
        "@example",
        "```ts",
        `import { schemas } from "${vendor}/${subpath}";`,
        "",
        `const checked = await schemas${propertyAccess(first.rpcName)}.params["~standard"].validate(input);`,
        "if (checked.issues) console.log(checked.issues.map((i) => i.message)); // what the client would refuse",
        "```",
      ]
    : [];
  return [
    header(doc.source, "Standard Schema validators"),
    ...docLines(
      [
        `Standard Schema v1 validators of the methods of the ${doc.title}, by JSON-RPC name: \`params\` (as \`request\``,
        "takes them) and `result`, each checked by exactly the client's rules (its compiled validators and",
        "the spec's limits). Pass them to anything that takes a Standard Schema (TanStack Form, tRPC, Hono, …).",
        ...example,
        "@module",
      ].join("\n"),
      "",
    ),
    `import { schemasOf, type MethodSchemas } from "../runtime/standard-schema.js";`,
    `import { api } from "./api.js";`,
    `import type { ${methods} } from "./client.js";`,
    `import { resultValidators } from "./result-validators.js";`,
    "",
    `export type { MethodSchemas, StandardSchemaV1 } from "../runtime/standard-schema.js";`,
    "",
    ...docLines("The Standard Schema of each method's params and result, by its JSON-RPC name.", ""),
    "export const schemas: {",
    ...doc.methods.flatMap((m) => member(m, methods)),
    `} = schemasOf<${methods}>(api, resultValidators, ${stringLiteral(vendor)});`,
    "",
  ].join("\n");
}
