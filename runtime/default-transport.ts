/**
 * The transport a client makes from its `{ url, apiKey }` / `{ proxyUrl }` shorthand, outside Node
 * (browsers, edge, workers): `fetch` (http.ts). client.ts imports it as `#default-transport`, a
 * subpath import of the package whose `node` condition picks default-transport-node.ts instead, so
 * a browser or edge bundle never sees node:http.
 */
export { httpTransport as defaultTransport } from "./http.js";
