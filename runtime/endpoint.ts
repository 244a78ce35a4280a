/**
 * Where requests go, checked before anything is sent: a URL and an API key (`<url>/<apiKey>`) for
 * the transports (http.ts, ws.ts), and the client's `{ url, apiKey }` / `{ proxyUrl }` / `{ transport }`
 * shorthand. Every problem is an Issue naming the option; the key never appears in one.
 */
import { typeOf } from "./checks.js";
import type { ClientOptions } from "./options.js";
import type { Issue } from "./validate.js";

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

export const issue = (issues: Issue[], path: string, rule: string, message: string, value: unknown): void =>
  void issues.push({ path, rule, message, received: typeOf(value) });

/**
 * Checks `raw` (a URL whose protocol `ws` says: `ws(s)://` or `http(s)://`) and `apiKey`, adding an
 * Issue for each problem; the target once both are right.
 */
export function checkTarget(
  raw: unknown,
  apiKey: unknown,
  names: Names,
  ws: boolean,
  allowBrowser: unknown,
  issues: Issue[],
  suggestWs = true,
): Target | undefined {
  const before = issues.length;
  let parsed: URL | undefined;
  try {
    parsed = new URL(String(raw));
  } catch {
    issue(issues, names.url, "format", "must be an absolute URL such as https://host/path", raw);
  }
  const web = parsed && /^wss?:$/.test(parsed.protocol);
  if (parsed && !(ws ? web : /^https?:$/.test(parsed.protocol)))
    issue(
      issues,
      names.url,
      "protocol",
      !ws && web && suggestWs
        ? "is a WebSocket URL: pass transport: webSocket(url, { apiKey }) from the package's ./ws subpath"
        : `must start with ${ws ? "ws:// or wss://" : "http:// or https://"}`,
      raw,
    );
  if (parsed && (parsed.username !== "" || parsed.password !== ""))
    issue(issues, names.url, "credentials", "must not hold credentials (user:password@): pass the key as apiKey", raw);
  if (apiKey !== undefined && (typeof apiKey !== "string" || apiKey === "" || /[/?#\s]/.test(apiKey)))
    issue(issues, names.apiKey, "format", "must be a non-empty string without '/', '?', '#' or spaces", apiKey);
  else if (apiKey === "." || apiKey === "..")
    issue(issues, names.apiKey, "format", "must not be '.' or '..' (the request would go to a parent path)", apiKey);
  if (apiKey !== undefined && isBrowser() && allowBrowser !== true)
    issue(
      issues,
      names.apiKey,
      "browser",
      "must not be used in a browser: the key would ship to every visitor. Call the keyed endpoint from a server, use proxyUrl, or pass dangerouslyAllowBrowser: true",
      "string",
    );
  if (issues.length > before || !parsed) return undefined;
  const base = String(raw).replace(/\/+$/, "");
  return { url: apiKey ? `${base}/${encodeURIComponent(apiKey as string)}` : String(raw), host: parsed.host };
}

/** The client shorthand's target (`url` + `apiKey`, or `proxyUrl`), or undefined with issues, or when `transport` is given. */
export function shorthandTarget(
  name: string,
  hasProxy: boolean,
  options: ClientOptions,
  issues: Issue[],
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
      if (options[key] !== undefined)
        issue(
          issues,
          `options.${key}`,
          "exclusive",
          "cannot be combined with transport: pass it to the transport (http(url, { … }))",
          options[key],
        );
    return undefined;
  }
  if (url === undefined && proxyUrl === undefined) {
    issue(
      issues,
      "options.url",
      "required",
      "is required (or pass proxyUrl for the keyless proxy, or a transport)",
      undefined,
    );
    return undefined;
  }
  if (url !== undefined && proxyUrl !== undefined)
    issue(issues, "options.proxyUrl", "exclusive", "cannot be combined with url: pass one of them", proxyUrl);
  if (proxyUrl !== undefined && !hasProxy)
    issue(
      issues,
      "options.proxyUrl",
      "unsupported",
      `is not available: the ${name} API has no keyless proxy`,
      proxyUrl,
    );
  if (proxyUrl !== undefined && apiKey !== undefined)
    issue(issues, "options.apiKey", "exclusive", "cannot be used with proxyUrl: the proxy takes no key", apiKey);
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
