/**
 * Which requests the local servers (the mock, the playground) answer, by `Host` and `Origin`.
 * DNS rebinding: a web page on `evil.example` makes its name resolve to 127.0.0.1, and the
 * browser then sends it requests to the local server as if they were same-origin — readable
 * pages, RPC answers and WebSocket connections. Such a request carries `Host: evil.example`, so a
 * server that answers only its own names cannot be reached that way. An IP literal cannot be
 * rebound, so every IP literal is a name of the server; so are `localhost` (and `*.localhost`,
 * which browsers resolve to loopback themselves) and the name it was bound to.
 * WebSocket upgrades are not covered by CORS: a page on any site may open one to 127.0.0.1, so an
 * upgrade that carries an `Origin` (browsers always send one) must come from a page of this
 * machine: a loopback address, `localhost`, or the name the server was bound to (never any IP
 * literal: a page can be served from one).
 */
import { isIP } from "node:net";

/** The host name of a `Host` header value (`[::1]:8545` → `::1`, `LocalHost:80` → `localhost`), or undefined when malformed. */
export function hostName(header: string): string | undefined {
  const value = header.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) return isIP(bracketed[1]!) === 6 ? bracketed[1] : undefined;
  const plain = /^([a-z0-9.-]+?)\.?(?::\d{1,5})?$/.exec(value);
  return plain ? plain[1] : undefined;
}

/** Whether `name` (from hostName) names this server, bound to `bound`. */
export function isOwnName(name: string, bound: string): boolean {
  if (isIP(name) !== 0) return true;
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  return name === bound.toLowerCase().replace(/^\[|\]$/g, "");
}

/** Whether `name` is this machine for a browser: a loopback address, `localhost`, `*.localhost`, or `bound`. */
function isLocalOrigin(name: string, bound: string): boolean {
  if (name === "localhost" || name.endsWith(".localhost") || name === "::1") return true;
  if (isIP(name) === 4 && name.startsWith("127.")) return true;
  return name === bound.toLowerCase().replace(/^\[|\]$/g, "") && !["0.0.0.0", "::"].includes(name);
}

/** Why a request with these headers is not for this server (a sentence), or undefined when it is. */
export function foreignRequest(
  headers: { host?: string | undefined; origin?: string | string[] | undefined },
  bound: string,
  upgrade: boolean,
  allowFilePages = false,
): string | undefined {
  const name = headers.host === undefined ? undefined : hostName(headers.host);
  if (name === undefined || !isOwnName(name, bound))
    return `The Host header ${JSON.stringify((headers.host ?? "").slice(0, 100))} does not name this local server; it answers only localhost, its IP addresses and ${bound} (a foreign name is what a DNS rebinding attack sends). Call it as http://127.0.0.1:<port> or http://localhost:<port>.`;
  if (!upgrade || headers.origin === undefined) return undefined;
  const origin = Array.isArray(headers.origin) ? headers.origin.join(",") : headers.origin;
  // A page opened from disk sends the opaque origin "null" — and so does a sandboxed frame of any
  // site, so it is taken only on the explicit opt-in (`npm run mock -- --allow-file-pages`).
  if (origin === "null")
    return allowFilePages
      ? undefined
      : 'WebSocket connections from a page with the opaque origin "null" (a page opened from disk, or a sandboxed frame of any site) are refused; start the mock with --allow-file-pages to subscribe from a page opened from disk.';
  let from: string | undefined;
  try {
    const url = new URL(origin);
    from = url.protocol === "http:" || url.protocol === "https:" ? hostName(url.host) : undefined;
  } catch {
    from = undefined;
  }
  if (from === undefined || !isLocalOrigin(from, bound))
    return `WebSocket connections are taken only from pages of this machine (localhost or an IP address), not from the origin ${JSON.stringify(origin.slice(0, 100))}.`;
  return undefined;
}
