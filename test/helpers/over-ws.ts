/**
 * Client options for a WebSocket endpoint in the form the tests wrote before transports were values
 * (`{ url: "ws://…", apiKey, reconnect, WebSocket, maxResponseBytes, …rest }`), turned into
 * `{ transport: webSocket(url, { apiKey, … }), …rest }` with the generated package's own `webSocket`.
 */
import type { ClientOptions } from "../../generated/src/runtime/index.js";
import { webSocket, type WebSocketTransportOptions } from "../../generated/src/ws/index.js";

export type WsClientOptions = Omit<ClientOptions, "url" | "apiKey" | "maxResponseBytes"> &
  WebSocketTransportOptions & { url: string };

export function overWs(options: WsClientOptions): ClientOptions {
  const { url, apiKey, reconnect, WebSocket, maxResponseBytes, dangerouslyAllowBrowser, ...rest } = options;
  const transport = webSocket(url, {
    ...(apiKey !== undefined && { apiKey }),
    ...(reconnect !== undefined && { reconnect }),
    ...(WebSocket !== undefined && { WebSocket }),
    ...(maxResponseBytes !== undefined && { maxResponseBytes }),
    ...(dangerouslyAllowBrowser !== undefined && { dangerouslyAllowBrowser }),
  });
  return { ...rest, transport };
}
