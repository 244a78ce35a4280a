/**
 * `src/<subpath>/eip1193.ts` of a document whose API is Ethereum's: `toEip1193Provider(client)`, an
 * EIP-1193 provider over the generated client (runtime/eip1193-provider.ts), re-exported by the
 * subpath's entry. An API is Ethereum's when one of its methods is an `eth_` method: the JSON-RPC API
 * that EIP-1193 providers carry. The provider's subscribe members come from the model (the client
 * member of each method with `x-subscription`). Printed by prettier's printer (generator/print/): already
 * in prettier's form.
 */
import type { DocumentModel } from "../../model/document.js";
import { commentText, objectKey, propertyAccess } from "../../print/escape.js";
import { callExpr, objectExpr, raw } from "../../print/js-code.js";
import { hardline } from "../../print/layout.js";
import { functionDeclaration, importDeclaration, statements } from "../../print/ts-code.js";

/** Whether the document's API is carried by EIP-1193 providers (one of its methods is `eth_…`). */
export function speaksEip1193(doc: DocumentModel): boolean {
  return doc.methods.some((m) => m.rpcName.startsWith("eth_"));
}

/** The module's text (after `header`). */
export function emitEip1193(doc: DocumentModel, header: string): string {
  const client = doc.clientType;
  const subscribers = doc.methods
    .filter((m) => m.subscription)
    .map((m) => ({ key: objectKey(m.rpcName), value: raw(`client${propertyAccess(m.clientName)}`, "member") }));
  const call = callExpr("eip1193Provider", [
    raw("client", "identifier"),
    raw("api", "identifier"),
    objectExpr(subscribers),
  ]);
  const title = commentText(doc.title);
  const docs = [
    `An EIP-1193 provider over a client of the ${title}, for libraries that take a wallet's provider: viem's`,
    "`custom(provider)`, ethers' `BrowserProvider`. Methods of the spec go through the client (params",
    "checked, retries, typed errors); other methods (`eth_chainId`, …) are forwarded unvalidated; params",
    'the client refuses are error -32602. Subscriptions emit `"message"` events',
    '`{ type: "eth_subscription", data: { subscription, result } }` (over a WebSocket client).',
    "",
    "@example",
    "```ts",
    'import { createPublicClient, custom } from "viem";',
    "",
    `const ${doc.names.clientVar} = ${doc.factory}({ url: "https://host/eth", apiKey: process.env.API_KEY });`,
    `const viem = createPublicClient({ transport: custom(toEip1193Provider(${doc.names.clientVar})) });`,
    "console.log(await viem.getBlockNumber());",
    "```",
  ].join("\n");
  return `${header}\n${statements([
    [
      importDeclaration(["eip1193Provider", "type Eip1193Provider"], '"../runtime/eip1193-provider.js"'),
      hardline,
      'import { api } from "./api.js";',
      hardline,
      importDeclaration([client], '"./client.js"', true),
    ],
    functionDeclaration({
      exported: true,
      name: "toEip1193Provider",
      docs,
      params: [{ name: "client", type: client }],
      returnType: "Eip1193Provider",
      body: [["return ", call.doc, ";"]],
    }),
  ])}`;
}
