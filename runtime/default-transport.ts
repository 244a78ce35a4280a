/**
 * The transport a client makes from its `{ url, apiKey }` / `{ proxyUrl }` shorthand, outside Node
 * and Deno (browsers, edge, workers, Bun): `fetch` (http.ts). client.ts imports it as `#default-transport`, a
 * subpath import of the package whose `node` condition picks default-transport-node.ts instead, so
 * a browser or edge bundle never sees node:http.
 */
export { httpTransport as defaultTransport } from "./http.js";
