/**
 * Where requests go, checked before anything is sent: a URL and an API key (`<url>/<apiKey>`) for
 * the transports (http.ts, ws.ts), and the client's `{ url, apiKey }` / `{ proxyUrl }` / `{ transport }`
 * shorthand. Every problem is a Finding naming the option (its words are in option-text.ts); the key
 * never appears in one.
 */
import { issue } from "./issue.js";
import type { ClientOptions } from "./options.js";
import type { Finding } from "./option-text.js";

/** A checked destination: the full URL (it may hold the key: never put in an error) and the host, safe to show. */
export interface Target {
  url: string;
  host: string;
}

/** Names of the options in the issues: `options.url` for a client, `url` for `http(url)`. */
export interface Names {
  url: string;
  apiKey: string;
}

/**
 * Checks `raw` (a URL whose protocol `ws` says: `ws(s)://` or `http(s)://`) and `apiKey`, adding a
 * Finding for each problem; the target once both are right.
 */
export function checkTarget(
  raw: unknown,
  apiKey: unknown,
  names: Names,
  ws: boolean,
  allowBrowser: unknown,
  issues: Finding[],
  suggestWs = true,
): Target | undefined {
  const before = issues.length;
  let parsed: URL | undefined;
  try {
    parsed = new URL(String(raw));
  } catch {
    issue(issues, names.url, "format", "url", raw);
  }
  const web = parsed && /^wss?:$/.test(parsed.protocol);
  if (parsed && !(ws ? web : /^https?:$/.test(parsed.protocol)))
    issue(issues, names.url, "protocol", !ws && web && suggestWs ? "wsUrl" : ws ? "wsProtocol" : "httpProtocol", raw);
  if (parsed && (parsed.username !== "" || parsed.password !== ""))
    issue(issues, names.url, "credentials", "credentials", raw);
  if (apiKey !== undefined && (typeof apiKey !== "string" || apiKey === "" || /[/?#\s]/.test(apiKey)))
    issue(issues, names.apiKey, "format", "keyFormat", apiKey);
  else if (apiKey === "." || apiKey === "..") issue(issues, names.apiKey, "format", "keyDots", apiKey);
  if (apiKey !== undefined && isBrowser() && allowBrowser !== true)
    issue(issues, names.apiKey, "browser", "keyInBrowser", "string");
  if (issues.length > before || !parsed) return undefined;
  const base = String(raw).replace(/\/+$/, "");
  return { url: apiKey ? `${base}/${encodeURIComponent(apiKey as string)}` : String(raw), host: parsed.host };
}

/** The client shorthand's target (`url` + `apiKey`, or `proxyUrl`), or undefined with issues, or when `transport` is given. */
export function shorthandTarget(
  name: string,
  hasProxy: boolean,
  options: ClientOptions,
  issues: Finding[],
): Target | undefined {
  const { url, proxyUrl, apiKey, transport } = options;
  if (transport !== undefined) {
    for (const key of [
      "url",
      "apiKey",
      "proxyUrl",
      "fetch",
      "headers",
      "maxResponseBytes",
      "dangerouslyAllowBrowser",
    ] as const)
      if (options[key] !== undefined) issue(issues, `options.${key}`, "exclusive", "withTransport", options[key]);
    return undefined;
  }
  if (url === undefined && proxyUrl === undefined) {
    issue(issues, "options.url", "required", "urlRequired", undefined);
    return undefined;
  }
  if (url !== undefined && proxyUrl !== undefined)
    issue(issues, "options.proxyUrl", "exclusive", "urlAndProxy", proxyUrl);
  if (proxyUrl !== undefined && !hasProxy) issue(issues, "options.proxyUrl", "unsupported", "noProxy", proxyUrl, name);
  if (proxyUrl !== undefined && apiKey !== undefined)
    issue(issues, "options.apiKey", "exclusive", "keyWithProxyUrl", apiKey);
  const names = { url: url !== undefined ? "options.url" : "options.proxyUrl", apiKey: "options.apiKey" };
  return checkTarget(url ?? proxyUrl, apiKey, names, false, options.dangerouslyAllowBrowser, issues, url !== undefined);
}

function isBrowser(): boolean {
  const g = globalThis as { window?: unknown; document?: unknown };
  return typeof g.window === "object" && typeof g.document === "object";
}

/**
 * The secrets of a transport: the key, and the values of headers whose name says they carry one
 * (`authorization`, `x-api-key`, `*token*`, `*secret*`, `cookie`). Their escaped forms are matched by `hideSecrets`.
 */
export function secretsOf(apiKey: string | undefined, headers: Record<string, string> = {}): string[] {
  const secrets = apiKey ? [apiKey] : [];
  for (const [name, value] of Object.entries(headers))
    if (/auth|key|token|secret|cookie|session|password/i.test(name) && typeof value === "string" && value.length >= 4)
      secrets.push(value, ...value.split(/\s+/).filter((part) => part.length >= 8));
  return secrets;
}
