/**
 * `src/<subpath>/testing.ts`: the test kit of one document's client. It declares `Handlers` (one
 * optional handler per method, keyed by JSON-RPC name, typed by the method's params by name and its
 * result: a handler returning the wrong type does not compile), and binds the runtime's kit
 * (runtime/testing.ts) to the document's method table (`./api.js`) and data (`./testing-data.js`):
 * `mockTransport`, `mswHandlers`, with `rpcError` and the kit's types re-exported. The document's types
 * are imported as one namespace (`T.X`), so no name this module declares can meet a schema's name.
 * Printed by prettier's printer (generator/print/): already in prettier's form.
 */
import type { DocumentModel, MethodModel } from "../../model/document.js";
import { commentText, identifier, propertyAccess, stringLiteral, typeMemberKey } from "../../print/escape.js";
import { header } from "../../print/generated-header.js";
import { constStatement, stringExpr } from "../../print/js-code.js";
import { group, hardline, ifBreak, indent, join, line, type Doc } from "../../print/layout.js";
import {
  commentLines,
  docComment,
  functionDeclaration,
  importDeclaration,
  interfaceDeclaration,
  statements,
  typeReference,
  type PropertySig,
} from "../../print/ts-code.js";

const RUNTIME = '"../runtime/testing.js"';

/** The module's text; `data` is the data module's name (`testing-data`). */
export function emitTestingModule(doc: DocumentModel, packageName: string, file: string, data: string): string {
  const entry = `${packageName}/${doc.subpath}/${file}`;
  const handlers = doc.methods.map((m) => handlerProperty(m));
  const imports: Doc = [
    commentLines(moduleDoc(doc, entry)),
    hardline,
    doc.methods.length > 0 ? ['import type * as T from "./types.js";', hardline] : "",
    importDeclaration(["createMockTransport", "createMswHandlers"], RUNTIME),
    hardline,
    importDeclaration(
      [
        "Handler",
        "MockOptions",
        "MockTransport",
        "MswHandlers",
        "MswOptions",
        ...(doc.methods.some((m) => m.subscription) ? ["SubscriptionHandler"] : []),
      ],
      RUNTIME,
      true,
    ),
    hardline,
    'import { api } from "./api.js";',
    hardline,
    `import { data } from "./${data}.js";`,
  ];
  const reexports: Doc = [
    `export { MockRpcError, rpcError } from ${RUNTIME};`,
    hardline,
    exportTypes(["HandlerContext", "MockCall", "MockOptions", "MockTransport", "MswHandlers", "MswOptions"]),
  ];
  const text = statements([
    imports,
    reexports,
    interfaceDeclaration({
      name: "Handlers",
      docs: `Handlers of the ${commentText(doc.title)}'s methods by JSON-RPC name: each takes the params by name (as \`calls\` records them) and returns the result, typed from the spec. A method without one answers from the spec.`,
      properties: handlers,
    }),
    [
      docComment(`The ${commentText(doc.title)} as the kit reads it: its title, method table and result schemas.`),
      constStatement("const title", stringExpr(doc.title)),
      hardline,
      "const setup = { title, api, data };",
    ],
    functionDeclaration({
      exported: true,
      name: "mockTransport",
      docs: mockDoc(doc, entry),
      params: [
        // Optional, not `= {}`: in a document with a method named `constructor`, `{}` is no `Handlers`.
        { name: "handlers", type: "Handlers", optional: true },
        { name: "options", type: "MockOptions<Handlers> = {}" },
      ],
      returnType: "MockTransport<Handlers>",
      body: ["return createMockTransport(setup, handlers, options);"],
    }),
    functionDeclaration({
      exported: true,
      name: "mswHandlers",
      docs: mswDoc(doc, entry),
      params: [
        { name: "handlers", type: "Handlers" },
        { name: "options", type: "MswOptions<Handlers>" },
      ],
      returnType: "Promise<MswHandlers<Handlers>>",
      body: ["return createMswHandlers(setup, handlers, options);"],
    }),
  ]);
  return `${header(doc.source, "test kit")}${text}`;
}

/** `export type { a, b } from "…";`, one name per line when the line would be too long. */
function exportTypes(names: string[]): Doc {
  return [
    "export type ",
    group(["{", indent([line, join([",", line], names)]), ifBreak(","), line, "}"]),
    ` from ${RUNTIME};`,
  ];
}

/** One handler: the method's summary, and its type from the params and result types. */
function handlerProperty(m: MethodModel): PropertySig {
  const params = `T.${identifier(m.paramsType)}`;
  const result = m.result ? `T.${identifier(m.resultType)}` : "void";
  const type = m.subscription
    ? typeReference("SubscriptionHandler", [
        { type: params },
        { type: result },
        { type: `T.${identifier(m.subscription.itemType)}` },
      ])
    : typeReference("Handler", [{ type: params }, { type: result }]);
  const lines = [m.summary.trim() ? commentText(m.summary.trim()) : `\`${commentText(m.rpcName)}\`.`];
  if (m.subscription)
    lines.push(
      `A subscription: return an async iterable (an \`async function*\`) whose items arrive as its \`${commentText(m.subscription.notification)}\` items, or the id itself.`,
    );
  if (!m.result) lines.push("A notification: nothing is answered, whatever the handler returns.");
  if (m.deprecated) lines.push("@deprecated The spec marks this method deprecated.");
  return { name: `${typeMemberKey(m.rpcName)}?`, type, docs: lines.join("\n") };
}

function moduleDoc(doc: DocumentModel, entry: string): string {
  return [
    `Test doubles for the ${commentText(doc.title)} client, typed from its spec: \`mockTransport\` (a transport`,
    "that answers in memory) and `mswHandlers` (msw 2 handlers, for code that makes its client with `{ url, apiKey }`).",
    "A method without a handler answers from the spec (its examples first, else a value made from its result schema,",
    "deterministic for `options.seed`); every answer is checked against the spec. Needs no dependency; `mswHandlers`",
    "needs msw 2, an optional peer dependency.",
    "@example",
    "```ts",
    ...commentText(mockExample(doc, entry)).split("\n"),
    "```",
    "@module",
  ].join("\n");
}

/** The first method a short example can call: one without required params when there is one. */
function sampleMethod(doc: DocumentModel): MethodModel | undefined {
  const plain = doc.methods.filter((m) => !m.subscription && m.result);
  return plain.find((m) => !m.params.some((p) => p.required)) ?? plain[0];
}

function mockExample(doc: DocumentModel, entry: string): string {
  const m = sampleMethod(doc);
  const client = doc.names.clientVar;
  const lines = [
    `import { ${doc.factory} } from ${stringLiteral(entry.slice(0, entry.lastIndexOf("/")))};`,
    `import { mockTransport, rpcError } from ${stringLiteral(entry)};`,
    "",
  ];
  if (!m) return [...lines, `const ${client} = ${doc.factory}({ transport: mockTransport() });`].join("\n");
  const args = m.params.some((p) => p.required) ? (m.signature === "object" ? "{ … }" : "…") : "";
  return [
    ...lines,
    `const transport = mockTransport({ ${typeMemberKey(m.rpcName)}: (params, { fallback }) => fallback() });`,
    `const ${client} = ${doc.factory}({ transport });`,
    `await ${client}${propertyAccess(m.clientName)}(${args}); // the spec's example result, or a value made from the result schema`,
    "transport.calls; // [{ method, params }] with the params by name",
    `transport.use({ ${typeMemberKey(m.rpcName)}: () => { throw rpcError(-32000, "Unauthorized") } }); // the call rejects with JsonRpcError`,
  ].join("\n");
}

function mockDoc(doc: DocumentModel, entry: string): string {
  return [
    `A transport for \`${doc.factory}({ transport })\` that answers with \`handlers\` (and from the spec for every other`,
    'method, or with -32601 under `unhandled: "error"`), records `calls` in order, and checks params and results',
    "against the spec: a handler whose result breaks it makes the call reject with a ValidationError naming the method",
    "and the path. Batches, call timeouts and aborts, `latency` and subscriptions (a subscribe handler's async",
    "iterable) work as over a real transport.",
    "@example",
    "```ts",
    ...commentText(mockExample(doc, entry)).split("\n"),
    "```",
  ].join("\n");
}

function mswDoc(doc: DocumentModel, entry: string): string {
  const m = sampleMethod(doc);
  const handler = m ? `{ ${typeMemberKey(m.rpcName)}: (params, { fallback }) => fallback() }` : "{}";
  return [
    "msw 2 request handlers answering the JSON-RPC POSTs of a client made with `{ url, apiKey }` (at `url` and",
    "`url/<apiKey>`, one request or a batch, by method), with the same handlers and options as `mockTransport`. The",
    "array also holds `calls`. msw is loaded on the first call (an optional peer dependency: `npm i -D msw@2`).",
    "@example",
    "```ts",
    'import { setupServer } from "msw/node";',
    `import { mswHandlers } from ${stringLiteral(entry)};`,
    "",
    commentText(`const server = setupServer(...(await mswHandlers(${handler}, { url: "https://host/path" })));`),
    "server.listen();",
    "```",
  ].join("\n");
}
