/**
 * The transport a client makes from its `{ url, apiKey }` / `{ proxyUrl }` shorthand in Node (and
 * Deno, which resolves the package's `node` condition): node:http (node.ts), which costs a fraction
 * of `fetch` per request there (docs/DECISIONS.md), unless the options name a `fetch` of their own,
 * which is then used (http.ts). Picked by the `node` condition of the package's `#default-transport`
 * import; default-transport.ts is the one everywhere else (Bun too: its native `fetch` is the faster there).
 */
import type { Target } from "./endpoint.js";
import { httpTransport, type HttpTransportOptions } from "./http.js";
import { nodeTransport } from "./node.js";
import type { Transport } from "./transport.js";

export function defaultTransport(target: Target, options: HttpTransportOptions): Transport {
  return options.fetch ? httpTransport(target, options) : nodeTransport(target, options);
}
