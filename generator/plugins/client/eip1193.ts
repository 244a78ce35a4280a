/**
 * `src/<subpath>/eip1193.ts` of a document whose API is Ethereum's: `toEip1193Provider(client)`, an
 * EIP-1193 provider over the generated client (runtime/eip1193-provider.ts), re-exported by the
 * subpath's entry. An API is Ethereum's when one of its methods is an `eth_` method: the JSON-RPC API
 * that EIP-1193 providers carry. The provider's subscribe members come from the model (the client
 * member of each method with `x-subscription`). Formatted by the format stage (prettier).
 */
import type { DocumentModel } from "../../model/document.js";
import { commentText, objectKey, propertyAccess } from "../../print/escape.js";

/** Whether the document's API is carried by EIP-1193 providers (one of its methods is `eth_…`). */
export function speaksEip1193(doc: DocumentModel): boolean {
  return doc.methods.some((m) => m.rpcName.startsWith("eth_"));
}

/** The module's text (after `header`). */
export function emitEip1193(doc: DocumentModel, header: string): string {
  const client = doc.clientType;
  const subscribers = doc.methods
    .filter((m) => m.subscription)
    .map((m) => `${objectKey(m.rpcName)}: client${propertyAccess(m.clientName)}`);
  const title = commentText(doc.title);
  return [
    header,
    `import { eip1193Provider, type Eip1193Provider } from "../runtime/eip1193-provider.js";`,
    `import { api } from "./api.js";`,
    `import type { ${client} } from "./client.js";`,
    "",
    "/**",
    ` * An EIP-1193 provider over a client of the ${title}, for libraries that take a wallet's provider: viem's`,
    " * `custom(provider)`, ethers' `BrowserProvider`. Methods of the spec go through the client (params",
    " * checked, retries, typed errors); other methods (`eth_chainId`, …) are forwarded unvalidated; params",
    ' * the client refuses are error -32602. Subscriptions emit `"message"` events',
    ' * `{ type: "eth_subscription", data: { subscription, result } }` (over a WebSocket client).',
    " *",
    " * @example",
    " * ```ts",
    ' * import { createPublicClient, custom } from "viem";',
    " *",
    ` * const ${doc.names.clientVar} = ${doc.factory}({ url: "https://host/eth", apiKey: process.env.API_KEY });`,
    ` * const viem = createPublicClient({ transport: custom(toEip1193Provider(${doc.names.clientVar})) });`,
    " * console.log(await viem.getBlockNumber());",
    " * ```",
    " */",
    `export function toEip1193Provider(client: ${client}): Eip1193Provider {`,
    `  return eip1193Provider(client, api, { ${subscribers.join(", ")} });`,
    "}",
    "",
  ].join("\n");
}
