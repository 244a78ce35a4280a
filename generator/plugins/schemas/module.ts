/**
 * `src/<subpath>/schemas.ts`: the Standard Schema v1 of every method of one document, params and
 * result, by JSON-RPC name (runtime/standard-schema.ts over the document's compiled validators), typed
 * by the client's `…Methods` map, each member documented from the spec. Printed by prettier's printer
 * (generator/print/): already in prettier's form, so generation never loads prettier's TypeScript parser for it.
 */
import type { DocumentModel, MethodModel } from "../../model/document.js";
import { commentText, propertyAccess, stringLiteral, typeMemberKey } from "../../print/escape.js";
import { header } from "../../print/generated-header.js";
import { callExpr, constStatement, raw, stringExpr } from "../../print/js-code.js";
import { hardline, indent, join, type Doc } from "../../print/layout.js";
import { commentLines, importDeclaration, statements, typeReference } from "../../print/ts-code.js";

const RUNTIME = '"../runtime/standard-schema.js"';

/** A `/** … *\/` comment of `text` on its own lines, as prettier keeps a block comment. */
function blockComment(text: string): Doc {
  return [commentLines(commentText(text), true), hardline];
}

/** One member of the `schemas` type. */
function member(m: MethodModel, methods: string): Doc {
  const key = stringLiteral(m.rpcName);
  const what = m.summary ? `: ${m.summary}` : "";
  const deprecated = m.deprecated ? "\n@deprecated The spec marks this method deprecated." : "";
  return [
    blockComment(`\`${m.rpcName}\`${what}${deprecated}`),
    `readonly ${typeMemberKey(m.rpcName)}: `,
    typeReference("MethodSchemas", [
      { type: `${methods}[${key}]["params"]` },
      { type: `${methods}[${key}]["result"]` },
    ]),
    ";",
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
  const members = doc.methods.map((m) => member(m, methods));
  const type: Doc = members.length > 0 ? ["{", indent([hardline, join(hardline, members)]), hardline, "}"] : "{}";
  const call = callExpr(`schemasOf<${methods}>`, [
    raw("api", "identifier"),
    raw("resultValidators", "identifier"),
    stringExpr(vendor),
  ]);
  const text = statements([
    [
      blockComment(
        [
          `Standard Schema v1 validators of the methods of the ${doc.title}, by JSON-RPC name: \`params\` (as \`request\``,
          "takes them) and `result`, each checked by exactly the client's rules (its compiled validators and",
          "the spec's limits). Pass them to anything that takes a Standard Schema (TanStack Form, tRPC, Hono, …).",
          ...example,
          "@module",
        ].join("\n"),
      ),
      importDeclaration(["schemasOf", "type MethodSchemas"], RUNTIME),
      hardline,
      'import { api } from "./api.js";',
      hardline,
      `import type { ${methods} } from "./client.js";`,
      hardline,
      'import { resultValidators } from "./result-validators.js";',
    ],
    `export type { MethodSchemas, StandardSchemaV1 } from ${RUNTIME};`,
    [
      blockComment("The Standard Schema of each method's params and result, by its JSON-RPC name."),
      constStatement(["export const schemas: ", type], call),
    ],
  ]);
  return `${header(doc.source, "Standard Schema validators")}\n${text}`;
}
