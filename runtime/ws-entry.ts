/**
 * The WebSocket transport's entry point (the package's `./ws` subpath): `webSocket(url, options)`
 * and its types. Apart from index.ts so that an HTTP-only app never bundles it.
 */
export { webSocket, type WebSocketTransportOptions } from "./ws.js";
export type { ReconnectPolicy } from "./defaults.js";
export type { WebSocketConstructor, WebSocketLike } from "./options.js";
